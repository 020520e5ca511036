import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';
import type { ReferralRow } from './referrals.repository.ts';

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
  return rowsOf<Record<string, unknown>>(result).map(referralCouponFromRow);
}

/** One row of the query above (snake_case, as the driver or `to_jsonb` gives it). */
export function referralCouponFromRow(r: Record<string, unknown>): ReferralCouponRow {
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return {
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
  };
}
