import { z } from 'zod';
import { successEnvelope } from './common.ts';
import { MerchantIdSchema } from './merchants.ts';
import { RedemptionStatusSchema } from './rewards.ts';

/**
 * The open API and outbound webhooks (issue 31, docs/decisions/038 and 039).
 *
 * Back-office (merchant session, Growth plan):
 * - GET/POST   /api/merchants/api-keys            list, create (the key is in the answer once)
 * - DELETE     /api/merchants/api-keys/:id        revoke
 * - GET/POST   /api/merchants/webhooks/endpoints  list, register an HTTPS endpoint
 * - PATCH      /api/merchants/webhooks/endpoints/:id  rename, change events, switch on/off
 * - DELETE     /api/merchants/webhooks/endpoints/:id
 * - GET        /api/merchants/webhooks/deliveries (keyset pages)
 * - POST       /api/merchants/webhooks/deliveries/:id/replay
 *
 * Public API (`Authorization: Bearer nqk_…`), under /api/v1.
 */

// ---- API keys -----------------------------------------------------------------------------------

export const API_KEY_SCOPES = [
  'customers:read',
  'points:adjust',
  'rewards:read',
  'webhooks:manage',
] as const;
export const ApiKeyScopeSchema = z.enum(API_KEY_SCOPES);
export type ApiKeyScope = z.infer<typeof ApiKeyScopeSchema>;

/** Live keys a store may hold at once. */
export const API_KEYS_MAX = 20;
/** Requests per key per minute (RateLimit-* headers say what is left). */
export const API_RATE_LIMIT = { limit: 120, windowSeconds: 60 } as const;

export const CreateApiKeyBodySchema = z.strictObject({
  name: z.string().trim().min(1).max(60),
  scopes: z
    .array(ApiKeyScopeSchema)
    .min(1)
    .max(API_KEY_SCOPES.length)
    .refine((s) => new Set(s).size === s.length, { message: 'a scope is listed twice' }),
});
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBodySchema>;

export const ApiKeySchema = z.object({
  id: z.guid(),
  name: z.string(),
  scopes: z.array(ApiKeyScopeSchema),
  /** The key's first characters, to tell keys apart (`nqk_ab12cd…`). */
  prefix: z.string(),
  createdAt: z.iso.datetime(),
  /** To the minute; null = never used. */
  lastUsedAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;
export const ApiKeysResponseSchema = successEnvelope(z.array(ApiKeySchema));
/** The whole key, in this answer only: only its hash is kept. */
export const CreatedApiKeyResponseSchema = successEnvelope(
  z.object({ key: ApiKeySchema, secret: z.string() }),
);
export const ApiKeyParamsSchema = z.strictObject({ id: z.guid() });

// ---- Outbound webhooks --------------------------------------------------------------------------

export const WEBHOOK_EVENT_TYPES = [
  'points.earned',
  'points.spent',
  'points.expired',
  'points.adjusted',
  'reward.redeemed',
  'coupon.used',
  'tier.changed',
  'referral.completed',
  'customer.erased',
] as const;
export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof WebhookEventTypeSchema>;

export const WEBHOOK_ENDPOINTS_MAX = 10;

export const WebhookUrlSchema = z
  .string()
  .trim()
  .max(500)
  .pipe(z.url({ protocol: /^https?$/ }));

const EventList = z
  .array(WebhookEventTypeSchema)
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((s) => new Set(s).size === s.length, { message: 'an event is listed twice' });

export const CreateWebhookEndpointBodySchema = z.strictObject({
  url: WebhookUrlSchema,
  description: z.string().trim().max(100).default(''),
  events: EventList,
});
export type CreateWebhookEndpointBody = z.input<typeof CreateWebhookEndpointBodySchema>;

export const UpdateWebhookEndpointBodySchema = z
  .strictObject({
    description: z.string().trim().max(100).optional(),
    events: EventList.optional(),
    /** true switches a switched-off endpoint on again (its waiting deliveries go out). */
    enabled: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'nothing to change' });
export type UpdateWebhookEndpointBody = z.infer<typeof UpdateWebhookEndpointBodySchema>;

export const WebhookEndpointSchema = z.object({
  id: z.guid(),
  url: z.string(),
  description: z.string(),
  events: z.array(WebhookEventTypeSchema),
  enabled: z.boolean(),
  /** Why it is off: the merchant switched it off, or it kept failing for a day. */
  disabledReason: z.enum(['merchant', 'failing']).nullable(),
  disabledAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;
export const WebhookEndpointsResponseSchema = successEnvelope(z.array(WebhookEndpointSchema));
export const WebhookEndpointResponseSchema = successEnvelope(WebhookEndpointSchema);
/** The signing secret (`whsec_…`), in the answer that creates the endpoint only. */
export const CreatedWebhookEndpointResponseSchema = successEnvelope(
  z.object({ endpoint: WebhookEndpointSchema, secret: z.string() }),
);
export const WebhookEndpointParamsSchema = z.strictObject({ id: z.guid() });

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const WebhookDeliveryStatusSchema = z.enum(WEBHOOK_DELIVERY_STATUSES);

export const WebhookDeliverySchema = z.object({
  id: z.guid(),
  endpointId: z.guid(),
  endpointUrl: z.string(),
  /** The event id: the `webhook-id` header, the same on every attempt and replay. */
  eventId: z.string(),
  eventType: WebhookEventTypeSchema,
  customerId: MerchantIdSchema.nullable(),
  status: WebhookDeliveryStatusSchema,
  attempts: z.number().int().nonnegative(),
  /** The receiver's last HTTP status; null when none came (refused, timeout, network). */
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.iso.datetime().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WEBHOOK_DELIVERIES_PAGE_MAX = 100;
export const WebhookDeliveriesQuerySchema = z.strictObject({
  endpointId: z.guid().optional(),
  status: WebhookDeliveryStatusSchema.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(WEBHOOK_DELIVERIES_PAGE_MAX).default(25),
});
export type WebhookDeliveriesQuery = z.infer<typeof WebhookDeliveriesQuerySchema>;
export const WebhookDeliveriesResponseSchema = successEnvelope(
  z.object({ items: z.array(WebhookDeliverySchema), nextCursor: z.string().nullable() }),
);
export const WebhookDeliveryParamsSchema = z.strictObject({ id: z.guid() });
export const WebhookDeliveryResponseSchema = successEnvelope(WebhookDeliverySchema);

// ---- Public API v1 ------------------------------------------------------------------------------

/** `Idempotency-Key` on POST /api/v1/customers/{id}/points: a UUID per intended change. */
export const PublicAdjustHeadersSchema = z.object({ 'idempotency-key': z.guid() });
export const PublicAdjustBodySchema = z.strictObject({
  points: z
    .number()
    .int()
    .min(-1_000_000)
    .max(1_000_000)
    .refine((v) => v !== 0, { message: 'points must not be zero' }),
  reason: z.string().trim().min(3).max(200),
});

export const PUBLIC_PAGE_MAX = 100;
export const PublicPageQuerySchema = z.strictObject({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PUBLIC_PAGE_MAX).default(25),
});

export const PublicRedemptionSchema = z.object({
  id: z.guid(),
  customerId: MerchantIdSchema,
  rewardId: z.guid(),
  points: z.number().int(),
  status: RedemptionStatusSchema,
  couponCode: z.string().nullable(),
  couponExpiresAt: z.iso.datetime().nullable(),
  usedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export const PublicRedemptionsQuerySchema = PublicPageQuerySchema.extend({
  customerId: MerchantIdSchema.optional(),
  status: RedemptionStatusSchema.optional(),
});
export const PublicRedemptionsResponseSchema = successEnvelope(
  z.object({ items: z.array(PublicRedemptionSchema), nextCursor: z.string().nullable() }),
);

export const PublicTierSchema = z.object({
  id: z.guid(),
  position: z.number().int(),
  nameAr: z.string(),
  nameEn: z.string(),
  threshold: z.number().int(),
  multiplierPct: z.number().int(),
});
export const PublicTiersResponseSchema = successEnvelope(
  z.object({
    enabled: z.boolean(),
    basis: z.string().nullable(),
    tiers: z.array(PublicTierSchema),
  }),
);

export const PublicRewardSchema = z.object({
  id: z.guid(),
  name: z.string(),
  type: z.string(),
  pointsRequired: z.number().int(),
  /** SAR for fixed_discount and cashback, percent for percentage_discount, 0 otherwise. */
  value: z.number().int(),
  description: z.string(),
  isActive: z.boolean(),
  minOrderAmount: z.number().int(),
  couponValidDays: z.number().int(),
  minTierId: z.guid().nullable(),
});
export const PublicRewardsResponseSchema = successEnvelope(z.array(PublicRewardSchema));
