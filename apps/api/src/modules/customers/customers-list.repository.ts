import type { CustomerSort } from '@nuqat/contracts';
import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.ts';
import { emailLocalReversed, oddAtPredicate, pointsLedger } from '../../db/schema/index.ts';
import type { CustomerRow, LedgerRow } from './customers.repository.ts';

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
  const at = q.indexOf('@');
  if (at >= 3 && q.indexOf('@', at + 1) === -1 && !q.includes(' ')) {
    // Part of an e-mail (decision 058). With no space in it, a match lies inside one field of the
    // search text; with one `@`, for a shopper whose only `@` is the e-mail's, it is the e-mail and
    // its local part ends with what comes before the `@` — a range of the reversed local parts'
    // index. Everyone else who could match (an `@` in a name or mobile, two in an e-mail) is in
    // the odd rows' index. Both are checked against the search text itself: `strpos` is LIKE
    // '%q%' with nothing escaped, and unlike LIKE it does not tempt the planner to the trigrams.
    const reversed = [...q.slice(0, at)].reverse().join('');
    const odd = oddAtPredicate({
      firstName: sql`c.first_name`,
      lastName: sql`c.last_name`,
      email: sql`c.email`,
      mobile: sql`c.mobile`,
    });
    return {
      condition: sql`((${emailLocalReversed(sql`c.email`)} like ${`${likeEscape(reversed)}%`} or ${odd})
        and strpos(${SEARCH_TEXT}, ${q}) > 0)`,
      precise: true,
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
    // Not read by the list (nor selected): the store's control group is not a list column.
    holdoutArm: null,
    holdoutAssignedAt: null,
    holdoutReleasedAt: null,
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
