import { and, eq } from 'drizzle-orm';
import { type Executor } from '../../db/client.ts';
import { customerAdjustments, orders, shopperCodes } from '../../db/schema/index.ts';

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
