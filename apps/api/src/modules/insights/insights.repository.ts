import { sql, type SQL } from 'drizzle-orm';
import type { CouponCancelReason } from '@nuqat/contracts';
import { type Executor, rowsOf } from '../../db/client.ts';

/**
 * Reads of the insights rollups (migration 0008, docs/decisions/014): `insights_daily` plus the
 * differences not folded yet in `insights_pending`, always for one store. Nothing here scans a
 * store's ledger, orders or shoppers: the lists (top customers, recent orders and activities)
 * read the first rows of an index.
 */

export const ROLLUP_COLUMNS = [
  'members',
  'points_earned',
  'points_redeemed',
  'points_expired',
  'points_clawed_back',
  'points_net',
  'orders',
  'sales_halalas',
  'member_orders',
  'member_sales_halalas',
  'coupon_orders',
  'coupon_sales_halalas',
  'buyers',
  'repeat_buyers',
  'month_buyers',
  'month_returning_buyers',
  'coupons_issued',
  'coupons_used',
  'coupons_cancelled',
  'bucket_0',
  'bucket_1',
  'bucket_2',
  'bucket_3',
  'bucket_4',
] as const;
export type RollupColumn = (typeof ROLLUP_COLUMNS)[number];
export type Rollup = Record<RollupColumn, number>;

function toRollup(row: Record<string, unknown> | undefined, prefix = ''): Rollup {
  const out = {} as Rollup;
  for (const column of ROLLUP_COLUMNS) out[column] = Number(row?.[`${prefix}${column}`] ?? 0);
  return out;
}

const both = (merchantId: number) => sql`(
  select day, ${sql.raw(ROLLUP_COLUMNS.join(', '))} from insights_daily where merchant_id = ${merchantId}
  union all
  select day, ${sql.raw(ROLLUP_COLUMNS.join(', '))} from insights_pending where merchant_id = ${merchantId}
) r`;

const sums = (filter?: SQL, prefix = '') =>
  sql.join(
    ROLLUP_COLUMNS.map(
      (c) =>
        sql`coalesce(sum(${sql.raw(c)})${filter ? sql` filter (where ${filter})` : sql``}, 0)::float8 as ${sql.raw(prefix + c)}`,
    ),
    sql`, `,
  );

/** The store's figures per Riyadh month (YYYY-MM), all months with any. */
export async function monthlyRollups(
  db: Executor,
  merchantId: number,
): Promise<Map<string, Rollup>> {
  const result = await db.execute(sql`
    select to_char(day, 'YYYY-MM') as month, ${sums()}
      from ${both(merchantId)} group by 1`);
  return new Map(
    rowsOf<Record<string, unknown>>(result).map((row) => [String(row.month), toRollup(row)]),
  );
}

/** The store's figures within two day ranges (both ends included). */
export async function rangeRollups(
  db: Executor,
  merchantId: number,
  range: { from: string; to: string },
  previous: { from: string; to: string },
): Promise<{ current: Rollup; previous: Rollup }> {
  const inCurrent = sql`day between ${range.from}::date and ${range.to}::date`;
  const inPrevious = sql`day between ${previous.from}::date and ${previous.to}::date`;
  const result = await db.execute(sql`
    select ${sums(inCurrent, 'c_')}, ${sums(inPrevious, 'p_')}
      from ${both(merchantId)}
     where day between least(${previous.from}::date, ${range.from}::date) and ${range.to}::date`);
  const row = rowsOf<Record<string, unknown>>(result)[0];
  return { current: toRollup(row, 'c_'), previous: toRollup(row, 'p_') };
}

/** All days: the store's figures as of now. */
export async function totalRollup(db: Executor, merchantId: number): Promise<Rollup> {
  const result = await db.execute(sql`select ${sums()} from ${both(merchantId)}`);
  return toRollup(rowsOf<Record<string, unknown>>(result)[0]);
}

export interface TopCustomerRow {
  id: string;
  firstName: string;
  lastName: string;
  points: number;
  orders: number;
  spentHalalas: number;
}

/** The shoppers with the highest balances (customers_top_idx), with their counted orders. */
export async function topCustomers(
  db: Executor,
  merchantId: number,
  limit: number,
): Promise<TopCustomerRow[]> {
  const result = await db.execute(sql`
    select c.id::text as id, c.first_name, c.last_name, c.points_balance,
           coalesce(o.orders, 0)::int as orders, coalesce(o.spent, 0)::float8 as spent
      from (select id, first_name, last_name, points_balance from customers
             where merchant_id = ${merchantId}
             order by points_balance desc nulls last, id limit ${limit}) c
      left join lateral (
        select count(*) as orders, sum(greatest(x.earn_base_halalas - x.refunded_halalas, 0)) as spent
          from orders x
         where x.merchant_id = ${merchantId} and x.customer_id = c.id and nuqat_order_counted(x)
      ) o on true
     order by c.points_balance desc, c.id`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    id: String(r.id),
    firstName: String(r.first_name ?? ''),
    lastName: String(r.last_name ?? ''),
    points: Number(r.points_balance),
    orders: Number(r.orders),
    spentHalalas: Number(r.spent),
  }));
}

/** The newest orders (Salla's ids grow with time: the primary key read backwards). */
export async function recentOrders(db: Executor, merchantId: number, limit: number) {
  const result = await db.execute(sql`
    select o.id::text as id, o.reference_id, o.total_halalas::float8 as total, coalesce(o.placed_at, o.created_at) as at,
           o.status_slug, c.first_name, c.last_name
      from orders o
      left join customers c on c.merchant_id = o.merchant_id and c.id = o.customer_id
     where o.merchant_id = ${merchantId}
     order by o.id desc limit ${limit}`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    id: String(r.id),
    reference: (r.reference_id as string | null) ?? null,
    totalHalalas: Number(r.total),
    at: new Date(r.at as string),
    status: (r.status_slug as string | null) ?? null,
    name: `${String(r.first_name ?? '')} ${String(r.last_name ?? '')}`.trim(),
  }));
}

/**
 * The newest ledger rows, newest first by when they happened (an imported or back-dated row has
 * a later id but an older time), each with what it needs to say why: the order's reference
 * (Salla's order number) and the coupon's code. One query, the store's rows only.
 */
export async function recentActivities(db: Executor, merchantId: number, limit: number) {
  const result = await db.execute(sql`
    select l.customer_id::text as customer_id, l.kind, l.source_type, l.idempotency_key, l.delta,
           l.created_at, c.first_name, c.last_name, o.reference_id, r.coupon_code
      from points_ledger l
      left join customers c on c.merchant_id = l.merchant_id and c.id = l.customer_id
      left join orders o on o.merchant_id = l.merchant_id
                        and l.source_type in ('order', 'repeat_purchase')
                        and o.id = case when l.source_id ~ '^[0-9]{1,18}$' then l.source_id::bigint end
      left join redemptions r on r.merchant_id = l.merchant_id
                             and l.source_type = 'redemption'
                             and r.id = case when l.source_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                                             then l.source_id::uuid end
     where l.merchant_id = ${merchantId}
     order by l.created_at desc, l.id desc limit ${limit}`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    customerId: String(r.customer_id),
    kind: String(r.kind),
    source: String(r.source_type),
    idempotencyKey: String(r.idempotency_key),
    orderReference: (r.reference_id as string | null) ?? null,
    couponCode: (r.coupon_code as string | null) ?? null,
    points: Number(r.delta),
    at: new Date(r.created_at as string),
    name: `${String(r.first_name ?? '')} ${String(r.last_name ?? '')}`.trim(),
  }));
}

/** SAR per point at best among the active fixed-value rewards (discount or cashback), or null. */
export async function bestPointValue(db: Executor, merchantId: number): Promise<number | null> {
  const result = await db.execute(sql`
    select max(value::float8 / points_required) as v from rewards
     where merchant_id = ${merchantId} and is_active and deleted_at is null
       and type in ('fixed_discount', 'cashback') and value > 0`);
  const v = rowsOf<{ v: number | string | null }>(result)[0]?.v;
  return v === null || v === undefined ? null : Number(v);
}

/** Folds pending differences into the daily rows (the insights job). */
export async function foldInsights(db: Executor): Promise<number> {
  const result = await db.execute(sql`select nuqat_insights_fold() as n`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

export interface CouponRow {
  id: string;
  code: string | null;
  status: string;
  points: number;
  customerId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  rewardId: string;
  rewardName: string;
  rewardType: string;
  rewardValue: number;
  createdAt: Date;
  expiresAt: Date | null;
  usedAt: Date | null;
  usedOrderId: string | null;
  cancelledAt: Date | null;
  cancelReason: CouponCancelReason | null;
  failureReason: string | null;
}

export interface CouponFilter {
  status?: string | undefined;
  q?: string | undefined;
  after?: { createdAt: Date; id: string } | undefined;
  limit: number;
  id?: string;
  now: Date;
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The store's coupons, newest first, after a keyset cursor. */
export async function findCoupons(
  db: Executor,
  merchantId: number,
  filter: CouponFilter,
): Promise<CouponRow[]> {
  const where: SQL[] = [sql`r.merchant_id = ${merchantId}`];
  if (filter.id) where.push(sql`r.id = ${filter.id}::uuid`);
  const now = filter.now.toISOString();
  if (filter.status === 'expired')
    where.push(sql`r.status = 'issued' and r.coupon_expires_at <= ${now}::timestamptz`);
  else if (filter.status === 'issued')
    where.push(
      sql`r.status = 'issued' and (r.coupon_expires_at is null or r.coupon_expires_at > ${now}::timestamptz)`,
    );
  else if (filter.status) where.push(sql`r.status = ${filter.status}`);
  // A search reads each alternative from its index — the code's beginning (redemptions_code_idx),
  // the shopper's e-mail (customers_email_idx) or id (redemptions_customer_idx) — and only those
  // rows are sorted: a UNION is never folded into the outer query, so a search never walks the
  // store's coupons in date order looking for a match.
  let source = sql`redemptions`;
  if (filter.q) {
    const q = filter.q.trim();
    const alternatives = [
      sql`select * from redemptions where merchant_id = ${merchantId}
            and coupon_code like ${`${likeEscape(q.toUpperCase())}%`}`,
      sql`select * from redemptions where merchant_id = ${merchantId}
            and customer_id in (select id from customers
                                 where merchant_id = ${merchantId} and lower(email) = ${q.toLowerCase()})`,
    ];
    if (/^\d{1,15}$/.test(q))
      alternatives.push(
        sql`select * from redemptions where merchant_id = ${merchantId} and customer_id = ${Number(q)}`,
      );
    source = sql`(${sql.join(alternatives, sql` union `)})`;
  }
  if (filter.after)
    where.push(
      sql`(r.created_at, r.id) < (${filter.after.createdAt.toISOString()}::timestamptz, ${filter.after.id}::uuid)`,
    );
  const result = await db.execute(sql`
    select r.id::text as id, r.coupon_code, r.status, r.points, r.customer_id::text as customer_id,
           c.first_name, c.last_name, c.email, w.id::text as reward_id, w.name as reward_name,
           w.type as reward_type, w.value as reward_value, r.created_at, r.coupon_expires_at,
           r.used_at, r.used_order_id::text as used_order_id, r.cancelled_at, r.cancel_reason,
           r.failure_reason
      from ${source} r
      join rewards w on w.merchant_id = r.merchant_id and w.id = r.reward_id
      left join customers c on c.merchant_id = r.merchant_id and c.id = r.customer_id
     where ${sql.join(where, sql` and `)}
     order by r.created_at desc, r.id desc
     limit ${filter.limit}`);
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    id: String(r.id),
    code: (r.coupon_code as string | null) ?? null,
    status: String(r.status),
    points: Number(r.points),
    customerId: String(r.customer_id),
    firstName: String(r.first_name ?? ''),
    lastName: String(r.last_name ?? ''),
    email: (r.email as string | null) ?? null,
    rewardId: String(r.reward_id),
    rewardName: String(r.reward_name),
    rewardType: String(r.reward_type),
    rewardValue: Number(r.reward_value),
    createdAt: new Date(r.created_at as string),
    expiresAt: date(r.coupon_expires_at),
    usedAt: date(r.used_at),
    usedOrderId: (r.used_order_id as string | null) ?? null,
    cancelledAt: date(r.cancelled_at),
    cancelReason: (r.cancel_reason as CouponCancelReason | null) ?? null,
    failureReason: (r.failure_reason as string | null) ?? null,
  }));
}
