import type {
  CustomerLoyaltyData,
  HistoryEntry,
  RewardType,
  ShopperCoupon,
  ShopperReward,
} from '@nuqat/contracts';
import { formatCurrency, formatNumber } from './format';
import type { TextKey, Translator } from './i18n';

// What the page does with a points call's answer: a way to earn's claim too (decision 052).
export { claimWay } from './earn-claim';

/** Why the redeem button of a reward is off, or null when it can be pressed. */
export type RedeemBlock = 'paused' | 'locked' | 'out-of-stock' | 'insufficient' | 'busy' | null;

/**
 * Spec §4–5: no redeeming while the programme is off, for a tier above the shopper's (issue 14),
 * out of stock, short of points or busy.
 */
export function redeemBlock(
  reward: ShopperReward,
  data: Pick<CustomerLoyaltyData, 'availablePoints' | 'programme'>,
  busy: boolean,
): RedeemBlock {
  if (!data.programme.redeemable) return 'paused';
  if (reward.locked) return 'locked';
  if (!reward.available) return 'out-of-stock';
  if (data.availablePoints < reward.pointsRequired) return 'insufficient';
  if (busy) return 'busy';
  return null;
}

/**
 * The page's own update after a successful redemption (spec §4), without waiting for a reload:
 * the balance drops by the points required, the coupon is appended to the coupons, and a
 * `redeemed` history entry describing the exchange goes first.
 */
export function applyRedemption(
  data: CustomerLoyaltyData,
  coupon: ShopperCoupon,
  entry: { description: string; formattedDate: string },
): CustomerLoyaltyData {
  const redeemed: HistoryEntry = {
    id: `redemption-${coupon.id}`,
    date: coupon.createdAt,
    formattedDate: entry.formattedDate,
    description: entry.description,
    points: -coupon.pointsRequired,
    owed: 0,
    type: 'redeemed',
    kind: 'redeem',
  };
  return {
    ...data,
    availablePoints: Math.max(0, data.availablePoints - coupon.pointsRequired),
    coupons: [...data.coupons, coupon],
    history: [redeemed, ...data.history],
  };
}

/**
 * The page's own update after a coupon was cancelled: its points are back in the balance and the
 * coupon shows as the API returned it (the reload that follows brings the history).
 */
export function applyCancellation(
  data: CustomerLoyaltyData,
  cancelled: ShopperCoupon,
): CustomerLoyaltyData {
  const before = data.coupons.find((c) => c.id === cancelled.id);
  return {
    ...data,
    availablePoints: data.availablePoints + (before?.pointsRequired ?? cancelled.pointsRequired),
    coupons: data.coupons.map((c) => (c.id === cancelled.id ? cancelled : c)),
  };
}

const EXCHANGE: Record<RewardType, TextKey> = {
  fixed_discount: 'confirm.fixed_discount',
  percentage_discount: 'confirm.percentage_discount',
  free_shipping: 'confirm.free_shipping',
  cashback: 'confirm.cashback',
  free_product: 'confirm.free_product',
};

/** What a redemption spends and what comes back: "150 points for a 10 SAR coupon". */
export function exchangeText(
  reward: Pick<ShopperReward, 'type' | 'value' | 'pointsRequired'>,
  { t, tp, language }: Pick<Translator, 't' | 'tp' | 'language'>,
): string {
  return t(EXCHANGE[reward.type], {
    points: tp('points', reward.pointsRequired),
    amount: formatCurrency(reward.value, language),
    percent: formatNumber(reward.value, language),
  });
}
