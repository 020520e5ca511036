import {
  REFERRAL_COUPON_VALID_DAYS,
  REFERRAL_WEEKLY_CAP,
  emailKey,
  type ReferralReason,
} from '@nuqat/contracts';
import { createPerStoreRuns } from '../../lib/per-store-runs.ts';
import type { AppContext } from '../../context.ts';
import { findCustomer, lockCustomer } from '../engine/index.ts';
import { findMerchantById, type MerchantRow } from '../merchants/index.ts';
import { generateCouponCode } from '../salla/index.ts';
import {
  countInviterPayoutsSince,
  findCustomersByEmailKey,
  findFirstOrder,
  findOrderById,
  findPendingReferrals,
  findReferral,
  updateReferral,
  type OrderRow,
  type ReferralRow,
} from './referrals.repository.ts';
import {
  HOUR_MS,
  DAY_MS,
  REFERRAL_LEASE_MS,
  sideReward,
  hasValue,
  isReversed,
} from './referral-rules.ts';
import { type ReferralCoupons } from './referral-coupons.ts';

/** Pending referrals brought forward: the friend's first order found, the inviter paid or the referral closed. */
export function createReferralSettlement(ctx: AppContext, deps: { coupons: ReferralCoupons }) {
  const { db, log } = ctx;
  const { makeCoupon, mailCoupon, abandonClaim } = deps.coupons;

  /** Blocks or reverses a pending referral, once (the row lock decides). */
  async function close(
    row: ReferralRow,
    status: 'blocked' | 'reversed',
    reason: ReferralReason,
    extra: Partial<ReferralRow> = {},
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      const locked = await findReferral(tx, row.merchantId, row.id, { forUpdate: true });
      if (!locked || locked.status !== 'pending' || locked.inviterCouponStatus !== 'none')
        return false;
      await updateReferral(tx, row.merchantId, row.id, {
        ...extra,
        status,
        reason,
        ...(status === 'reversed' ? { reversedAt: ctx.now() } : {}),
      });
      log.info(
        { merchantId: row.merchantId, referralId: row.id, status, reason },
        'referral closed',
      );
      return true;
    });
  }

  /**
   * The inviter's payout: claims the right to ask Salla (a new code, or a retry whose lease ran
   * out) under the inviter's row lock, so the weekly cap holds under concurrency; then Salla;
   * then the referral is completed. Returns what happened.
   */
  async function payInviter(row: ReferralRow, merchant: MerchantRow): Promise<string> {
    const now = ctx.now();
    const claimed = await db.transaction(async (tx) => {
      await lockCustomer(tx, row.merchantId, row.inviterCustomerId!);
      const locked = await findReferral(tx, row.merchantId, row.id, { forUpdate: true });
      if (!locked || locked.status !== 'pending') return null;
      if (locked.inviterCouponStatus === 'pending') {
        const lease = Math.min(
          HOUR_MS,
          REFERRAL_LEASE_MS * 2 ** Math.max(0, locked.inviterAttempts - 1),
        );
        if (locked.inviterAttemptAt && now.getTime() - locked.inviterAttemptAt.getTime() < lease)
          return null;
        await updateReferral(tx, row.merchantId, row.id, {
          inviterAttemptAt: now,
          inviterAttempts: locked.inviterAttempts + 1,
        });
        return { row: locked, retry: true };
      }
      if (locked.inviterCouponStatus !== 'none') return null;
      const since = new Date(now.getTime() - 7 * DAY_MS);
      if (
        (await countInviterPayoutsSince(tx, row.merchantId, row.inviterCustomerId!, since)) >=
        REFERRAL_WEEKLY_CAP
      ) {
        await updateReferral(tx, row.merchantId, row.id, {
          status: 'blocked',
          reason: 'weekly_cap',
        });
        return 'capped' as const;
      }
      if (!hasValue(sideReward(locked, 'inviter'))) {
        await updateReferral(tx, row.merchantId, row.id, { status: 'completed', completedAt: now });
        return 'completed' as const;
      }
      const values = {
        inviterCouponCode: generateCouponCode('NQR'),
        inviterCouponStatus: 'pending' as const,
        inviterCouponExpiresAt: new Date(now.getTime() + REFERRAL_COUPON_VALID_DAYS * DAY_MS),
        inviterAttemptAt: now,
        inviterAttempts: 1,
      };
      await updateReferral(tx, row.merchantId, row.id, values);
      return { row: { ...locked, ...values }, retry: false };
    });
    if (claimed === null) return 'busy';
    if (typeof claimed === 'string') return claimed;
    try {
      const { sallaCouponId } = await makeCoupon(claimed.row, 'inviter', { retry: claimed.retry });
      await updateReferral(db, row.merchantId, row.id, {
        status: 'completed',
        completedAt: ctx.now(),
        inviterCouponStatus: 'issued',
        inviterSallaCouponId: sallaCouponId,
      });
    } catch (error) {
      // Stays pending with its code: the next run asks Salla again after the lease.
      log.warn(
        { err: error, merchantId: row.merchantId, referralId: row.id },
        "inviter's referral coupon not created yet; will retry",
      );
      return 'retry';
    }
    const inviter = await findCustomer(db, row.merchantId, row.inviterCustomerId!);
    mailCoupon(claimed.row, 'inviter', inviter?.email ?? null, merchant, 'ar');
    log.info({ merchantId: row.merchantId, referralId: row.id }, 'referral paid');
    return 'paid';
  }

  /** One pending referral brought forward as far as its facts allow. */
  async function settleOne(row: ReferralRow, merchant: MerchantRow): Promise<string> {
    const now = ctx.now();
    // A friend's coupon whose ask a crash cut off: ask once more with its code, or undo the claim.
    if (row.friendCouponStatus === 'pending') {
      if (row.friendAttemptAt && now.getTime() - row.friendAttemptAt.getTime() < REFERRAL_LEASE_MS)
        return 'claiming';
      try {
        const { sallaCouponId } = await makeCoupon(row, 'friend', { retry: true });
        await updateReferral(db, row.merchantId, row.id, {
          friendCouponStatus: 'issued',
          friendSallaCouponId: sallaCouponId,
        });
        mailCoupon(row, 'friend', row.friendEmail, merchant, 'ar');
        return 'gift made';
      } catch (error) {
        await abandonClaim(row, error);
        return 'claim undone';
      }
    }
    if (row.inviterCouponStatus === 'pending') return payInviter(row, merchant);

    const inviter =
      row.inviterCustomerId === null
        ? undefined
        : await findCustomer(db, row.merchantId, row.inviterCustomerId);
    let order: OrderRow | undefined;
    let friendId = row.friendCustomerId;
    if (row.orderId !== null) order = await findOrderById(db, row.merchantId, row.orderId);
    if (!order) {
      // An erased friend's address is gone (decision 029): their order is found by the gift's code.
      const known =
        row.friendEmail === null
          ? []
          : await findCustomersByEmailKey(
              db,
              row.merchantId,
              row.friendEmailKey ?? emailKey(row.friendEmail),
            );
      order = await findFirstOrder(
        db,
        row.merchantId,
        known.map((c) => c.id),
      );
      if (!order) return 'waiting';
      friendId = order.customerId;
      await updateReferral(db, row.merchantId, row.id, {
        orderId: order.id,
        friendCustomerId: friendId,
      });
    }
    const friend = friendId === null ? undefined : await findCustomer(db, row.merchantId, friendId);
    const digits = (mobile: string | null | undefined) =>
      (mobile ?? '').replace(/\D/g, '').slice(-9);
    if (
      !inviter ||
      friendId === inviter.id ||
      (digits(friend?.mobile).length === 9 && digits(friend?.mobile) === digits(inviter.mobile))
    )
      return (await close(row, 'blocked', 'self_referral')) ? 'blocked' : 'busy';
    // Known to us before the claim: the friend was already a customer (at the claim their e-mail
    // had no orders, so it was another address then). Salla's order time has whole seconds and
    // may be the checkout's start, so our own record of the order decides.
    if (order.createdAt < row.claimedAt)
      return (await close(row, 'blocked', 'existing_customer')) ? 'blocked' : 'busy';
    if (isReversed(order)) {
      const reason = order.fullyRefunded || order.restored ? 'order_refunded' : 'order_cancelled';
      return (await close(row, 'reversed', reason)) ? 'reversed' : 'busy';
    }
    if (!order.releaseAt || order.releaseAt > now) return 'waiting';
    return payInviter(row, merchant);
  }

  /**
   * Brings every pending referral (of one store, or of all) forward: run after order events and
   * by a timer. Safe to run anywhere at once: each step is decided under a row lock.
   */
  async function settle(options: { merchantId?: number; limit?: number } = {}) {
    const outcomes: Record<string, number> = {};
    const rows = await findPendingReferrals(db, options.limit ?? 500, options.merchantId);
    const merchants = new Map<number, MerchantRow | undefined>();
    for (const row of rows) {
      if (!merchants.has(row.merchantId))
        merchants.set(row.merchantId, await findMerchantById(db, row.merchantId));
      const merchant = merchants.get(row.merchantId);
      if (!merchant) continue;
      try {
        const outcome = await settleOne(row, merchant);
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      } catch (error) {
        log.error(
          { err: error, merchantId: row.merchantId, referralId: row.id },
          'referral settle failed',
        );
      }
    }
    if (options.merchantId !== undefined && rows.length === 0)
      pendingStores.delete(options.merchantId);
    return { pending: rows.length, outcomes };
  }

  /**
   * Stores this instance knows to have pending referrals, so an order of a store without any
   * costs nothing after its webhook (the timer catches what another instance claimed).
   */
  const pendingStores = new Set<number>();
  let pendingStoresLoaded = false;
  const runs = createPerStoreRuns(
    (merchantId) => settle({ merchantId }),
    (err, merchantId) => log.error({ err, merchantId }, 'referral settle failed'),
  );

  /** After an order event was committed: settle the store's referrals, one run at a time. */
  function afterOrderEvent(merchantId: number): void {
    if (pendingStoresLoaded) {
      if (pendingStores.has(merchantId)) runs.start(merchantId);
      return;
    }
    // Before the first timer run, the stores with pending referrals are read once (one query),
    // not a settle run per store after every order (issue 28: CPU per new order after a boot).
    loading ??= loadPendingStores().finally(() => (loading = null));
    const started = loading.then(
      () => {
        if (pendingStores.has(merchantId)) runs.start(merchantId);
      },
      (err: unknown) => {
        log.error({ err, merchantId }, 'referral pending stores could not be read');
        runs.start(merchantId);
      },
    );
    afterLoading.add(started);
    void started.finally(() => afterLoading.delete(started));
  }
  /** Order events waiting for the first read of the pending stores (idle() waits for them). */
  const afterLoading = new Set<Promise<void>>();
  let loading: Promise<void> | null = null;
  async function loadPendingStores(): Promise<void> {
    const stores = await findPendingReferrals(db, 10_000);
    if (pendingStoresLoaded) return;
    for (const row of stores) pendingStores.add(row.merchantId);
    pendingStoresLoaded = true;
  }

  /** The timer's run: every store, and the list of stores with pending referrals renewed. */
  async function settleAll() {
    const result = await settle();
    const stores = new Set((await findPendingReferrals(db, 10_000)).map((r) => r.merchantId));
    pendingStores.clear();
    for (const id of stores) pendingStores.add(id);
    pendingStoresLoaded = true;
    return result;
  }

  /** Waits for the settle runs started after order events (tests). */
  async function idle(): Promise<void> {
    while (afterLoading.size > 0) await Promise.all([...afterLoading]);
    await runs.idle();
  }

  return { settle, settleAll, afterOrderEvent, idle, pendingStores };
}
