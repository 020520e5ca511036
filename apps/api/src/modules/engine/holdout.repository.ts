import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customers, orders } from '../../db/schema/index.ts';

/** The store's control group (docs/decisions/049): the rows the engine owns. */

const heldOutNow = (merchantId: number) =>
  and(
    eq(customers.merchantId, merchantId),
    eq(customers.holdoutArm, 'control'),
    isNull(customers.holdoutReleasedAt),
  );

/** Enrols every shopper of the control group from `at`; their arm stays. Returns their ids. */
export async function releaseControlGroup(
  db: Executor,
  merchantId: number,
  at: Date,
): Promise<number[]> {
  const rows = await db
    .update(customers)
    .set({ holdoutReleasedAt: at })
    .where(heldOutNow(merchantId))
    .returning({ id: customers.id });
  return rows.map((r) => r.id);
}

/** The store's orders the holdout kept from earning, by shopper. */
export async function findHeldOutOrders(
  db: Executor,
  merchantId: number,
): Promise<Map<number, number[]>> {
  const rows = await db
    .select({ id: orders.id, customerId: orders.customerId })
    .from(orders)
    .where(and(eq(orders.merchantId, merchantId), eq(orders.earnStatus, 'held_out')))
    .orderBy(orders.customerId, orders.id);
  const byCustomer = new Map<number, number[]>();
  for (const o of rows) {
    if (o.customerId === null) continue;
    byCustomer.set(o.customerId, [...(byCustomer.get(o.customerId) ?? []), o.id]);
  }
  return byCustomer;
}
