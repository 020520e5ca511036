import {
  SHOPPER_CANCEL_WINDOW_MINUTES,
  type Language,
  type RedemptionStatus,
  type RedemptionBlock,
  type ShopperCoupon,
} from '@nuqat/contracts';
import { type CouponRequest } from '../../lib/salla-client.ts';
import { subscriptionActive } from '../engine/index.ts';
import { type MerchantRow } from '../merchants/index.ts';
import { type RedemptionWithReward } from './redemptions.repository.ts';
import { type RewardRow } from './rewards.repository.ts';
import { singleUseCoupon } from './salla-coupon.ts';
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

/**
 * Salla's Create Coupon body for a reward (reference §3.7): a unique code used once by one
 * shopper, the reward's type and value, required booleans, and an expiry at least one day ahead.
 */
export function couponRequestFor(
  reward: RewardRow,
  code: string,
  issuedAt: Date,
  expiresAt: Date,
): CouponRequest {
  const base = {
    ...singleUseCoupon(code, issuedAt, expiresAt),
    ...(reward.minOrderAmount > 0 ? { minimum_amount: reward.minOrderAmount } : {}),
  };
  switch (reward.type) {
    case 'percentage_discount':
      // Salla requires a maximum for percentages; with no cap set by the merchant the
      // percentage alone limits it, so the cap is a generous ceiling, shown to nobody.
      return {
        ...base,
        type: 'percentage',
        amount: reward.value,
        maximum_amount: 100_000,
        show_maximum_amount: false,
      };
    case 'free_shipping':
      return { ...base, type: 'fixed', amount: 0, free_shipping: true };
    case 'free_product':
      // A 100 % discount limited to the reward's products.
      return {
        ...base,
        type: 'percentage',
        amount: 100,
        maximum_amount: 100_000,
        show_maximum_amount: false,
        products_include: reward.freeProducts.map((p) => p.id),
      };
    case 'fixed_discount':
    case 'cashback':
      return { ...base, type: 'fixed', amount: reward.value };
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
