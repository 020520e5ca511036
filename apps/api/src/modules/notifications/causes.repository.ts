import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customers, merchants, pointsLedger, pointsLots, rewards } from '../../db/schema/index.ts';
import { rowsOf } from '../../db/client.ts';

/** The reads behind the notifications' causes (causes.ts): who earned, who has points expiring, who can now afford a reward. */

/** Installed stores with the programme on; the subscription is checked by the caller. */
export async function findActiveStoreIds(db: Executor): Promise<number[]> {
  const rows = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(and(eq(merchants.installStatus, 'installed'), eq(merchants.programmeEnabled, true)))
    .orderBy(merchants.id);
  return rows.map((r) => r.id);
}

/** A customer we may write to: an address, not erased, not unsubscribed. */
const reachable = sql`c.email is not null and c.email <> '' and c.erased_at is null and c.notifications_unsubscribed_at is null`;

/** Points each reachable customer earned in [from, to) (earning and referral credits), and their balance. */
export async function findDailyEarners(
  db: Executor,
  merchantId: number,
  from: Date,
  to: Date,
): Promise<{ customerId: number; points: number; balance: number }[]> {
  const result = await db.execute(sql`
    select l.customer_id, sum(l.delta)::int as points, c.points_balance as balance
    from ${pointsLedger} l
    join ${customers} c on c.merchant_id = l.merchant_id and c.id = l.customer_id
    where l.merchant_id = ${merchantId}
      and l.kind in ('earn', 'referral')
      and l.delta > 0
      and l.created_at >= ${from.toISOString()}::timestamptz
      and l.created_at < ${to.toISOString()}::timestamptz
      and ${reachable}
    group by l.customer_id, c.points_balance
    order by l.customer_id`);
  return rowsOf<{ customer_id: string | number; points: number; balance: number }>(result).map(
    (r) => ({
      customerId: Number(r.customer_id),
      points: Number(r.points),
      balance: Number(r.balance),
    }),
  );
}

/** What is left of each reachable customer's lots expiring in [from, to). */
export async function findPointsExpiringBetween(
  db: Executor,
  merchantId: number,
  from: Date,
  to: Date,
): Promise<{ customerId: number; points: number; expiresAt: Date }[]> {
  const result = await db.execute(sql`
    select t.customer_id, sum(t.remaining)::int as points, min(t.expires_at) as expires_at
    from ${pointsLots} t
    join ${customers} c on c.merchant_id = t.merchant_id and c.id = t.customer_id
    where t.merchant_id = ${merchantId}
      and t.remaining > 0
      and t.expires_at >= ${from.toISOString()}::timestamptz
      and t.expires_at < ${to.toISOString()}::timestamptz
      and ${reachable}
    group by t.customer_id
    order by t.customer_id`);
  return rowsOf<{ customer_id: string | number; points: number; expires_at: string | Date }>(
    result,
  ).map((r) => ({
    customerId: Number(r.customer_id),
    points: Number(r.points),
    expiresAt: r.expires_at instanceof Date ? r.expires_at : new Date(r.expires_at),
  }));
}

/** The store's active rewards, cheapest first (the caller drops the types its plan lacks). */
export async function findActiveRewardCosts(
  db: Executor,
  merchantId: number,
): Promise<{ id: string; name: string; type: string; pointsRequired: number }[]> {
  return db
    .select({
      id: rewards.id,
      name: rewards.name,
      type: rewards.type,
      pointsRequired: rewards.pointsRequired,
    })
    .from(rewards)
    .where(
      and(
        eq(rewards.merchantId, merchantId),
        eq(rewards.isActive, true),
        isNull(rewards.deletedAt),
      ),
    )
    .orderBy(rewards.pointsRequired, rewards.id);
}

/**
 * Reachable customers whose balance crossed `cost` during [from, to): below it at `from`, at or
 * above it at `to`, and still at or above it now. Balances at those times are the balance now
 * less the ledger rows written since.
 */
export async function findRewardCrossings(
  db: Executor,
  merchantId: number,
  cost: number,
  from: Date,
  to: Date,
): Promise<{ customerId: number; balance: number }[]> {
  const result = await db.execute(sql`
    with moved as (
      select l.customer_id,
        sum(l.delta)::int as since_from,
        coalesce(sum(l.delta) filter (where l.created_at >= ${to.toISOString()}::timestamptz), 0)::int as since_to
      from ${pointsLedger} l
      where l.merchant_id = ${merchantId}
        and l.created_at >= ${from.toISOString()}::timestamptz
      group by l.customer_id
    )
    select c.id as customer_id, c.points_balance as balance
    from moved m
    join ${customers} c on c.merchant_id = ${merchantId} and c.id = m.customer_id
    where ${reachable}
      and c.points_balance >= ${cost}
      and c.points_balance - m.since_to >= ${cost}
      and c.points_balance - m.since_from < ${cost}
    order by c.id`);
  return rowsOf<{ customer_id: string | number; balance: number }>(result).map((r) => ({
    customerId: Number(r.customer_id),
    balance: Number(r.balance),
  }));
}

export async function findCustomersByIds(
  db: Executor,
  merchantId: number,
  ids: number[],
): Promise<(typeof customers.$inferSelect)[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(customers)
    .where(and(eq(customers.merchantId, merchantId), inArray(customers.id, ids)));
}
