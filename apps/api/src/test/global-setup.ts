import { sql } from 'drizzle-orm';
import { createDatabase } from '../db/client.ts';

/**
 * With a real PostgreSQL: apply migrations once before the suites share it, and after every
 * suite has run check the ledger invariant over everything they wrote — each customer's cached
 * balance equals the sum of their ledger rows and of their open lots, nothing is negative; what
 * they owe equals the sum of the rows' debt_delta, and a customer who owes points has none to
 * spend (every credit repays the debt first, docs/decisions/027).
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
        select c.merchant_id, c.id, c.points_balance, c.points_debt,
          coalesce(l.total, 0)::int as ledger, coalesce(l.debt, 0)::int as ledger_debt,
          coalesce(t.total, 0)::int as lots, coalesce(t.negative, 0)::int as negative_lots
        from customers c
        left join (select merchant_id, customer_id, sum(delta) as total, sum(debt_delta) as debt
                     from points_ledger group by 1, 2) l
          on l.merchant_id = c.merchant_id and l.customer_id = c.id
        left join (select merchant_id, customer_id, sum(remaining) as total, count(*) filter (where remaining < 0) as negative
                   from points_lots group by 1, 2) t
          on t.merchant_id = c.merchant_id and t.customer_id = c.id
        where c.points_balance <> coalesce(l.total, 0) or c.points_balance <> coalesce(t.total, 0)
           or c.points_balance < 0 or coalesce(t.negative, 0) > 0
           or c.points_debt <> coalesce(l.debt, 0) or c.points_debt < 0
           or (c.points_debt > 0 and c.points_balance > 0)`);
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
      // The customers list's figures (migration 0009) equal their rows, for every shopper.
      const figures = (
        (await db.db.execute(sql`
          select c.merchant_id, c.id, c.lifetime_earned, c.lifetime_redeemed, c.orders_count,
                 c.spend_halalas, c.pending_points, l.earned, l.redeemed, o.n, o.spend, o.pending
            from customers c
            left join (select merchant_id, customer_id,
                              coalesce(sum(delta) filter (where delta > 0 and kind <> 'redeem_rollback'), 0) as earned,
                              coalesce(-sum(delta) filter (where kind in ('redeem', 'redeem_rollback')), 0) as redeemed
                         from points_ledger group by 1, 2) l
              on l.merchant_id = c.merchant_id and l.customer_id = c.id
            left join (select merchant_id, customer_id, count(*) filter (where nuqat_order_counted(x)) as n,
                              coalesce(sum(greatest(earn_base_halalas - refunded_halalas, 0)) filter (where nuqat_order_counted(x)), 0) as spend,
                              coalesce(sum(nuqat_order_pending(x)), 0) as pending
                         from orders x group by 1, 2) o
              on o.merchant_id = c.merchant_id and o.customer_id = c.id
           where c.lifetime_earned <> coalesce(l.earned, 0) or c.lifetime_redeemed <> coalesce(l.redeemed, 0)
              or c.orders_count <> coalesce(o.n, 0) or c.spend_halalas <> coalesce(o.spend, 0)
              or c.pending_points <> coalesce(o.pending, 0)`)) as unknown as { rows: unknown[] }
      ).rows;
      if (figures.length > 0) {
        console.error(
          `customer figures wrong for ${figures.length} customer(s): ${JSON.stringify(figures.slice(0, 5))}`,
        );
        process.exitCode = 1;
        return;
      }
      console.warn(`customer figures hold for all ${n} customers`);
      // The customers per VIP tier (migration 0015) equal the customers rows in each tier.
      const tierCounts = (
        (await db.db.execute(sql`
          select coalesce(k.merchant_id, c.merchant_id) as merchant_id,
                 coalesce(k.tier_id, c.tier_id) as tier_id, k.n as kept, c.n as actual
            from (select merchant_id, tier_id, sum(customers) as n from tier_counts group by 1, 2) k
            full join (select merchant_id, tier_id, count(*) as n from customers
                        where tier_id is not null group by 1, 2) c
              on c.merchant_id = k.merchant_id and c.tier_id = k.tier_id
           where coalesce(k.n, 0) <> coalesce(c.n, 0)`)) as unknown as { rows: unknown[] }
      ).rows;
      if (tierCounts.length > 0) {
        console.error(`tier counts wrong: ${JSON.stringify(tierCounts.slice(0, 5))}`);
        process.exitCode = 1;
        return;
      }
      console.warn('tier counts hold for every tier');
      // The tiers preview's kept values (migration 0044) equal the shoppers' values counted.
      const tierValues = (
        (await db.db.execute(sql`
          with kept as (
            select merchant_id, kind, units, sum(customers) as n from (
              select merchant_id, kind, units, customers from tier_value_counts
              union all
              select merchant_id, kind, units, customers from tier_value_pending
               where merchant_id in (select id from merchants)
            ) v group by 1, 2, 3 having sum(customers) <> 0
          ), counted as (
            select merchant_id, k as kind,
                   case when erased_at is not null then -1
                        when k = 1 then spend_halalas / 100
                        when k = 2 then tier_value else tier_value / 100 end as units,
                   count(*) as n
              from customers cross join generate_series(1, 3) k group by 1, 2, 3
          )
          select coalesce(k.merchant_id, c.merchant_id) as merchant_id,
                 coalesce(k.kind, c.kind) as kind, coalesce(k.units, c.units) as units,
                 k.n as kept, c.n as actual
            from kept k full join counted c
              on c.merchant_id = k.merchant_id and c.kind = k.kind and c.units = k.units
           where coalesce(k.n, 0) <> coalesce(c.n, 0)`)) as unknown as { rows: unknown[] }
      ).rows;
      if (tierValues.length > 0) {
        console.error(`tier values wrong: ${JSON.stringify(tierValues.slice(0, 5))}`);
        process.exitCode = 1;
        return;
      }
      console.warn("the tiers preview's kept values hold for every store");
    } finally {
      await db.close();
    }
  };
}
