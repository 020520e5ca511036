import { z } from 'zod';
import { successEnvelope } from './common.ts';

/**
 * E-mails to a store's customers (issue 14, docs/decisions/023). Each kind is a template the
 * merchant switches on or off; every mail goes through the outbox, once per cause.
 *  - points_digest: the points a customer earned in one Riyadh day, at most one mail a day;
 *  - points_expiring: points that expire in 14 and in 3 days, with the amount and the date;
 *  - reward_ready: the balance reached the store's cheapest active reward;
 *  - coupon_issued: the coupon of a redemption (sent at once, also in quiet hours);
 *  - tier_up: the customer moved up to a VIP tier.
 */
export const NOTIFICATION_KINDS = [
  'points_digest',
  'points_expiring',
  'reward_ready',
  'coupon_issued',
  'tier_up',
] as const;
export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKindSchema>;

export const NOTIFICATION_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** Expiry reminders go this many days before the points expire (Riyadh dates). */
export const EXPIRY_REMINDER_DAYS = [14, 3] as const;

/** Days the merchant's summary counts back. */
export const NOTIFICATION_SUMMARY_DAYS = 30;

/** Test mails a store may send itself per hour. */
export const NOTIFICATION_TEST_LIMIT_PER_HOUR = 5;

/**
 * How a store's customers get their notifications (docs/decisions/032): `email` (the default);
 * `email_or_sms`, e-mail and a text to customers without an e-mail; `sms`, a text and e-mail to
 * customers without a mobile. SMS needs a provider (Unifonic) configured.
 */
export const NOTIFICATION_CHANNEL_CHOICES = ['email', 'email_or_sms', 'sms'] as const;
export const NotificationChannelChoiceSchema = z.enum(NOTIFICATION_CHANNEL_CHOICES);
export type NotificationChannelChoice = z.infer<typeof NotificationChannelChoiceSchema>;

/** Each template on (true) or off; a store that never saved has every template on. */
export const NotificationTemplatesSchema = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean()])) as Record<
    NotificationKind,
    z.ZodBoolean
  >,
);
export type NotificationTemplates = z.infer<typeof NotificationTemplatesSchema>;

export const NotificationSettingsSchema = z.object({
  templates: NotificationTemplatesSchema,
  channel: NotificationChannelChoiceSchema,
  /** Whether this installation can send texts at all (a provider is configured). */
  smsAvailable: z.boolean(),
  updatedAt: z.iso.datetime().nullable(),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;
export const NotificationSettingsResponseSchema = successEnvelope(NotificationSettingsSchema);
export type NotificationSettingsResponse = z.infer<typeof NotificationSettingsResponseSchema>;

/** Any subset of the templates and/or the channel; what is left out keeps its state. */
export const UpdateNotificationSettingsRequestSchema = z
  .strictObject({
    templates: z
      .strictObject(
        Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean().optional()])) as Record<
          NotificationKind,
          z.ZodOptional<z.ZodBoolean>
        >,
      )
      .refine((t) => Object.values(t).some((v) => v !== undefined), {
        message: 'Name at least one template',
      })
      .optional(),
    channel: NotificationChannelChoiceSchema.optional(),
  })
  .refine((body) => body.templates !== undefined || body.channel !== undefined, {
    message: 'Name at least one template or the channel',
  });
export type UpdateNotificationSettingsRequest = z.infer<
  typeof UpdateNotificationSettingsRequestSchema
>;

export const NotificationKindCountsSchema = z.object({
  kind: NotificationKindSchema,
  sent: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
});
export type NotificationKindCounts = z.infer<typeof NotificationKindCountsSchema>;

export const NotificationSummarySchema = z.object({
  days: z.number().int().positive(),
  kinds: z.array(NotificationKindCountsSchema),
});
export type NotificationSummary = z.infer<typeof NotificationSummarySchema>;
export const NotificationSummaryResponseSchema = successEnvelope(NotificationSummarySchema);
export type NotificationSummaryResponse = z.infer<typeof NotificationSummaryResponseSchema>;

export const SendTestNotificationRequestSchema = z.strictObject({
  kind: NotificationKindSchema,
  /** The language of the sample's first block; the request's language when absent. */
  lang: z.enum(['ar', 'en']).optional(),
});
export type SendTestNotificationRequest = z.infer<typeof SendTestNotificationRequestSchema>;

export const SendTestNotificationResponseSchema = successEnvelope(
  z.object({ kind: NotificationKindSchema, sentTo: z.string() }),
);
export type SendTestNotificationResponse = z.infer<typeof SendTestNotificationResponseSchema>;

/** The one-click unsubscribe link's query (RFC 8058): a signed store + customer token. */
export const UnsubscribeQuerySchema = z.object({
  token: z.string().min(1).max(200),
  lang: z.enum(['ar', 'en']).optional(),
});
export type UnsubscribeQuery = z.infer<typeof UnsubscribeQuerySchema>;
