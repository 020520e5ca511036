import { z } from 'zod';
import { EmailSchema } from './auth.ts';
import { successEnvelope } from './common.ts';
import { RuleEventSchema } from './loyalty.ts';
import { RunningCampaignSchema } from './campaigns.ts';
import { EarnActionStateSchema } from './earn-actions.ts';
import { MobileSchema } from './mobile.ts';
import { MerchantIdSchema, PointsSpendableStatusSchema } from './merchants.ts';
import { ReferralRewardSchema, ShopperReferralSchema } from './referrals.ts';
import {
  ShopperTierLevelSchema,
  ShopperTierSchema,
  TierBasisSchema,
  TierWindowSchema,
} from './tiers.ts';
import { CouponCancelReasonSchema, RedemptionStatusSchema, RewardTypeSchema } from './rewards.ts';

/**
 * The shopper's side (spec §2 "Customer loyalty page", §3 customer loyalty data, §7): a code
 * login that proves the shopper owns the e-mail Salla gave us for that customer, then their
 * loyalty data and redemption. docs/decisions/006 says why the id from the browser is not enough.
 */

export const SHOPPER_CODE_LENGTH = 6;
export const SHOPPER_CODE_TTL_MINUTES = 10;
export const SHOPPER_CODE_MAX_ATTEMPTS = 5;
export const SHOPPER_SESSION_TTL_DAYS = 30;
/** Entries of history the loyalty data carries (the page previews 5, spec §9). */
export const SHOPPER_HISTORY_LIMIT = 100;
export const SHOPPER_HISTORY_PREVIEW = 5;

/** Salla ids as they appear in paths: digits, no leading zero. */
export const CustomerIdSchema = z.string().regex(/^[1-9]\d{0,17}$/);

export const ShopperCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/);

/** Exactly one of e-mail and mobile: where the code goes (docs/decisions/032). */
const oneRecipient = (body: { email?: unknown; mobile?: unknown }) =>
  (body.email === undefined) !== (body.mobile === undefined);
const ONE_RECIPIENT = { message: 'Give an email or a mobile number, not both', path: ['email'] };

/**
 * `email`, or `mobile` as shoppers type it (`+966 50 123 4567`, `0501234567`, `966501234567`,
 * `501234567`, Arabic-Indic digits too), which arrives here as E.164.
 */
export const ShopperRequestCodeRequestSchema = z
  .strictObject({
    merchantId: MerchantIdSchema,
    email: EmailSchema.optional(),
    mobile: MobileSchema.optional(),
    /** The language of the message (the e-mail's first block); Arabic by default. */
    lang: z.enum(['ar', 'en']).optional(),
  })
  .refine(oneRecipient, ONE_RECIPIENT);
export type ShopperRequestCodeRequest = z.infer<typeof ShopperRequestCodeRequestSchema>;

/**
 * The answer is the same for anyone (no account probing), with the id of this code request:
 * handed back with the code, it makes the try count against this code only, so nobody else's
 * wrong guesses can use up its tries (docs/decisions/025).
 */
export const ShopperCodeRequestedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  requestId: z.uuid(),
});
export type ShopperCodeRequestedResponse = z.infer<typeof ShopperCodeRequestedResponseSchema>;

export const ShopperVerifyCodeRequestSchema = z
  .strictObject({
    merchantId: MerchantIdSchema,
    email: EmailSchema.optional(),
    mobile: MobileSchema.optional(),
    code: ShopperCodeSchema,
    /** From request-code. Without it the newest code is tried, with tries anyone can spend. */
    requestId: z.uuid().optional(),
  })
  .refine(oneRecipient, ONE_RECIPIENT);

/** How a store's shoppers can get a code, and which way the page offers first. */
export const ShopperSignInOptionsSchema = z.object({
  channels: z.array(z.enum(['email', 'sms'])).min(1),
  preferred: z.enum(['email', 'sms']),
});
export type ShopperSignInOptions = z.infer<typeof ShopperSignInOptionsSchema>;
export const ShopperSignInOptionsResponseSchema = successEnvelope(ShopperSignInOptionsSchema);
export const ShopperSignInOptionsQuerySchema = z.strictObject({ merchantId: MerchantIdSchema });
export type ShopperVerifyCodeRequest = z.infer<typeof ShopperVerifyCodeRequestSchema>;

export const ShopperSessionSchema = z.object({
  token: z.string(),
  customerId: CustomerIdSchema,
  expiresAt: z.iso.datetime(),
});
export type ShopperSession = z.infer<typeof ShopperSessionSchema>;
export const ShopperSessionResponseSchema = successEnvelope(ShopperSessionSchema);
export type ShopperSessionResponse = z.infer<typeof ShopperSessionResponseSchema>;

export const CustomerLoyaltyParamsSchema = z.strictObject({
  merchantId: MerchantIdSchema,
  customerId: CustomerIdSchema,
});
export type CustomerLoyaltyParams = z.infer<typeof CustomerLoyaltyParamsSchema>;

export const CustomerLoyaltyQuerySchema = z.strictObject({
  /** The language of names, descriptions and formatted dates; Arabic by default. */
  lang: z.enum(['ar', 'en']).default('ar'),
});
export type CustomerLoyaltyQuery = z.infer<typeof CustomerLoyaltyQuerySchema>;

/** Spec §3 pointsMethods [id, name, points], plus the condition the shopper must meet. */
export const PointsMethodSchema = z.object({
  id: RuleEventSchema,
  name: z.string(),
  points: z.number().int().positive(),
  /** In the shopper's language, e.g. "for orders of 50 SAR or more". Empty when none. */
  condition: z.string(),
  /** A way to earn the signed-in shopper claims on the page (docs/decisions/052). */
  action: EarnActionStateSchema.optional(),
});
export type PointsMethod = z.infer<typeof PointsMethodSchema>;

export const ShopperRewardSchema = z.object({
  id: z.guid(),
  name: z.string(),
  description: z.string(),
  pointsRequired: z.number().int().positive(),
  type: RewardTypeSchema,
  value: z.number().int(),
  /** Whole riyals; 0 = any cart. */
  minOrderAmount: z.number().int(),
  /** False when the reward's maxUsage is reached. */
  available: z.boolean(),
  /** The VIP tier it is reserved for (in the page's language); null = everyone. */
  minTier: z.object({ id: z.guid(), name: z.string(), colour: z.string() }).nullable(),
  /** True when the shopper's tier is below minTier: shown, not redeemable. */
  locked: z.boolean(),
});
export type ShopperReward = z.infer<typeof ShopperRewardSchema>;

/**
 * Where a shopper's coupon came from: a reward they redeemed points for, or the referral
 * programme (the friend's gift at the claim, the inviter's reward for a friend's first order).
 */
export const SHOPPER_COUPON_SOURCES = ['reward', 'referral'] as const;

/**
 * A coupon as the shopper sees it (spec §3 coupons, §7 redeem answer): a redeemed reward, or a
 * referral coupon (`source: 'referral'`, no reward, 0 points, its name in the shopper's language).
 */
export const ShopperCouponSchema = z.object({
  id: z.guid(),
  source: z.enum(SHOPPER_COUPON_SOURCES),
  /** null for a referral coupon. */
  rewardId: z.guid().nullable(),
  name: z.string(),
  /** What it cost; 0 for a referral coupon. */
  pointsRequired: z.number().int().nonnegative(),
  type: RewardTypeSchema,
  value: z.number().int(),
  minOrderAmount: z.number().int(),
  /** Issued coupons past their expiry read `expired`; failed ones gave the points back. */
  status: RedemptionStatusSchema,
  /** null until Salla created the coupon. */
  code: z.string().nullable(),
  expiresAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  /**
   * A cancelled coupon's cause: the store cancelled it, or it was withdrawn because the orders
   * whose points bought it were cancelled (its points went back to repay them, decision 027).
   */
  cancelReason: CouponCancelReasonSchema.nullable(),
  /**
   * Until when the shopper may cancel it from the page and get its points back (an unused reward
   * coupon, SHOPPER_CANCEL_WINDOW_MINUTES after redeeming it); null when they cannot.
   */
  cancellableUntil: z.iso.datetime().nullable(),
});
export type ShopperCoupon = z.infer<typeof ShopperCouponSchema>;

export const HISTORY_TYPES = ['earned', 'redeemed'] as const;

/** Spec §3 history: [id, date, formattedDate, description, points, type earned|redeemed]. */
export const HistoryEntrySchema = z.object({
  id: z.string(),
  date: z.iso.datetime(),
  /** In the shopper's language, Riyadh time. */
  formattedDate: z.string(),
  description: z.string(),
  /** Signed: credits positive, debits negative. */
  points: z.number().int(),
  /**
   * How it moved the points the shopper owes: owed by a clawback the balance could not cover (+),
   * repaid or forgiven (−); 0 for most entries (decision 027).
   */
  owed: z.number().int(),
  type: z.enum(HISTORY_TYPES),
  /** The ledger kind behind it: earn, redeem, redeem_rollback, clawback, expire, adjust, referral. */
  kind: z.string(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

/** Why redeeming is off right now, so the page can say it; null when it is on. */
export const REDEMPTION_BLOCKS = [
  'PROGRAMME_PAUSED',
  'SUBSCRIPTION_INACTIVE',
  'STORE_NEEDS_REINSTALL',
] as const;
export const RedemptionBlockSchema = z.enum(REDEMPTION_BLOCKS);
export type RedemptionBlock = z.infer<typeof RedemptionBlockSchema>;

export const CustomerLoyaltyDataSchema = z.object({
  customer: z.object({
    id: CustomerIdSchema,
    fullName: z.string(),
    email: z.string().nullable(),
    mobile: z.string().nullable(),
    avatar: z.string().nullable(),
  }),
  /** `logo`: the store's logo when the merchant shows it in the widget (Growth), else null. */
  store: z.object({
    name: z.string(),
    url: z.string().nullable(),
    logo: z.string().nullable().optional(),
  }),
  availablePoints: z.number().int().nonnegative(),
  /**
   * Points the shopper owes: orders cancelled or refunded after their points were spent, not
   * covered by the balance or by withdrawn coupons. The next points they get repay it first; while
   * it is above 0, availablePoints is 0 (decision 027).
   */
  pointsOwed: z.number().int().nonnegative(),
  /** Points that expire within the next 30 days, and the first date. */
  expiringPoints: z.number().int().nonnegative(),
  nextExpiryAt: z.iso.datetime().nullable(),
  /**
   * Points of orders not yet at a status the store chose (or still in the holding period): shown
   * as pending, not spendable, and not part of availablePoints.
   */
  pendingPoints: z.number().int().nonnegative(),
  /**
   * The part of pendingPoints that is follows waiting their day (decision 052), not orders, with
   * the balance card's words in the page's language; null when none waits.
   */
  pendingFollows: z.object({ points: z.number().int().positive(), note: z.string() }).nullable(),
  /** When pending points become spendable: the statuses, then the holding days. */
  pointsRelease: z.object({
    spendableOn: z.array(PointsSpendableStatusSchema),
    holdDays: z.number().int().nonnegative(),
  }),
  /**
   * The order rules the page's "you'll earn N points" estimate uses (amounts in whole riyals);
   * null when the rule is off.
   */
  earnRates: z.object({
    perAmount: z
      .object({
        points: z.number().int().positive(),
        spendUnit: z.number().int().positive(),
        minOrderTotal: z.number().int().nonnegative(),
      })
      .nullable(),
    perOrder: z
      .object({
        points: z.number().int().positive(),
        minOrderTotal: z.number().int().nonnegative(),
      })
      .nullable(),
  }),
  pointsMethods: z.array(PointsMethodSchema),
  rewards: z.array(ShopperRewardSchema),
  coupons: z.array(ShopperCouponSchema),
  /** Newest first, at most SHOPPER_HISTORY_LIMIT entries. */
  history: z.array(HistoryEntrySchema),
  programme: z.object({
    redeemable: z.boolean(),
    reason: RedemptionBlockSchema.nullable(),
  }),
  /** The shopper's referral link and figures; null when the store's programme is off. */
  referral: ShopperReferralSchema.nullable(),
  /** The shopper's VIP tier and the way up; null when the store has no tiers switched on. */
  tier: ShopperTierSchema.nullable(),
  /**
   * The shopper is in the store's control group (docs/decisions/049): the programme is not
   * available on their account yet — the page shows only that, and every list above is empty.
   */
  heldOut: z.boolean().optional(),
  /**
   * Campaigns running now (issue 29), for the page's banner; empty or absent when none runs, and
   * absent for a held-out shopper.
   */
  campaigns: z.array(RunningCampaignSchema).optional(),
});
export type CustomerLoyaltyData = z.infer<typeof CustomerLoyaltyDataSchema>;
export const CustomerLoyaltyResponseSchema = successEnvelope(CustomerLoyaltyDataSchema);
export type CustomerLoyaltyResponse = z.infer<typeof CustomerLoyaltyResponseSchema>;

export const RedeemRequestSchema = z.strictObject({
  rewardId: z.guid(),
  /**
   * Chosen by the page once per click: a retried request with the same id redeems once
   * (it becomes the redemption's id).
   */
  requestId: z.uuid().optional(),
});
export type RedeemRequest = z.infer<typeof RedeemRequestSchema>;
export const RedeemResponseSchema = successEnvelope(ShopperCouponSchema);
export type RedeemResponse = z.infer<typeof RedeemResponseSchema>;

/** POST …/coupons/{couponId}/cancel: the shopper's own coupon, by its id. */
export const ShopperCancelCouponParamsSchema = CustomerLoyaltyParamsSchema.extend({
  couponId: z.guid(),
});
export type ShopperCancelCouponParams = z.infer<typeof ShopperCancelCouponParamsSchema>;
/** The coupon, now cancelled (`cancelReason: 'shopper'`); its `pointsRequired` went back. */
export const ShopperCancelCouponResponseSchema = successEnvelope(ShopperCouponSchema);
export type ShopperCancelCouponResponse = z.infer<typeof ShopperCancelCouponResponseSchema>;

// ---- The store's programme, public (GET /api/storefront/{merchantId}/programme) ---------------

export const StorefrontProgrammeParamsSchema = z.strictObject({ merchantId: MerchantIdSchema });
export const StorefrontProgrammeQuerySchema = CustomerLoyaltyQuerySchema;

/** A reward as a visitor sees it: no shopper, so nothing is locked or affordable yet. */
export const ProgrammeRewardSchema = ShopperRewardSchema.omit({ locked: true });
export type ProgrammeReward = z.infer<typeof ProgrammeRewardSchema>;

/**
 * What a visitor of the store is shown before signing in: the ways to earn, the rewards, the
 * tiers and the referral gift. The same for everyone (cacheable): no shopper data at all.
 */
export const StorefrontProgrammeSchema = z.object({
  /** `logo`: the store's logo when the merchant shows it in the widget (Growth), else null. */
  store: z.object({ name: z.string(), logo: z.string().nullable().optional() }),
  /** Whether points can be redeemed now, and why not. */
  programme: z.object({
    redeemable: z.boolean(),
    reason: RedemptionBlockSchema.nullable(),
  }),
  pointsMethods: z.array(PointsMethodSchema),
  rewards: z.array(ProgrammeRewardSchema),
  /** null when the store has no tiers switched on. */
  tiers: z
    .object({
      basis: TierBasisSchema,
      window: TierWindowSchema,
      levels: z.array(ShopperTierLevelSchema),
    })
    .nullable(),
  /** What an inviter and their friend get; null when the referral programme is off. */
  referral: z
    .object({ participantReward: ReferralRewardSchema, referralReward: ReferralRewardSchema })
    .nullable(),
  /** Campaigns running now (issue 29), for the store page's badges; absent when none runs. */
  campaigns: z.array(RunningCampaignSchema).optional(),
  /**
   * The order rules as the engine counts them (halalas), for the store page's earn badges
   * (contracts `earnEstimate`, docs/decisions/035); null while the store earns nothing (paused,
   * no subscription). Optional for answers cached before it existed.
   */
  earning: z
    .object({
      perAmount: z
        .object({
          points: z.number().int().positive(),
          spendUnitHalalas: z.number().int().positive(),
          minOrderTotalHalalas: z.number().int().nonnegative(),
        })
        .nullable(),
      perOrder: z
        .object({
          points: z.number().int().positive(),
          minOrderTotalHalalas: z.number().int().nonnegative(),
        })
        .nullable(),
    })
    .nullable()
    .optional(),
});
export type StorefrontProgramme = z.infer<typeof StorefrontProgrammeSchema>;
export const StorefrontProgrammeResponseSchema = successEnvelope(StorefrontProgrammeSchema);
export type StorefrontProgrammeResponse = z.infer<typeof StorefrontProgrammeResponseSchema>;
