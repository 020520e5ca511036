import { and, eq, sql } from 'drizzle-orm';
import { type Executor } from '../../db/client.ts';
import {
  customerAdjustments,
  customers,
  orders,
  shopperCodes,
  shopperSessions,
} from '../../db/schema/index.ts';
import { NO_TIER_ID } from '../tiers/index.ts';

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
