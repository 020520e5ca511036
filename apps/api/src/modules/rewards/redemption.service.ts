import { randomUUID } from 'node:crypto';
import {
  REWARD_TYPE_FEATURE,
  SHOPPER_CANCEL_WINDOW_MINUTES,
  planHasFeature,
  type Language,
  type CouponCancelReason,
  type RedemptionStatus,
  type RedemptionBlock,
  type ShopperCoupon,
} from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { SallaApiError, type CouponRequest, type SallaClient } from '../../lib/salla-client.ts';
import { subscriptionActive } from '../engine/index.ts';
import { lockCustomerBalance } from '../engine/index.ts';
import { creditPoints, debitPoints, type Shortfall } from '../engine/index.ts';
import { findMerchantById, type MerchantRow } from '../merchants/index.ts';
import { enqueueNotification } from '../notifications/index.ts';
import type { SallaTokenService } from '../salla/index.ts';
import {
  countHeldRedemptions,
  findRedemption,
  type RedemptionRow,
  findStalePendingRedemptions,
  findTierStanding,
  insertRedemption,
  lockPendingRedemption,
  lockRedemption,
  updateRedemption,
  type RedemptionWithReward,
} from './redemptions.repository.ts';
import { lockRewardById, type RewardRow } from './rewards.repository.ts';
import {
  createOrConfirmCoupon,
  generateCouponCode,
  isOurCodeTaken,
  riyadhDate,
  singleUseCoupon,
} from './salla-coupon.ts';
import { rewardName } from './reward-text.ts';

export { generateCouponCode };

/**
 * A shopper spends points on a reward (docs/decisions/007). Two steps, because the coupon is made
 * by Salla and no transaction spans a network call:
 *  1. reserve — one transaction: every rule checked, the points taken (`redeem:{id}`), the
 *     redemption written `pending` with its coupon code;
 *  2. issue — Salla's `POST /coupons`; success marks it `issued`, any failure gives the points back
 *     (`redeem_rollback:{id}`) and marks it `failed`.
 * A crash between the two leaves a `pending` row; the reconciliation job finishes it or refunds.
 */

/** The outbox key of a redemption's coupon mail: one mail per coupon. */
export const couponMailKey = (redemptionId: string) => `coupon:${redemptionId}`;

/** A pending redemption this old is left over from a crash (a live one takes seconds). */
export const RECONCILE_AFTER_MS = 2 * 60_000;

/** How long a retried request waits for the first one's answer from Salla (the page waits 30 s). */
const SETTLE_WAIT_MS = 25_000;

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

export function createRedemptionService(
  ctx: AppContext,
  deps: {
    salla: SallaClient;
    sallaTokens: SallaTokenService;
    /** Sends the coupon's mail from the outbox at once (the worker retries it if that fails). */
    notifications?: { deliverSoon(row: { merchantId: number; idempotencyKey: string }): void };
  },
) {
  const { db, log } = ctx;

  /**
   * Step 1, one transaction. Lock order: customer, then reward (the engine locks the customer
   * alone; reward edits lock the reward alone). The merchant is read, not locked: a pause that
   * lands a moment later stops the next redemption.
   */
  async function reserveRedemption(
    input: RedeemInput,
  ): Promise<{ redemption: RedemptionWithReward; created: boolean }> {
    const now = ctx.now();
    const redemptionId = input.requestId ?? randomUUID();
    // A retried click (same requestId): the same redemption, never a second one.
    const earlier = async () => {
      const existing = await findRedemption(db, input.merchantId, redemptionId);
      if (existing && existing.customerId !== input.customerId) throw new AppError('FORBIDDEN');
      return existing;
    };
    const existing = await earlier();
    if (existing) return { redemption: existing, created: false };
    const reserve = db.transaction(async (tx) => {
      const merchant = await findMerchantById(tx, input.merchantId);
      if (!merchant) throw new AppError('NOT_FOUND');
      const block = redemptionBlock(merchant, now);
      if (block) throw new AppError(block);
      const balance = await lockCustomerBalance(tx, input.merchantId, input.customerId);
      if (balance === null) throw new AppError('NOT_FOUND');
      const reward = await lockRewardById(tx, input.merchantId, input.rewardId);
      if (!reward || !reward.isActive) throw new AppError('REWARD_UNAVAILABLE');
      const feature = REWARD_TYPE_FEATURE[reward.type];
      if (feature && (!merchant.plan || !planHasFeature(merchant.plan, feature)))
        throw new AppError('REWARD_UNAVAILABLE');
      if (reward.minTierId !== null) {
        // Reserved for a VIP tier and above (decision 024): offered only while tiers are on.
        const tier = await findTierStanding(
          tx,
          input.merchantId,
          input.customerId,
          reward.minTierId,
        );
        if (!tier.live || !merchant.plan || !planHasFeature(merchant.plan, 'vipTiers'))
          throw new AppError('REWARD_UNAVAILABLE');
        if (tier.have < tier.need) throw new AppError('TIER_REQUIRED');
      }
      if (
        reward.maxUsage !== null &&
        (await countHeldRedemptions(tx, input.merchantId, reward.id)) >= reward.maxUsage
      )
        throw new AppError('REWARD_LIMIT_REACHED');
      if (balance < reward.pointsRequired) throw new AppError('INSUFFICIENT_POINTS');
      const expiresAt = new Date(now.getTime() + reward.couponValidDays * 86_400_000);
      await insertRedemption(tx, {
        merchantId: input.merchantId,
        id: redemptionId,
        customerId: input.customerId,
        rewardId: reward.id,
        points: reward.pointsRequired,
        status: 'pending',
        couponCode: generateCouponCode(),
        couponExpiresAt: expiresAt,
        createdAt: now,
        updatedAt: now,
      });
      const row = await debitPoints(tx, {
        merchantId: input.merchantId,
        customerId: input.customerId,
        points: reward.pointsRequired,
        kind: 'redeem',
        sourceType: 'redemption',
        sourceId: redemptionId,
        idempotencyKey: `redeem:${redemptionId}`,
        note: reward.name,
        at: now,
      });
      // The balance was locked and checked above, so the debit takes all of it.
      if (!row || row.shortfall !== 0) throw new Error(`redemption ${redemptionId} not debited`);
    });
    try {
      await reserve;
    } catch (error) {
      // The same requestId reserved by a concurrent request a moment ago.
      if (!isUniqueViolation(error, 'redemptions')) throw error;
      const raced = await earlier();
      if (!raced) throw error;
      return { redemption: raced, created: false };
    }
    return {
      redemption: (await findRedemption(db, input.merchantId, redemptionId))!,
      created: true,
    };
  }

  /** A redemption another request is issuing: its outcome, waited for up to the page's timeout. */
  async function settledRedemption(
    redemption: RedemptionWithReward,
  ): Promise<RedemptionWithReward> {
    const deadline = Date.now() + SETTLE_WAIT_MS;
    let row = redemption;
    while (row.status === 'pending' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      row = (await findRedemption(db, row.merchantId, row.id)) ?? row;
    }
    return row;
  }

  /** Gives the points of a pending redemption back and marks it failed; once. */
  async function refundRedemption(
    redemption: RedemptionWithReward,
    reason: string,
  ): Promise<boolean> {
    const { merchantId, id: redemptionId } = redemption;
    return db.transaction(async (tx) => {
      const pending = await lockPendingRedemption(tx, merchantId, redemptionId);
      if (!pending) return false;
      await creditPoints(tx, {
        merchantId,
        customerId: pending.customerId,
        points: pending.points,
        kind: 'redeem_rollback',
        sourceType: 'redemption',
        sourceId: redemptionId,
        idempotencyKey: `redeem_rollback:${redemptionId}`,
        note: redemption.reward.name,
        at: ctx.now(),
      });
      await updateRedemption(tx, merchantId, redemptionId, {
        status: 'failed',
        failureReason: reason.slice(0, 500),
      });
      return true;
    });
  }

  /**
   * Marks it issued and, in the same transaction, writes the coupon's mail to the outbox
   * (`coupon:{id}`): the mail exists exactly when the coupon does, and is retried like any other.
   */
  async function markIssued(
    tx: Executor,
    redemption: RedemptionWithReward,
    sallaCouponId: string | null,
    lang: Language,
  ): Promise<boolean> {
    const { merchantId, id: redemptionId } = redemption;
    const pending = await lockPendingRedemption(tx, merchantId, redemptionId);
    if (!pending) return false;
    await updateRedemption(tx, merchantId, redemptionId, { status: 'issued', sallaCouponId });
    if (redemption.couponCode && redemption.couponExpiresAt)
      await enqueueNotification(tx, {
        merchantId,
        customerId: redemption.customerId,
        kind: 'coupon_issued',
        idempotencyKey: couponMailKey(redemptionId),
        payload: {
          rewardName: rewardName(redemption.reward, lang),
          points: redemption.points,
          code: redemption.couponCode,
          expiresOn: riyadhDate(redemption.couponExpiresAt),
          minOrderAmount: redemption.reward.minOrderAmount,
          lang,
        },
        at: ctx.now(),
      });
    return true;
  }

  /**
   * Step 2: Salla creates the coupon. Returns the issued redemption; on any failure the points
   * are back before this throws REDEMPTION_FAILED.
   */
  async function issueRedemption(
    redemption: RedemptionWithReward,
    lang: Language,
    options: { afterCrash?: boolean } = {},
  ): Promise<RedemptionWithReward> {
    const { merchantId } = redemption;
    let couponId: string | null;
    try {
      const accessToken = await deps.sallaTokens.getAccessToken({ merchantId });
      const request = couponRequestFor(
        redemption.reward,
        redemption.couponCode!,
        redemption.createdAt,
        redemption.couponExpiresAt!,
      );
      couponId = await createOrConfirmCoupon({ salla: deps.salla, log }, accessToken, request, {
        redemptionId: redemption.id,
      });
    } catch (error) {
      if (options.afterCrash && isOurCodeTaken(error)) {
        // The crashed attempt got as far as Salla: the coupon with our code exists, so the
        // points stay spent and the shopper gets it (Salla's answer, and its id, were lost).
        log.warn(
          { merchantId, redemptionId: redemption.id },
          'coupon already made before a crash; marked issued',
        );
        couponId = null;
      } else {
        const reason =
          error instanceof SallaApiError
            ? `salla ${error.status} ${error.code}: ${error.message}`
            : error instanceof AppError
              ? error.code
              : 'unexpected error';
        log.warn(
          { err: error, merchantId, redemptionId: redemption.id, reason },
          'coupon not created; points returned',
        );
        await refundRedemption(redemption, reason);
        if (!(error instanceof SallaApiError) && !(error instanceof AppError)) throw error;
        // The shopper reads that the points are back, whatever the store's own trouble is.
        throw new AppError('REDEMPTION_FAILED');
      }
    }
    const issued = await db.transaction((tx) => markIssued(tx, redemption, couponId, lang));
    const fresh = (await findRedemption(db, merchantId, redemption.id))!;
    if (issued) {
      deps.notifications?.deliverSoon({
        merchantId,
        idempotencyKey: couponMailKey(redemption.id),
      });
      log.info(
        { merchantId, redemptionId: redemption.id, points: redemption.points },
        'reward redeemed',
      );
    }
    return fresh;
  }

  /** POST …/redeem: reserve, then issue; a retried request answers with what it got before. */
  async function redeemReward(input: RedeemInput): Promise<ShopperCoupon> {
    const { redemption, created } = await reserveRedemption(input);
    // Only the request that reserved it asks Salla; a retry waits for that outcome (two calls
    // with one code could both fail and refund a coupon the first one made).
    const result = created
      ? await issueRedemption(redemption, input.lang)
      : await settledRedemption(redemption);
    if (result.status === 'failed') throw new AppError('REDEMPTION_FAILED');
    return toShopperCoupon(result, ctx.now(), input.lang);
  }

  /**
   * Finishes what a crash left pending: Salla is asked once more with the same code; if that
   * fails the points go back. Every store by default; one store when asked (tests, operators). A coupon Salla made before the crash but we never recorded keeps a
   * code nobody was shown, usable once: nothing is given twice (docs/decisions/007).
   */
  async function reconcileRedemptions(
    options: { merchantId?: number } = {},
  ): Promise<{ issued: number; refunded: number }> {
    const before = new Date(ctx.now().getTime() - RECONCILE_AFTER_MS);
    let issued = 0;
    let refunded = 0;
    for (const stale of await findStalePendingRedemptions(db, before, 100, options.merchantId)) {
      const redemption = await findRedemption(db, stale.merchantId, stale.id);
      if (!redemption || redemption.status !== 'pending') continue;
      try {
        const result = await issueRedemption(redemption, 'ar', { afterCrash: true });
        if (result.status === 'issued') issued += 1;
      } catch (error) {
        if (error instanceof AppError) {
          refunded += 1;
          continue;
        }
        // One broken row must not stop the others; it stays pending for the next run.
        log.error(
          { err: error, merchantId: stale.merchantId, redemptionId: stale.id },
          'reconcile failed',
        );
      }
    }
    if (issued + refunded > 0)
      log.info({ job: 'redemption-reconcile', issued, refunded }, 'pending redemptions settled');
    return { issued, refunded };
  }

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

  return {
    redeemReward,
    reserveRedemption,
    issueRedemption,
    reconcileRedemptions,
    cancelCoupon,
    cancelShopperCoupon,
    withdrawCoupon,
    reclaimCoupon,
  };
}

export type RedemptionService = ReturnType<typeof createRedemptionService>;
