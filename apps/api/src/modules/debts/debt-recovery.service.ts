import { randomUUID } from 'node:crypto';
import { createPerStoreRuns } from '../../lib/per-store-runs.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { SallaApiError } from '../../lib/salla-client.ts';
import { findCustomer } from '../engine/index.ts';
import { findMerchantById } from '../merchants/index.ts';
import type { RedemptionService } from '../rewards/index.ts';
import { findCouponsToReclaim, findWithdrawableCoupons } from '../rewards/index.ts';
import { claimDueRecoveries, settleRecovery, type RecoveryClaim } from '../engine/index.ts';

/**
 * Points that were spent and then clawed back do not become free money (docs/decisions/027).
 * When a clawback leaves a shopper owing points, the engine queues a recovery in the same
 * transaction; after the commit this worker withdraws the shopper's unused coupons at Salla, one
 * at a time, each giving back what it cost — which repays the debt — until nothing is owed or no
 * coupon is left. It never runs inside a webhook's transaction. Any number of instances may run
 * it: each shopper's row is claimed under a lease, each coupon changes state under its row lock,
 * and every ledger row has its key.
 */

/** A claimed shopper belongs to its worker this long (a run takes a few Salla calls). */
export const RECOVERY_LEASE_MS = 5 * 60_000;
/** Failed runs (Salla down, tokens refused) before the row is given up as failed. */
export const RECOVERY_MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 60 * 60_000;
const BATCH = 20;
/** Coupons withdrawn per shopper per run at most (each changes a row's state, so runs end). */
const MAX_STEPS = 50;

/** The back-off after `attempts` failed runs: 1 min, 2, 4, … at most an hour. */
export function recoveryRetryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

/**
 * Which coupon to withdraw next for a debt of `owed` points: the cheapest that covers it all
 * (the least taken back beyond what is owed), else the dearest (the fewest coupons withdrawn);
 * the newest among equals (the list comes newest first).
 */
export function nextCouponToWithdraw<T extends { points: number }>(
  coupons: T[],
  owed: number,
): T | undefined {
  let covering: T | undefined;
  let dearest: T | undefined;
  for (const coupon of coupons) {
    if (coupon.points >= owed && (!covering || coupon.points < covering.points)) covering = coupon;
    if (!dearest || coupon.points > dearest.points) dearest = coupon;
  }
  return covering ?? dearest;
}

/** A failure as a short code for the row and the log. */
function describe(error: unknown): string {
  if (error instanceof SallaApiError) return `salla ${error.status} ${error.code}`;
  if (error instanceof AppError) return error.code;
  return 'error';
}

export function createDebtRecovery(
  ctx: AppContext,
  deps: { redemptions: Pick<RedemptionService, 'withdrawCoupon' | 'reclaimCoupon'> },
) {
  const { db, log } = ctx;

  /** One shopper: coupons used after their points were returned, then withdrawals. */
  async function recoverCustomer(merchantId: number, customerId: number): Promise<void> {
    const merchant = await findMerchantById(db, merchantId);
    if (!merchant) return;
    const shortfall = merchant.forgiveSpentClawbacks ? 'forgive' : 'owe';
    for (const { id } of await findCouponsToReclaim(db, merchantId, customerId))
      await deps.redemptions.reclaimCoupon({ merchantId, redemptionId: id, shortfall });
    // A store that forgives withdraws nothing; what was owed before stays until repaid.
    if (merchant.forgiveSpentClawbacks) return;
    for (let step = 0; step < MAX_STEPS; step++) {
      const owed = (await findCustomer(db, merchantId, customerId))?.pointsDebt ?? 0;
      if (owed === 0) return;
      const coupon = nextCouponToWithdraw(
        await findWithdrawableCoupons(db, merchantId, customerId, ctx.now()),
        owed,
      );
      if (!coupon) return;
      const outcome = await deps.redemptions.withdrawCoupon({
        merchantId,
        redemptionId: coupon.id,
      });
      log.info({ merchantId, customerId, redemptionId: coupon.id, outcome }, 'debt recovery step');
    }
  }

  async function runClaim(claim: RecoveryClaim): Promise<'done' | 'retried' | 'failed'> {
    try {
      await recoverCustomer(claim.merchantId, claim.customerId);
    } catch (error) {
      const reason = describe(error);
      const attempts = claim.attempts + 1;
      const context = { merchantId: claim.merchantId, customerId: claim.customerId, attempts };
      if (attempts >= RECOVERY_MAX_ATTEMPTS) {
        await settleRecovery(db, claim, { status: 'failed', at: ctx.now(), error: reason });
        log.error({ ...context, err: error }, 'debt recovery gave up; what is owed stays owed');
        return 'failed';
      }
      const nextAttemptAt = new Date(ctx.now().getTime() + recoveryRetryDelayMs(attempts));
      await settleRecovery(db, claim, {
        status: 'retry',
        at: ctx.now(),
        nextAttemptAt,
        error: reason,
      });
      log.warn({ ...context, err: error, nextAttemptAt }, 'debt recovery failed; will retry');
      return 'retried';
    }
    await settleRecovery(db, claim, { status: 'done', at: ctx.now() });
    return 'done';
  }

  /** Every due recovery (of one store, or of all), batch by batch. */
  async function recoverDue(options: { merchantId?: number } = {}) {
    const result = { done: 0, retried: 0, failed: 0 };
    for (;;) {
      const now = ctx.now();
      const claims = await claimDueRecoveries(db, {
        now,
        leaseUntil: new Date(now.getTime() + RECOVERY_LEASE_MS),
        token: randomUUID(),
        limit: BATCH,
        ...(options.merchantId !== undefined ? { merchantId: options.merchantId } : {}),
      });
      for (const claim of claims) {
        try {
          result[await runClaim(claim)] += 1;
        } catch (error) {
          // A database error: the lease runs out and a later run takes the shopper again.
          log.error(
            { err: error, merchantId: claim.merchantId, customerId: claim.customerId },
            'debt recovery broke',
          );
        }
      }
      if (claims.length < BATCH) break;
    }
    return result;
  }

  const runs = createPerStoreRuns(
    (merchantId) => recoverDue({ merchantId }),
    (err, merchantId) => log.error({ err, merchantId }, 'debt recovery failed'),
  );

  /**
   * After a transaction that queued a recovery committed: the store's due recoveries, one run
   * per store at a time on this instance (the timer takes what another instance queued).
   */
  function afterCommit(merchantId: number): void {
    runs.start(merchantId);
  }

  /** Waits for the runs started after commits (tests). */
  async function idle(): Promise<void> {
    await runs.idle();
  }

  return { recoverDue, afterCommit, idle };
}

export type DebtRecovery = ReturnType<typeof createDebtRecovery>;
