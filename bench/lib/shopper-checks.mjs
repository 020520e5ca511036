// After the shopper scenarios: what the API answered must be what the ledger holds. A mismatch is
// a failure of the run (exit 1); slowness never is.

const MAX_LISTED = 10;
const key = (merchantId, customerId) => `${merchantId}:${customerId}`;

async function ledgerSums(db, merchantIds) {
  const { rows } = await db.query(
    `select merchant_id::bigint as m, customer_id::bigint as c, sum(delta)::bigint as total
       from points_ledger where merchant_id = any($1::bigint[]) group by 1, 2`,
    [merchantIds],
  );
  return new Map(rows.map((r) => [key(r.m, r.c), Number(r.total)]));
}

/** Reads: every 200 carried the shopper's balance as the ledger sums it (nothing moved meanwhile). */
export async function checkReads(db, { reads, merchantIds }) {
  const sums = await ledgerSums(db, merchantIds);
  const problems = [];
  const shoppers = new Set();
  for (const [shopper, points] of reads.answered) {
    const k = key(shopper.merchantId, shopper.customerId);
    shoppers.add(k);
    const ledger = sums.get(k) ?? 0;
    if (points !== ledger)
      problems.push(`shopper ${k}: answered availablePoints ${points}, ledger ${ledger}`);
  }
  return {
    problems: problems.slice(0, MAX_LISTED),
    problemCount: problems.length,
    answers: reads.answered.length,
    shoppers: shoppers.size,
  };
}

/**
 * Redemptions:
 * - one coupon per success: every 200 named a coupon code of its own, which the sandbox (Salla)
 *   holds for that store and the shopper's redemption row holds as issued; the sandbox holds no
 *   coupon that no issued redemption names, and issued redemptions nobody heard of are at most
 *   the requests in flight when the load stopped (one per connection);
 * - no point spent twice: per shopper, the `redeem` rows of the ledger are exactly minus the
 *   points of their issued redemptions, one row per redemption, and no balance is negative.
 * (balance = ledger = open lots for every shopper is checkBalances, run after this.)
 */
export async function checkRedemptions(
  db,
  { redemptions, merchantIds, sandboxCoupons, connections },
) {
  const problems = [];
  const { rows } = await db.query(
    `select merchant_id::bigint as m, customer_id::bigint as c, id, points, status, coupon_code
       from redemptions where merchant_id = any($1::bigint[])`,
    [merchantIds],
  );
  const issuedRows = rows.filter((r) => r.status === 'issued');
  const byCode = new Map(issuedRows.map((r) => [`${r.m}:${r.coupon_code}`, r]));
  const notIssued = rows.filter((r) => r.status !== 'issued');
  if (notIssued.length > 0)
    problems.push(
      `${notIssued.length} redemptions not issued, e.g. ${notIssued[0].id} ${notIssued[0].status}`,
    );
  const answeredCodes = new Set();
  for (const r of redemptions.issued) {
    const k = `${r.merchantId}:${r.code}`;
    if (answeredCodes.has(k)) problems.push(`coupon ${k} answered twice`);
    answeredCodes.add(k);
    const row = byCode.get(k);
    if (!row) problems.push(`coupon ${k} answered 200 has no issued redemption`);
    else if (Number(row.c) !== r.customerId)
      problems.push(`coupon ${k} answered to shopper ${r.customerId}, held by ${row.c}`);
  }
  const merchants = new Set(merchantIds.map(Number));
  const atSalla = sandboxCoupons.filter(
    (c) => merchants.has(c.merchantId) && c.status === 'active',
  );
  const sallaCodes = new Set(atSalla.map((c) => `${c.merchantId}:${c.code}`));
  if (sallaCodes.size !== atSalla.length) problems.push('the sandbox holds a code twice');
  for (const k of byCode.keys())
    if (!sallaCodes.has(k)) problems.push(`issued redemption ${k} has no coupon at Salla`);
  for (const k of sallaCodes)
    if (!byCode.has(k)) problems.push(`coupon ${k} at Salla has no issued redemption`);
  // A request autocannon gave up on (timeout, error) is never answered either, yet may be issued.
  const { timeouts, errors } = redemptions.result;
  const unheard = issuedRows.length - answeredCodes.size;
  if (unheard > connections + timeouts + errors)
    problems.push(
      `${unheard} issued redemptions were never answered (> ${connections} connections + ` +
        `${timeouts + errors} requests given up)`,
    );

  const { rows: spent } = await db.query(
    `select l.merchant_id::bigint as m, l.customer_id::bigint as c,
            count(*)::int as rows, -sum(l.delta)::bigint as points, min(c.points_balance) as balance
       from points_ledger l
       join customers c on c.merchant_id = l.merchant_id and c.id = l.customer_id
      where l.merchant_id = any($1::bigint[]) and l.kind = 'redeem'
      group by 1, 2`,
    [merchantIds],
  );
  const owed = new Map();
  for (const r of issuedRows) {
    const k = key(r.m, r.c);
    const o = owed.get(k) ?? { rows: 0, points: 0 };
    o.rows += 1;
    o.points += r.points;
    owed.set(k, o);
  }
  for (const r of spent) {
    const k = key(r.m, r.c);
    const o = owed.get(k) ?? { rows: 0, points: 0 };
    owed.delete(k);
    if (r.rows !== o.rows || Number(r.points) !== o.points)
      problems.push(
        `shopper ${k}: ${r.rows} redeem rows for ${r.points} points, ` +
          `${o.rows} issued redemptions for ${o.points}`,
      );
    if (Number(r.balance) < 0) problems.push(`shopper ${k}: balance ${r.balance}`);
  }
  for (const [k, o] of owed) problems.push(`shopper ${k}: ${o.rows} redemptions, no redeem row`);
  return {
    problems: problems.slice(0, MAX_LISTED),
    problemCount: problems.length,
    issued: issuedRows.length,
    answered: redemptions.issued.length,
    spenders: spent.length,
  };
}

/**
 * After the load: the redemptions still between their statements (a Salla call, the API's turn
 * on a busy machine: no database connection is active then) and their coupon mails, which the
 * API sends after the answer (decision 063). The scenario's CPU is read only once no redemption
 * and no coupon mail is pending any more (at most `timeoutMs` after the API's connections went
 * idle); then every issued redemption must have its mail (`coupon:{id}`) sent, once.
 */
export async function waitForCouponMails(db, merchantIds, { timeoutMs = 30_000 } = {}) {
  const started = Date.now();
  for (;;) {
    const {
      rows: [counts],
    } = await db.query(
      `select (select count(*) from notification_outbox
                where merchant_id = any($1::bigint[]) and kind = 'coupon_issued'
                  and status = 'pending')::int as mails,
              (select count(*) from redemptions
                where merchant_id = any($1::bigint[]) and status = 'pending')::int as redemptions`,
      [merchantIds],
    );
    const waitedMs = Date.now() - started;
    if (counts.mails + counts.redemptions === 0 || waitedMs > timeoutMs)
      return { ...counts, waitedMs };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Every issued redemption's coupon mail went out (one row per redemption, sent). */
export async function checkCouponMails(db, merchantIds) {
  const { rows } = await db.query(
    `select r.id, o.status from redemptions r
       left join notification_outbox o
         on o.merchant_id = r.merchant_id and o.idempotency_key = 'coupon:' || r.id
      where r.merchant_id = any($1::bigint[]) and r.status = 'issued'`,
    [merchantIds],
  );
  const unsent = rows.filter((r) => r.status !== 'sent');
  // How long a shopper waited for the mail: from the issue step to the send.
  const {
    rows: [delay],
  } = await db.query(
    `select percentile_cont(0.5) within group (order by ms) as p50, max(ms) as max
       from (select extract(epoch from sent_at - created_at) * 1000 as ms from notification_outbox
              where merchant_id = any($1::bigint[]) and kind = 'coupon_issued' and status = 'sent') d`,
    [merchantIds],
  );
  return {
    delayMs: { p50: Math.round(Number(delay.p50)), max: Math.round(Number(delay.max)) },
    problems: unsent
      .slice(0, MAX_LISTED)
      .map((r) => `issued redemption ${r.id}: coupon mail ${r.status ?? 'missing'}`),
    problemCount: unsent.length,
    sent: rows.length - unsent.length,
  };
}
