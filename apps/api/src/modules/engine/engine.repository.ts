import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  customers,
  loyaltyRules,
  orders,
  redemptions,
  referrals,
  tierSettings,
  tiers,
  type RuleEvent,
} from '../../db/schema/index.ts';
import { planHasFeature } from '@nuqat/contracts';
import type { TierMultipliers } from './tier-multipliers.ts';

export type CustomerRow = typeof customers.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type RuleRow = typeof loyaltyRules.$inferSelect;
import type { MerchantRow } from '../merchants/index.ts';
export type { MerchantRow };

export async function findRules(
  db: Executor,
  merchantId: number,
): Promise<Map<RuleEvent, RuleRow>> {
  const rows = await db.select().from(loyaltyRules).where(eq(loyaltyRules.merchantId, merchantId));
  return new Map(rows.map((r) => [r.event, r]));
}

export async function findTierMultipliers(
  db: Executor,
  merchant: Pick<MerchantRow, 'id' | 'plan'>,
): Promise<TierMultipliers> {
  if (!merchant.plan || !planHasFeature(merchant.plan, 'vipTiers')) return new Map();
  const rows = await db
    .select({
      id: tiers.id,
      multiplierPct: tiers.multiplierPct,
      birthdayMultiplierPct: tiers.birthdayMultiplierPct,
    })
    .from(tiers)
    .innerJoin(
      tierSettings,
      and(eq(tierSettings.merchantId, tiers.merchantId), eq(tierSettings.enabled, true)),
    )
    .where(eq(tiers.merchantId, merchant.id));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        multiplierPct: r.multiplierPct,
        birthdayMultiplierPct: r.birthdayMultiplierPct ?? r.multiplierPct,
      },
    ]),
  );
}

/**
 * A shopper first named by an event joined when that event happened (Salla's time, never later
 * than now): a store's history delivered late does not make them join after their own orders.
 */
export async function insertCustomerIfMissing(
  db: Executor,
  merchantId: number,
  customerId: number,
  at: Date,
): Promise<void> {
  await db
    .insert(customers)
    .values({
      merchantId,
      id: customerId,
      createdAt: sql`least(${at.toISOString()}::timestamptz, now())`,
    })
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

/** One shopper; `forUpdate` locks the row (the engine's serialisation point). */
export async function findCustomer(
  db: Executor,
  merchantId: number,
  customerId: number,
  options: { forUpdate?: boolean } = {},
): Promise<CustomerRow | undefined> {
  const query = db
    .select()
    .from(customers)
    .where(and(eq(customers.merchantId, merchantId), eq(customers.id, customerId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** Several shoppers of one store in one statement (the outbox worker's batch); unknown ids are left out. */
export async function findCustomersByIds(
  db: Executor,
  merchantId: number,
  customerIds: readonly number[],
): Promise<CustomerRow[]> {
  if (customerIds.length === 0) return [];
  return db
    .select()
    .from(customers)
    .where(and(eq(customers.merchantId, merchantId), inArray(customers.id, [...customerIds])));
}

/** Locks the shopper's row: the engine's lock order is shopper → order → lots → plan slot. */
export const lockCustomer = (db: Executor, merchantId: number, customerId: number) =>
  findCustomer(db, merchantId, customerId, { forUpdate: true });

/** One order; `forUpdate` locks it (after its shopper). */
export async function findOrder(
  db: Executor,
  merchantId: number,
  orderId: number,
  options: { forUpdate?: boolean } = {},
): Promise<OrderRow | undefined> {
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.merchantId, merchantId), eq(orders.id, orderId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export const lockOrder = (db: Executor, merchantId: number, orderId: number) =>
  findOrder(db, merchantId, orderId, { forUpdate: true });

/**
 * An order used one of the store's Nuqat coupons (its code among the order's discounts): the
 * coupon becomes used, once. Issued coupons, those Salla reported used before the order reached
 * us, and coupons whose points were given back (cancelled by the merchant or withdrawn for a
 * clawback) but used at Salla all the same — `returned`: their points must be taken again
 * (docs/decisions/027). Null when no code was ours.
 */
export async function markCouponUsed(
  db: Executor,
  merchantId: number,
  codes: string[],
  use: { orderId: number; at: Date },
): Promise<{ id: string; customerId: number; returned: boolean; code: string | null } | null> {
  const [row] = await db
    .update(redemptions)
    .set({ status: 'used', usedOrderId: use.orderId, usedAt: use.at, updatedAt: sql`now()` })
    .where(
      and(
        eq(redemptions.merchantId, merchantId),
        inArray(redemptions.couponCode, codes),
        or(
          inArray(redemptions.status, ['issued', 'cancelled']),
          and(eq(redemptions.status, 'used'), isNull(redemptions.usedOrderId)),
        ),
      ),
    )
    .returning({
      id: redemptions.id,
      customerId: redemptions.customerId,
      cancelReason: redemptions.cancelReason,
      code: redemptions.couponCode,
    });
  return row
    ? {
        id: row.id,
        customerId: row.customerId,
        returned: row.cancelReason !== null,
        code: row.code,
      }
    : null;
}

/**
 * An order used a referral coupon (its code among the order's discounts): the coupon becomes
 * used with what it took off, once; a friend's coupon also makes this the friend's order when
 * none was found yet (docs/decisions/021).
 */
export async function markReferralCouponsUsed(
  db: Executor,
  merchantId: number,
  codes: string[],
  use: { orderId: number; customerId: number | null; discounts: Record<string, number> },
): Promise<number> {
  let taken = 0;
  for (const code of codes) {
    const discount = use.discounts[code] ?? null;
    const friend = await db
      .update(referrals)
      .set({
        friendCouponStatus: 'used',
        friendUsedOrderId: use.orderId,
        friendDiscountHalalas: discount,
        orderId: sql`coalesce(${referrals.orderId}, ${use.orderId})`,
        friendCustomerId: sql`coalesce(${referrals.friendCustomerId}, ${use.customerId})`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(referrals.merchantId, merchantId),
          eq(referrals.friendCouponCode, code),
          eq(referrals.friendCouponStatus, 'issued'),
        ),
      )
      .returning({ id: referrals.id });
    const inviter = await db
      .update(referrals)
      .set({
        inviterCouponStatus: 'used',
        inviterUsedOrderId: use.orderId,
        inviterDiscountHalalas: discount,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(referrals.merchantId, merchantId),
          eq(referrals.inviterCouponCode, code),
          eq(referrals.inviterCouponStatus, 'issued'),
        ),
      )
      .returning({ id: referrals.id });
    // What the programme gave: the discount of each referral coupon the order used (decision 049).
    if (friend.length + inviter.length > 0) taken += discount ?? 0;
  }
  return taken;
}
