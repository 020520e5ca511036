import { type CouponCancelReason, type ShopperCoupon } from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { SallaApiError, type SallaClient } from '../../lib/salla-client.ts';
import { lockCustomerBalance } from '../engine/index.ts';
import { creditPoints, debitPoints, type Shortfall } from '../engine/index.ts';
import { findMerchantById } from '../merchants/index.ts';
import type { SallaTokenService } from '../salla/index.ts';
import {
  findRedemption,
  type RedemptionRow,
  lockRedemption,
  updateRedemption,
  type RedemptionWithReward,
} from './redemptions.repository.ts';
import { shopperCancellableUntil, toShopperCoupon } from './redemption-rules.ts';

/** Coupons taken back: cancelled by the merchant or the shopper, withdrawn for a clawback, or reclaimed when used all the same. */
export function createRedemptionCancelService(
  ctx: AppContext,
  deps: { salla: SallaClient; sallaTokens: SallaTokenService },
) {
  const { db, log } = ctx;

  /**
   * Takes an issued coupon off Salla before its points are given back: Salla's coupon id as
   * stored, or else found by its code (List Coupons; an answer lost at creation kept no id);
   * Coupon Details says whether an order used it; then Delete Coupon. A coupon Salla no longer has
   * (404, or no coupon with the code) is gone too. Salla's errors are thrown as they come.
   */
  async function removeAtSalla(
    redemption: RedemptionRow,
  ): Promise<{ kind: 'gone' | 'used'; couponId: string | null }> {
    const { merchantId } = redemption;
    const accessToken = await deps.sallaTokens.getAccessToken({ merchantId });
    let couponId = redemption.sallaCouponId;
    try {
      let usage: number | null;
      if (couponId) {
        usage = (await deps.salla.getCoupon(accessToken, couponId)).usageCount;
      } else {
        const found = redemption.couponCode
          ? await deps.salla.findCouponByCode(accessToken, redemption.couponCode)
          : null;
        if (!found || found.status === 'deleted') {
          log.warn(
            { merchantId, redemptionId: redemption.id },
            'coupon without a Salla id not found at Salla by its code: counted as gone',
          );
          return { kind: 'gone', couponId: null };
        }
        couponId = found.id;
        usage = found.usageCount;
      }
      if ((usage ?? 0) > 0) return { kind: 'used', couponId };
      await deps.salla.deleteCoupon(accessToken, couponId);
    } catch (error) {
      if (!(error instanceof SallaApiError) || error.status !== 404) throw error;
    }
    return { kind: 'gone', couponId };
  }

  /** Salla says an order used it: used (the order fills in when its webhook comes). */
  async function markUsedAtSalla(redemption: RedemptionRow, couponId: string | null) {
    const { merchantId, id } = redemption;
    await db.transaction(async (tx) => {
      await lockCustomerBalance(tx, merchantId, redemption.customerId);
      const row = await lockRedemption(tx, merchantId, id);
      if (row?.status !== 'issued') return;
      await updateRedemption(tx, merchantId, id, {
        status: 'used',
        usedAt: ctx.now(),
        sallaCouponId: couponId ?? row.sallaCouponId,
      });
    });
    log.info({ merchantId, redemptionId: id }, 'coupon found used at Salla');
  }

  /**
   * One transaction — the shopper's lock, then the redemption's: an issued coupon becomes
   * cancelled (by the merchant, or withdrawn for a clawback) and its points go back under `key`,
   * repaying first what the shopper owes. False when it was no longer issued.
   */
  async function returnCouponPoints(
    redemption: RedemptionWithReward,
    input: { reason: CouponCancelReason; key: string; couponId: string | null },
  ): Promise<boolean> {
    const { merchantId, id: redemptionId } = redemption;
    const now = ctx.now();
    const merchant = await findMerchantById(db, merchantId);
    return db.transaction(async (tx) => {
      await lockCustomerBalance(tx, merchantId, redemption.customerId);
      const row = await lockRedemption(tx, merchantId, redemptionId);
      if (!row || row.status !== 'issued') return false;
      await updateRedemption(tx, merchantId, redemptionId, {
        status: 'cancelled',
        cancelReason: input.reason,
        cancelledAt: now,
        sallaCouponId: input.couponId ?? row.sallaCouponId,
      });
      await creditPoints(tx, {
        merchantId,
        customerId: row.customerId,
        points: row.points,
        kind: 'redeem_rollback',
        sourceType: 'redemption',
        sourceId: redemptionId,
        idempotencyKey: input.key,
        note: redemption.reward.name,
        expiresAt: merchant?.pointsExpiryDays
          ? new Date(now.getTime() + merchant.pointsExpiryDays * 86_400_000)
          : null,
        at: now,
      });
      return true;
    });
  }

  /**
   * The merchant cancels an unused coupon: Salla deletes it first (found by its code when its id
   * was never learnt; a coupon already gone there counts as deleted; one Salla says was used is
   * refused with COUPON_USED_AT_SALLA and marked used), then its points go back with the ledger
   * key `coupon_cancel:<id>`, so a retry or a second click never returns them twice. Answers
   * whether this call cancelled it.
   *
   * `shopper`: the shopper cancels it from the loyalty page — only their own coupon (another
   * shopper's reads NOT_FOUND), only within SHOPPER_CANCEL_WINDOW_MINUTES of redeeming it
   * (COUPON_CANCEL_WINDOW_PASSED), recorded with `cancel_reason = 'shopper'`. The same ledger key
   * as the merchant's, so a merchant's and a shopper's cancel racing give the points back once.
   */
  async function cancelCoupon({
    merchantId,
    redemptionId,
    shopper,
  }: {
    merchantId: number;
    redemptionId: string;
    shopper?: { customerId: number };
  }): Promise<{ cancelled: boolean }> {
    const now = ctx.now();
    const found = await findRedemption(db, merchantId, redemptionId);
    if (!found || (shopper && found.customerId !== shopper.customerId))
      throw new AppError('NOT_FOUND');
    if (found.status === 'cancelled') return { cancelled: false };
    const cancellable = (row: { status: string; couponExpiresAt: Date | null }) =>
      row.status === 'issued' && (row.couponExpiresAt === null || row.couponExpiresAt > now);
    if (!cancellable(found)) throw new AppError('COUPON_NOT_CANCELLABLE');
    if (shopper && !shopperCancellableUntil(found, now))
      throw new AppError('COUPON_CANCEL_WINDOW_PASSED');
    let atSalla: Awaited<ReturnType<typeof removeAtSalla>>;
    try {
      atSalla = await removeAtSalla(found);
    } catch (error) {
      if (!(error instanceof SallaApiError)) throw error;
      log.warn({ err: error, merchantId, redemptionId }, 'coupon not deleted at Salla');
      throw new AppError('SALLA_UNAVAILABLE', { cause: error });
    }
    if (atSalla.kind === 'used') {
      await markUsedAtSalla(found, atSalla.couponId);
      throw new AppError('COUPON_USED_AT_SALLA');
    }
    const cancelled = await returnCouponPoints(found, {
      reason: shopper ? 'shopper' : 'merchant',
      key: `coupon_cancel:${redemptionId}`,
      couponId: atSalla.couponId,
    });
    if (!cancelled) {
      // Cancelled meanwhile (a second click, the clawback's withdrawal), or used.
      const fresh = await findRedemption(db, merchantId, redemptionId);
      if (fresh?.status === 'cancelled') return { cancelled: false };
      throw new AppError('COUPON_NOT_CANCELLABLE');
    }
    log.info(
      { merchantId, redemptionId, points: found.points, by: shopper ? 'shopper' : 'merchant' },
      'coupon cancelled; points returned',
    );
    return { cancelled: true };
  }

  /** POST …/coupons/{id}/cancel: the shopper's cancel, answered with the coupon as it now is. */
  async function cancelShopperCoupon(input: {
    merchantId: number;
    customerId: number;
    couponId: string;
  }): Promise<ShopperCoupon> {
    await cancelCoupon({
      merchantId: input.merchantId,
      redemptionId: input.couponId,
      shopper: { customerId: input.customerId },
    });
    const row = await findRedemption(db, input.merchantId, input.couponId);
    if (!row) throw new AppError('NOT_FOUND');
    return toShopperCoupon(row, ctx.now());
  }

  /**
   * Withdraws an unused coupon because the points that bought it were clawed back
   * (docs/decisions/027): deleted at Salla as a merchant's cancel is, then its points go back
   * (`coupon_withdraw:<id>`) and repay what the shopper owes. `used`: Salla says an order used
   * it, so it stays spent. Salla's failures are thrown for the caller to retry.
   */
  async function withdrawCoupon({
    merchantId,
    redemptionId,
  }: {
    merchantId: number;
    redemptionId: string;
  }): Promise<'withdrawn' | 'used' | 'skipped'> {
    const found = await findRedemption(db, merchantId, redemptionId);
    if (!found || found.status !== 'issued') return 'skipped';
    const atSalla = await removeAtSalla(found);
    if (atSalla.kind === 'used') {
      await markUsedAtSalla(found, atSalla.couponId);
      return 'used';
    }
    const withdrawn = await returnCouponPoints(found, {
      reason: 'clawback',
      key: `coupon_withdraw:${redemptionId}`,
      couponId: atSalla.couponId,
    });
    if (withdrawn)
      log.info(
        { merchantId, redemptionId, points: found.points },
        'coupon withdrawn for a clawback; its points repay the debt',
      );
    return withdrawn ? 'withdrawn' : 'skipped';
  }

  /**
   * A coupon whose points were given back (cancelled, withdrawn) was used all the same: its points
   * are taken again (`coupon_reclaim:<id>`), what the balance cannot cover owed or forgiven as the
   * store chose. Once.
   */
  async function reclaimCoupon(input: {
    merchantId: number;
    redemptionId: string;
    shortfall: Shortfall;
  }): Promise<boolean> {
    const { merchantId, redemptionId } = input;
    const found = await findRedemption(db, merchantId, redemptionId);
    if (!found) return false;
    return db.transaction(async (tx) => {
      await lockCustomerBalance(tx, merchantId, found.customerId);
      const row = await lockRedemption(tx, merchantId, redemptionId);
      if (!row || row.status !== 'used' || row.cancelReason === null) return false;
      const debit = await debitPoints(tx, {
        merchantId,
        customerId: row.customerId,
        points: row.points,
        kind: 'redeem',
        sourceType: 'redemption',
        sourceId: redemptionId,
        idempotencyKey: `coupon_reclaim:${redemptionId}`,
        note: found.reward.name,
        shortfall: input.shortfall,
        at: ctx.now(),
      });
      if (debit)
        log.warn(
          { merchantId, redemptionId, points: row.points, owed: debit.debtDelta },
          'a coupon whose points were returned was used; its points were taken again',
        );
      return debit !== null;
    });
  }

  return { cancelCoupon, cancelShopperCoupon, withdrawCoupon, reclaimCoupon };
}
