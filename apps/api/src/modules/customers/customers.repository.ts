import { and, asc, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import { type Executor } from '../../db/client.ts';
import type { customerAdjustments } from '../../db/schema/index.ts';
import {
  customers,
  orders,
  pointsLedger,
  pointsLots,
  redemptions,
  rewards,
  shopperSessions,
} from '../../db/schema/index.ts';

/**
 * Reads and writes of the customers screens (docs/decisions/017), always for one store. The list
 * reads one of the customers indexes of migration 0009 in its sort order with a keyset (never
 * OFFSET), and its search the trigram index within the store; the figures are columns kept with
 * each change, so a page never sums a ledger.
 */

export type CustomerRow = typeof customers.$inferSelect;
export type AdjustmentRow = typeof customerAdjustments.$inferSelect;
export type LedgerRow = typeof pointsLedger.$inferSelect;

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

/** Open lots with an expiry, soonest first. */
export async function findExpiringLots(
  db: Executor,
  merchantId: number,
  customerId: number,
  limit: number,
): Promise<{ remaining: number; expiresAt: Date }[]> {
  const rows = await db
    .select({ remaining: pointsLots.remaining, expiresAt: pointsLots.expiresAt })
    .from(pointsLots)
    .where(
      and(
        eq(pointsLots.merchantId, merchantId),
        eq(pointsLots.customerId, customerId),
        gt(pointsLots.remaining, 0),
        isNotNull(pointsLots.expiresAt),
      ),
    )
    .orderBy(asc(pointsLots.expiresAt))
    .limit(limit);
  return rows.map((r) => ({ remaining: r.remaining, expiresAt: r.expiresAt! }));
}

export type CouponRow = typeof redemptions.$inferSelect & { rewardName: string | null };

export async function findCustomerCoupons(
  db: Executor,
  merchantId: number,
  customerId: number,
  limit?: number,
): Promise<CouponRow[]> {
  const query = db
    .select({ r: redemptions, rewardName: rewards.name })
    .from(redemptions)
    .leftJoin(
      rewards,
      and(eq(rewards.merchantId, redemptions.merchantId), eq(rewards.id, redemptions.rewardId)),
    )
    .where(and(eq(redemptions.merchantId, merchantId), eq(redemptions.customerId, customerId)))
    .orderBy(desc(redemptions.createdAt), desc(redemptions.id));
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map((row) => ({ ...row.r, rewardName: row.rewardName }));
}

export type OrderRow = typeof orders.$inferSelect;

export async function findCustomerOrders(
  db: Executor,
  merchantId: number,
  customerId: number,
  limit?: number,
): Promise<OrderRow[]> {
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.merchantId, merchantId), eq(orders.customerId, customerId)))
    .orderBy(sql`${orders.placedAt} desc nulls last`, desc(orders.id));
  return limit === undefined ? query : query.limit(limit);
}

/** Order references (Salla's order numbers) of the given orders. */
export async function findOrderReferences(
  db: Executor,
  merchantId: number,
  orderIds: number[],
): Promise<Map<number, string | null>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, reference: orders.referenceId })
    .from(orders)
    .where(and(eq(orders.merchantId, merchantId), inArray(orders.id, orderIds)));
  return new Map(rows.map((r) => [r.id, r.reference]));
}

/** The shopper's ledger, newest first, after the cursor's (created_at, id); all of it without a limit. */
export async function findCustomerLedger(
  db: Executor,
  merchantId: number,
  customerId: number,
  after: { at: string; id: number } | undefined,
  limit?: number,
): Promise<(LedgerRow & { atKey: string })[]> {
  const query = db
    .select({ row: pointsLedger, atKey: sql<string>`to_json(${pointsLedger.createdAt}) #>> '{}'` })
    .from(pointsLedger)
    .where(
      and(
        eq(pointsLedger.merchantId, merchantId),
        eq(pointsLedger.customerId, customerId),
        after
          ? sql`(${pointsLedger.createdAt}, ${pointsLedger.id}) < (${after.at}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(pointsLedger.createdAt), desc(pointsLedger.id));
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map((r) => ({ ...r.row, atKey: r.atKey }));
}

export async function findSessions(db: Executor, merchantId: number, customerId: number) {
  return db
    .select()
    .from(shopperSessions)
    .where(
      and(eq(shopperSessions.merchantId, merchantId), eq(shopperSessions.customerId, customerId)),
    )
    .orderBy(asc(shopperSessions.createdAt));
}

/** Locks the shopper's row for the rest of the transaction. */
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

/**
 * Clawed-back points written off for the customer over time (docs/decisions/027): the part of
 * each shortfall not owed, and debts the merchant forgave.
 */
export async function sumForgiven(
  db: Executor,
  merchantId: number,
  customerId: number,
): Promise<number> {
  const [row] = await db
    .select({
      n: sql<string>`coalesce(sum(${pointsLedger.shortfall} - greatest(${pointsLedger.debtDelta}, 0)), 0)
        - coalesce(sum(${pointsLedger.debtDelta}) filter (where ${pointsLedger.kind} = 'adjust'
                   and ${pointsLedger.sourceType} = 'debt'), 0)`,
    })
    .from(pointsLedger)
    .where(and(eq(pointsLedger.merchantId, merchantId), eq(pointsLedger.customerId, customerId)));
  return Number(row?.n ?? 0);
}
