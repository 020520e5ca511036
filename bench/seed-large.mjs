// A large store, built fast inside PostgreSQL (generate_series, set-based INSERTs), consistent
// with the ledger: every balance is its shopper's ledger sum and the sum of their open lots, and
// the insights rollups are rebuilt from the rows (nuqat_insights_rebuild, migration 0008).
//
//   npm run seed:large -- --customers 1000000 [--orders-per-customer 2] [--database-url URL]
//                         [--merchant-id 7000000001] [--password P]
//
// The database (DATABASE_URL by default) is migrated first. A store with the same id is deleted
// and built again. Triggers are off while rows are loaded (session_replication_role = replica,
// which needs a superuser), since the rollups are rebuilt in one pass at the end.
//
// The store: N shoppers first seen over the last year (Arabic and Latin names from short lists,
// each with an e-mail and a mobile, so a search has realistic matches); N × orders-per-customer orders over the
// last 365 days (totals 50–500 SAR; every tenth a guest checkout, every twentieth cancelled),
// 1 point per SAR on completed orders; every tenth shopper with 100 points or more redeemed a
// "10 SAR off" coupon for 100 points (half of those used it on their newest order).
import { parseArgs } from 'node:util';
import path from 'node:path';
import pg from 'pg';
import { hash } from '@node-rs/argon2';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';

const root = new URL('..', import.meta.url).pathname;

export async function seedLarge({
  databaseUrl,
  customers,
  ordersPerCustomer = 2,
  merchantId = 7_000_000_001,
  password = 'seed-large-password',
  email = `owner-${merchantId}@example.com`,
  log = console.log,
}) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const timings = {};
  const step = async (name, sqlText, params = []) => {
    const started = Date.now();
    const result = await client.query(sqlText, params);
    timings[name] = Date.now() - started;
    log(
      `  ${name}: ${(timings[name] / 1000).toFixed(1)} s${result.rowCount ? ` (${result.rowCount} rows)` : ''}`,
    );
    return result;
  };
  try {
    const started = Date.now();
    await migrate(drizzle(client), {
      migrationsFolder: path.join(root, 'apps/api/src/db/migrations'),
    });
    const passwordHash = await hash(password, {
      algorithm: 2,
      memoryCost: 19_456,
      timeCost: 2,
      parallelism: 1,
    });
    const M = merchantId;
    const N = customers;
    const orders = Math.round(customers * ordersPerCustomer);
    await step('delete old store', 'delete from merchants where id = $1', [M]);
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    await client.query('set local synchronous_commit = off');
    await step(
      'store',
      `insert into merchants (id, store_name, email, password_hash, plan, subscription_status,
         subscription_expires_at, subscription_started_at, points_spendable_on)
       values ($1, 'Large store', $2, $3, 'growth', 'active', now() + interval '30 days',
         now() - interval '400 days', '{completed,delivered}')`,
      [M, email, passwordHash],
    );
    await step(
      'rules and reward',
      `with r as (insert into loyalty_rules (merchant_id, event, points, spend_unit_halalas)
                  values ($1, 'purchase_amount', 1, 100) returning 1)
       insert into rewards (merchant_id, name, type, points_required, value)
       values ($1, '10 SAR off', 'fixed_discount', 100, 10)`,
      [M],
    );
    await step(
      'orders',
      `insert into orders (merchant_id, id, customer_id, reference_id, status_slug, status_stage,
         status_at, total_halalas, earn_base_halalas, spend_halalas, placed_at, cancelled, earn_status,
         qualified_at, amount_points, plan_period_start, release_at, released_at, created_at)
       select $1, g, c, g::text, case when x then 'canceled' else 'completed' end,
              case when x then 'cancelled' else 'placed' end, at,
              t, t, t, at, x, case when c is null then 'guest' else 'earned' end,
              case when c is not null then at end,
              case when c is not null then t / 100 else 0 end,
              case when c is not null then date_trunc('month', at) end,
              case when c is not null then at end, case when c is not null and not x then at end,
              at
         from (select g, case when g % 10 = 0 then null else 1 + floor(random() * $2::int)::bigint end as c,
                      5000 + floor(random() * 45000)::bigint as t,
                      now() - (random() * 365) * interval '1 day' as at,
                      g % 20 = 0 as x
                 from generate_series(1, $3::int) g) s`,
      [M, N, orders],
    );
    await step(
      'ledger: earns',
      `insert into points_ledger (merchant_id, customer_id, delta, kind, source_type, source_id,
         rule_event, idempotency_key, created_at)
       select $1, customer_id, amount_points, 'earn', 'order', id::text, 'order.created',
              'order:' || id || ':earn', placed_at
         from orders where merchant_id = $1 and customer_id is not null and not cancelled
          and amount_points > 0`,
      [M],
    );
    await step(
      'lots',
      `insert into points_lots (merchant_id, ledger_id, customer_id, source_type, source_id,
         amount, remaining, created_at)
       select merchant_id, id, customer_id, 'order', source_id, delta, delta, created_at
         from points_ledger where merchant_id = $1 and kind = 'earn'`,
      [M],
    );
    await step(
      'redemptions',
      `insert into redemptions (merchant_id, customer_id, reward_id, points, status, coupon_code,
         salla_coupon_id, coupon_expires_at, created_at, updated_at, used_at)
       select $1, b.customer_id, w.id, 100, case when b.customer_id % 20 = 0 then 'used' else 'issued' end,
              'NQ-SEED' || b.customer_id, b.customer_id::text, b.at + interval '30 days', b.at, b.at,
              case when b.customer_id % 20 = 0 then b.at end
         from (select customer_id, now() - (random() * 20) * interval '1 day' as at
                 from points_ledger where merchant_id = $1 and customer_id % 10 = 0
                group by customer_id having sum(delta) >= 100) b
         cross join (select id from rewards where merchant_id = $1) w`,
      [M],
    );
    await step(
      'ledger: redemptions',
      `insert into points_ledger (merchant_id, customer_id, delta, kind, source_type, source_id,
         idempotency_key, created_at)
       select merchant_id, customer_id, -points, 'redeem', 'redemption', id::text,
              'redeem:' || id, created_at
         from redemptions where merchant_id = $1`,
      [M],
    );
    await step(
      'lots: redemptions take 100 points, oldest first',
      `update points_lots l set remaining = l.remaining - t.take
         from (select ledger_id,
                      least(remaining, greatest(0, 100 - (sum(remaining) over
                        (partition by customer_id order by created_at, ledger_id) - remaining))) as take
                 from points_lots
                where merchant_id = $1
                  and customer_id in (select customer_id from redemptions where merchant_id = $1)) t
        where l.merchant_id = $1 and l.ledger_id = t.ledger_id and t.take > 0`,
      [M],
    );
    await step(
      'used coupons: their order',
      `with u as (
         select distinct on (r.id) r.id, o.id as order_id
           from redemptions r
           join orders o on o.merchant_id = r.merchant_id and o.customer_id = r.customer_id
                        and not o.cancelled
          where r.merchant_id = $1 and r.status = 'used'
          order by r.id, o.placed_at desc
       ), o as (
         update orders set coupon_redemption_id = u.id from u
          where orders.merchant_id = $1 and orders.id = u.order_id returning 1
       )
       update redemptions r set used_order_id = u.order_id from u
        where r.merchant_id = $1 and r.id = u.id`,
      [M],
    );
    await step(
      'customers, their balances = ledger sums and their figures (migration 0009)',
      // Inserted last, with their figures worked out from their orders and ledger rows (no
      // constraint is checked while triggers are off): each row written once. Updating a million
      // shoppers afterwards rewrote every row with every index of the table, the trigram one too
      // (455 s of a 951 s seed). Each shopper's control-group arm (below) is set here too, as the
      // store's trigger would have.
      `insert into customers (merchant_id, id, first_name, last_name, email, mobile, created_at, updated_at,
                             holdout_arm, holdout_assigned_at, points_balance, lifetime_earned,
                             lifetime_redeemed, orders_count, spend_halalas, last_order_at, pending_points)
       select $1, g.i, (array['محمد','أحمد','سارة','نورة','عبدالله','فاطمة','خالد','ريم','Omar','Lina',
                            'Yousef','Huda','Faisal','Maha','Sultan','Amal','Turki','Dana','Nasser','Lama'])[1 + g.i % 20],
              (array['العتيبي','القحطاني','الشهري','الغامدي','الزهراني','الدوسري','المطيري','الحربي',
                     'Alsaud','Alharbi','Alotaibi','Alqahtani','Almutairi','Alshehri','Alghamdi',
                     'Alzahrani','Aldosari','Alanazi','Alshammari','Alyami'])[1 + (g.i / 20) % 20] || ' ' || g.i,
              'shopper' || g.i || '@example.com',
              '+9665' || lpad(((g.i::bigint * 7919) % 100000000)::text, 8, '0'),
              g.at, now(),
              case when nuqat_holdout_bucket($1, g.i) < 1000 then 'control' else 'member' end, g.at,
              coalesce(l.total, 0)::int, coalesce(l.earned, 0), coalesce(l.redeemed, 0),
              coalesce(o.n, 0), coalesce(o.spend, 0), o.last_at, coalesce(o.pending, 0)
         from (select i, now() - (random() * 365) * interval '1 day' as at
                 from generate_series(1, $2::int) i) g
         left join (select customer_id, sum(delta) as total,
                           sum(delta) filter (where delta > 0 and kind <> 'redeem_rollback') as earned,
                           -sum(delta) filter (where kind in ('redeem', 'redeem_rollback')) as redeemed
                      from points_ledger where merchant_id = $1 group by 1) l on l.customer_id = g.i
         left join (select customer_id, count(*) filter (where nuqat_order_counted(x)) as n,
                           sum(greatest(earn_base_halalas - refunded_halalas, 0)) filter (where nuqat_order_counted(x)) as spend,
                           max(coalesce(placed_at, created_at)) as last_at,
                           sum(nuqat_order_pending(x)) as pending
                      from orders x where merchant_id = $1 and customer_id is not null group by 1) o
           on o.customer_id = g.i`,
      [M, N],
    );
    // A control group of 10 % from the start (docs/decisions/049), as its triggers would have
    // kept it: each shopper's arm by the store's hash (set when the shoppers were inserted), the
    // arms' daily counts, and the counted orders per shopper, month and arm — so the ROI answer
    // reads full-size tables.
    await step(
      'control group (10 %)',
      `insert into holdout_settings (merchant_id, percent, started_at)
       values ($1, 10, now() - interval '400 days')`,
      [M],
    );
    await step(
      'control group: daily counts and order months',
      `with d as (insert into holdout_daily (merchant_id, day, arm, assigned)
                  select merchant_id, nuqat_riyadh_day(holdout_assigned_at), holdout_arm, count(*)
                    from customers where merchant_id = $1 group by 1, 2, 3 returning 1)
       insert into roi_shopper_months (merchant_id, month, arm, customer_id, orders, sales_halalas,
                                       coupon_discount_halalas, referral_discount_halalas)
       select o.merchant_id, date_trunc('month', nuqat_riyadh_day(coalesce(o.placed_at, o.created_at)))::date,
              c.holdout_arm, o.customer_id, count(*),
              sum(greatest(o.earn_base_halalas - o.refunded_halalas, 0)),
              sum(o.coupon_discount_halalas), sum(o.referral_discount_halalas)
         from orders o join customers c on c.merchant_id = o.merchant_id and c.id = o.customer_id
        where o.merchant_id = $1 and nuqat_order_counted(o)
        group by 1, 2, 3, 4`,
      [M],
    );
    await client.query('commit');
    await step(
      'analyze',
      'analyze customers, orders, points_ledger, points_lots, redemptions, roi_shopper_months, holdout_daily',
    );
    await step('rollups (nuqat_insights_rebuild)', 'select nuqat_insights_rebuild($1)', [M]);
    await step("the return's kept sums (nuqat_roi_rebuild)", 'select nuqat_roi_rebuild($1)', [M]);
    await step(
      "the tiers preview's kept values (nuqat_tier_values_rebuild)",
      'select nuqat_tier_values_rebuild($1)',
      [M],
    );
    const check = await step(
      'check: balance = ledger = open lots',
      `select count(*)::int as wrong from customers c
         left join (select customer_id, sum(delta) s from points_ledger where merchant_id = $1 group by 1) l
           on l.customer_id = c.id
         left join (select customer_id, sum(remaining) s from points_lots where merchant_id = $1 group by 1) o
           on o.customer_id = c.id
        where c.merchant_id = $1
          and (c.points_balance <> coalesce(l.s, 0) or c.points_balance <> coalesce(o.s, 0))`,
      [M],
    );
    const wrong = check.rows[0].wrong;
    if (wrong > 0) throw new Error(`${wrong} shoppers whose balance is not their ledger sum`);
    const totalMs = Date.now() - started;
    log(`  seeded ${N} shoppers and ${orders} orders in ${(totalMs / 1000).toFixed(1)} s`);
    return { merchantId: M, email, password, customers: N, orders, totalMs, timings };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      customers: { type: 'string', default: '1000000' },
      'orders-per-customer': { type: 'string', default: '2' },
      'database-url': { type: 'string' },
      'merchant-id': { type: 'string', default: '7000000001' },
      password: { type: 'string', default: 'seed-large-password' },
    },
  });
  const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error('seed:large needs --database-url or DATABASE_URL (PostgreSQL)');
    process.exit(2);
  }
  const result = await seedLarge({
    databaseUrl,
    customers: Number(values.customers),
    ordersPerCustomer: Number(values['orders-per-customer']),
    merchantId: Number(values['merchant-id']),
    password: values.password,
  });
  console.log(`store ${result.merchantId}: log in as ${result.email} / ${result.password}`);
}
