// After the run: the answers the API gave must match the ledger it left. Any mismatch is a
// failure of the run (exit 1), reported precisely; slowness never is.
import { earnsAfter } from './scenarios.mjs';

const MAX_LISTED = 10;

/** Non-2xx answers, connection errors and unexpected outcomes of one autocannon run. */
export function answerProblems(label, { result, unexpected }) {
  const problems = [];
  if (result.non2xx > 0) problems.push(`${result.non2xx} non-2xx answers`);
  if (result.errors > 0) problems.push(`${result.errors} connection errors`);
  if (result.timeouts > 0) problems.push(`${result.timeouts} timeouts`);
  if (unexpected.length > 0)
    problems.push(`${unexpected.length} unexpected answers, e.g. ${unexpected[0]}`);
  if (result['2xx'] === 0) problems.push('no 2xx answer at all');
  return problems.map((p) => `${label}: ${p}`);
}

/** Per order of these stores: earn rows, all rows and the net of the ledger's `order` rows. */
async function orderLedger(db, merchantIds) {
  const { rows } = await db.query(
    `select merchant_id::bigint as merchant_id, source_id, count(*)::int as rows,
            count(*) filter (where kind = 'earn')::int as earns, sum(delta)::int as net
       from points_ledger
      where merchant_id = any($1::bigint[]) and source_type = 'order'
      group by merchant_id, source_id`,
    [merchantIds],
  );
  return new Map(rows.map((r) => [`${r.merchant_id}:${r.source_id}`, r]));
}

/**
 * Scenario 1: every acknowledged order holds exactly one earn row of the rule's points and
 * nothing else; an order still in flight when autocannon stopped holds that or nothing (at most
 * one per connection); no other order holds anything.
 */
export async function checkNewOrders(db, { newOrders, merchantIds, orderPoints, connections }) {
  const problems = [];
  const ledger = await orderLedger(db, merchantIds);
  const wrong = (r) => r.rows !== 1 || r.earns !== 1 || r.net !== orderPoints;
  const describe = (r) => `${r.earns} earn rows, ${r.rows} rows, net ${r.net}`;
  for (const [orderId, merchantId] of newOrders.acknowledged) {
    const r = ledger.get(`${merchantId}:${orderId}`);
    if (!r) problems.push(`order ${orderId} (store ${merchantId}) answered 200 has no ledger row`);
    else if (wrong(r)) problems.push(`order ${orderId} answered 200: ${describe(r)}`);
  }
  let inFlight = 0;
  for (const [key, r] of ledger) {
    const orderId = Number(key.split(':')[1]);
    if (newOrders.acknowledged.has(orderId)) continue;
    const sent = orderId >= newOrders.firstOrderId && orderId <= newOrders.lastOrderId;
    if (!sent) problems.push(`order ${orderId} was never sent, yet has ledger rows`);
    else if (wrong(r)) problems.push(`order ${orderId} (in flight at the end): ${describe(r)}`);
    else inFlight += 1;
  }
  if (inFlight > connections)
    problems.push(`${inFlight} orders never answered hold points (> ${connections} connections)`);
  const { rows } = await db.query(
    `select count(*)::int as n from webhook_events
      where merchant_id = any($1::bigint[]) and event = 'order.created'`,
    [merchantIds],
  );
  if (rows[0].n !== ledger.size)
    problems.push(`${rows[0].n} stored order.created events for ${ledger.size} orders with points`);
  for (const missing of newOrders.probe.missing)
    problems.push(`answered 200 before the points were committed: ${missing}`);
  return {
    problems: problems.slice(0, MAX_LISTED),
    problemCount: problems.length,
    ordersWithPoints: ledger.size,
    inFlight,
  };
}

/** Totals that no redelivery may move. */
export async function ledgerTotals(db) {
  const { rows } = await db.query(
    `select (select count(*) from points_ledger)::int as ledger_rows,
            (select count(*) from webhook_events)::int as events,
            (select coalesce(sum(points_balance), 0) from customers)::bigint as balances`,
  );
  return rows[0];
}

export function checkRedeliveries(before, after) {
  return Object.keys(before)
    .filter((key) => String(before[key]) !== String(after[key]))
    .map((key) => `redeliveries changed ${key}: ${before[key]} → ${after[key]}`);
}

/**
 * Scenario 3: each order's net points are what its acknowledged events call for (the rule's
 * points once completed or delivered, none if cancelled or refunded, none while pending), with
 * exactly one earn row when it earns and at most one otherwise. An order whose last event was in
 * flight at the end may be in the state before or after that event.
 */
export async function checkMix(db, { mix, merchantIds, orderPoints }) {
  const problems = [];
  const ledger = await orderLedger(db, merchantIds);
  let shouldEarn = 0;
  let ambiguous = 0;
  const seen = new Set();
  for (const order of mix.orders) {
    const key = `${order.merchantId}:${order.id}`;
    seen.add(key);
    const r = ledger.get(key) ?? { rows: 0, earns: 0, net: 0 };
    const allowed = new Set([earnsAfter(order.lifecycle, order.applied)]);
    if (order.inFlight) {
      allowed.add(earnsAfter(order.lifecycle, order.applied + 1));
      ambiguous += 1;
    } else if (earnsAfter(order.lifecycle, order.applied)) shouldEarn += 1;
    const fits = [...allowed].some((earns) =>
      earns ? r.earns === 1 && r.net === orderPoints : r.earns <= 1 && r.net === 0,
    );
    if (!fits) {
      const story = order.lifecycle.steps
        .slice(0, order.applied)
        .map(([kind, slug]) => (slug ? `${kind}:${slug}` : kind))
        .join(' → ');
      problems.push(
        `order ${order.id} (store ${order.merchantId}; acknowledged ${story || 'nothing'}` +
          `${order.inFlight ? ', next in flight' : ''}): ${r.earns} earn rows, ${r.rows} rows, ` +
          `net ${r.net}, expected net ${[...allowed].map((e) => (e ? orderPoints : 0)).join(' or ')}`,
      );
    }
  }
  for (const key of ledger.keys()) {
    if (!seen.has(key)) problems.push(`order ${key} was never sent, yet has ledger rows`);
  }
  return {
    problems: problems.slice(0, MAX_LISTED),
    problemCount: problems.length,
    orders: mix.orders.length,
    shouldEarn,
    ambiguous,
  };
}

/** Every shopper: cached balance = sum of their ledger deltas = sum of their open lots. */
export async function checkBalances(db) {
  const { rows } = await db.query(
    `with ledger as (
       select merchant_id, customer_id, sum(delta)::bigint as total
         from points_ledger group by merchant_id, customer_id),
     lots as (
       select merchant_id, customer_id, sum(remaining)::bigint as total
         from points_lots group by merchant_id, customer_id),
     everyone as (
       select merchant_id, id as customer_id from customers
       union select merchant_id, customer_id from ledger
       union select merchant_id, customer_id from lots)
     select e.merchant_id, e.customer_id, c.points_balance as balance,
            coalesce(l.total, 0)::bigint as ledger, coalesce(o.total, 0)::bigint as lots
       from everyone e
       left join customers c on c.merchant_id = e.merchant_id and c.id = e.customer_id
       left join ledger l on l.merchant_id = e.merchant_id and l.customer_id = e.customer_id
       left join lots o on o.merchant_id = e.merchant_id and o.customer_id = e.customer_id`,
  );
  const problems = [];
  let points = 0;
  for (const r of rows) {
    const balance = r.balance === null ? null : Number(r.balance);
    points += balance ?? 0;
    if (balance === null)
      problems.push(`shopper ${r.customer_id} (store ${r.merchant_id}) has points but no row`);
    else if (balance !== Number(r.ledger) || balance !== Number(r.lots))
      problems.push(
        `shopper ${r.customer_id} (store ${r.merchant_id}): balance ${balance}, ` +
          `ledger ${r.ledger}, open lots ${r.lots}`,
      );
  }
  return {
    problems: problems.slice(0, MAX_LISTED),
    problemCount: problems.length,
    shoppers: rows.length,
    points,
  };
}
