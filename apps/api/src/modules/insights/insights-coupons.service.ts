import { type CouponsQuery, type MerchantCoupon } from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { findReferralCoupons, type ReferralCouponRow } from '../referrals/index.ts';
import { findCoupons, type CouponRow } from './insights.repository.ts';

export function toMerchantCoupon(row: CouponRow, now: Date): MerchantCoupon {
  const expired = row.status === 'issued' && row.expiresAt !== null && row.expiresAt <= now;
  return {
    id: row.id,
    code: row.status === 'pending' || row.status === 'failed' ? null : row.code,
    source: 'reward',
    status: (expired ? 'expired' : row.status) as MerchantCoupon['status'],
    customer: {
      id: row.customerId,
      name: `${row.firstName} ${row.lastName}`.trim(),
      email: row.email,
    },
    reward: {
      id: row.rewardId,
      name: row.rewardName,
      type: row.rewardType,
      value: row.rewardValue,
    },
    referral: null,
    points: row.points,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    usedAt: row.usedAt?.toISOString() ?? null,
    usedOrderId: row.usedOrderId,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancelReason: row.cancelReason,
    failureReason: row.failureReason,
  };
}

/** A referral coupon (decision 021) in the merchant's list: the side that holds it, no points. */
export function referralMerchantCoupon(row: ReferralCouponRow, now: Date): MerchantCoupon {
  const expired = row.status === 'issued' && row.expiresAt !== null && row.expiresAt <= now;
  return {
    id: row.id,
    code: row.status === 'pending' ? null : row.code,
    source: 'referral',
    status: expired ? 'expired' : row.status,
    customer: {
      id: row.customerId,
      name: `${row.firstName} ${row.lastName}`.trim(),
      email: row.email,
    },
    reward: null,
    referral: { side: row.side, type: row.type, value: row.value, maxAmount: row.maxAmount },
    points: 0,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    usedAt: null,
    usedOrderId: row.usedOrderId,
    cancelReason: null,
    cancelledAt: null,
    failureReason: null,
  };
}

function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(JSON.stringify([row.createdAt.toISOString(), row.id])).toString('base64url');
}
function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string' &&
      /^[0-9a-f-]{36}$/i.test(value[1]) &&
      !Number.isNaN(Date.parse(value[0]))
    )
      return { createdAt: new Date(value[0]), id: value[1] };
  } catch {
    // falls through to the validation error
  }
  throw new AppError('VALIDATION_FAILED', {
    issues: [{ path: 'cursor', code: 'invalid_cursor', message: 'Unknown cursor' }],
  });
}

/** The merchant's coupons list: reward coupons and referral coupons, merged in one keyset order. */
export function createInsightsCouponsService(ctx: AppContext) {
  const { db } = ctx;

  async function listCoupons({
    merchantId,
    query,
  }: {
    merchantId: number;
    query: CouponsQuery;
  }): Promise<{ items: MerchantCoupon[]; nextCursor: string | null }> {
    const now = ctx.now();
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    // Failed and cancelled are a redemption's states: no referral coupon has them.
    const referralStatus =
      query.status === 'failed' || query.status === 'cancelled' ? null : query.status;
    // Both sources in the same keyset order, each one page ahead, merged: the next page starts
    // after the last row shown, whichever source it came from.
    const [rewardRows, referralRows] = await Promise.all([
      query.source === 'referral'
        ? []
        : findCoupons(db, merchantId, {
            status: query.status,
            q: query.q,
            after,
            limit: query.limit + 1,
            now,
          }),
      query.source === 'reward' || referralStatus === null
        ? []
        : findReferralCoupons(db, merchantId, {
            status: referralStatus,
            q: query.q,
            after,
            limit: query.limit + 1,
            now,
          }),
    ]);
    const merged = [
      ...rewardRows.map((row) => ({ row, coupon: toMerchantCoupon(row, now) })),
      ...referralRows.map((row) => ({ row, coupon: referralMerchantCoupon(row, now) })),
    ].sort(
      (a, b) =>
        b.row.createdAt.getTime() - a.row.createdAt.getTime() ||
        (b.row.id > a.row.id ? 1 : b.row.id < a.row.id ? -1 : 0),
    );
    const page = merged.slice(0, query.limit);
    return {
      items: page.map((entry) => entry.coupon),
      nextCursor: merged.length > query.limit ? encodeCursor(page[page.length - 1]!.row) : null,
    };
  }

  async function getCoupon(merchantId: number, id: string): Promise<MerchantCoupon> {
    const now = ctx.now();
    const [row] = await findCoupons(db, merchantId, { id, limit: 1, now });
    if (!row) throw new AppError('NOT_FOUND');
    return toMerchantCoupon(row, now);
  }

  return { listCoupons, getCoupon };
}
