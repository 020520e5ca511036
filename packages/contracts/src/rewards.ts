import { z } from 'zod';
import { successEnvelope } from './common.ts';
import type { PlanFeature } from './plans.ts';

/** Spec §3: what a shopper can exchange points for. Each redemption becomes a Salla coupon. */
export const REWARD_TYPES = [
  'fixed_discount',
  'percentage_discount',
  'free_shipping',
  'cashback',
  'free_product',
] as const;
export const RewardTypeSchema = z.enum(REWARD_TYPES);
export type RewardType = z.infer<typeof RewardTypeSchema>;

/** Spec §5: the value is shown (and kept) only for these; the others store 0. */
export const REWARD_VALUE_TYPES = [
  'fixed_discount',
  'percentage_discount',
  'cashback',
] as const satisfies readonly RewardType[];

export function rewardHasValue(type: RewardType): boolean {
  return (REWARD_VALUE_TYPES as readonly RewardType[]).includes(type);
}

/**
 * Reward types that only the growth plan's "full customisation" unlocks (decision 003): a
 * starter store may keep such rewards after a downgrade, but cannot create, edit or activate them.
 */
export const REWARD_TYPE_FEATURE: Partial<Record<RewardType, PlanFeature>> = {
  cashback: 'fullCustomisation',
  free_product: 'fullCustomisation',
};

export const REWARD_LIMITS = {
  name: { min: 1, max: 100 },
  description: { max: 500 },
  pointsRequired: { min: 1, max: 1_000_000 },
  /** Whole riyals for fixed_discount and cashback; percent for percentage_discount. */
  value: { min: 0, max: 100_000 },
  percentage: { max: 100 },
  maxUsage: { min: 1, max: 1_000_000 },
  /** Whole riyals; 0 = for everyone. */
  minOrderAmount: { min: 0, max: 1_000_000 },
  couponValidDays: { min: 1, max: 365 },
  freeProducts: { min: 1, max: 10 },
  productId: { max: 64 },
  productName: { max: 120 },
} as const;

/** Spec §9: a new reward starts as a 10-riyal fixed discount for 100 points, active. */
export const REWARD_DEFAULTS = {
  name: '',
  type: 'fixed_discount',
  pointsRequired: 100,
  value: 10,
  description: '',
  isActive: true,
  maxUsage: null,
  minOrderAmount: 0,
  freeProducts: [],
  couponValidDays: 30,
} as const satisfies Record<string, unknown>;

const int = (min: number, max: number) => z.number().int().min(min).max(max);

export const FreeProductSchema = z.strictObject({
  /** The Salla product id. */
  id: z.string().trim().min(1).max(REWARD_LIMITS.productId.max),
  name: z.string().trim().min(1).max(REWARD_LIMITS.productName.max),
});
export type FreeProduct = z.infer<typeof FreeProductSchema>;

/**
 * POST /api/rewards and PUT /api/rewards/:id (the same body, spec §7). A value sent for a type
 * that has none, or products sent for a type other than free_product, are stored as 0 / [].
 */
export const RewardRequestSchema = z
  .strictObject({
    name: z.string().trim().min(REWARD_LIMITS.name.min).max(REWARD_LIMITS.name.max),
    /** The English name; empty or null = the Arabic one on English pages and e-mails. */
    nameEn: z
      .string()
      .trim()
      .max(REWARD_LIMITS.name.max)
      .nullable()
      .default(null)
      .transform((v) => v || null),
    type: RewardTypeSchema,
    pointsRequired: int(REWARD_LIMITS.pointsRequired.min, REWARD_LIMITS.pointsRequired.max),
    value: int(REWARD_LIMITS.value.min, REWARD_LIMITS.value.max).default(0),
    description: z.string().trim().max(REWARD_LIMITS.description.max).default(''),
    /** The English description; empty or null = the Arabic one. */
    descriptionEn: z
      .string()
      .trim()
      .max(REWARD_LIMITS.description.max)
      .nullable()
      .default(null)
      .transform((v) => v || null),
    isActive: z.boolean().default(true),
    /** null (or absent) = unlimited. */
    maxUsage: int(REWARD_LIMITS.maxUsage.min, REWARD_LIMITS.maxUsage.max).nullable().default(null),
    minOrderAmount: int(REWARD_LIMITS.minOrderAmount.min, REWARD_LIMITS.minOrderAmount.max).default(
      0,
    ),
    freeProducts: z.array(FreeProductSchema).max(REWARD_LIMITS.freeProducts.max).default([]),
    /** The reward's expiry: days a coupon stays valid after it is issued. */
    couponValidDays: int(
      REWARD_LIMITS.couponValidDays.min,
      REWARD_LIMITS.couponValidDays.max,
    ).default(REWARD_DEFAULTS.couponValidDays),
    /** Reserved for customers in this VIP tier and above (Growth plan); null = everyone. */
    minTierId: z.guid().nullable().default(null),
  })
  .superRefine((reward, ctx) => {
    if (reward.type === 'percentage_discount' && reward.value > REWARD_LIMITS.percentage.max) {
      ctx.addIssue({
        code: 'too_big',
        origin: 'number',
        maximum: REWARD_LIMITS.percentage.max,
        inclusive: true,
        input: reward.value,
        path: ['value'],
      });
    }
    if (reward.type === 'free_product' && reward.freeProducts.length < 1) {
      ctx.addIssue({
        code: 'too_small',
        origin: 'array',
        minimum: REWARD_LIMITS.freeProducts.min,
        inclusive: true,
        input: reward.freeProducts,
        path: ['freeProducts'],
      });
    }
  });
export type RewardRequest = z.infer<typeof RewardRequestSchema>;
export type RewardRequestInput = z.input<typeof RewardRequestSchema>;
export const CreateRewardRequestSchema = RewardRequestSchema;
export type CreateRewardRequest = RewardRequest;
export const UpdateRewardRequestSchema = RewardRequestSchema;
export type UpdateRewardRequest = RewardRequest;

export const RewardIdParamsSchema = z.strictObject({ id: z.guid() });
export type RewardIdParams = z.infer<typeof RewardIdParamsSchema>;

export const RewardSchema = z.object({
  id: z.guid(),
  /**
   * The same id under the name the spec's client reads (spec §3: a reward's `_id`), so a client
   * written against the spec can edit, toggle and delete what it lists (docs/decisions/040).
   */
  _id: z.guid(),
  name: z.string(),
  /** null = shown in Arabic on English pages too. */
  nameEn: z.string().nullable().default(null),
  type: RewardTypeSchema,
  pointsRequired: z.number().int(),
  value: z.number().int(),
  description: z.string(),
  descriptionEn: z.string().nullable().default(null),
  isActive: z.boolean(),
  maxUsage: z.number().int().nullable(),
  minOrderAmount: z.number().int(),
  freeProducts: z.array(z.object({ id: z.string(), name: z.string() })),
  couponValidDays: z.number().int(),
  /** The VIP tier the reward is reserved for (and above); null = everyone. */
  minTierId: z.guid().nullable(),
  /** Coupons issued from this reward (redemptions issued or used). */
  usageCount: z.number().int().nonnegative(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Reward = z.infer<typeof RewardSchema>;

export const RewardsResponseSchema = successEnvelope(z.array(RewardSchema));
export type RewardsResponse = z.infer<typeof RewardsResponseSchema>;
export const RewardResponseSchema = successEnvelope(RewardSchema);
export type RewardResponse = z.infer<typeof RewardResponseSchema>;

/** A reward with issued coupons is archived (kept for their history), otherwise removed. */
export const DeletedRewardSchema = z.object({ id: z.guid(), archived: z.boolean() });
export type DeletedReward = z.infer<typeof DeletedRewardSchema>;
export const DeleteRewardResponseSchema = successEnvelope(DeletedRewardSchema);
export type DeleteRewardResponse = z.infer<typeof DeleteRewardResponseSchema>;

// ---- The /rewards screen: what the rewards do -------------------------------------------------

export const REDEMPTION_STATUSES = [
  'pending',
  'issued',
  'used',
  'expired',
  'failed',
  'cancelled',
] as const;
export const RedemptionStatusSchema = z.enum(REDEMPTION_STATUSES);
export type RedemptionStatus = z.infer<typeof RedemptionStatusSchema>;

/**
 * Why a coupon was cancelled (its points given back): the merchant cancelled it, Nuqat withdrew
 * it at Salla because the orders whose points bought it were cancelled or refunded after the points
 * were spent (docs/decisions/027), or the shopper cancelled it from the loyalty page within
 * SHOPPER_CANCEL_WINDOW_MINUTES of redeeming it.
 */
export const COUPON_CANCEL_REASONS = ['merchant', 'clawback', 'shopper'] as const;
export const CouponCancelReasonSchema = z.enum(COUPON_CANCEL_REASONS);
export type CouponCancelReason = z.infer<typeof CouponCancelReasonSchema>;

/** How long after redeeming a shopper may cancel an unused reward coupon and get its points back. */
export const SHOPPER_CANCEL_WINDOW_MINUTES = 30;

/** Redemptions that count as a reward's `usageCount` (and against its `maxUsage`). */
export const REWARD_USAGE_STATUSES = [
  'issued',
  'used',
] as const satisfies readonly RedemptionStatus[];
/** Redemptions whose coupon was issued: the points were spent, whatever became of the coupon. */
export const REDEEMED_STATUSES = [
  'issued',
  'used',
  'expired',
] as const satisfies readonly RedemptionStatus[];

export const REWARD_STATUS_FILTERS = ['all', 'active', 'inactive'] as const;

export const RewardsReportQuerySchema = z.strictObject({
  /** Part of the reward's name. */
  search: z.string().trim().max(100).optional(),
  status: z.enum(REWARD_STATUS_FILTERS).default('all'),
  type: RewardTypeSchema.optional(),
});
export type RewardsReportQuery = z.infer<typeof RewardsReportQuerySchema>;
export type RewardsReportQueryInput = z.input<typeof RewardsReportQuerySchema>;

export const RewardStatsSchema = z.object({
  id: z.guid(),
  name: z.string(),
  type: RewardTypeSchema,
  pointsRequired: z.number().int(),
  value: z.number().int(),
  isActive: z.boolean(),
  maxUsage: z.number().int().nullable(),
  /** Coupons issued (redemptions issued, used or expired). */
  redeemedCount: z.number().int().nonnegative(),
  /** Points shoppers spent on those coupons. */
  pointsSpent: z.number().int().nonnegative(),
  /** Issued coupons not used yet and not expired. */
  unusedCoupons: z.number().int().nonnegative(),
  lastRedeemedAt: z.iso.datetime().nullable(),
});
export type RewardStats = z.infer<typeof RewardStatsSchema>;

/** Totals over every redemption of the store, including those of deleted rewards. */
export const RewardsSummarySchema = z.object({
  rewards: z.number().int().nonnegative(),
  activeRewards: z.number().int().nonnegative(),
  redeemedCount: z.number().int().nonnegative(),
  pointsSpent: z.number().int().nonnegative(),
  unusedCoupons: z.number().int().nonnegative(),
});
export type RewardsSummary = z.infer<typeof RewardsSummarySchema>;

export const RewardsReportSchema = z.object({
  summary: RewardsSummarySchema,
  rewards: z.array(RewardStatsSchema),
});
export type RewardsReport = z.infer<typeof RewardsReportSchema>;
export const RewardsReportResponseSchema = successEnvelope(RewardsReportSchema);
export type RewardsReportResponse = z.infer<typeof RewardsReportResponseSchema>;

export const REDEMPTIONS_PAGE_SIZE = { default: 20, max: 100 } as const;

export const RedemptionsQuerySchema = z.strictObject({
  /** Shopper name or e-mail, coupon code or reward name. */
  search: z.string().trim().max(100).optional(),
  status: RedemptionStatusSchema.optional(),
  rewardId: z.guid().optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(REDEMPTIONS_PAGE_SIZE.max)
    .default(REDEMPTIONS_PAGE_SIZE.default),
});
export type RedemptionsQuery = z.infer<typeof RedemptionsQuerySchema>;
export type RedemptionsQueryInput = z.input<typeof RedemptionsQuerySchema>;

export const RedemptionSchema = z.object({
  id: z.guid(),
  rewardId: z.guid(),
  /** Kept after the reward is deleted. */
  rewardName: z.string(),
  rewardType: RewardTypeSchema,
  rewardDeleted: z.boolean(),
  customerId: z.string(),
  /** null when the shopper's profile has not reached us from Salla. */
  customerName: z.string().nullable(),
  points: z.number().int(),
  /** An issued coupon past its expiry reads `expired`. */
  status: RedemptionStatusSchema,
  couponCode: z.string().nullable(),
  couponExpiresAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type Redemption = z.infer<typeof RedemptionSchema>;

export const RedemptionsPageSchema = z.object({
  items: z.array(RedemptionSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int().nonnegative(),
});
export type RedemptionsPage = z.infer<typeof RedemptionsPageSchema>;
export const RedemptionsResponseSchema = successEnvelope(RedemptionsPageSchema);
export type RedemptionsResponse = z.infer<typeof RedemptionsResponseSchema>;
