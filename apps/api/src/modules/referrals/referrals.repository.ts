import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Executor } from '../../db/client.ts';
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
