import {
  SHOPPER_CANCEL_WINDOW_MINUTES,
  type Language,
  type RedemptionStatus,
  type RedemptionBlock,
  type ShopperCoupon,
} from '@nuqat/contracts';
import { subscriptionActive } from '../engine/index.ts';
import { type MerchantRow } from '../merchants/index.ts';
import { type RedemptionWithReward } from './redemptions.repository.ts';
import { type RewardRow } from './rewards.repository.ts';
import type { CouponOffer } from '../salla/index.ts';
import { rewardName } from './reward-text.ts';

/** The outbox key of a redemption's coupon mail: one mail per coupon. */
export const couponMailKey = (redemptionId: string) => `coupon:${redemptionId}`;

/** A pending redemption this old is left over from a crash (a live one takes seconds). */
export const RECONCILE_AFTER_MS = 2 * 60_000;

/** How long a retried request waits for the first one's answer from Salla (the page waits 30 s). */
export const SETTLE_WAIT_MS = 25_000;

/** Why redeeming is off for the store right now, or null. */
export function redemptionBlock(merchant: MerchantRow, at: Date): RedemptionBlock | null {
  if (merchant.installStatus !== 'installed' || merchant.needsReinstall)
    return 'STORE_NEEDS_REINSTALL';
  if (!merchant.programmeEnabled) return 'PROGRAMME_PAUSED';
  if (!subscriptionActive(merchant, at)) return 'SUBSCRIPTION_INACTIVE';
  return null;
}

/** What a reward's coupon gives, in Nuqat's words (salla/ makes Salla's body of it). */
export function couponOfferFor(reward: RewardRow): CouponOffer {
  const minimumOrder = reward.minOrderAmount;
  switch (reward.type) {
    case 'percentage_discount':
      return { kind: 'percentage', percent: reward.value, cap: null, minimumOrder };
    case 'free_shipping':
      return { kind: 'free_shipping', minimumOrder };
    case 'free_product':
      return {
        kind: 'free_products',
        productIds: reward.freeProducts.map((p) => p.id),
        minimumOrder,
      };
    case 'fixed_discount':
    case 'cashback':
      return { kind: 'fixed', amount: reward.value, minimumOrder };
  }
}

/** An issued coupon past its expiry reads `expired`, whatever the stored status still says. */
export function redemptionStatusAt(
  row: { status: RedemptionStatus; couponExpiresAt: Date | null },
  now: Date,
): RedemptionStatus {
  const expired =
    row.status === 'issued' && row.couponExpiresAt !== null && row.couponExpiresAt <= now;
  return expired ? 'expired' : row.status;
}

/**
 * Until when the shopper may cancel the coupon from the page: an issued, unexpired coupon within
 * SHOPPER_CANCEL_WINDOW_MINUTES of its redemption; null otherwise.
 */
export function shopperCancellableUntil(
  row: { status: RedemptionStatus; couponExpiresAt: Date | null; createdAt: Date },
  now: Date,
): Date | null {
  if (redemptionStatusAt(row, now) !== 'issued') return null;
  const until = new Date(row.createdAt.getTime() + SHOPPER_CANCEL_WINDOW_MINUTES * 60_000);
  return until > now ? until : null;
}

export function toShopperCoupon(
  row: RedemptionWithReward,
  now: Date,
  lang: Language = 'ar',
): ShopperCoupon {
  return {
    id: row.id,
    source: 'reward',
    rewardId: row.rewardId,
    name: rewardName(row.reward, lang),
    pointsRequired: row.points,
    type: row.reward.type,
    value: row.reward.value,
    minOrderAmount: row.reward.minOrderAmount,
    status: redemptionStatusAt(row, now),
    code: row.status === 'pending' || row.status === 'failed' ? null : row.couponCode,
    expiresAt: row.couponExpiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    cancelReason: row.cancelReason,
    cancellableUntil: shopperCancellableUntil(row, now)?.toISOString() ?? null,
  };
}

export interface RedeemInput {
  merchantId: number;
  customerId: number;
  rewardId: string;
  requestId?: string | undefined;
  lang: Language;
}
