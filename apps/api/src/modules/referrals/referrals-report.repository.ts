import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Executor } from '../../db/client.ts';
import { customers, orders, referrals } from '../../db/schema/index.ts';
import type { ReferralRow } from './referrals.repository.ts';

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
