import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { pgTextArray, rowsOf, type Executor } from '../../db/client.ts';
import {
  customers,
  orders,
  referralCodes,
  referralSettings,
  referrals,
} from '../../db/schema/index.ts';

export type ReferralSettingsRow = typeof referralSettings.$inferSelect;
export type ReferralSettingsValues = Omit<typeof referralSettings.$inferInsert, 'merchantId'>;

export async function findReferralSettings(
  db: Executor,
  merchantId: number,
): Promise<ReferralSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(referralSettings)
    .where(eq(referralSettings.merchantId, merchantId));
  return row;
}

/** Writes the whole programme in one statement (a first save creates the row). */
export async function upsertReferralSettings(
  db: Executor,
  merchantId: number,
  values: ReferralSettingsValues,
): Promise<ReferralSettingsRow> {
  const [row] = await db
    .insert(referralSettings)
    .values({ merchantId, ...values, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: referralSettings.merchantId,
      set: { ...values, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

/**
 * Switches the programme on or off and nothing else; a store with no row yet gets the given
 * defaults with that state.
 */
export async function setReferralActive(
  db: Executor,
  merchantId: number,
  isActive: boolean,
  defaults: ReferralSettingsValues,
): Promise<ReferralSettingsRow> {
  const [row] = await db
    .insert(referralSettings)
    .values({ merchantId, ...defaults, isActive, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: referralSettings.merchantId,
      set: { isActive, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

// ---- The engine (docs/decisions/021) -----------------------------------------------------------

export type ReferralRow = typeof referrals.$inferSelect;
export type NewReferral = typeof referrals.$inferInsert;

export async function findReferralCodeOf(
  db: Executor,
  merchantId: number,
  customerId: number,
): Promise<string | null> {
  const [row] = await db
    .select({ code: referralCodes.code })
    .from(referralCodes)
    .where(and(eq(referralCodes.merchantId, merchantId), eq(referralCodes.customerId, customerId)));
  return row?.code ?? null;
}

/** Keeps the shopper's code; false when the code is another shopper's (try another). */
export async function insertReferralCode(
  db: Executor,
  merchantId: number,
  customerId: number,
  code: string,
): Promise<boolean> {
  const rows = await db
    .insert(referralCodes)
    .values({ merchantId, customerId, code })
    .onConflictDoNothing()
    .returning({ code: referralCodes.code });
  return rows.length > 0;
}

export async function findReferralCodeOwner(
  db: Executor,
  merchantId: number,
  code: string,
): Promise<number | null> {
  const [row] = await db
    .select({ customerId: referralCodes.customerId })
    .from(referralCodes)
    .where(and(eq(referralCodes.merchantId, merchantId), eq(referralCodes.code, code)));
  return row?.customerId ?? null;
}

/**
 * The store's shoppers whose e-mail is this mailbox (`key` is `emailKey()` of an address: any
 * case, +tag or Gmail dots), and whether any of them ever ordered.
 */
export async function findCustomersByEmailKey(
  db: Executor,
  merchantId: number,
  key: string,
): Promise<{ id: number; mobile: string | null; ordered: boolean }[]> {
  return db
    .select({
      id: customers.id,
      mobile: customers.mobile,
      ordered: sql<boolean>`(${customers.ordersCount} > 0 or exists (select 1 from ${orders} o where o.merchant_id = ${customers.merchantId} and o.customer_id = ${customers.id}))`,
    })
    .from(customers)
    .where(
      and(eq(customers.merchantId, merchantId), sql`nuqat_email_key(${customers.email}) = ${key}`),
    )
    .limit(10);
}

/**
 * The store's programme, its row locked until the transaction ends: a store's claims are decided
 * one at a time, so its caps hold under concurrency (decision 028).
 */
export async function lockReferralSettings(
  tx: Executor,
  merchantId: number,
): Promise<ReferralSettingsRow | undefined> {
  const [row] = await tx
    .select()
    .from(referralSettings)
    .where(eq(referralSettings.merchantId, merchantId))
    .for('update');
  return row;
}

/**
 * What a claim is decided on, in one statement whatever the outcome: whether the mailbox has a
 * gift of the store already, the gifts the code gave, and the store's gifts since `since`
 * (refused claims are no gifts).
 */
export async function findClaimCounts(
  db: Executor,
  merchantId: number,
  facts: { emailKey: string; code: string; since: Date },
): Promise<{ mailboxClaimed: boolean; codeGifts: number; storeGifts: number }> {
  const result = await db.execute(sql`
    select
      exists (select 1 from ${referrals}
               where merchant_id = ${merchantId} and friend_email_key = ${facts.emailKey}
                 and status <> 'blocked') as mailbox_claimed,
      (select count(*) from ${referrals}
        where merchant_id = ${merchantId} and code = ${facts.code}
          and status <> 'blocked')::int as code_gifts,
      (select count(*) from ${referrals}
        where merchant_id = ${merchantId} and claimed_at >= ${facts.since.toISOString()}
          and status <> 'blocked')::int as store_gifts`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  return {
    mailboxClaimed: row.mailbox_claimed === true,
    codeGifts: Number(row.code_gifts ?? 0),
    storeGifts: Number(row.store_gifts ?? 0),
  };
}

export async function insertReferral(db: Executor, values: NewReferral): Promise<ReferralRow> {
  const [row] = await db.insert(referrals).values(values).returning();
  return row!;
}

export async function findReferral(
  db: Executor,
  merchantId: number,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ReferralRow | undefined> {
  const query = db
    .select()
    .from(referrals)
    .where(and(eq(referrals.merchantId, merchantId), eq(referrals.id, id)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updateReferral(
  db: Executor,
  merchantId: number,
  id: string,
  values: Partial<Omit<NewReferral, 'merchantId' | 'id'>>,
): Promise<void> {
  await db
    .update(referrals)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(referrals.merchantId, merchantId), eq(referrals.id, id)));
}

/** A claim whose coupon Salla never made: it never happened (the e-mail may claim again). */
export async function deleteUnissuedReferral(
  db: Executor,
  merchantId: number,
  id: string,
): Promise<boolean> {
  const rows = await db
    .delete(referrals)
    .where(
      and(
        eq(referrals.merchantId, merchantId),
        eq(referrals.id, id),
        eq(referrals.friendCouponStatus, 'pending'),
      ),
    )
    .returning({ id: referrals.id });
  return rows.length > 0;
}

/** An inviter's figures: friends who claimed (not blocked), and friends who paid out. */
export async function countInviterReferrals(
  db: Executor,
  merchantId: number,
  inviterId: number,
): Promise<{ invited: number; rewarded: number }> {
  const [row] = await db
    .select({
      invited: sql<number>`count(*) filter (where ${referrals.status} <> 'blocked')::int`,
      rewarded: sql<number>`count(*) filter (where ${referrals.status} = 'completed')::int`,
    })
    .from(referrals)
    .where(and(eq(referrals.merchantId, merchantId), eq(referrals.inviterCustomerId, inviterId)));
  return { invited: Number(row?.invited ?? 0), rewarded: Number(row?.rewarded ?? 0) };
}

/** Payouts of an inviter since `since`, made or being made (the weekly cap counts both). */
export async function countInviterPayoutsSince(
  db: Executor,
  merchantId: number,
  inviterId: number,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(referrals)
    .where(
      and(
        eq(referrals.merchantId, merchantId),
        eq(referrals.inviterCustomerId, inviterId),
        sql`(${referrals.status} = 'completed' and ${referrals.completedAt} >= ${since.toISOString()}) or (${referrals.status} = 'pending' and ${referrals.inviterCouponStatus} = 'pending')`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** Referrals still waiting, of one store or of every store (the settlement job). */
export async function findPendingReferrals(
  db: Executor,
  limit: number,
  merchantId?: number,
): Promise<ReferralRow[]> {
  return db
    .select()
    .from(referrals)
    .where(
      and(
        eq(referrals.status, 'pending'),
        merchantId === undefined ? undefined : eq(referrals.merchantId, merchantId),
      ),
    )
    .orderBy(asc(referrals.claimedAt))
    .limit(limit);
}

/** The earliest order of any of these shoppers (a deleted order never counts). */
export async function findFirstOrder(
  db: Executor,
  merchantId: number,
  customerIds: number[],
): Promise<OrderRow | undefined> {
  if (customerIds.length === 0) return undefined;
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.merchantId, merchantId),
        inArray(orders.customerId, customerIds),
        eq(orders.deleted, false),
      ),
    )
    .orderBy(asc(orders.placedAt), asc(orders.id))
    .limit(1);
  return row;
}

export type OrderRow = typeof orders.$inferSelect;

export async function findOrderById(
  db: Executor,
  merchantId: number,
  orderId: number,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.merchantId, merchantId), eq(orders.id, orderId)));
  return row;
}

export interface ReferralListRow extends ReferralRow {
  inviterName: string | null;
  inviterEmail: string | null;
  friendName: string | null;
  orderTotalHalalas: number | null;
}

/** The merchant's list, newest claim first, a keyset page after (claimedAt, id). */
export async function listReferrals(
  db: Executor,
  merchantId: number,
  query: { status?: ReferralRow['status']; after?: { at: Date; id: string }; limit: number },
): Promise<ReferralListRow[]> {
  const inviter = alias(customers, 'inviter');
  const friend = alias(customers, 'friend');
  const rows = await db
    .select({
      referral: referrals,
      inviterName: sql<
        string | null
      >`nullif(trim(${inviter.firstName} || ' ' || ${inviter.lastName}), '')`,
      inviterEmail: inviter.email,
      friendName: sql<
        string | null
      >`nullif(trim(${friend.firstName} || ' ' || ${friend.lastName}), '')`,
      orderTotalHalalas: orders.totalHalalas,
    })
    .from(referrals)
    .leftJoin(
      inviter,
      and(
        eq(inviter.merchantId, referrals.merchantId),
        eq(inviter.id, referrals.inviterCustomerId),
      ),
    )
    .leftJoin(
      friend,
      and(eq(friend.merchantId, referrals.merchantId), eq(friend.id, referrals.friendCustomerId)),
    )
    .leftJoin(
      orders,
      and(eq(orders.merchantId, referrals.merchantId), eq(orders.id, referrals.orderId)),
    )
    .where(
      and(
        eq(referrals.merchantId, merchantId),
        query.status ? eq(referrals.status, query.status) : undefined,
        query.after
          ? sql`(${referrals.claimedAt}, ${referrals.id}) < (${query.after.at.toISOString()}, ${query.after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(referrals.claimedAt), desc(referrals.id))
    .limit(query.limit);
  return rows.map((r) => ({
    ...r.referral,
    inviterName: r.inviterName,
    inviterEmail: r.inviterEmail,
    friendName: r.friendName,
    orderTotalHalalas: r.orderTotalHalalas === null ? null : Number(r.orderTotalHalalas),
  }));
}

export interface ReferralFigures {
  sent: number;
  pending: number;
  converted: number;
  reversed: number;
  blocked: number;
  couponsIssued: number;
  couponsUsed: number;
  costHalalas: number;
  revenueHalalas: number;
  referredOrders: number;
}

/** The store's referral figures, from its referrals and its orders. */
export async function referralFigures(db: Executor, merchantId: number): Promise<ReferralFigures> {
  const result = await db.execute(sql`
    with r as (
      select * from ${referrals} where merchant_id = ${merchantId}
    ), revenue as (
      select count(o.id)::int as orders,
             coalesce(sum(o.total_halalas - o.refunded_halalas), 0)::bigint as halalas
        from r join ${orders} o
          on o.merchant_id = r.merchant_id and o.customer_id = r.friend_customer_id
         and o.created_at >= r.claimed_at
       where r.status <> 'blocked' and r.friend_customer_id is not null
         and not o.cancelled and not o.deleted and not o.fully_refunded
    )
    select
      count(*) filter (where status <> 'blocked')::int as sent,
      count(*) filter (where status = 'pending')::int as pending,
      count(*) filter (where status = 'completed')::int as converted,
      count(*) filter (where status = 'reversed')::int as reversed,
      count(*) filter (where status = 'blocked')::int as blocked,
      (count(*) filter (where friend_coupon_status in ('issued', 'used'))
        + count(*) filter (where inviter_coupon_status in ('issued', 'used')))::int as coupons_issued,
      (count(*) filter (where friend_coupon_status = 'used')
        + count(*) filter (where inviter_coupon_status = 'used'))::int as coupons_used,
      (coalesce(sum(friend_discount_halalas), 0) + coalesce(sum(inviter_discount_halalas), 0))::bigint as cost,
      (select halalas from revenue) as revenue,
      (select orders from revenue) as referred_orders
    from r`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  const n = (key: string) => Number(row[key] ?? 0);
  return {
    sent: n('sent'),
    pending: n('pending'),
    converted: n('converted'),
    reversed: n('reversed'),
    blocked: n('blocked'),
    couponsIssued: n('coupons_issued'),
    couponsUsed: n('coupons_used'),
    costHalalas: n('cost'),
    revenueHalalas: n('revenue'),
    referredOrders: n('referred_orders'),
  };
}

// ---- Erasure (docs/decisions/029) --------------------------------------------------------------

/** The addresses a shopper claimed referrals with (as the friend, once their account was known). */
export async function findFriendEmailsOf(
  db: Executor,
  merchantId: number,
  customerId: number,
): Promise<string[]> {
  const rows = await db
    .select({ email: referrals.friendEmail })
    .from(referrals)
    .where(and(eq(referrals.merchantId, merchantId), eq(referrals.friendCustomerId, customerId)));
  return rows.flatMap((r) => (r.email ? [r.email] : []));
}

/**
 * An erased shopper's address leaves the store's referrals: every claim made as the friend —
 * known by their account, or by the key of any address of theirs (a refused self-referral, a
 * claim before their first order). Codes, coupons, outcomes and the inviter stay.
 */
export async function forgetFriendEmails(
  db: Executor,
  merchantId: number,
  friend: { customerId: number; emailKeys: string[] },
): Promise<number> {
  const rows = await db
    .update(referrals)
    .set({ friendEmail: null, friendEmailKey: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(referrals.merchantId, merchantId),
        sql`${referrals.friendEmail} is not null`,
        sql`(${referrals.friendCustomerId} = ${friend.customerId}
             or nuqat_email_key(${referrals.friendEmail}) = any(${pgTextArray(friend.emailKeys)}::text[]))`,
      ),
    )
    .returning({ id: referrals.id });
  return rows.length;
}

/** One referral coupon, either side, with the customer who holds it (when known). */
export interface ReferralCouponRow {
  /** The friend's gift carries the referral's id; the inviter's reward an id derived from it. */
  id: string;
  referralId: string;
  side: 'inviter' | 'friend';
  code: string | null;
  /** As kept: pending (being made at Salla), issued or used; expiry is read by the caller. */
  status: 'pending' | 'issued' | 'used';
  type: ReferralRow['friendType'];
  value: number;
  maxAmount: number | null;
  expiresAt: Date | null;
  /** The claim for the friend's gift, the payout for the inviter's reward. */
  createdAt: Date;
  usedOrderId: string | null;
  customerId: string | null;
  firstName: string;
  lastName: string;
  email: string | null;
}

export interface ReferralCouponFilter {
  /** One shopper's coupons: as inviter by id, as friend by id or by the claimed e-mail. */
  holder?: { customerId: number; email: string | null };
  status?: 'pending' | 'issued' | 'used' | 'expired';
  /** A code's beginning, a holder's whole e-mail, or a holder's id (digits). */
  q?: string;
  after?: { createdAt: Date; id: string };
  now: Date;
  limit: number;
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The store's referral coupons that exist or are being made (decision 021): each referral gives
 * up to two, the friend's gift at the claim and the inviter's reward at the payout. Newest first
 * by (createdAt, id), after a keyset cursor, so a caller can merge them with the redemptions'.
 * A store's referrals are few next to its redemptions: both sides read the store's rows.
 */
export async function findReferralCoupons(
  db: Executor,
  merchantId: number,
  filter: ReferralCouponFilter,
): Promise<ReferralCouponRow[]> {
  const friendWhere: SQL[] = [
    sql`r.merchant_id = ${merchantId}`,
    sql`r.friend_coupon_status <> 'none'`,
    sql`r.status <> 'blocked'`,
  ];
  const inviterWhere: SQL[] = [
    sql`r.merchant_id = ${merchantId}`,
    sql`r.inviter_coupon_status <> 'none'`,
  ];
  if (filter.holder) {
    const { customerId, email } = filter.holder;
    friendWhere.push(
      email
        ? sql`(r.friend_customer_id = ${customerId}
                or nuqat_email_key(r.friend_email) = nuqat_email_key(${email}))`
        : sql`r.friend_customer_id = ${customerId}`,
    );
    inviterWhere.push(sql`r.inviter_customer_id = ${customerId}`);
  }
  const outer: SQL[] = [sql`true`];
  const now = filter.now.toISOString();
  if (filter.status === 'expired')
    outer.push(sql`x.status = 'issued' and x.expires_at <= ${now}::timestamptz`);
  else if (filter.status === 'issued')
    outer.push(
      sql`x.status = 'issued' and (x.expires_at is null or x.expires_at > ${now}::timestamptz)`,
    );
  else if (filter.status) outer.push(sql`x.status = ${filter.status}`);
  if (filter.q) {
    const q = filter.q.trim();
    const alternatives = [
      sql`x.code like ${`${likeEscape(q.toUpperCase())}%`}`,
      sql`lower(x.email) = ${q.toLowerCase()}`,
    ];
    if (/^\d{1,15}$/.test(q)) alternatives.push(sql`x.customer_id = ${q}`);
    outer.push(sql`(${sql.join(alternatives, sql` or `)})`);
  }
  if (filter.after)
    outer.push(
      sql`(x.created_at, x.id) < (${filter.after.createdAt.toISOString()}::timestamptz, ${filter.after.id}::uuid)`,
    );
  const result = await db.execute(sql`
    select * from (
      select r.id as id, r.id as referral_id, 'friend' as side,
             r.friend_coupon_code as code, r.friend_coupon_status as status,
             r.friend_type as type, r.friend_value as value, r.friend_max_amount as max_amount,
             r.friend_coupon_expires_at as expires_at, r.claimed_at as created_at,
             r.friend_used_order_id::text as used_order_id, c.id::text as customer_id,
             c.first_name, c.last_name, coalesce(c.email, r.friend_email) as email
        from referrals r
        left join customers c on c.merchant_id = r.merchant_id and c.id = r.friend_customer_id
       where ${sql.join(friendWhere, sql` and `)}
      union all
      select md5(r.id::text || ':inviter')::uuid, r.id, 'inviter',
             r.inviter_coupon_code, r.inviter_coupon_status,
             r.inviter_type, r.inviter_value, r.inviter_max_amount,
             r.inviter_coupon_expires_at, coalesce(r.completed_at, r.updated_at),
             r.inviter_used_order_id::text, c.id::text, c.first_name, c.last_name, c.email
        from referrals r
        left join customers c on c.merchant_id = r.merchant_id and c.id = r.inviter_customer_id
       where ${sql.join(inviterWhere, sql` and `)}
    ) x
     where ${sql.join(outer, sql` and `)}
     order by x.created_at desc, x.id desc
     limit ${filter.limit}`);
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    id: String(r.id),
    referralId: String(r.referral_id),
    side: r.side === 'inviter' ? 'inviter' : 'friend',
    code: (r.code as string | null) ?? null,
    status: r.status as ReferralCouponRow['status'],
    type: r.type as ReferralCouponRow['type'],
    value: Number(r.value),
    maxAmount: r.max_amount === null || r.max_amount === undefined ? null : Number(r.max_amount),
    expiresAt: date(r.expires_at),
    createdAt: new Date(r.created_at as string),
    usedOrderId: (r.used_order_id as string | null) ?? null,
    customerId: (r.customer_id as string | null) ?? null,
    firstName: String(r.first_name ?? ''),
    lastName: String(r.last_name ?? ''),
    email: (r.email as string | null) ?? null,
  }));
}
