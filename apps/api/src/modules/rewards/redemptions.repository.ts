import { and, asc, desc, eq, gt, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';
import { redemptions, rewards } from '../../db/schema/index.ts';
import type { RewardRow } from './rewards.repository.ts';

/** Writes and shopper-side reads of redemptions (the merchant's reports are in rewards-report.repository). */

export type RedemptionRow = typeof redemptions.$inferSelect;
export type RedemptionWithReward = RedemptionRow & { reward: RewardRow };

export async function insertRedemption(
  db: Executor,
  values: typeof redemptions.$inferInsert,
): Promise<RedemptionRow> {
  const [row] = await db.insert(redemptions).values(values).returning();
  return row!;
}

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

/** Redemptions that hold a unit of the reward's maxUsage: all but the failed ones. */
export async function countHeldRedemptions(
  db: Executor,
  merchantId: number,
  rewardId: string,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`count(*)` })
    .from(redemptions)
    .where(
      and(
        eq(redemptions.merchantId, merchantId),
        eq(redemptions.rewardId, rewardId),
        ne(redemptions.status, 'failed'),
      ),
    );
  return Number(row?.n ?? 0);
}

/** A shopper's redemptions with their rewards, newest first. */
export async function findCustomerRedemptions(
  db: Executor,
  merchantId: number,
  customerId: number,
  limit: number,
): Promise<RedemptionWithReward[]> {
  const rows = await db
    .select({ redemption: redemptions, reward: rewards })
    .from(redemptions)
    .innerJoin(
      rewards,
      and(eq(rewards.merchantId, redemptions.merchantId), eq(rewards.id, redemptions.rewardId)),
    )
    .where(and(eq(redemptions.merchantId, merchantId), eq(redemptions.customerId, customerId)))
    .orderBy(desc(redemptions.createdAt), desc(redemptions.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.redemption, reward: r.reward }));
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
 * A customer's standing against a reward's VIP tier: the tier's position (`need`), the
 * customer's tier position (`have`, 0 = none) and whether the store's tiers are on and the tier
 * still exists (`live`).
 */
export async function findTierStanding(
  db: Executor,
  merchantId: number,
  customerId: number,
  tierId: string,
): Promise<{ live: boolean; need: number; have: number }> {
  const result = await db.execute(sql`
    select (select position from tiers where merchant_id = ${merchantId} and id = ${tierId}::uuid) as need,
           (select t.position from customers c
              join tiers t on t.merchant_id = c.merchant_id and t.id = c.tier_id
             where c.merchant_id = ${merchantId} and c.id = ${customerId}) as have,
           coalesce((select enabled from tier_settings where merchant_id = ${merchantId}), false) as enabled`);
  const row = rowsOf<{ need: number | null; have: number | null; enabled: boolean }>(result)[0]!;
  return {
    live: row.enabled && row.need !== null,
    need: Number(row.need ?? 0),
    have: Number(row.have ?? 0),
  };
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
