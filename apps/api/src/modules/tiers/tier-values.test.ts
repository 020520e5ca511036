import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TiersRequestSchema, type TierBasis, type TierWindow } from '@nuqat/contracts';
import { rowsOf, type Executor } from '../../db/client.ts';
import { createMerchant, createTestContext, type TestContext } from '../../test/test-app.ts';
import { countedTierValues, keptTierValues } from '../../test/tier-values-support.ts';

// The tiers preview's counts kept per value (migration 0044, decision 064) against the values
// counted from the shoppers' rows, after every kind of write to them and before and after a fold;
// and the preview read from them against the same preview worked out from the rows.

let ctx: TestContext;
// The stores this suite wrote shoppers into without orders or ledger behind their figures: deleted
// at the end (the suites' closing checks compare every store's figures with its rows).
const stores: number[] = [];
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  if (ctx && stores.length > 0)
    await ctx.database.db.execute(
      sql`DELETE FROM merchants WHERE id IN (${sql.join(
        stores.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  await ctx?.close();
});

const AT = new Date('2026-06-15T12:00:00.000Z');

async function expectKeptEqualsCounted(db: Executor, merchantId: number, label: string) {
  const counted = await countedTierValues(db, merchantId);
  expect(await keptTierValues(db, merchantId), label).toEqual(counted);
  return counted;
}

async function pending(db: Executor, merchantId: number): Promise<number> {
  const r = await db.execute(
    sql`SELECT count(*)::int AS n FROM tier_value_pending WHERE merchant_id = ${merchantId}`,
  );
  return rowsOf<{ n: number }>(r)[0]!.n;
}

/** The preview's buckets from the rows, as it was read before the kept counts. */
async function previewFromRows(
  db: Executor,
  merchantId: number,
  expression: ReturnType<typeof sql>,
  thresholds: number[],
): Promise<{ tiers: number[]; untiered: number; total: number }> {
  const r = await db.execute(sql`
    SELECT width_bucket(CASE WHEN erased_at IS NOT NULL THEN -1 ELSE ${expression} END,
                        ${`{${thresholds.join(',')}}`}::bigint[]) AS bucket, count(*)::int AS n
      FROM customers WHERE merchant_id = ${merchantId} GROUP BY 1`);
  const buckets = new Map(rowsOf<{ bucket: number; n: number }>(r).map((x) => [x.bucket, x.n]));
  return {
    tiers: thresholds.map((_, i) => buckets.get(i + 1) ?? 0),
    untiered: buckets.get(0) ?? 0,
    total: [...buckets.values()].reduce((a, b) => a + b, 0),
  };
}

function request(basis: TierBasis, window: TierWindow, thresholds: number[]) {
  return TiersRequestSchema.parse({
    enabled: thresholds.length > 0,
    basis,
    window,
    graceDays: 0,
    tiers: thresholds.map((threshold, i) => ({
      nameAr: `ت${i}`,
      nameEn: `T${i}`,
      colour: '#94a3b8',
      threshold,
      multiplierPct: 150,
      birthdayMultiplierPct: null,
    })),
  });
}

describe("the tiers preview's kept values", () => {
  test('follow every write to the shoppers, folded or not, and answer the preview as the rows do', async () => {
    const { merchant } = await createMerchant(ctx, { plan: 'growth' });
    const other = (await createMerchant(ctx, { plan: 'growth' })).merchant;
    const m = merchant.id;
    stores.push(m, other.id);
    const db = ctx.database.db;
    const fold = () => ctx.app.services.tiers.fold();
    // Shoppers: spends around the 100 and 500 SAR thresholds, one negative, one of -0.5 SAR
    // (whole SAR 0, like the preview's integer division), one without figures.
    const spends = [0, 9999, 10000, 10099, 49999, 50000, 123456, -500, -50, 10000];
    for (const [i, spend] of spends.entries())
      await db.execute(sql`
        INSERT INTO customers (merchant_id, id, spend_halalas) VALUES (${m}, ${5000 + i}, ${spend})`);
    await db.execute(sql`INSERT INTO customers (merchant_id, id) VALUES (${m}, 5100)`);
    await db.execute(sql`INSERT INTO customers (merchant_id, id) VALUES (${other.id}, 5000)`);
    await expectKeptEqualsCounted(db, m, 'after the inserts');
    expect(await pending(db, m)).toBeGreaterThan(0);
    await fold();
    expect(await pending(db, m)).toBe(0);
    const folded = await expectKeptEqualsCounted(db, m, 'after a fold');
    expect(folded.length).toBeGreaterThan(3);

    // Orders move the spend: within the same whole SAR (nothing written), across it, below zero.
    await db.execute(
      sql`UPDATE customers SET spend_halalas = 10050 WHERE merchant_id = ${m} AND id = 5002`,
    );
    expect(await pending(db, m), 'same whole SAR: no difference').toBe(0);
    await db.execute(sql`UPDATE customers SET spend_halalas = spend_halalas + 40000
                          WHERE merchant_id = ${m} AND id IN (5001, 5003, 5004)`);
    await db.execute(
      sql`UPDATE customers SET spend_halalas = -20000 WHERE merchant_id = ${m} AND id = 5005`,
    );
    await expectKeptEqualsCounted(db, m, 'after spend moves');
    // Erased, deleted, a kept tier value written directly.
    await db.execute(
      sql`UPDATE customers SET erased_at = ${AT}::timestamptz WHERE merchant_id = ${m} AND id = 5006`,
    );
    await db.execute(sql`DELETE FROM customers WHERE merchant_id = ${m} AND id = 5009`);
    await db.execute(
      sql`UPDATE customers SET tier_value = 77777 WHERE merchant_id = ${m} AND id = 5002`,
    );
    await expectKeptEqualsCounted(db, m, 'after erasure, deletion and a tier value');
    await fold();
    await expectKeptEqualsCounted(db, m, 'after the second fold');

    // The tier checks: one shopper by nuqat_tier_recompute (the row trigger), then the store-wide
    // pass (its grouped differences), on spend and then on points.
    for (const basis of ['spend', 'points'] as const) {
      await db.execute(sql`
        INSERT INTO tier_settings (merchant_id, enabled, basis, "window", grace_days)
        VALUES (${m}, true, ${basis}, 'lifetime', 0)
        ON CONFLICT (merchant_id) DO UPDATE SET enabled = true, basis = EXCLUDED.basis`);
      await db.execute(sql`
        INSERT INTO points_ledger (merchant_id, customer_id, delta, kind, source_type, source_id,
                                   idempotency_key, created_at)
        VALUES (${m}, 5003, 640, 'earn', 'test', ${basis}, ${`tv:${basis}`}, ${AT}::timestamptz)`);
      await db.execute(
        sql`SELECT nuqat_tier_recompute(${m}, 5003, 'activity', NULL, ${AT}::timestamptz)`,
      );
      await expectKeptEqualsCounted(db, m, `${basis}: one shopper checked`);
      let after = 0;
      for (;;) {
        const r = await db.execute(sql`
          SELECT last_id, seen FROM nuqat_tier_pass(${m}, ${after}, 3, 'tiers_changed', ${AT}::timestamptz)`);
        const row = rowsOf<{ last_id: string | null; seen: number }>(r)[0]!;
        if (Number(row.seen) < 3) break;
        after = Number(row.last_id);
      }
      const values = await expectKeptEqualsCounted(db, m, `${basis}: after the pass`);
      expect(values.some((v) => v.kind !== 1 && v.units !== '0' && v.units !== '-1')).toBe(true);
    }

    // The preview, from the kept values: the saved basis (points, lifetime) and lifetime spend,
    // with and without a fold, against the rows; thresholds on, between and around the values.
    await db.execute(sql`UPDATE tier_settings SET recompute_after = NULL WHERE merchant_id = ${m}`);
    const preview = (basis: TierBasis, thresholds: number[]) =>
      ctx.app.services.tiers.preview({
        merchantId: m,
        body: request(basis, 'lifetime', thresholds),
      });
    for (const thresholds of [[], [0], [100, 500], [1, 101, 640, 1235], [100000]]) {
      for (const folded of [false, true]) {
        if (folded) await fold();
        expect(await preview('points', thresholds), `points ${thresholds}`).toEqual(
          await previewFromRows(db, m, sql`tier_value`, thresholds),
        );
        expect(await preview('spend', thresholds), `spend ${thresholds}`).toEqual(
          await previewFromRows(db, m, sql`spend_halalas / 100`, thresholds),
        );
      }
      await db.execute(sql`UPDATE customers SET spend_halalas = spend_halalas + 3333
                            WHERE merchant_id = ${m} AND id IN (5000, 5007)`);
    }
    // The saved basis on spend reads tier_value / 100.
    await db.execute(sql`UPDATE tier_settings SET basis = 'spend' WHERE merchant_id = ${m}`);
    await db.execute(
      sql`UPDATE customers SET tier_value = 49999 WHERE merchant_id = ${m} AND id = 5001`,
    );
    expect(await preview('spend', [100, 499, 500])).toEqual(
      await previewFromRows(db, m, sql`tier_value / 100`, [100, 499, 500]),
    );
    expect(
      (await preview('spend', [100, 499, 500])).tiers,
      'the kept value, not the spend',
    ).not.toEqual((await previewFromRows(db, m, sql`spend_halalas / 100`, [100, 499, 500])).tiers);
    await expectKeptEqualsCounted(db, other.id, 'the other store is untouched');
    // A store deleted: its kept counts go with it, its shoppers' deletions write nothing, and the
    // fold leaves no difference of it behind.
    await db.execute(sql`DELETE FROM merchants WHERE id IN (${m}, ${other.id})`);
    await fold();
    const left = await db.execute(sql`
      SELECT (SELECT count(*) FROM tier_value_counts WHERE merchant_id IN (${m}, ${other.id}))
           + (SELECT count(*) FROM tier_value_pending WHERE merchant_id IN (${m}, ${other.id})) AS n`);
    expect(Number(rowsOf<{ n: string }>(left)[0]!.n)).toBe(0);
  });
});
