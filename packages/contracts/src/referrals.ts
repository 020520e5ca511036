import { z } from 'zod';
import { EmailSchema } from './auth.ts';
import { successEnvelope } from './common.ts';

/**
 * Spec §3 and §9: what each side of a referral gets — the inviter (participant) and the friend
 * (referral) — as a Salla coupon. fixed: SAR off the order; percentage: % off the order up to
 * `maxAmount` SAR (Salla requires a maximum for percentage coupons); shipping: free shipping.
 */
export const REFERRAL_REWARD_TYPES = ['fixed', 'percentage', 'shipping'] as const;
export const ReferralRewardTypeSchema = z.enum(REFERRAL_REWARD_TYPES);
export type ReferralRewardType = z.infer<typeof ReferralRewardTypeSchema>;

/** The largest value a merchant may set: 100 % for a percentage, 10,000 SAR for a fixed amount. */
export const REFERRAL_FIXED_MAX_SAR = 10_000;
export const REFERRAL_PERCENT_MAX = 100;
/** A percentage reward with no cap of its own is capped here (Salla needs one). */
export const REFERRAL_DEFAULT_MAX_AMOUNT_SAR = 100;

export const ReferralRewardSchema = z
  .strictObject({
    type: ReferralRewardTypeSchema,
    /** Whole SAR for fixed, whole percent for percentage, 0 for shipping. */
    value: z.number().int().min(0).max(REFERRAL_FIXED_MAX_SAR),
    /** percentage only: the most SAR the coupon takes off (default 100). */
    maxAmount: z.number().int().min(1).max(REFERRAL_FIXED_MAX_SAR).nullable().optional(),
  })
  .superRefine((reward, ctx) => {
    if (reward.type === 'percentage' && reward.value > REFERRAL_PERCENT_MAX)
      ctx.addIssue({
        code: 'too_big',
        origin: 'number',
        maximum: REFERRAL_PERCENT_MAX,
        inclusive: true,
        path: ['value'],
        message: `A percentage is at most ${REFERRAL_PERCENT_MAX}`,
      });
    if (reward.type === 'shipping' && reward.value !== 0)
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: 'Free shipping has no amount: send 0',
      });
    if (reward.type !== 'percentage' && reward.maxAmount != null)
      ctx.addIssue({
        code: 'custom',
        path: ['maxAmount'],
        message: 'Only a percentage has a maximum amount',
      });
  });
export type ReferralReward = z.infer<typeof ReferralRewardSchema>;

/**
 * A reward as the merchant saves it: a discount of 0 riyals or 0 % gives nothing and is refused
 * (issue 27); switching the programme off is the referral switch's job. Stored rows are read
 * with the plain schema above.
 */
export const ReferralRewardInputSchema = ReferralRewardSchema.superRefine((reward, ctx) => {
  if (reward.type !== 'shipping' && reward.value < 1)
    ctx.addIssue({
      code: 'too_small',
      origin: 'number',
      minimum: 1,
      inclusive: true,
      path: ['value'],
      message: 'A discount is at least 1',
    });
});

/**
 * How many friends' gifts the programme gives (docs/decisions/028): each shopper's code at most
 * `giftsPerCode` in all, the store at most `giftsPerDay` in any 24 hours, whatever the code.
 * Past either, a claim is refused like any other (and kept, blocked, for the merchant).
 */
export const REFERRAL_GIFTS_PER_CODE = { default: 10, min: 1, max: 1_000 } as const;
export const REFERRAL_GIFTS_PER_DAY = { default: 100, min: 1, max: 10_000 } as const;

export const ReferralLimitsSchema = z.strictObject({
  giftsPerCode: z.number().int().min(REFERRAL_GIFTS_PER_CODE.min).max(REFERRAL_GIFTS_PER_CODE.max),
  giftsPerDay: z.number().int().min(REFERRAL_GIFTS_PER_DAY.min).max(REFERRAL_GIFTS_PER_DAY.max),
});
export type ReferralLimits = z.infer<typeof ReferralLimitsSchema>;

export const ReferralSettingsSchema = z.object({
  isActive: z.boolean(),
  participantReward: ReferralRewardSchema,
  referralReward: ReferralRewardSchema,
  limits: ReferralLimitsSchema,
});
export type ReferralSettings = z.infer<typeof ReferralSettingsSchema>;

/** Spec §9: a store that never saved its referral programme starts with 5 % for both sides. */
export const REFERRAL_DEFAULTS: ReferralSettings = {
  isActive: false,
  participantReward: { type: 'percentage', value: 5, maxAmount: null },
  referralReward: { type: 'percentage', value: 5, maxAmount: null },
  limits: {
    giftsPerCode: REFERRAL_GIFTS_PER_CODE.default,
    giftsPerDay: REFERRAL_GIFTS_PER_DAY.default,
  },
};

/**
 * The spec's body (§7) has no limits: a save without them keeps the store's own (the defaults
 * before any).
 */
export const ReferralSettingsRequestSchema = z.strictObject({
  isActive: z.boolean(),
  participantReward: ReferralRewardInputSchema,
  referralReward: ReferralRewardInputSchema,
  limits: ReferralLimitsSchema.optional(),
});
export type ReferralSettingsRequest = z.infer<typeof ReferralSettingsRequestSchema>;

export const ReferralToggleRequestSchema = z.strictObject({ isActive: z.boolean() });
export type ReferralToggleRequest = z.infer<typeof ReferralToggleRequestSchema>;

export const ReferralSettingsResponseSchema = successEnvelope(
  ReferralSettingsSchema.extend({ updatedAt: z.iso.datetime().nullable() }),
);
export type ReferralSettingsResponse = z.infer<typeof ReferralSettingsResponseSchema>;

// ---- The engine: codes, claims, payouts (docs/decisions/021) ----------------------------------

/** A Salla coupon of a referral stays usable this many days. */
export const REFERRAL_COUPON_VALID_DAYS = 30;
/** An inviter is paid for at most this many friends in any 7 days; more are blocked. */
export const REFERRAL_WEEKLY_CAP = 10;

/**
 * pending: the friend claimed their gift, the inviter waits for the friend's first order to
 * become spendable; completed: the inviter was paid; reversed: that order was cancelled or
 * refunded first; blocked: refused by an abuse guard (the reason says which).
 */
export const REFERRAL_STATUSES = ['pending', 'completed', 'reversed', 'blocked'] as const;
export const ReferralStatusSchema = z.enum(REFERRAL_STATUSES);
export type ReferralStatus = z.infer<typeof ReferralStatusSchema>;

/**
 * Why a referral is blocked or reversed. self_referral: the inviter's own e-mail, mobile or
 * account; existing_customer: the friend had ordered before; unknown_code / inactive_code: no
 * shopper has that code, or its shopper was erased; weekly_cap: the inviter's REFERRAL_WEEKLY_CAP
 * was reached; order_cancelled / order_refunded: the friend's order was reversed before it counted;
 * already_claimed: the friend's mailbox (any spelling of it, `emailKey`) had a gift already;
 * code_cap / daily_cap: the code's gifts per code, or the store's gifts per day, were given.
 */
export const REFERRAL_REASONS = [
  'self_referral',
  'existing_customer',
  'unknown_code',
  'inactive_code',
  'weekly_cap',
  'order_cancelled',
  'order_refunded',
  'already_claimed',
  'code_cap',
  'daily_cap',
] as const;
export const ReferralReasonSchema = z.enum(REFERRAL_REASONS);
export type ReferralReason = z.infer<typeof ReferralReasonSchema>;

/** none: not due (yet); pending: being made at Salla (retried); issued; used on an order. */
export const REFERRAL_COUPON_STATUSES = ['none', 'pending', 'issued', 'used'] as const;
export const ReferralCouponStatusSchema = z.enum(REFERRAL_COUPON_STATUSES);
export type ReferralCouponStatus = z.infer<typeof ReferralCouponStatusSchema>;

/** Codes as the snippet keeps them from `?ref=` (storefront.ts REFERRAL_CODE_PATTERN). */
export const ReferralCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,32}$/);

const StoreIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** POST /api/customers/referrals/claim — public: the friend needs no session. */
export const ReferralClaimRequestSchema = z.strictObject({
  merchantId: StoreIdSchema,
  code: ReferralCodeSchema,
  email: EmailSchema,
});
export type ReferralClaimRequest = z.infer<typeof ReferralClaimRequestSchema>;

/**
 * The friend's coupon as the claim answers it. The code itself goes only to the e-mail: whoever
 * types an address they do not own gets nothing usable (decision 021).
 */
export const ReferralClaimCouponSchema = z.object({
  type: ReferralRewardTypeSchema,
  value: z.number().int().nonnegative(),
  maxAmount: z.number().int().positive().nullable(),
  expiresAt: z.iso.datetime(),
  /** The address it was sent to, masked (`s***@example.com`). */
  sentTo: z.string(),
});
export type ReferralClaimCoupon = z.infer<typeof ReferralClaimCouponSchema>;
export const ReferralClaimResponseSchema = successEnvelope(
  z.object({ coupon: ReferralClaimCouponSchema }),
);
export type ReferralClaimResponse = z.infer<typeof ReferralClaimResponseSchema>;

/** GET /api/customers/referrals/offer?merchantId=&code= — what a friend is offered (public). */
export const ReferralOfferQuerySchema = z.strictObject({
  merchantId: StoreIdSchema,
  code: ReferralCodeSchema,
});
export const ReferralOfferSchema = z.object({
  storeName: z.string(),
  /** The friend's gift. */
  reward: ReferralRewardSchema,
});
export type ReferralOffer = z.infer<typeof ReferralOfferSchema>;
export const ReferralOfferResponseSchema = successEnvelope(ReferralOfferSchema);

/** The loyalty data's `referral`: the shopper's own link and how it did; null when off. */
export const ShopperReferralSchema = z.object({
  code: z.string(),
  /** The store's address with `?ref=CODE`. */
  link: z.string(),
  /** Friends who claimed a gift with the code (blocked attempts not counted). */
  invited: z.number().int().nonnegative(),
  /** Friends whose first order paid the inviter's reward. */
  rewarded: z.number().int().nonnegative(),
  /** What the shopper gets per friend, and what the friend gets. */
  participantReward: ReferralRewardSchema,
  referralReward: ReferralRewardSchema,
});
export type ShopperReferral = z.infer<typeof ShopperReferralSchema>;

const ReferralSideCouponSchema = z.object({
  type: ReferralRewardTypeSchema,
  value: z.number().int().nonnegative(),
  maxAmount: z.number().int().positive().nullable(),
  status: ReferralCouponStatusSchema,
  /** Shown to the merchant once Salla made it. */
  code: z.string().nullable(),
  expiresAt: z.iso.datetime().nullable(),
  /** The order that used it, and the SAR it took off that order. */
  usedOrderId: z.string().nullable(),
  discount: z.number().nullable(),
});

/** One row of the merchant's list (GET /api/referrals). */
export const MerchantReferralSchema = z.object({
  id: z.guid(),
  status: ReferralStatusSchema,
  reason: ReferralReasonSchema.nullable(),
  /** The code the friend used. */
  code: z.string(),
  /** null when the code named nobody. */
  inviter: z.object({ id: z.string(), name: z.string(), email: z.string().nullable() }).nullable(),
  friend: z.object({
    /** null once the friend's data was erased (docs/decisions/029). */
    email: z.string().nullable(),
    /** Once the friend's Salla account is known (their first order). */
    customerId: z.string().nullable(),
    name: z.string().nullable(),
  }),
  friendReward: ReferralSideCouponSchema,
  inviterReward: ReferralSideCouponSchema,
  /** The friend's first order, once seen, and its total in SAR. */
  orderId: z.string().nullable(),
  orderTotal: z.number().nullable(),
  claimedAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
  reversedAt: z.iso.datetime().nullable(),
});
export type MerchantReferral = z.infer<typeof MerchantReferralSchema>;

export const REFERRALS_PAGE_MAX = 100;
export const ReferralsQuerySchema = z.strictObject({
  status: ReferralStatusSchema.optional(),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(REFERRALS_PAGE_MAX).default(25),
});
export type ReferralsQuery = z.infer<typeof ReferralsQuerySchema>;
export const ReferralsPageSchema = z.object({
  items: z.array(MerchantReferralSchema),
  nextCursor: z.string().nullable(),
});
export const ReferralsResponseSchema = successEnvelope(ReferralsPageSchema);
export type ReferralsResponse = z.infer<typeof ReferralsResponseSchema>;

/**
 * GET /api/referrals/summary — from the referrals and the orders, never estimated. sent: friends
 * who claimed a gift; converted: inviters paid; revenue: SAR of the referred friends' orders received since
 * their claim (cancelled, deleted and refunded amounts left out); cost: SAR the referral coupons
 * took off orders (both sides), with the count of coupons issued.
 */
export const ReferralSummarySchema = z.object({
  sent: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
  converted: z.number().int().nonnegative(),
  reversed: z.number().int().nonnegative(),
  blocked: z.number().int().nonnegative(),
  revenue: z.number(),
  referredOrders: z.number().int().nonnegative(),
  cost: z.number(),
  couponsIssued: z.number().int().nonnegative(),
  couponsUsed: z.number().int().nonnegative(),
});
export type ReferralSummary = z.infer<typeof ReferralSummarySchema>;
export const ReferralSummaryResponseSchema = successEnvelope(ReferralSummarySchema);
