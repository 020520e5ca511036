import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { planUsage } from '../../db/schema/index.ts';

/**
 * The plan's monthly order count, split over slots so that concurrent orders of one store rarely
 * update the same row. Each slot holds its share of the limit (the shares add up to the limit
 * exactly), so the limit is never exceeded; a shopper's orders go to their own slot first and
 * spill over to the others only when it is full.
 */
export const PLAN_USAGE_SLOTS = 16;

/** The slot a shopper's orders count in first. */
export function preferredSlot(customerId: number): number {
  return Math.abs(customerId) % PLAN_USAGE_SLOTS;
}

/** How many orders a slot may count (null = no limit). */
export function slotCap(limit: number | null, slot: number): number | null {
  if (limit === null) return null;
  const base = Math.floor(limit / PLAN_USAGE_SLOTS);
  return base + (slot < limit % PLAN_USAGE_SLOTS ? 1 : 0);
}

async function takeFromSlot(
  db: Executor,
  merchantId: number,
  periodStart: Date,
  slot: number,
  cap: number | null,
): Promise<boolean> {
  // A plain UPDATE locks only a row it changes: a full slot is passed over without a lock, so
  // a transaction holds at most one slot row and two can never wait on each other here.
  const rows = await db
    .update(planUsage)
    .set({ ordersCounted: sql`${planUsage.ordersCounted} + 1` })
    .where(
      and(
        eq(planUsage.merchantId, merchantId),
        eq(planUsage.periodStart, periodStart),
        eq(planUsage.slot, slot),
        cap === null ? sql`true` : sql`${planUsage.ordersCounted} < ${cap}`,
      ),
    )
    .returning({ n: planUsage.ordersCounted });
  return rows.length > 0;
}

/** Counts one order against the month's limit; false (and recorded) when the limit is reached. */
export async function countOrderAgainstPlan(
  db: Executor,
  merchantId: number,
  periodStart: Date,
  limit: number | null,
  customerId: number,
): Promise<boolean> {
  const first = preferredSlot(customerId);
  const firstCap = slotCap(limit, first);
  if (firstCap !== 0 && (await takeFromSlot(db, merchantId, periodStart, first, firstCap)))
    return true;
  // The month's rows may not exist yet: create all slots once (no lock is taken by DO NOTHING).
  await db
    .insert(planUsage)
    .values(
      Array.from({ length: PLAN_USAGE_SLOTS }, (_, slot) => ({ merchantId, periodStart, slot })),
    )
    .onConflictDoNothing({ target: [planUsage.merchantId, planUsage.periodStart, planUsage.slot] });
  for (let i = 0; i < PLAN_USAGE_SLOTS; i++) {
    const slot = (first + i) % PLAN_USAGE_SLOTS;
    const cap = slotCap(limit, slot);
    if (cap === 0) continue;
    if (await takeFromSlot(db, merchantId, periodStart, slot, cap)) return true;
  }
  await db
    .update(planUsage)
    .set({ ordersOverLimit: sql`${planUsage.ordersOverLimit} + 1` })
    .where(
      and(
        eq(planUsage.merchantId, merchantId),
        eq(planUsage.periodStart, periodStart),
        eq(planUsage.slot, first),
      ),
    );
  return false;
}
