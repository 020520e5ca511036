import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customers, loyaltyRules, orders, type RuleEvent } from '../../db/schema/index.ts';

export type CustomerRow = typeof customers.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type RuleRow = typeof loyaltyRules.$inferSelect;
export type { MerchantRow } from '../merchants/merchants.repository.ts';

export async function findRules(
  db: Executor,
  merchantId: number,
): Promise<Map<RuleEvent, RuleRow>> {
  const rows = await db.select().from(loyaltyRules).where(eq(loyaltyRules.merchantId, merchantId));
  return new Map(rows.map((r) => [r.event, r]));
}

/** Locks the shopper's row: the engine's serialisation point (shopper → order → lots → plan). */
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

export async function findOrder(
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

export async function insertCustomerIfMissing(
  db: Executor,
  merchantId: number,
  customerId: number,
): Promise<void> {
  await db
    .insert(customers)
    .values({ merchantId, id: customerId })
    .onConflictDoNothing({ target: [customers.merchantId, customers.id] });
}

export async function updateCustomer(
  db: Executor,
  merchantId: number,
  customerId: number,
  values: Partial<typeof customers.$inferInsert>,
): Promise<void> {
  await db
    .update(customers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(customers.merchantId, merchantId), eq(customers.id, customerId)));
}

export async function lockOrder(
  db: Executor,
  merchantId: number,
  orderId: number,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.merchantId, merchantId), eq(orders.id, orderId)))
    .for('update');
  return row;
}

export async function insertOrder(
  db: Executor,
  values: typeof orders.$inferInsert,
): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  return row!;
}

export async function updateOrder(
  db: Executor,
  merchantId: number,
  orderId: number,
  values: Partial<typeof orders.$inferInsert>,
): Promise<void> {
  await db
    .update(orders)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(orders.merchantId, merchantId), eq(orders.id, orderId)));
}

/** The customer's counted orders in the order they were placed (the basis of caps and repeat bonuses). */
export async function findEarnedOrders(
  db: Executor,
  merchantId: number,
  customerId: number,
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.merchantId, merchantId),
        eq(orders.customerId, customerId),
        eq(orders.earnStatus, 'earned'),
      ),
    )
    .orderBy(asc(orders.placedAt), asc(orders.id));
}
