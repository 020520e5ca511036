import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/client.ts';

// The tiers preview's kept values (migration 0044, decision 064) and the same counts worked out
// directly from the customers rows, for tests to compare.

export interface ValueCount {
  kind: number;
  units: string;
  customers: string;
}

/** What is kept: the folded counts plus the differences not folded yet, values held by nobody left out. */
export async function keptTierValues(db: Executor, merchantId: number): Promise<ValueCount[]> {
  return rowsOf<ValueCount>(
    await db.execute(sql`
      SELECT kind, units::text, sum(customers)::text AS customers FROM (
        SELECT kind, units, customers FROM tier_value_counts WHERE merchant_id = ${merchantId}
        UNION ALL
        SELECT kind, units, customers FROM tier_value_pending WHERE merchant_id = ${merchantId}
      ) v GROUP BY 1, 2 HAVING sum(customers) <> 0 ORDER BY 1, 2::bigint`),
  );
}

/** The same counts from the shoppers' rows, written out as the preview used to read them. */
export async function countedTierValues(db: Executor, merchantId: number): Promise<ValueCount[]> {
  return rowsOf<ValueCount>(
    await db.execute(sql`
      SELECT kind, units::text, count(*)::text AS customers FROM (
        SELECT 1 AS kind, CASE WHEN erased_at IS NOT NULL THEN -1 ELSE spend_halalas / 100 END AS units
          FROM customers WHERE merchant_id = ${merchantId}
        UNION ALL
        SELECT 2, CASE WHEN erased_at IS NOT NULL THEN -1 ELSE tier_value END
          FROM customers WHERE merchant_id = ${merchantId}
        UNION ALL
        SELECT 3, CASE WHEN erased_at IS NOT NULL THEN -1 ELSE tier_value / 100 END
          FROM customers WHERE merchant_id = ${merchantId}
      ) v GROUP BY 1, 2 ORDER BY 1, 2::bigint`),
  );
}
