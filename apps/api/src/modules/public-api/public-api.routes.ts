import {
  AdjustmentResponseSchema,
  CreatedWebhookEndpointResponseSchema,
  CreateWebhookEndpointBodySchema,
  CustomerAccountResponseSchema,
  CustomerLedgerQuerySchema,
  CustomerLedgerResponseSchema,
  CustomerParamsSchema,
  CustomersQuerySchema,
  CustomersResponseSchema,
  ErrorBodySchema,
  MessageResponseSchema,
  PublicAdjustBodySchema,
  PublicAdjustHeadersSchema,
  PublicRedemptionsQuerySchema,
  PublicRedemptionsResponseSchema,
  PublicRewardsResponseSchema,
  PublicTiersResponseSchema,
  WebhookEndpointParamsSchema,
  WebhookEndpointsResponseSchema,
} from '@nuqat/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../lib/keyset-cursor.ts';
import type { CustomersService } from '../customers/index.ts';
import type { OutboundWebhooks } from '../outbound-webhooks/index.ts';
import { apiKeyGuard, apiKeyOf } from './api-key-auth.ts';
import type { ApiKeysService } from './api-keys.service.ts';
import {
  findLiveRewards,
  findRedemptionsPage,
  findTierProgramme,
} from './public-api.repository.ts';

const EXAMPLE_CUSTOMER = {
  id: '1548293011',
  name: 'Sara Al-Otaibi',
  email: 'sara@example.sa',
  mobile: '+966500000001',
  balance: 1250,
  pointsOwed: 0,
  pendingPoints: 40,
  lifetimeEarned: 3400,
  lifetimeRedeemed: 2150,
  orders: 7,
  spend: 1830.5,
  lastOrderAt: '2026-11-20T18:04:11.000Z',
  joinedAt: '2025-03-02T09:15:00.000Z',
  erasedAt: null,
  tier: null,
};

/**
 * The open API, version 1 (issue 31, docs/decisions/038), under /api/v1: an API key from
 * /settings in `Authorization: Bearer`, one scope per route, the store's own data only. The
 * customers, ledger and adjustment routes are the back-office's own service calls, so the ledger
 * rules (locks, idempotency, lots, debts) are the same.
 */
export function publicApiRoutes(deps: {
  db: Database;
  apiKeys: ApiKeysService;
  customersService: CustomersService;
  webhooks: OutboundWebhooks;
}) {
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const scope = apiKeyGuard({ db: deps.db, apiKeys: deps.apiKeys });
    const security = [{ apiKey: [] }];
    const tags = ['public API v1'];
    const errors = {
      400: ErrorBodySchema,
      401: ErrorBodySchema,
      403: ErrorBodySchema,
      404: ErrorBodySchema,
      429: ErrorBodySchema,
    };
    app.decorateRequest('apiKey', null);

    r.get(
      '/customers',
      {
        preValidation: scope('customers:read'),
        schema: {
          tags,
          security,
          summary: 'Customers with their balances (keyset pages)',
          description:
            'Scope `customers:read`. Newest first by default; pass `nextCursor` back as `cursor` for the next page.\n\nExample: `curl -H "Authorization: Bearer nqk_…" "https://nuqat.example/api/v1/customers?sort=balance&limit=50"`',
          querystring: CustomersQuerySchema,
          response: {
            200: CustomersResponseSchema.meta({
              examples: [
                {
                  success: true,
                  data: { items: [EXAMPLE_CUSTOMER], nextCursor: 'WyIyMDI1LTAzLTAyIiwxXQ' },
                },
              ],
            }),
            ...errors,
          },
        },
      },
      async (request) => ({
        success: true as const,
        data: await deps.customersService.listCustomers(
          apiKeyOf(request).merchantId,
          request.query,
        ),
      }),
    );

    r.get(
      '/customers/:id',
      {
        preValidation: scope('customers:read'),
        schema: {
          tags,
          security,
          summary: 'One customer: balance, expiring lots, coupons, orders',
          description: 'Scope `customers:read`. Another store’s customer is 404.',
          params: CustomerParamsSchema,
          response: { 200: CustomerAccountResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await deps.customersService.getAccount(
          apiKeyOf(request).merchantId,
          request.params.id,
        ),
      }),
    );

    r.get(
      '/customers/:id/ledger',
      {
        preValidation: scope('customers:read'),
        schema: {
          tags,
          security,
          summary: "A customer's points ledger, newest first (keyset pages)",
          description: 'Scope `customers:read`.',
          params: CustomerParamsSchema,
          querystring: CustomerLedgerQuerySchema,
          response: { 200: CustomerLedgerResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await deps.customersService.getLedger(
          apiKeyOf(request).merchantId,
          request.params.id,
          request.query,
        ),
      }),
    );

    r.post(
      '/customers/:id/points',
      {
        preValidation: scope('points:adjust'),
        schema: {
          tags,
          security,
          summary: 'Add or remove points, once per Idempotency-Key',
          description:
            'Scope `points:adjust`. `Idempotency-Key` (a UUID) is required: the same key with the same body answers the first result again; with another body, 409 `IDEMPOTENCY_KEY_REUSED`. A removal never takes the balance below zero (409 `ADJUSTMENT_EXCEEDS_BALANCE`).',
          params: CustomerParamsSchema,
          headers: PublicAdjustHeadersSchema,
          body: PublicAdjustBodySchema.meta({
            examples: [{ points: 150, reason: 'Apology for a late delivery' }],
          }),
          response: {
            200: AdjustmentResponseSchema.meta({
              examples: [
                {
                  success: true,
                  data: {
                    idempotencyKey: '5d0c7a4e-9b1f-4f6e-8d59-2b8f0a4c1e11',
                    customerId: '1548293011',
                    points: 150,
                    reason: 'Apology for a late delivery',
                    balanceAfter: 1400,
                    ledgerId: '981273',
                    sessionId: null,
                    at: '2026-11-26T10:00:00.000Z',
                  },
                },
              ],
            }),
            ...errors,
            409: ErrorBodySchema,
          },
        },
      },
      async (request) => ({
        success: true as const,
        data: await deps.customersService.adjust({
          merchantId: apiKeyOf(request).merchantId,
          sessionId: null,
          customerId: request.params.id,
          body: { ...request.body, idempotencyKey: request.headers['idempotency-key'] },
        }),
      }),
    );

    r.get(
      '/rewards',
      {
        preValidation: scope('rewards:read'),
        schema: {
          tags,
          security,
          summary: 'The rewards shoppers can buy with points',
          description: 'Scope `rewards:read`. Deleted rewards are left out.',
          response: { 200: PublicRewardsResponseSchema, ...errors },
        },
      },
      async (request) => {
        const rows = await findLiveRewards(deps.db, apiKeyOf(request).merchantId);
        return {
          success: true as const,
          data: rows.map((row) => ({
            id: row.id,
            name: row.name,
            type: row.type,
            pointsRequired: row.pointsRequired,
            value: row.value,
            description: row.description,
            isActive: row.isActive,
            minOrderAmount: row.minOrderAmount,
            couponValidDays: row.couponValidDays,
            minTierId: row.minTierId,
          })),
        };
      },
    );

    r.get(
      '/redemptions',
      {
        preValidation: scope('rewards:read'),
        schema: {
          tags,
          security,
          summary: 'Redemptions (coupons bought with points), newest first (keyset pages)',
          description: 'Scope `rewards:read`. Filter by `customerId` and `status`.',
          querystring: PublicRedemptionsQuerySchema,
          response: { 200: PublicRedemptionsResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { merchantId } = apiKeyOf(request);
        const q = request.query;
        const after = q.cursor ? decodeKeysetCursor(q.cursor) : undefined;
        const rows = await findRedemptionsPage(
          deps.db,
          merchantId,
          {
            ...(q.customerId ? { customerId: Number(q.customerId) } : {}),
            ...(q.status ? { status: q.status } : {}),
          },
          after,
          q.limit + 1,
        );
        const page = rows.slice(0, q.limit);
        const last = page[page.length - 1];
        return {
          success: true as const,
          data: {
            items: page.map((row) => ({
              id: row.id,
              customerId: String(row.customerId),
              rewardId: row.rewardId,
              points: row.points,
              status: row.status,
              couponCode: row.couponCode,
              couponExpiresAt: row.couponExpiresAt?.toISOString() ?? null,
              usedAt: row.usedAt?.toISOString() ?? null,
              createdAt: row.createdAt.toISOString(),
            })),
            nextCursor:
              rows.length > q.limit && last ? encodeKeysetCursor(last.atKey, last.id) : null,
          },
        };
      },
    );

    r.get(
      '/tiers',
      {
        preValidation: scope('customers:read'),
        schema: {
          tags,
          security,
          summary: 'The VIP tiers of the programme',
          description: 'Scope `customers:read`.',
          response: { 200: PublicTiersResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { settings, tiers } = await findTierProgramme(deps.db, apiKeyOf(request).merchantId);
        return {
          success: true as const,
          data: {
            enabled: settings?.enabled ?? false,
            basis: settings?.basis ?? null,
            tiers: tiers.map((t) => ({
              id: t.id,
              position: t.position,
              nameAr: t.nameAr,
              nameEn: t.nameEn,
              threshold: t.threshold,
              multiplierPct: t.multiplierPct,
            })),
          },
        };
      },
    );

    r.get(
      '/webhooks/endpoints',
      {
        preValidation: scope('webhooks:manage'),
        schema: {
          tags,
          security,
          summary: 'Webhook endpoints',
          description: 'Scope `webhooks:manage`.',
          response: { 200: WebhookEndpointsResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await deps.webhooks.list(apiKeyOf(request).merchantId),
      }),
    );

    r.post(
      '/webhooks/endpoints',
      {
        preValidation: scope('webhooks:manage'),
        schema: {
          tags,
          security,
          summary: 'Register an HTTPS endpoint; the answer holds its signing secret, once',
          description:
            'Scope `webhooks:manage`. Only public HTTPS addresses (400 `WEBHOOK_URL_NOT_ALLOWED`).',
          body: CreateWebhookEndpointBodySchema.meta({
            examples: [
              {
                url: 'https://hooks.example.sa/nuqat',
                description: 'CRM',
                events: ['points.earned', 'reward.redeemed'],
              },
            ],
          }),
          response: { 200: CreatedWebhookEndpointResponseSchema, ...errors, 409: ErrorBodySchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: await deps.webhooks.create(apiKeyOf(request).merchantId, request.body),
      }),
    );

    r.delete(
      '/webhooks/endpoints/:id',
      {
        preValidation: scope('webhooks:manage'),
        schema: {
          tags,
          security,
          summary: 'Delete an endpoint',
          description: 'Scope `webhooks:manage`.',
          params: WebhookEndpointParamsSchema,
          response: { 200: MessageResponseSchema, ...errors },
        },
      },
      async (request) => {
        await deps.webhooks.remove(apiKeyOf(request).merchantId, request.params.id);
        return { success: true as const, message: 'deleted' };
      },
    );
  };
}
