import { and, eq, sql } from 'drizzle-orm';
import { pgTextArray, type Executor } from '../../db/client.ts';
import { referrals } from '../../db/schema/index.ts';

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
