import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rowsOf, type Executor } from '../../db/client.ts';
import { createMerchant, createTestContext, type TestContext } from '../../test/test-app.ts';
import { NO_TIER_ID } from './tiers.repository.ts';
import { countedTierValues, keptTierValues } from '../../test/tier-values-support.ts';

// The set-based store-wide pass (nuqat_tier_pass, migration 0035, decision 054) against the
// per-customer logic it replaces (nuqat_tier_recompute for each customer in id order), on a
// fixture of edge cases, for every basis, window, grace period and cause. Everything runs in a
// transaction that is rolled back, so the fixture leaves nothing behind.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const DAY = 86_400_000;
const AT = new Date('2026-06-15T12:00:00.000Z');
const ago = (days: number) => new Date(AT.getTime() - days * DAY);
class Rollback extends Error {}

interface Shopper {
  spend: number;
  tier?: 'silver' | 'gold' | 'platinum' | 'none' | 'gone';
  belowSince?: Date;
  erased?: boolean;
  ledger?: [number, string, Date][];
  orders?: {
    base: number;
    refunded?: number;
    cancelled?: boolean;
    placed?: Date | null;
    created?: Date;
  }[];
}

// Thresholds: Silver 100, Gold 500, Platinum 2000 (SAR on spend, points on points).
const SHOPPERS: Shopper[] = [
  { spend: 0 },
  { spend: 9_999, ledger: [[99, 'earn', ago(1)]] }, // just below Silver
  { spend: 10_000, tier: 'none', ledger: [[100, 'earn', ago(1)]] }, // exactly Silver
  { spend: 50_000, tier: 'silver', ledger: [[600, 'earn', ago(2)]] }, // up to Gold
  { spend: 55_599, ledger: [[555, 'earn', ago(2)]] }, // up to Gold, 555.99 SAR counts as 555
  // Below their tier: grace starts (or, with none, they move down at once).
  {
    spend: 15_000,
    tier: 'gold',
    ledger: [
      [150, 'earn', ago(400)],
      [50, 'earn', ago(10)],
    ],
  },
  // Below for longer than the grace period: down, 'grace_ended'.
  { spend: 15_000, tier: 'gold', belowSince: ago(31), ledger: [[-300, 'spend', ago(3)]] },
  // Below within the grace period: stays, keeps the start of it.
  { spend: 15_000, tier: 'platinum', belowSince: ago(10), ledger: [[2500, 'adjust', ago(20)]] },
  // Back at their tier: the grace period ends.
  { spend: 60_000, tier: 'gold', belowSince: ago(5), ledger: [[700, 'referral', ago(30)]] },
  // Erased: untouched.
  { spend: 100_000, tier: 'silver', erased: true, ledger: [[5000, 'earn', ago(1)]] },
  // A tier that no longer exists.
  { spend: 0, tier: 'gone' },
  {
    spend: 20_000,
    tier: 'gone',
    ledger: [
      [120, 'import', ago(100)],
      [-30, 'clawback', ago(1)],
    ],
  },
  { spend: -500, ledger: [[-10, 'adjust', ago(1)]] },
  {
    spend: 250_000,
    ledger: [
      [3000, 'earn', ago(366)],
      [1999, 'earn', ago(364)],
    ],
  },
  {
    spend: 300_000,
    orders: [
      { base: 150_000, placed: ago(20) },
      { base: 90_000, refunded: 100_000, placed: ago(30) },
      { base: 60_000, cancelled: true, placed: ago(40) },
      { base: 40_000, placed: null, created: ago(50) },
      { base: 200_000, placed: ago(400) },
    ],
  },
  { spend: 12_000, tier: 'platinum', orders: [{ base: 12_000, placed: ago(1) }] },
];

async function fixture(db: Executor, merchantId: number) {
  const tierIds: Record<string, string> = {};
  for (const [i, [key, threshold]] of (
    [
      ['silver', 100],
      ['gold', 500],
      ['platinum', 2000],
    ] as const
  ).entries()) {
    const r = await db.execute(sql`
      INSERT INTO tiers (merchant_id, position, name_ar, name_en, colour, threshold, multiplier_pct)
      VALUES (${merchantId}, ${i + 1}, ${'ت' + key}, ${key}, '#94a3b8', ${threshold}, ${150 + i * 50})
      RETURNING id`);
    tierIds[key] = rowsOf<{ id: string }>(r)[0]!.id;
  }
  tierIds.none = NO_TIER_ID;
  tierIds.gone = '11111111-2222-3333-4444-555555555555';
  let orderId = 1;
  for (const [i, s] of SHOPPERS.entries()) {
    const id = 1000 + i;
    await db.execute(sql`
      INSERT INTO customers (merchant_id, id, spend_halalas, tier_id, tier_below_since, erased_at)
      VALUES (${merchantId}, ${id}, ${s.spend}, ${s.tier ? tierIds[s.tier] : null}::uuid,
              ${s.belowSince ?? null}::timestamptz, ${s.erased ? AT : null}::timestamptz)`);
    for (const [j, [delta, kind, at]] of (s.ledger ?? []).entries()) {
      await db.execute(sql`
        INSERT INTO points_ledger (merchant_id, customer_id, delta, kind, source_type, source_id,
                                   idempotency_key, created_at)
        VALUES (${merchantId}, ${id}, ${delta}, ${kind}, 'test', ${`${id}:${j}`},
                ${`fixture:${id}:${j}`}, ${at}::timestamptz)`);
    }
    for (const o of s.orders ?? []) {
      await db.execute(sql`
        INSERT INTO orders (merchant_id, id, customer_id, earn_base_halalas, refunded_halalas,
                            cancelled, placed_at, created_at)
        VALUES (${merchantId}, ${orderId++}, ${id}, ${o.base}, ${o.refunded ?? 0},
                ${o.cancelled ?? false}, ${o.placed ?? null}::timestamptz,
                ${o.created ?? AT}::timestamptz)`);
    }
  }
}

/** What a pass leaves: the customers' tier columns, the moves, the e-mails, the counters. */
async function outcome(db: Executor, merchantId: number) {
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query));
  const changes = await q<{ id: string; customer_id: string }>(sql`
    SELECT id, customer_id, from_tier, to_tier, direction, cause, detail, basis, basis_value
      FROM tier_changes WHERE merchant_id = ${merchantId} ORDER BY id`);
  const rank = new Map(changes.map((c, i) => [String(c.id), i]));
  const mails = await q<{ idempotency_key: string }>(sql`
    SELECT customer_id, kind, payload, idempotency_key, created_at FROM notification_outbox
     WHERE merchant_id = ${merchantId} ORDER BY id`);
  return {
    customers: await q(sql`
      SELECT id, tier_id, tier_since, tier_below_since, tier_checked_at, tier_value
        FROM customers WHERE merchant_id = ${merchantId} ORDER BY id`),
    changes: changes.map(({ id: _id, ...rest }) => rest),
    mails: mails.map((m) => ({
      ...m,
      // The change's id differs between the runs (sequences are not rolled back): its rank.
      idempotency_key: m.idempotency_key.replace(/:(\d+)$/, (_m, id: string) => `#${rank.get(id)}`),
    })),
    counts: await q(sql`
      SELECT tier_id, slot, customers FROM tier_counts
       WHERE merchant_id = ${merchantId} AND customers <> 0 ORDER BY tier_id, slot`),
    // The preview's kept values (0044): the pass writes its differences grouped, the
    // per-customer function through the row trigger; both must equal the count from the rows.
    values: await keptTierValues(db, merchantId),
    valuesCounted: await countedTierValues(db, merchantId),
  };
}

async function inRolledBack<T>(db: Executor, work: (tx: Executor) => Promise<T>): Promise<T> {
  let result: T | undefined;
  await db
    .transaction(async (tx) => {
      result = await work(tx);
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return result as T;
}

describe('the set-based tier pass', () => {
  test('places every customer as the per-customer logic does, on every basis, window, grace and cause', async () => {
    const { merchant } = await createMerchant(ctx, { plan: 'growth' });
    const merchantId = merchant.id;
    const db = ctx.database.db;
    let compared = 0;
    await inRolledBack(db, async (tx) => {
      await fixture(tx, merchantId);
      for (const basis of ['spend', 'points'] as const)
        for (const window of ['lifetime', 'rolling_12_months'] as const)
          for (const graceDays of [0, 30])
            for (const cause of ['tiers_changed', 'activity']) {
              await tx.execute(sql`
                INSERT INTO tier_settings (merchant_id, enabled, basis, "window", grace_days)
                VALUES (${merchantId}, true, ${basis}, ${window}, ${graceDays})
                ON CONFLICT (merchant_id) DO UPDATE SET enabled = true, basis = EXCLUDED.basis,
                  "window" = EXCLUDED."window", grace_days = EXCLUDED.grace_days`);
              const before = await outcome(tx, merchantId);
              const old = await inRolledBack(tx, async (t) => {
                await t.execute(sql`
                  SELECT nuqat_tier_recompute(${merchantId}, id, ${cause}, NULL, ${AT}::timestamptz)
                    FROM (SELECT id FROM customers WHERE merchant_id = ${merchantId}
                             AND erased_at IS NULL ORDER BY id) c`);
                return outcome(t, merchantId);
              });
              const set = await inRolledBack(tx, async (t) => {
                // Small batches, so a pass spans several and ends on a short one.
                let after = 0;
                for (;;) {
                  const r = await t.execute(sql`
                    SELECT last_id, seen FROM nuqat_tier_pass(${merchantId}, ${after}, 4, ${cause},
                                                              ${AT}::timestamptz)`);
                  const row = rowsOf<{ last_id: string | null; seen: number }>(r)[0]!;
                  if (Number(row.seen) < 4) break;
                  after = Number(row.last_id);
                }
                return outcome(t, merchantId);
              });
              const label = `${basis} ${window} grace ${graceDays} ${cause}`;
              expect(set, label).toEqual(old);
              expect(set.values, label).toEqual(set.valuesCounted);
              // The fixture moves someone in every configuration, so the comparison means something.
              expect(old.changes.length, label).toBeGreaterThan(before.changes.length);
              compared++;
            }
    });
    expect(compared).toBe(16);
  });
});
