import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  customers,
  loyaltyRules,
  merchants,
  orders,
  type RuleEvent,
} from '../../db/schema/index.ts';

export type CustomerRow = typeof customers.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type RuleRow = typeof loyaltyRules.$inferSelect;
export type MerchantRow = typeof merchants.$inferSelect;

export async function lockMerchant(
  db: Executor,
  merchantId: number,
): Promise<MerchantRow | undefined> {
  const [row] = await db.select().from(merchants).where(eq(merchants.id, merchantId)).for('update');
  return row;
}

/** Creates a bare merchant row the first time any event names the store (events arrive in any order). */
export async function ensureMerchant(db: Executor, merchantId: number): Promise<void> {
  await db
    .insert(merchants)
    .values({ id: merchantId, storeName: `Salla store ${merchantId}` })
    .onConflictDoNothing({ target: merchants.id });
}

export async function updateMerchant(
  db: Executor,
  merchantId: number,
  values: Partial<typeof merchants.$inferInsert>,
): Promise<void> {
  await db
    .update(merchants)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(merchants.id, merchantId));
}

export async function findRules(
  db: Executor,
  merchantId: number,
): Promise<Map<RuleEvent, RuleRow>> {
  const rows = await db.select().from(loyaltyRules).where(eq(loyaltyRules.merchantId, merchantId));
  return new Map(rows.map((r) => [r.event, r]));
}

/** The store's row as it is now, without a lock (store events no longer serialise on it). */
export async function findMerchantRow(
  db: Executor,
  merchantId: number,
): Promise<MerchantRow | undefined> {
  const [row] = await db.select().from(merchants).where(eq(merchants.id, merchantId));
  return row;
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
