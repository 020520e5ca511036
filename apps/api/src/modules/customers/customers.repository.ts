import type { CustomerSort } from '@nuqat/contracts';
import { and, asc, desc, eq, gt, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { pgTextArray, type Executor, rowsOf } from '../../db/client.ts';
import {
  customerAdjustments,
  customers,
  orders,
  pointsLedger,
  pointsLots,
  redemptions,
  rewards,
  shopperCodes,
  shopperSessions,
} from '../../db/schema/index.ts';
import { NO_TIER_ID } from '../tiers/index.ts';

/**
 * Reads and writes of the customers screens (docs/decisions/017), always for one store. The list
 * reads one of the customers indexes of migration 0009 in its sort order with a keyset (never
 * OFFSET), and its search the trigram index within the store; the figures are columns kept with
 * each change, so a page never sums a ledger.
 */

export type CustomerRow = typeof customers.$inferSelect;
export type AdjustmentRow = typeof customerAdjustments.$inferSelect;
export type LedgerRow = typeof pointsLedger.$inferSelect;

/** Each sort's key: the expression of its index (a shopper without orders sorts as the oldest). */
const SORT_KEYS: Record<CustomerSort, SQL> = {
  joined: sql`c.created_at`,
  balance: sql`c.points_balance`,
  spend: sql`c.spend_halalas`,
  last_order: sql`coalesce(c.last_order_at, '-infinity'::timestamptz)`,
};
/** How a key value is carried in a cursor and read back (timestamps at full precision). */
const KEY_OUT: Record<CustomerSort, SQL> = {
  joined: sql`to_json(c.created_at) #>> '{}'`,
  balance: sql`c.points_balance::text`,
  spend: sql`c.spend_halalas::text`,
  last_order: sql`to_json(coalesce(c.last_order_at, '-infinity'::timestamptz)) #>> '{}'`,
};
const KEY_IN: Record<CustomerSort, (value: string) => SQL> = {
  joined: (v) => sql`${v}::timestamptz`,
  balance: (v) => sql`${v}::integer`,
  spend: (v) => sql`${v}::bigint`,
  last_order: (v) => sql`${v}::timestamptz`,
};

/** The search index's expression (migration 0009): it must stay exactly this to be used. */
const SEARCH_TEXT = sql`lower(c.first_name || ' ' || c.last_name || ' ' || coalesce(c.email, '') || ' ' || coalesce(c.mobile, ''))`;

const likeEscape = (value: string) => value.replace(/[\\%_]/g, (m) => `\\${m}`);

/** A mobile's last nine digits, however it was written: the expression of customers_mobile_idx. */
const MOBILE_DIGITS = sql`right(regexp_replace(coalesce(c.mobile, ''), '[^0-9]', '', 'g'), 9)`;
const EMAIL_LIKE = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/**
 * What a search matches, each alternative from its own index: a whole e-mail exactly (the e-mail
 * index), digits as a Salla id (the primary key) or, nine digits or more, as a mobile's last nine
 * digits (the mobile index); anything else as any part of the name, e-mail or mobile (trigrams).
 * A trigram index cannot serve a whole e-mail or mobile quickly in a large store: their trigrams
 * (the domain, the country code) are in nearly every row.
 */
function searchCondition(q: string): { condition: SQL; precise: boolean } {
  if (EMAIL_LIKE.test(q)) return { condition: sql`lower(c.email) = ${q}`, precise: true };
  if (/^\+?\d+$/.test(q)) {
    const digits = q.replace('+', '');
    const alternatives: SQL[] = [];
    if (/^\d{1,18}$/.test(digits) && Number.isSafeInteger(Number(digits)))
      alternatives.push(sql`c.id = ${Number(digits)}`);
    const precise = digits.length >= 9 || q.length < 3;
    if (digits.length >= 9) alternatives.push(sql`${MOBILE_DIGITS} = ${digits.slice(-9)}`);
    else if (q.length >= 3) alternatives.push(sql`${SEARCH_TEXT} like ${`%${likeEscape(q)}%`}`);
    return {
      condition: alternatives.length > 0 ? sql`(${sql.join(alternatives, sql` or `)})` : sql`false`,
      precise,
    };
  }
  return {
    condition: q.length >= 3 ? sql`${SEARCH_TEXT} like ${`%${likeEscape(q)}%`}` : sql`false`,
    precise: false,
  };
}

export interface CustomerFilter {
  q?: string | undefined;
  sort: CustomerSort;
  order: 'asc' | 'desc';
  minBalance?: number | undefined;
  maxBalance?: number | undefined;
  /** Shoppers with no order placed since this time (or, without orders, joined before it). */
  inactiveSince?: Date | undefined;
  /** Shoppers with points expiring in (now, expiringBefore]. */
  expiring?: { now: Date; before: Date } | undefined;
  /** Shoppers in this VIP tier; null = in none. */
  tierId?: string | null | undefined;
}

/** The list does not read the notification preferences (decision 023). */
export interface ListedCustomer extends Omit<
  CustomerRow,
  'language' | 'notificationsUnsubscribedAt'
> {
  /** The sort key as text, for the next page's cursor. */
  sortKey: string;
}

const LIST_COLUMNS = sql`c.merchant_id, c.id, c.first_name, c.last_name, c.email, c.mobile,
  c.points_balance, c.points_debt, c.lifetime_earned, c.lifetime_redeemed, c.orders_count, c.spend_halalas,
  c.last_order_at, c.pending_points, c.created_at, c.erased_at, c.tier_id, c.tier_value`;

interface RawCustomer {
  merchant_id: string | number;
  id: string | number;
  first_name: string;
  last_name: string;
  email: string | null;
  mobile: string | null;
  points_balance: number;
  points_debt: number;
  lifetime_earned: string | number;
  lifetime_redeemed: string | number;
  orders_count: number;
  spend_halalas: string | number;
  last_order_at: string | Date | null;
  pending_points: number;
  created_at: string | Date;
  erased_at: string | Date | null;
  tier_id: string | null;
  tier_value: string | number;
  sort_key: string;
}

const toDate = (v: string | Date) => (v instanceof Date ? v : new Date(v));

function toListed(r: RawCustomer): ListedCustomer {
  return {
    merchantId: Number(r.merchant_id),
    id: Number(r.id),
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    mobile: r.mobile,
    avatar: null,
    birthday: null,
    birthdaySetAt: null,
    pointsBalance: Number(r.points_balance),
    pointsDebt: Number(r.points_debt),
    profileEventAt: null,
    lifetimeEarned: Number(r.lifetime_earned),
    lifetimeRedeemed: Number(r.lifetime_redeemed),
    ordersCount: Number(r.orders_count),
    spendHalalas: Number(r.spend_halalas),
    lastOrderAt: r.last_order_at === null ? null : toDate(r.last_order_at),
    pendingPoints: Number(r.pending_points),
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.created_at),
    erasedAt: r.erased_at === null ? null : toDate(r.erased_at),
    tierId: r.tier_id,
    tierSince: null,
    tierBelowSince: null,
    tierCheckedAt: null,
    tierValue: Number(r.tier_value),
    sortKey: r.sort_key,
  };
}

/** One page of the store's shoppers in the filter's order, after the cursor's (key, id). */
export async function findCustomersPage(
  db: Executor,
  merchantId: number,
  filter: CustomerFilter,
  after: { key: string; id: number } | undefined,
  limit: number,
): Promise<ListedCustomer[]> {
  const key = SORT_KEYS[filter.sort];
  const conditions: SQL[] = [sql`c.merchant_id = ${merchantId}`];
  const search = filter.q === undefined ? undefined : searchCondition(filter.q.toLowerCase());
  if (search) conditions.push(search.condition);
  if (filter.minBalance !== undefined)
    conditions.push(sql`c.points_balance >= ${filter.minBalance}`);
  if (filter.maxBalance !== undefined)
    conditions.push(sql`c.points_balance <= ${filter.maxBalance}`);
  if (filter.inactiveSince)
    conditions.push(
      sql`coalesce(c.last_order_at, c.created_at) < ${filter.inactiveSince.toISOString()}::timestamptz`,
    );
  if (filter.tierId !== undefined)
    conditions.push(
      filter.tierId === null ? sql`c.tier_id is null` : sql`c.tier_id = ${filter.tierId}::uuid`,
    );
  if (filter.expiring)
    conditions.push(sql`exists (select 1 from points_lots l
      where l.merchant_id = c.merchant_id and l.customer_id = c.id and l.remaining > 0
        and l.expires_at > ${filter.expiring.now.toISOString()}::timestamptz
        and l.expires_at <= ${filter.expiring.before.toISOString()}::timestamptz)`);
  const descending = filter.order === 'desc';
  if (after) {
    const k = KEY_IN[filter.sort](after.key);
    conditions.push(
      descending
        ? sql`(${key}, c.id) < (${k}, ${after.id})`
        : sql`(${key}, c.id) > (${k}, ${after.id})`,
    );
  }
  const direction = sql.raw(descending ? 'desc' : 'asc');
  // One tier (or none, in a store with tiers: NO_TIER_ID): its customers in the sort's order are
  // one range of a customers_tier_*_idx. Naming
  // the tier first in the order (a constant here) makes that the plan: a tier is made of high or
  // low spenders, so walking the store-wide sort index and filtering may pass most of the store.
  const tierFirst = filter.tierId ? sql`c.tier_id ${direction}, ` : sql``;
  // A precise search (an e-mail, an id, a mobile) finds a handful of rows through its own index
  // first, then sorts them; the planner, not knowing how few, might walk the sort's index instead.
  const where = sql.join(conditions, sql` and `);
  const result = await db.execute(
    search?.precise
      ? sql`with c as materialized (select * from customers c where ${where})
          select ${LIST_COLUMNS}, ${KEY_OUT[filter.sort]} as sort_key from c
           order by ${key} ${direction}, c.id ${direction} limit ${limit}`
      : sql`select ${LIST_COLUMNS}, ${KEY_OUT[filter.sort]} as sort_key from customers c
             where ${where} order by ${tierFirst}${key} ${direction}, c.id ${direction} limit ${limit}`,
  );
  return rowsOf<RawCustomer>(result).map(toListed);
}

export async function findCustomer(
  db: Executor,
  merchantId: number,
  customerId: number,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.merchantId, merchantId), eq(customers.id, customerId)));
  return row;
}

/** Open lots with an expiry, soonest first. */
export async function findExpiringLots(
  db: Executor,
  merchantId: number,
  customerId: number,
  limit: number,
): Promise<{ remaining: number; expiresAt: Date }[]> {
  const rows = await db
    .select({ remaining: pointsLots.remaining, expiresAt: pointsLots.expiresAt })
    .from(pointsLots)
    .where(
      and(
        eq(pointsLots.merchantId, merchantId),
        eq(pointsLots.customerId, customerId),
        gt(pointsLots.remaining, 0),
        isNotNull(pointsLots.expiresAt),
      ),
    )
    .orderBy(asc(pointsLots.expiresAt))
    .limit(limit);
  return rows.map((r) => ({ remaining: r.remaining, expiresAt: r.expiresAt! }));
}

export type CouponRow = typeof redemptions.$inferSelect & { rewardName: string | null };

export async function findCustomerCoupons(
  db: Executor,
  merchantId: number,
  customerId: number,
  limit?: number,
): Promise<CouponRow[]> {
  const query = db
    .select({ r: redemptions, rewardName: rewards.name })
    .from(redemptions)
    .leftJoin(
      rewards,
      and(eq(rewards.merchantId, redemptions.merchantId), eq(rewards.id, redemptions.rewardId)),
    )
    .where(and(eq(redemptions.merchantId, merchantId), eq(redemptions.customerId, customerId)))
    .orderBy(desc(redemptions.createdAt), desc(redemptions.id));
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map((row) => ({ ...row.r, rewardName: row.rewardName }));
}

export type OrderRow = typeof orders.$inferSelect;

export async function findCustomerOrders(
  db: Executor,
  merchantId: number,
  customerId: number,
  limit?: number,
): Promise<OrderRow[]> {
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.merchantId, merchantId), eq(orders.customerId, customerId)))
    .orderBy(sql`${orders.placedAt} desc nulls last`, desc(orders.id));
  return limit === undefined ? query : query.limit(limit);
}

/** Order references (Salla's order numbers) of the given orders. */
export async function findOrderReferences(
  db: Executor,
  merchantId: number,
  orderIds: number[],
): Promise<Map<number, string | null>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, reference: orders.referenceId })
    .from(orders)
    .where(and(eq(orders.merchantId, merchantId), inArray(orders.id, orderIds)));
  return new Map(rows.map((r) => [r.id, r.reference]));
}

/** The shopper's ledger, newest first, after the cursor's (created_at, id); all of it without a limit. */
export async function findCustomerLedger(
  db: Executor,
  merchantId: number,
  customerId: number,
  after: { at: string; id: number } | undefined,
  limit?: number,
): Promise<(LedgerRow & { atKey: string })[]> {
  const query = db
    .select({ row: pointsLedger, atKey: sql<string>`to_json(${pointsLedger.createdAt}) #>> '{}'` })
    .from(pointsLedger)
    .where(
      and(
        eq(pointsLedger.merchantId, merchantId),
        eq(pointsLedger.customerId, customerId),
        after
          ? sql`(${pointsLedger.createdAt}, ${pointsLedger.id}) < (${after.at}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(pointsLedger.createdAt), desc(pointsLedger.id));
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map((r) => ({ ...r.row, atKey: r.atKey }));
}

/** The store's ledger rows created in [from, to), in id order after `afterId` (export batches). */
export async function findStoreLedgerBatch(
  db: Executor,
  merchantId: number,
  range: { from: Date; to: Date },
  afterId: number,
  limit: number,
): Promise<LedgerRow[]> {
  return db
    .select()
    .from(pointsLedger)
    .where(
      and(
        eq(pointsLedger.merchantId, merchantId),
        gt(pointsLedger.id, afterId),
        sql`${pointsLedger.createdAt} >= ${range.from.toISOString()}::timestamptz`,
        sql`${pointsLedger.createdAt} < ${range.to.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(pointsLedger.id))
    .limit(limit);
}

export async function findAdjustment(
  db: Executor,
  merchantId: number,
  idempotencyKey: string,
): Promise<AdjustmentRow | undefined> {
  const [row] = await db
    .select()
    .from(customerAdjustments)
    .where(
      and(
        eq(customerAdjustments.merchantId, merchantId),
        eq(customerAdjustments.idempotencyKey, idempotencyKey),
      ),
    );
  return row;
}

export async function insertAdjustment(
  db: Executor,
  row: typeof customerAdjustments.$inferInsert,
): Promise<AdjustmentRow> {
  const [inserted] = await db.insert(customerAdjustments).values(row).returning();
  return inserted!;
}

/** Adjustments by the keys of their ledger rows' source ids (who made each). */
export async function findAdjustmentsByKeys(
  db: Executor,
  merchantId: number,
  keys: string[],
): Promise<Map<string, AdjustmentRow>> {
  const uuids = keys.filter((k) => /^[0-9a-f-]{36}$/i.test(k));
  if (uuids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(customerAdjustments)
    .where(
      and(
        eq(customerAdjustments.merchantId, merchantId),
        inArray(customerAdjustments.idempotencyKey, uuids),
      ),
    );
  return new Map(rows.map((r) => [r.idempotencyKey, r]));
}

/**
 * Shoppers of the store by Salla id and by the key of their e-mail (`emailKeys` come from
 * contracts' emailKey; nuqat_email_key is its SQL twin, indexed per store), for an import.
 */
export async function findShoppersForImport(
  db: Executor,
  merchantId: number,
  ids: number[],
  emailKeys: string[],
): Promise<{ id: number; emailKey: string | null; erased: boolean }[]> {
  if (ids.length === 0 && emailKeys.length === 0) return [];
  const result = await db.execute(sql`
    select id, nuqat_email_key(email) as email_key, erased_at is not null as erased from customers
     where merchant_id = ${merchantId}
       and (id = any(${`{${ids.join(',')}}`}::bigint[])
            or nuqat_email_key(email) = any(${pgTextArray(emailKeys)}::text[]))`);
  return rowsOf<{ id: string | number; email_key: string | null; erased: boolean }>(result).map(
    (r) => ({ id: Number(r.id), emailKey: r.email_key, erased: r.erased }),
  );
}

/**
 * Locks the import's shoppers, in id order (pass them sorted: two imports then never deadlock),
 * and says which are erased now.
 */
export async function lockShoppersForImport(
  db: Executor,
  merchantId: number,
  sortedIds: number[],
): Promise<{ id: number; erased: boolean }[]> {
  if (sortedIds.length === 0) return [];
  const result = await db.execute(sql`
    select id, erased_at is not null as erased from customers
     where merchant_id = ${merchantId} and id = any(${`{${sortedIds.join(',')}}`}::bigint[])
     order by id for update`);
  return rowsOf<{ id: string | number; erased: boolean }>(result).map((r) => ({
    id: Number(r.id),
    erased: r.erased,
  }));
}

/** Shoppers (of the list) who already have an opening balance (an `import` ledger row). */
export async function findImported(
  db: Executor,
  merchantId: number,
  customerIds: number[],
): Promise<Set<number>> {
  if (customerIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: pointsLedger.customerId })
    .from(pointsLedger)
    .where(
      and(
        eq(pointsLedger.merchantId, merchantId),
        inArray(pointsLedger.customerId, customerIds),
        eq(pointsLedger.kind, 'import'),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

export async function findSessions(db: Executor, merchantId: number, customerId: number) {
  return db
    .select()
    .from(shopperSessions)
    .where(
      and(eq(shopperSessions.merchantId, merchantId), eq(shopperSessions.customerId, customerId)),
    )
    .orderBy(asc(shopperSessions.createdAt));
}

/** Locks the shopper's row for the rest of the transaction. */
export async function lockCustomer(
  db: Executor,
  merchantId: number,
  customerId: number,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.merchantId, merchantId), eq(customers.id, customerId)))
    .for('update');
  return row;
}

/** Removes the personal fields for good; returns the sessions ended. */
export async function eraseCustomer(
  db: Executor,
  merchantId: number,
  customerId: number,
  at: Date,
): Promise<number> {
  await db
    .update(customers)
    .set({
      firstName: '',
      lastName: '',
      email: null,
      mobile: null,
      avatar: null,
      birthday: null,
      birthdaySetAt: null,
      // An erased customer is in no tier and never worked out again (nuqat_tier_recompute).
      tierId: sql`case when ${customers.tierId} is null then null else ${NO_TIER_ID}::uuid end`,
      tierBelowSince: null,
      erasedAt: sql`coalesce(${customers.erasedAt}, ${at.toISOString()}::timestamptz)`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(customers.merchantId, merchantId), eq(customers.id, customerId)));
  await db
    .delete(shopperCodes)
    .where(and(eq(shopperCodes.merchantId, merchantId), eq(shopperCodes.customerId, customerId)));
  const ended = await db
    .update(shopperSessions)
    .set({ revokedAt: at })
    .where(
      and(
        eq(shopperSessions.merchantId, merchantId),
        eq(shopperSessions.customerId, customerId),
        sql`${shopperSessions.revokedAt} is null`,
      ),
    )
    .returning({ id: shopperSessions.id });
  return ended.length;
}

/** The addresses the shopper's sign-in codes were sent to (as typed). */
export async function findShopperCodeEmails(
  db: Executor,
  merchantId: number,
  customerId: number,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ email: shopperCodes.email })
    .from(shopperCodes)
    .where(and(eq(shopperCodes.merchantId, merchantId), eq(shopperCodes.customerId, customerId)));
  return rows.map((r) => r.email);
}

/** The ids of the shopper's orders (their stored events are theirs too). */
export async function findOrderIdsOf(
  db: Executor,
  merchantId: number,
  customerId: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.merchantId, merchantId), eq(orders.customerId, customerId)));
  return rows.map((r) => r.id);
}

/** Rewrites the reasons of the shopper's manual adjustments; returns how many changed. */
export async function rewriteAdjustmentReasons(
  db: Executor,
  merchantId: number,
  customerId: number,
  rewrite: (reason: string) => string,
): Promise<number> {
  const rows = await db
    .select({ key: customerAdjustments.idempotencyKey, reason: customerAdjustments.reason })
    .from(customerAdjustments)
    .where(
      and(
        eq(customerAdjustments.merchantId, merchantId),
        eq(customerAdjustments.customerId, customerId),
      ),
    );
  let changed = 0;
  for (const row of rows) {
    const reason = rewrite(row.reason);
    if (reason === row.reason) continue;
    await db
      .update(customerAdjustments)
      .set({ reason })
      .where(
        and(
          eq(customerAdjustments.merchantId, merchantId),
          eq(customerAdjustments.idempotencyKey, row.key),
        ),
      );
    changed += 1;
  }
  return changed;
}

/**
 * Clawed-back points written off for the customer over time (docs/decisions/027): the part of
 * each shortfall not owed, and debts the merchant forgave.
 */
export async function sumForgiven(
  db: Executor,
  merchantId: number,
  customerId: number,
): Promise<number> {
  const [row] = await db
    .select({
      n: sql<string>`coalesce(sum(${pointsLedger.shortfall} - greatest(${pointsLedger.debtDelta}, 0)), 0)
        - coalesce(sum(${pointsLedger.debtDelta}) filter (where ${pointsLedger.kind} = 'adjust'
                   and ${pointsLedger.sourceType} = 'debt'), 0)`,
    })
    .from(pointsLedger)
    .where(and(eq(pointsLedger.merchantId, merchantId), eq(pointsLedger.customerId, customerId)));
  return Number(row?.n ?? 0);
}
