import { and, asc, desc, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowFromJson } from '../../db/json-row.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { redemptions, rewards } from '../../db/schema/index.ts';
import type { RewardRow } from './rewards.repository.ts';

/** Writes and shopper-side reads of redemptions (the merchant's reports are in rewards-report.repository). */

export type RedemptionRow = typeof redemptions.$inferSelect;
export type RedemptionWithReward = RedemptionRow & { reward: RewardRow };

export async function findRedemption(
  db: Executor,
  merchantId: number,
  redemptionId: string,
): Promise<RedemptionWithReward | undefined> {
  const [row] = await db
    .select({ redemption: redemptions, reward: rewards })
    .from(redemptions)
    .innerJoin(
      rewards,
      and(eq(rewards.merchantId, redemptions.merchantId), eq(rewards.id, redemptions.rewardId)),
    )
    .where(and(eq(redemptions.merchantId, merchantId), eq(redemptions.id, redemptionId)))
    .limit(1);
  return row ? { ...row.redemption, reward: row.reward } : undefined;
}

/** Locks the redemption for a state change; a row no longer pending is left alone. */
export async function lockPendingRedemption(
  db: Executor,
  merchantId: number,
  redemptionId: string,
): Promise<RedemptionRow | undefined> {
  const [row] = await db
    .select()
    .from(redemptions)
    .where(
      and(
        eq(redemptions.merchantId, merchantId),
        eq(redemptions.id, redemptionId),
        eq(redemptions.status, 'pending'),
      ),
    )
    .for('update');
  return row;
}

/** Locks the redemption, whatever its status (after its shopper's row). */
export async function lockRedemption(
  db: Executor,
  merchantId: number,
  redemptionId: string,
): Promise<RedemptionRow | undefined> {
  const [row] = await db
    .select()
    .from(redemptions)
    .where(and(eq(redemptions.merchantId, merchantId), eq(redemptions.id, redemptionId)))
    .for('update');
  return row;
}

export async function updateRedemption(
  db: Executor,
  merchantId: number,
  redemptionId: string,
  values: Partial<
    Pick<
      RedemptionRow,
      | 'status'
      | 'sallaCouponId'
      | 'couponExpiresAt'
      | 'failureReason'
      | 'couponCode'
      | 'cancelledAt'
      | 'cancelReason'
      | 'usedAt'
    >
  >,
): Promise<void> {
  await db
    .update(redemptions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(redemptions.merchantId, merchantId), eq(redemptions.id, redemptionId)));
}

/** Pending redemptions older than `before`, across stores: what a crash left half done. */
export async function findStalePendingRedemptions(
  db: Executor,
  before: Date,
  limit: number,
  merchantId?: number,
): Promise<{ merchantId: number; id: string }[]> {
  return db
    .select({ merchantId: redemptions.merchantId, id: redemptions.id })
    .from(redemptions)
    .where(
      and(
        eq(redemptions.status, 'pending'),
        lte(redemptions.createdAt, before),
        merchantId === undefined ? undefined : eq(redemptions.merchantId, merchantId),
      ),
    )
    .orderBy(asc(redemptions.createdAt))
    .limit(limit);
}

/**
 * The shopper's coupons that may be withdrawn to cover what they owe (docs/decisions/027): issued
 * (Salla made them, nobody used them that we know of) and not expired.
 */
export async function findWithdrawableCoupons(
  db: Executor,
  merchantId: number,
  customerId: number,
  now: Date,
): Promise<RedemptionRow[]> {
  return db
    .select()
    .from(redemptions)
    .where(
      and(
        eq(redemptions.merchantId, merchantId),
        eq(redemptions.customerId, customerId),
        eq(redemptions.status, 'issued'),
        or(isNull(redemptions.couponExpiresAt), gt(redemptions.couponExpiresAt, now)),
      ),
    )
    .orderBy(desc(redemptions.createdAt), desc(redemptions.id));
}

/**
 * The shopper's coupons whose points were given back (cancelled or withdrawn) but that an order
 * used all the same, whose points have not been taken again yet (`coupon_reclaim:{id}`).
 */
export async function findCouponsToReclaim(
  db: Executor,
  merchantId: number,
  customerId: number,
): Promise<{ id: string }[]> {
  return db
    .select({ id: redemptions.id })
    .from(redemptions)
    .where(
      and(
        eq(redemptions.merchantId, merchantId),
        eq(redemptions.customerId, customerId),
        eq(redemptions.status, 'used'),
        isNotNull(redemptions.cancelReason),
        sql`not exists (select 1 from points_ledger l where l.merchant_id = ${redemptions.merchantId}
              and l.idempotency_key = 'coupon_reclaim:' || ${redemptions.id}::text)`,
      ),
    );
}

/** What `nuqat_redeem_reserve` answers (docs/decisions/059). */
export type ReserveOutcome =
  { error: string } | { raced: true } | { redemption: RedemptionWithReward; created: boolean };

/**
 * The reserve step in one statement (decision 007's step 1, docs/decisions/059): a retried
 * request's redemption, the shopper's and the reward's locks and checks, the pending redemption,
 * the debit and its lots. `block`, `allowedTypes` and `vipTiers` are what the store decides.
 */
export async function reserveRedemptionInOne(
  db: Executor,
  input: {
    merchantId: number;
    customerId: number;
    rewardId: string;
    redemptionId: string;
    couponCode: string;
    at: Date;
    block: string | null;
    allowedTypes: string[];
    vipTiers: boolean;
  },
): Promise<ReserveOutcome> {
  const [row] = await preparedQuery<{ r: Record<string, unknown> }>(
    db,
    'nuqat_redeem_reserve',
    'select nuqat_redeem_reserve($1::jsonb) as r',
    [JSON.stringify({ ...input, at: input.at.toISOString() })],
  );
  const r = row!.r;
  if (typeof r.error === 'string') return { error: r.error };
  if (r.raced) return { raced: true };
  const json = r.redemption as Record<string, unknown>;
  return {
    redemption: {
      ...rowFromJson(redemptions, json),
      reward: rowFromJson(rewards, json.reward as Record<string, unknown>),
    },
    created: r.created === true,
  };
}

/**
 * The issue step after Salla made the coupon, in one statement (`nuqat_redeem_issued`,
 * docs/decisions/059): a pending redemption marked issued with its coupon mail in the outbox,
 * in one transaction; answers whether it was still pending and the redemption as it is now.
 */
export async function markRedemptionIssued(
  db: Executor,
  input: {
    merchantId: number;
    redemptionId: string;
    sallaCouponId: string | null;
    /** The outbox row (`outboxRowOf`), or null for none. */
    mail: Record<string, unknown> | null;
  },
): Promise<{ issued: boolean; redemption: RedemptionWithReward }> {
  const [row] = await preparedQuery<{ r: Record<string, unknown> }>(
    db,
    'nuqat_redeem_issued',
    'select nuqat_redeem_issued($1::jsonb) as r',
    [JSON.stringify(input)],
  );
  const r = row!.r;
  const json = r.redemption as Record<string, unknown>;
  return {
    issued: r.issued === true,
    redemption: {
      ...rowFromJson(redemptions, json),
      reward: rowFromJson(rewards, json.reward as Record<string, unknown>),
    },
  };
}
