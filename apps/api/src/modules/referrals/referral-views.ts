import {
  type Language,
  type MerchantReferral,
  type RewardType,
  type ShopperCoupon,
} from '@nuqat/contracts';
import { AppError } from '../../lib/app-error.ts';
import { type ReferralCouponRow } from './referral-coupons.repository.ts';
import { type ReferralListRow } from './referrals-report.repository.ts';
import { type ReferralRow } from './referrals.repository.ts';
import { type Side, sideReward, halalasToSar } from './referral-rules.ts';

export function toMerchantReferral(row: ReferralListRow): MerchantReferral {
  const side = (s: Side) => {
    const reward = sideReward(row, s);
    const status = s === 'friend' ? row.friendCouponStatus : row.inviterCouponStatus;
    const code = s === 'friend' ? row.friendCouponCode : row.inviterCouponCode;
    const expires = s === 'friend' ? row.friendCouponExpiresAt : row.inviterCouponExpiresAt;
    const usedOrder = s === 'friend' ? row.friendUsedOrderId : row.inviterUsedOrderId;
    const discount = s === 'friend' ? row.friendDiscountHalalas : row.inviterDiscountHalalas;
    const made = status === 'issued' || status === 'used';
    return {
      ...reward,
      status,
      code: made ? code : null,
      expiresAt: made ? (expires?.toISOString() ?? null) : null,
      usedOrderId: usedOrder === null ? null : String(usedOrder),
      discount: discount === null ? null : halalasToSar(Number(discount)),
    };
  };
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    code: row.code,
    inviter:
      row.inviterCustomerId === null
        ? null
        : {
            id: String(row.inviterCustomerId),
            name: row.inviterName ?? '',
            email: row.inviterEmail,
          },
    friend: {
      email: row.friendEmail,
      customerId: row.friendCustomerId === null ? null : String(row.friendCustomerId),
      name: row.friendName,
    },
    friendReward: side('friend'),
    inviterReward: side('inviter'),
    orderId: row.orderId === null ? null : String(row.orderId),
    orderTotal: row.orderTotalHalalas === null ? null : halalasToSar(row.orderTotalHalalas),
    claimedAt: row.claimedAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    reversedAt: row.reversedAt?.toISOString() ?? null,
  };
}

export const encodeCursor = (row: ReferralRow) =>
  Buffer.from(`${row.claimedAt.toISOString()}|${row.id}`).toString('base64url');

export function decodeCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(date.getTime()))
    throw new AppError('VALIDATION_FAILED', {
      issues: [{ path: 'cursor', code: 'invalid_cursor', message: 'Unknown cursor' }],
    });
  return { at: date, id };
}

const REFERRAL_COUPON_NAMES: Record<ReferralCouponRow['side'], Record<Language, string>> = {
  friend: { ar: 'هدية دعوة صديق', en: 'Gift from a friend’s invitation' },
  inviter: { ar: 'مكافأة دعوة صديق', en: 'Reward for inviting a friend' },
};

const REFERRAL_TO_REWARD_TYPE: Record<ReferralCouponRow['type'], RewardType> = {
  fixed: 'fixed_discount',
  percentage: 'percentage_discount',
  shipping: 'free_shipping',
};

/** A referral coupon in the shopper's coupons: no reward behind it, no points spent. */
export function referralShopperCoupon(
  row: ReferralCouponRow,
  lang: Language,
  now: Date,
): ShopperCoupon {
  const expired = row.status === 'issued' && row.expiresAt !== null && row.expiresAt <= now;
  return {
    id: row.id,
    source: 'referral',
    rewardId: null,
    name: REFERRAL_COUPON_NAMES[row.side][lang],
    pointsRequired: 0,
    type: REFERRAL_TO_REWARD_TYPE[row.type],
    value: row.value,
    minOrderAmount: 0,
    status: expired ? 'expired' : row.status,
    code: row.status === 'pending' ? null : row.code,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    cancelReason: null,
    // Referral coupons were never bought with points: nothing to give back.
    cancellableUntil: null,
  };
}
