import { randomUUID } from 'node:crypto';
import {
  REWARD_TYPE_FEATURE,
  REWARD_TYPES,
  planHasFeature,
  type ErrorCode,
  type Language,
  type ShopperCoupon,
} from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { SallaApiError, type SallaClient } from '../../lib/salla-client.ts';
import { creditPoints } from '../engine/index.ts';
import { findMerchantById, type MerchantRow } from '../merchants/index.ts';
import { outboxRowOf } from '../notifications/index.ts';
import type { SallaTokenService } from '../salla/index.ts';
import {
  findRedemption,
  findStalePendingRedemptions,
  markRedemptionIssued,
  reserveRedemptionInOne,
  lockPendingRedemption,
  updateRedemption,
  type RedemptionWithReward,
} from './redemptions.repository.ts';
import {
  couponRequest,
  createOrConfirmCoupon,
  generateCouponCode,
  isOurCodeTaken,
  riyadhDate,
} from '../salla/index.ts';
import {
  couponMailKey,
  RECONCILE_AFTER_MS,
  SETTLE_WAIT_MS,
  redemptionBlock,
  couponOfferFor,
  toShopperCoupon,
  type RedeemInput,
} from './redemption-rules.ts';
import { rewardName } from './reward-text.ts';

/**
 * A shopper spends points on a reward (docs/decisions/007). Two steps, because the coupon is made
 * by Salla and no transaction spans a network call:
 *  1. reserve — one transaction: every rule checked, the points taken (`redeem:{id}`), the
 *     redemption written `pending` with its coupon code;
 *  2. issue — Salla's `POST /coupons`; success marks it `issued`, any failure gives the points back
 *     (`redeem_rollback:{id}`) and marks it `failed`.
 * A crash between the two leaves a `pending` row; the reconciliation job finishes it or refunds.
 */
export function createRedemptionIssueService(
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
   * Step 1, one statement (`nuqat_redeem_reserve`, docs/decisions/059): no transaction is held
   * across the event loop. The store is read first, not locked (a pause that lands a moment
   * later stops the next redemption), and decides what depends on it alone; the function takes,
   * in the order the reserve transaction took them: a retried click's redemption, the
   * customer's lock, then the reward's share lock (an edit waits for the redemptions under way
   * and they do not wait for each other), a limited reward's usage lock before counting, the
   * balance, the pending redemption, the debit and its lots.
   */
  async function reserveRedemption(input: RedeemInput): Promise<{
    redemption: RedemptionWithReward;
    created: boolean;
    /** The store's row as the reserve step read it (the token service takes it from here). */
    merchant?: MerchantRow | undefined;
  }> {
    const now = ctx.now();
    const redemptionId = input.requestId ?? randomUUID();
    // A retried click (same requestId): the same redemption, never a second one.
    const earlier = async () => {
      const existing = await findRedemption(db, input.merchantId, redemptionId);
      if (existing && existing.customerId !== input.customerId) throw new AppError('FORBIDDEN');
      return existing;
    };
    const merchant = await findMerchantById(db, input.merchantId);
    const plan = merchant?.plan ?? null;
    const outcome = await reserveRedemptionInOne(db, {
      merchantId: input.merchantId,
      customerId: input.customerId,
      rewardId: input.rewardId,
      redemptionId,
      couponCode: generateCouponCode(),
      at: now,
      block: merchant ? redemptionBlock(merchant, now) : 'NOT_FOUND',
      allowedTypes: REWARD_TYPES.filter((type) => {
        const feature = REWARD_TYPE_FEATURE[type];
        return !feature || (plan !== null && planHasFeature(plan, feature));
      }),
      vipTiers: plan !== null && planHasFeature(plan, 'vipTiers'),
    });
    if ('error' in outcome) throw new AppError(outcome.error as ErrorCode);
    if ('raced' in outcome) {
      // The same requestId reserved by a concurrent request a moment ago.
      const raced = await earlier();
      if (!raced) throw new Error(`redemption ${redemptionId} raced but not found`);
      return { redemption: raced, created: false };
    }
    if (!outcome.created && outcome.redemption.customerId !== input.customerId)
      throw new AppError('FORBIDDEN');
    return { ...outcome, merchant };
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
   * One statement (`nuqat_redeem_issued`, docs/decisions/059); answers the redemption as it is.
   */
  async function markIssued(
    redemption: RedemptionWithReward,
    sallaCouponId: string | null,
    lang: Language,
  ): Promise<{ issued: boolean; redemption: RedemptionWithReward }> {
    const { merchantId, id: redemptionId } = redemption;
    const mail =
      redemption.couponCode && redemption.couponExpiresAt
        ? outboxRowOf({
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
          })
        : null;
    return markRedemptionIssued(db, { merchantId, redemptionId, sallaCouponId, mail });
  }

  /**
   * Step 2: Salla creates the coupon. Returns the issued redemption; on any failure the points
   * are back before this throws REDEMPTION_FAILED.
   */
  async function issueRedemption(
    redemption: RedemptionWithReward,
    lang: Language,
    options: {
      afterCrash?: boolean;
      /** The store's row the reserve step read a moment ago: its token, not a second read. */
      merchant?: MerchantRow | undefined;
    } = {},
  ): Promise<RedemptionWithReward> {
    const { merchantId } = redemption;
    let couponId: string | null;
    try {
      const request = couponRequest(
        couponOfferFor(redemption.reward),
        redemption.couponCode!,
        redemption.createdAt,
        redemption.couponExpiresAt!,
      );
      const ask = async (accessToken: string) =>
        createOrConfirmCoupon({ salla: deps.salla, log }, accessToken, request, {
          redemptionId: redemption.id,
        });
      const { merchant } = options;
      try {
        couponId = await ask(await deps.sallaTokens.getAccessToken({ merchantId, merchant }));
      } catch (error) {
        // The token of the row read at reserve time may have been refreshed away since (a
        // refresh revokes the old one): Salla refused it, so read the store afresh and ask once
        // more, with the same code. Without a handed-over row this is the first answer.
        if (!merchant || !(error instanceof SallaApiError && error.status === 401)) throw error;
        couponId = await ask(await deps.sallaTokens.getAccessToken({ merchantId }));
      }
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
    const { issued, redemption: fresh } = await markIssued(redemption, couponId, lang);
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
    const { redemption, created, merchant } = await reserveRedemption(input);
    // Only the request that reserved it asks Salla; a retry waits for that outcome (two calls
    // with one code could both fail and refund a coupon the first one made).
    const result = created
      ? await issueRedemption(redemption, input.lang, { merchant })
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

  return { redeemReward, reserveRedemption, issueRedemption, reconcileRedemptions };
}
