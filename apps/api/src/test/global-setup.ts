import { sql } from 'drizzle-orm';
import { createDatabase } from '../db/client.ts';

/**
 * With a real PostgreSQL: apply migrations once before the suites share it, and after every
 * suite has run check the ledger invariant over everything they wrote — each customer's cached
 * balance equals the sum of their ledger rows and of their open lots, and nothing is negative.
 * (With PGlite each suite has its own in-memory database and checks the invariant itself.)
 */
export default async function setup(): Promise<(() => Promise<void>) | void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) return;
  const database = await createDatabase({ databaseUrl, poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  return async function teardown() {
    const db = await createDatabase({ databaseUrl, poolSize: 1 });
    try {
      const result = await db.db.execute(sql`
        select c.merchant_id, c.id, c.points_balance,
          coalesce(l.total, 0)::int as ledger, coalesce(t.total, 0)::int as lots, coalesce(t.negative, 0)::int as negative_lots
        from customers c
        left join (select merchant_id, customer_id, sum(delta) as total from points_ledger group by 1, 2) l
          on l.merchant_id = c.merchant_id and l.customer_id = c.id
        left join (select merchant_id, customer_id, sum(remaining) as total, count(*) filter (where remaining < 0) as negative
                   from points_lots group by 1, 2) t
          on t.merchant_id = c.merchant_id and t.customer_id = c.id
        where c.points_balance <> coalesce(l.total, 0) or c.points_balance <> coalesce(t.total, 0)
           or c.points_balance < 0 or coalesce(t.negative, 0) > 0`);
      const broken = (result as unknown as { rows: unknown[] }).rows;
      const [{ n }] = (
        (await db.db.execute(sql`select count(*)::int as n from customers`)) as unknown as {
          rows: [{ n: number }];
        }
      ).rows;
      if (broken.length > 0) {
        console.error(
          `ledger invariant broken for ${broken.length} customer(s): ${JSON.stringify(broken.slice(0, 5))}`,
        );
        // A teardown error alone does not fail the run; the exit code must.
        process.exitCode = 1;
        return;
      }
      console.warn(`ledger invariant holds for all ${n} customers written by the suites`);
    } finally {
      await db.close();
    }
  };
}
