import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { TierBasis, TierWindow } from '@nuqat/contracts';
import { rowsOf, type Executor } from '../../db/client.ts';
import {
  NO_TIER_ID,
  rewards,
  tierChanges,
  tierCounts,
  tierSettings,
  tiers,
} from '../../db/schema/index.ts';

export { NO_TIER_ID };

export type TierRow = typeof tiers.$inferSelect;
export type TierSettingsRow = typeof tierSettings.$inferSelect;
export type TierChangeRow = typeof tierChanges.$inferSelect;

/** Kinds of ledger rows that count as points earned for a tier (see nuqat_tier_value, 0012). */
const EARNED_KINDS = sql`('earn', 'clawback', 'adjust', 'referral', 'import')`;

export async function findTierSettings(
  db: Executor,
  merchantId: number,
  options: { forUpdate?: boolean } = {},
): Promise<TierSettingsRow | undefined> {
  const query = db.select().from(tierSettings).where(eq(tierSettings.merchantId, merchantId));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The store's tiers, lowest first. */
export function findTiers(db: Executor, merchantId: number): Promise<TierRow[]> {
  return db
    .select()
    .from(tiers)
    .where(eq(tiers.merchantId, merchantId))
    .orderBy(asc(tiers.threshold));
}

export async function ensureTierSettings(
  db: Executor,
  merchantId: number,
  values: Pick<TierSettingsRow, 'basis' | 'window' | 'graceDays'>,
): Promise<void> {
  await db
    .insert(tierSettings)
    .values({ merchantId, enabled: false, ...values })
    .onConflictDoNothing({ target: tierSettings.merchantId });
}

export async function updateTierSettings(
  db: Executor,
  merchantId: number,
  values: Partial<typeof tierSettings.$inferInsert>,
): Promise<void> {
  await db
    .update(tierSettings)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(tierSettings.merchantId, merchantId));
}

/** How many customers are in each tier now (tier id → count), from the counters kept per move. */
export async function countCustomersByTier(
  db: Executor,
  merchantId: number,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ tierId: tierCounts.tierId, n: sql<string>`sum(${tierCounts.customers})` })
    .from(tierCounts)
    .where(eq(tierCounts.merchantId, merchantId))
    .groupBy(tierCounts.tierId);
  return new Map(rows.map((r) => [r.tierId, Number(r.n)]));
}

/** Active rewards reserved per tier. */
export async function countReservedRewards(
  db: Executor,
  merchantId: number,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ tierId: rewards.minTierId, n: sql<string>`count(*)` })
    .from(rewards)
    .where(
      and(
        eq(rewards.merchantId, merchantId),
        isNotNull(rewards.minTierId),
        isNull(rewards.deletedAt),
        eq(rewards.isActive, true),
      ),
    )
    .groupBy(rewards.minTierId);
  return new Map(rows.map((r) => [r.tierId!, Number(r.n)]));
}

/** Rewards not deleted that are reserved for one of these tiers. */
export async function findRewardsReservedFor(
  db: Executor,
  merchantId: number,
  tierIds: string[],
): Promise<{ id: string; name: string }[]> {
  if (tierIds.length === 0) return [];
  return db
    .select({ id: rewards.id, name: rewards.name })
    .from(rewards)
    .where(
      and(
        eq(rewards.merchantId, merchantId),
        inArray(rewards.minTierId, tierIds),
        isNull(rewards.deletedAt),
      ),
    );
}

/**
 * The customers of removed tiers leave them now, each move recorded with the tier as it was;
 * the pass that follows puts them where they belong.
 */
export async function moveCustomersOutOfTiers(
  db: Executor,
  merchantId: number,
  tierIds: string[],
  basis: TierBasis,
): Promise<void> {
  if (tierIds.length === 0) return;
  const units = basis === 'spend' ? sql`c.tier_value / 100` : sql`c.tier_value`;
  await db.execute(sql`
    WITH moved AS (
      UPDATE customers c SET tier_id = ${NO_TIER_ID}::uuid, tier_below_since = NULL, tier_since = now()
        FROM tiers t
       WHERE c.merchant_id = ${merchantId} AND t.merchant_id = c.merchant_id AND t.id = c.tier_id
         AND c.tier_id IN (${sql.join(
           tierIds.map((id) => sql`${id}::uuid`),
           sql`, `,
         )})
      RETURNING c.id, nuqat_tier_brief(t) AS brief, ${units} AS units
    )
    INSERT INTO tier_changes (merchant_id, customer_id, from_tier, to_tier, direction, cause, basis, basis_value)
    SELECT ${merchantId}, id, brief, NULL, -1, 'tiers_changed', ${basis}, units FROM moved`);
}

export async function deleteTiers(
  db: Executor,
  merchantId: number,
  tierIds: string[],
): Promise<void> {
  if (tierIds.length === 0) return;
  await db.delete(tiers).where(and(eq(tiers.merchantId, merchantId), inArray(tiers.id, tierIds)));
  await db
    .delete(tierCounts)
    .where(and(eq(tierCounts.merchantId, merchantId), inArray(tierCounts.tierId, tierIds)));
}

export async function upsertTier(
  db: Executor,
  merchantId: number,
  values: Omit<typeof tiers.$inferInsert, 'merchantId'>,
): Promise<void> {
  const { id, ...rest } = values;
  if (id) {
    await db
      .update(tiers)
      .set({ ...rest, updatedAt: sql`now()` })
      .where(and(eq(tiers.merchantId, merchantId), eq(tiers.id, id)));
  } else {
    await db.insert(tiers).values({ merchantId, ...rest });
  }
}

/**
 * How many of the store's customers have each number of thresholds at or below their basis
 * value: bucket k = the k-th tier, 0 = none (where erased customers are, too). `fromTierValue` reads the value
 * each customer's last tier check kept (current when the basis and window are the saved ones);
 * that and lifetime spend from the counts kept per value (decision 064); otherwise the value is
 * worked out from the ledger or the orders.
 */
export async function previewBuckets(
  db: Executor,
  input: {
    merchantId: number;
    basis: TierBasis;
    window: TierWindow;
    thresholds: number[];
    fromTierValue: boolean;
    now: Date;
  },
): Promise<Map<number, number>> {
  const { merchantId, basis, window, now } = input;
  const from =
    window === 'lifetime'
      ? sql`'-infinity'::timestamptz`
      : sql`${now}::timestamptz - interval '12 months'`;
  // The saved basis (the value each shopper's last check kept) and lifetime spend are counted
  // ahead per value (tier_value_counts, migration 0044): the kept counts plus the differences not
  // folded yet, in one statement. kind 1: spend_halalas / 100; 2: tier_value; 3: tier_value / 100.
  const kind = input.fromTierValue
    ? basis === 'spend'
      ? 3
      : 2
    : basis === 'spend' && window === 'lifetime'
      ? 1
      : null;
  let values;
  let weight = sql`1`;
  if (kind !== null) {
    values = sql`SELECT units, customers FROM tier_value_counts
                  WHERE merchant_id = ${merchantId} AND kind = ${kind}
                 UNION ALL
                 SELECT units, customers FROM tier_value_pending
                  WHERE merchant_id = ${merchantId} AND kind = ${kind}`;
    weight = sql`v.customers`;
  } else if (basis === 'spend') {
    values = sql`SELECT CASE WHEN c.erased_at IS NOT NULL THEN -1 ELSE coalesce(o.h, 0) / 100 END AS units
                   FROM customers c LEFT JOIN (
                     SELECT customer_id, sum(greatest(earn_base_halalas - refunded_halalas, 0)) AS h
                       FROM orders x
                      WHERE merchant_id = ${merchantId} AND customer_id IS NOT NULL
                        AND nuqat_order_counted(x) AND coalesce(placed_at, created_at) > ${from}
                      GROUP BY customer_id) o ON o.customer_id = c.id
                  WHERE c.merchant_id = ${merchantId}`;
  } else {
    values = sql`SELECT CASE WHEN c.erased_at IS NOT NULL THEN -1 ELSE greatest(coalesce(l.p, 0), 0) END AS units
                   FROM customers c LEFT JOIN (
                     SELECT customer_id, sum(delta) AS p FROM points_ledger
                      WHERE merchant_id = ${merchantId} AND created_at > ${from}
                        AND kind IN ${EARNED_KINDS}
                      GROUP BY customer_id) l ON l.customer_id = c.id
                  WHERE c.merchant_id = ${merchantId}`;
  }
  const thresholds = `{${input.thresholds.join(',')}}`;
  // width_bucket over the rising thresholds is the number of them at or below the value (0 below
  // the first, and for the erased at -1): one call per customer, not a subquery per customer.
  const bucket =
    input.thresholds.length === 0
      ? sql`0`
      : sql`width_bucket(v.units::bigint, ${thresholds}::bigint[])`;
  const result = await db.execute(sql`
    WITH v AS (${values})
    SELECT ${bucket} AS bucket, sum(${weight}) AS n FROM v GROUP BY 1`);
  return new Map(
    rowsOf<{ bucket: number; n: string }>(result).map((r) => [Number(r.bucket), Number(r.n)]),
  );
}

/** Folds the preview's value differences into the kept counts (migration 0044): every store. */
export async function foldTierValues(db: Executor): Promise<number> {
  const result = await db.execute(sql`SELECT nuqat_tier_values_fold() AS n`);
  return Number(rowsOf<{ n: number }>(result)[0]!.n);
}

/**
 * One batch of a store-wide pass: works out the tier of up to `limit` customers after `after`
 * (by id), set-based (nuqat_tier_pass, migration 0035: the same outcome as nuqat_tier_recompute
 * per customer). Returns the last id seen (null when the pass is over) and how many moved.
 */
export async function recomputeBatch(
  db: Executor,
  input: { merchantId: number; after: number; limit: number; cause: string; now: Date },
): Promise<{ last: number | null; moved: number }> {
  const result = await db.execute(sql`
    SELECT last_id AS last, seen AS n, moved
      FROM nuqat_tier_pass(${input.merchantId}, ${input.after}, ${input.limit}, ${input.cause},
                           ${input.now}::timestamptz)`);
  const row = rowsOf<{ last: string | null; moved: number; n: number }>(result)[0]!;
  const n = Number(row.n);
  return { last: n < input.limit ? null : Number(row.last), moved: Number(row.moved) };
}

/** Customers whose tier needs another look: a grace period over, or a 12-month value gone stale. */
export async function recomputeDue(
  db: Executor,
  input: {
    merchantId: number;
    graceDays: number;
    window: TierWindow;
    now: Date;
    limit: number;
  },
): Promise<{ seen: number; moved: number }> {
  const { merchantId, now, limit } = input;
  const graceOver = new Date(now.getTime() - input.graceDays * 86_400_000);
  const staleBefore = new Date(now.getTime() - 86_400_000);
  const result = await db.execute(sql`
    SELECT count(*) AS n,
           count(*) FILTER (WHERE nuqat_tier_recompute(${merchantId}, id, cause, NULL,
                                                        ${now}::timestamptz) <> 0) AS moved
      FROM (
        (SELECT id, 'activity' AS cause FROM customers
          WHERE merchant_id = ${merchantId} AND tier_below_since IS NOT NULL
            AND tier_below_since <= ${graceOver}::timestamptz
          ORDER BY tier_below_since LIMIT ${limit})
        UNION
        (SELECT id, 'window' AS cause FROM customers
          WHERE ${input.window === 'rolling_12_months'} AND merchant_id = ${merchantId}
            AND tier_id IS NOT NULL AND erased_at IS NULL
            AND (tier_checked_at IS NULL OR tier_checked_at < ${staleBefore}::timestamptz)
          LIMIT ${limit})
      ) due`);
  const row = rowsOf<{ n: string; moved: string }>(result)[0]!;
  return { seen: Number(row.n), moved: Number(row.moved) };
}

/** Stores with tiers switched on, and whether a pass is running for each. */
export function findTierStores(db: Executor): Promise<TierSettingsRow[]> {
  return db.select().from(tierSettings).where(eq(tierSettings.enabled, true));
}

export function findTierChanges(
  db: Executor,
  merchantId: number,
  customerId: number,
  limit: number,
): Promise<TierChangeRow[]> {
  return db
    .select()
    .from(tierChanges)
    .where(and(eq(tierChanges.merchantId, merchantId), eq(tierChanges.customerId, customerId)))
    .orderBy(desc(tierChanges.id))
    .limit(limit);
}
