import type pg from 'pg';
import type { SallaSandbox } from '@nuqat/salla-sandbox';

/** The chaos suite fails loudly: every broken invariant is listed (the first 20) in one error. */
export function assertNone(label: string, problems: string[]): void {
  if (problems.length === 0) return;
  throw new Error(
    `${label}: ${problems.length} broken invariant(s)\n  ${problems.slice(0, 20).join('\n  ')}`,
  );
}

/**
 * Every customer's cached balance equals the sum of their ledger and the sum of their open lots;
 * nothing is negative; what they owe equals the sum of the rows' debt_delta, and a customer who
 * owes points has none to spend (decision 027).
 */
export async function ledgerProblems(db: pg.Pool): Promise<string[]> {
  const { rows } = await db.query<{
    merchant_id: string;
    id: string;
    balance: number;
    ledger: number;
    lots: number;
    min_lot: number;
    debt: number;
    ledger_debt: number;
  }>(`
    select c.merchant_id, c.id, c.points_balance as balance, c.points_debt as debt,
      coalesce((select sum(l.debt_delta) from points_ledger l
                 where l.merchant_id = c.merchant_id and l.customer_id = c.id), 0)::int as ledger_debt,
      coalesce((select sum(l.delta) from points_ledger l
                 where l.merchant_id = c.merchant_id and l.customer_id = c.id), 0)::int as ledger,
      coalesce((select sum(t.remaining) from points_lots t
                 where t.merchant_id = c.merchant_id and t.customer_id = c.id), 0)::int as lots,
      coalesce((select min(t.remaining) from points_lots t
                 where t.merchant_id = c.merchant_id and t.customer_id = c.id), 0)::int as min_lot
    from customers c`);
  const problems: string[] = [];
  for (const r of rows) {
    const who = `customer ${r.merchant_id}/${r.id}`;
    if (r.balance !== r.ledger) problems.push(`${who}: balance ${r.balance} ≠ ledger ${r.ledger}`);
    if (r.lots !== r.balance) problems.push(`${who}: open lots ${r.lots} ≠ balance ${r.balance}`);
    if (r.balance < 0 || r.min_lot < 0) problems.push(`${who}: negative balance or lot`);
    if (r.debt !== r.ledger_debt) problems.push(`${who}: owes ${r.debt} ≠ ledger ${r.ledger_debt}`);
    if (r.debt < 0) problems.push(`${who}: negative debt`);
    if (r.debt > 0 && r.balance > 0)
      problems.push(`${who}: owes ${r.debt} with ${r.balance} to spend`);
  }
  return problems;
}

export interface RedemptionFigures {
  issued: number;
  failed: number;
  pending: number;
  /**
   * Coupons Salla made although every ask lost its answer (timeout, cut connection), whose
   * redemption failed and gave the points back: the code was never shown to anyone (decision
   * 007). Any other such coupon is a failure.
   */
  orphanCoupons: number;
}

/**
 * Each redemption ends issued — its points taken once (`redeem`), never returned, and exactly one
 * live coupon with its code at Salla — or failed — its points taken and returned exactly once.
 * No coupon at Salla without a redemption; every code a shopper was shown is an issued one.
 */
export async function redemptionProblems(
  db: pg.Pool,
  sandbox: SallaSandbox,
  shown: Map<string, string>,
): Promise<{ problems: string[]; figures: RedemptionFigures }> {
  const { rows } = await db.query<{
    merchant_id: string;
    id: string;
    status: string;
    points: number;
    coupon_code: string | null;
    salla_coupon_id: string | null;
    failure_reason: string | null;
    redeems: number;
    redeemed: number;
    rollbacks: number;
    returned: number;
  }>(`
    select r.merchant_id, r.id, r.status, r.points, r.coupon_code, r.salla_coupon_id, r.failure_reason,
      count(*) filter (where l.kind = 'redeem')::int as redeems,
      coalesce(sum(l.delta) filter (where l.kind = 'redeem'), 0)::int as redeemed,
      count(*) filter (where l.kind = 'redeem_rollback')::int as rollbacks,
      coalesce(sum(l.delta) filter (where l.kind = 'redeem_rollback'), 0)::int as returned
    from redemptions r
    left join points_ledger l
      on l.merchant_id = r.merchant_id and l.source_type = 'redemption' and l.source_id = r.id::text
    group by r.merchant_id, r.id`);
  const problems: string[] = [];
  const figures: RedemptionFigures = { issued: 0, failed: 0, pending: 0, orphanCoupons: 0 };
  const couponsByCode = new Map<string, number>();
  for (const c of sandbox.coupons) {
    if (c.status !== 'active') continue;
    couponsByCode.set(
      `${c.merchantId}:${c.code}`,
      (couponsByCode.get(`${c.merchantId}:${c.code}`) ?? 0) + 1,
    );
  }
  const known = new Set<string>();
  for (const r of rows) {
    const who = `redemption ${r.id} (${r.status}, ${r.points} points)`;
    const key = `${r.merchant_id}:${r.coupon_code}`;
    known.add(key);
    const coupons = couponsByCode.get(key) ?? 0;
    if (r.redeems !== 1 || r.redeemed !== -r.points)
      problems.push(`${who}: ${r.redeems} redeem rows for ${r.redeemed} points`);
    if (r.status === 'issued') {
      figures.issued += 1;
      if (r.rollbacks !== 0) problems.push(`${who}: issued yet its points were returned`);
      if (coupons !== 1) problems.push(`${who}: ${coupons} live coupons at Salla with its code`);
    } else if (r.status === 'failed') {
      figures.failed += 1;
      if (r.rollbacks !== 1 || r.returned !== r.points)
        problems.push(`${who}: ${r.rollbacks} rollback rows returning ${r.returned}`);
      if (coupons > 0 && /salla 0 (timeout|network)/.test(r.failure_reason ?? ''))
        figures.orphanCoupons += 1;
      else if (coupons > 0)
        problems.push(`${who}: points returned, yet Salla holds its coupon (${r.failure_reason})`);
      if (coupons > 1) problems.push(`${who}: ${coupons} coupons at Salla with its code`);
    } else {
      figures.pending += 1;
      problems.push(`${who}: still pending`);
    }
  }
  for (const key of couponsByCode.keys())
    if (!known.has(key)) problems.push(`coupon ${key} at Salla belongs to no redemption`);
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const [id, code] of shown) {
    const r = byId.get(id);
    if (!r || r.status !== 'issued' || r.coupon_code !== code)
      problems.push(
        `code ${code} shown to a shopper, redemption ${id} is ${r?.status ?? 'missing'}`,
      );
  }
  return { problems, figures };
}

/** Each order sent holds exactly `points` earned once, and its event is stored once. */
export async function orderProblems(
  db: pg.Pool,
  orders: Map<number, number>,
  points: number,
): Promise<string[]> {
  const { rows } = await db.query<{
    merchant_id: string;
    source_id: string;
    earns: number;
    net: number;
  }>(`
    select merchant_id, source_id, count(*) filter (where kind = 'earn')::int as earns,
      sum(delta)::int as net
    from points_ledger where source_type = 'order' group by merchant_id, source_id`);
  const ledger = new Map(rows.map((r) => [`${r.merchant_id}:${r.source_id}`, r]));
  const problems: string[] = [];
  for (const [orderId, merchantId] of orders) {
    const r = ledger.get(`${merchantId}:${orderId}`);
    if (!r) problems.push(`order ${orderId} of store ${merchantId}: no points`);
    else if (r.earns !== 1 || r.net !== points)
      problems.push(`order ${orderId}: ${r.earns} earn rows, net ${r.net} (want 1, ${points})`);
  }
  const events = await db.query<{ n: number; distinct_orders: number }>(
    `select count(*)::int as n, count(distinct (merchant_id, payload->'data'->>'id'))::int as distinct_orders
       from webhook_events where event = 'order.created'`,
  );
  const e = events.rows[0]!;
  if (e.n !== e.distinct_orders)
    problems.push(`${e.n} order.created events stored for ${e.distinct_orders} orders`);
  return problems;
}
