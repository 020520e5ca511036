import { z } from 'zod';
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

export const ReferralSettingsSchema = z.object({
  isActive: z.boolean(),
  participantReward: ReferralRewardSchema,
  referralReward: ReferralRewardSchema,
});
export type ReferralSettings = z.infer<typeof ReferralSettingsSchema>;

/** Spec §9: a store that never saved its referral programme starts with 5 % for both sides. */
export const REFERRAL_DEFAULTS: ReferralSettings = {
  isActive: false,
  participantReward: { type: 'percentage', value: 5, maxAmount: null },
  referralReward: { type: 'percentage', value: 5, maxAmount: null },
};

export const ReferralSettingsRequestSchema = z.strictObject({
  isActive: z.boolean(),
  participantReward: ReferralRewardSchema,
  referralReward: ReferralRewardSchema,
});
export type ReferralSettingsRequest = z.infer<typeof ReferralSettingsRequestSchema>;

export const ReferralToggleRequestSchema = z.strictObject({ isActive: z.boolean() });
export type ReferralToggleRequest = z.infer<typeof ReferralToggleRequestSchema>;

export const ReferralSettingsResponseSchema = successEnvelope(
  ReferralSettingsSchema.extend({ updatedAt: z.iso.datetime().nullable() }),
);
export type ReferralSettingsResponse = z.infer<typeof ReferralSettingsResponseSchema>;
