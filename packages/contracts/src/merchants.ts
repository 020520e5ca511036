import { z } from 'zod';
import { successEnvelope } from './common.ts';
import { PLAN_IDS } from './plans.ts';
import { POINTS_HOLD_MAX_DAYS, POINTS_SPENDABLE_STATUSES } from './order-status.ts';

export const SUBSCRIPTION_STATUSES = [
  'active',
  'trial',
  'inactive',
  'expired',
  'suspended',
] as const;
export const SubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

/** Merchant ids are Salla store ids: positive integers, sent as strings to stay exact in JS. */
export const MerchantIdSchema = z.string().regex(/^[1-9]\d{0,17}$/);

export const StoreInfoSchema = z.object({
  merchantId: MerchantIdSchema,
  storeName: z.string(),
  userEmail: z.string(),
  storeUrl: z.string().nullable(),
  subscriptionStatus: SubscriptionStatusSchema,
  subscriptionPlan: z.enum(PLAN_IDS).nullable(),
  subscriptionExpiryDate: z.iso.datetime().nullable(),
  /** Salla refused our token refresh: the merchant must reinstall the app. */
  needsReinstall: z.boolean().optional(),
  /** Shoppers earn and redeem now: the subscription is active or a live trial. */
  isEarning: z.boolean(),
  /** The merchant has not paused the programme (PUT /api/loyalty/programme). */
  programmeEnabled: z.boolean(),
  /** A session of the read-only demo: reads work, every change is refused (decision 044). */
  readOnly: z.boolean().optional(),
});
export type StoreInfo = z.infer<typeof StoreInfoSchema>;
export const StoreInfoResponseSchema = successEnvelope(StoreInfoSchema);

/** GET /api/merchants/subscription/status — plan, status and this subscription month's order usage. */
export const SubscriptionSchema = z.object({
  status: SubscriptionStatusSchema,
  plan: z.enum(PLAN_IDS).nullable(),
  expiryDate: z.iso.datetime().nullable(),
  /** Spec §3: status active and the expiry in the future (or none). */
  isActive: z.boolean(),
  /** Shoppers earn and redeem: status active or trial, not past its expiry. */
  isEarning: z.boolean(),
  periodStart: z.iso.datetime(),
  /** null = unlimited (growth) */
  usageLimit: z.number().int().nullable(),
  ordersUsed: z.number().int(),
  /** Orders past the limit: recorded, shown here, and given no points. */
  ordersOverLimit: z.number().int(),
  usagePercentage: z.number(),
  needsReinstall: z.boolean(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;
export const SubscriptionStatusResponseSchema = successEnvelope(
  z.object({ subscription: SubscriptionSchema }),
);

/** A non-empty set of statuses, answered in POINTS_SPENDABLE_STATUSES order without repeats. */
export const PointsSpendableStatusSchema = z.enum(POINTS_SPENDABLE_STATUSES);

export const PointsSpendableOnSchema = z
  .array(PointsSpendableStatusSchema)
  .min(1)
  .max(POINTS_SPENDABLE_STATUSES.length)
  .refine((slugs) => new Set(slugs).size === slugs.length, { message: 'Each status once' })
  .transform((slugs) => POINTS_SPENDABLE_STATUSES.filter((slug) => slugs.includes(slug)));
export const PointsHoldDaysSchema = z.number().int().min(0).max(POINTS_HOLD_MAX_DAYS);

/** Store-wide programme settings owned by the merchant. */
export const POINTS_EXPIRY_MAX_DAYS = 3650;
export const PointsExpiryDaysSchema = z
  .number()
  .int()
  .min(1)
  .max(POINTS_EXPIRY_MAX_DAYS)
  .nullable();
export const MerchantSettingsSchema = z.object({
  /** Points expire this many days after they are earned; null = never. */
  pointsExpiryDays: PointsExpiryDaysSchema,
  /** An order's points become spendable when it reaches one of these statuses… */
  pointsSpendableOn: z.array(PointsSpendableStatusSchema).min(1),
  /** …and this many days have passed since (the returns window). Until then they are pending. */
  pointsHoldDays: PointsHoldDaysSchema,
  /**
   * An order cancelled or refunded after its points were spent: false (the default) withdraws the
   * customer's unused coupons at Salla and records what is still uncovered as points owed, which
   * later points repay; true forgives it (recorded as forgiven). docs/decisions/027.
   */
  forgiveSpentClawbacks: z.boolean(),
  /**
   * The owner gets last month's programme report by e-mail on the 1st of each Riyadh month
   * (Growth plan; docs/decisions/050). On by default.
   */
  monthlyReportEmail: z.boolean(),
});
export type MerchantSettings = z.infer<typeof MerchantSettingsSchema>;

/**
 * PUT /api/merchants/settings: any of the settings, at least one; what is left out stays. A body
 * of only `pointsExpiryDays` (the first version of this endpoint) keeps working.
 */
export const UpdateMerchantSettingsRequestSchema = z
  .strictObject({
    pointsExpiryDays: PointsExpiryDaysSchema.optional(),
    pointsSpendableOn: PointsSpendableOnSchema.optional(),
    pointsHoldDays: PointsHoldDaysSchema.optional(),
    forgiveSpentClawbacks: z.boolean().optional(),
    monthlyReportEmail: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'At least one setting is required',
  });
export type UpdateMerchantSettingsRequest = z.infer<typeof UpdateMerchantSettingsRequestSchema>;
export type UpdateMerchantSettingsInput = z.input<typeof UpdateMerchantSettingsRequestSchema>;
export const MerchantSettingsResponseSchema = successEnvelope(MerchantSettingsSchema);

/**
 * GET /api/support (public): how merchants reach Nuqat, from configuration (SUPPORT_EMAIL,
 * SUPPORT_PHONE, SUPPORT_WHATSAPP, SALLA_APP_URL). A detail that is not configured is null and
 * its line is hidden; the app's listing falls back to Salla's App Store.
 */
export const SupportContactsSchema = z.object({
  email: z.string().nullable(),
  /** As written for people, e.g. "+966 11 234 5678". */
  phone: z.string().nullable(),
  /** Digits with the country code, as wa.me wants them, e.g. "966501234567". */
  whatsapp: z.string().nullable(),
  appStoreUrl: z.string(),
  /** The read-only demo can be opened here (DEMO=1): "Preview the platform" opens it. */
  demo: z.boolean(),
  /**
   * The operator's legal details (OPERATOR_NAME, OPERATOR_CR_NUMBER, OPERATOR_ADDRESS,
   * OPERATOR_EMAIL) for /privacy and /terms; each null when unset and then not shown.
   */
  operator: z.object({
    name: z.string().nullable(),
    crNumber: z.string().nullable(),
    address: z.string().nullable(),
    email: z.string().nullable(),
  }),
});
export type SupportContacts = z.infer<typeof SupportContactsSchema>;
export const SupportContactsResponseSchema = successEnvelope(SupportContactsSchema);
