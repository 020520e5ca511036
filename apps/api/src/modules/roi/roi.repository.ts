import { and, eq, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.ts';
import { holdoutSettings } from '../../db/schema/index.ts';

export type HoldoutRow = typeof holdoutSettings.$inferSelect;

export async function findHoldout(db: Executor, merchantId: number): Promise<HoldoutRow | null> {
  const [row] = await db
    .select()
    .from(holdoutSettings)
    .where(eq(holdoutSettings.merchantId, merchantId));
  return row ?? null;
}

/** Starts the holdout (or changes its share while it runs); a restart after an end is a new start. */
export async function startHoldout(
  db: Executor,
  merchantId: number,
  percent: number,
  at: Date,
): Promise<void> {
  await db
    .insert(holdoutSettings)
    .values({ merchantId, percent, startedAt: at, endedAt: null, updatedAt: at })
    .onConflictDoUpdate({
      target: holdoutSettings.merchantId,
      set: {
        percent,
        startedAt: sql`case when ${holdoutSettings.endedAt} is null then ${holdoutSettings.startedAt} else ${at.toISOString()}::timestamptz end`,
        endedAt: null,
        updatedAt: at,
      },
    });
}

/** Ends a running holdout; false when none was running (another request ended it first). */
export async function markHoldoutEnded(
  db: Executor,
  merchantId: number,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(holdoutSettings)
    .set({ endedAt: at, updatedAt: at })
    .where(and(eq(holdoutSettings.merchantId, merchantId), sql`${holdoutSettings.endedAt} is null`))
    .returning({ merchantId: holdoutSettings.merchantId });
  return rows.length > 0;
}

/** Shoppers placed in each group on days before `before` (a Riyadh date; null = all). */
export async function assignedCounts(
  db: Executor,
  merchantId: number,
  before: string | null,
): Promise<{ control: number; member: number }> {
  const result = await db.execute(sql`
    select coalesce(sum(assigned) filter (where arm = 'control'), 0)::int as control,
           coalesce(sum(assigned) filter (where arm = 'member'), 0)::int as member
      from holdout_daily
     where merchant_id = ${merchantId} ${before === null ? sql`` : sql`and day < ${before}::date`}`);
  const row = rowsOf<{ control: number | string; member: number | string }>(result)[0];
  return { control: Number(row?.control ?? 0), member: Number(row?.member ?? 0) };
}

export interface ArmMonth {
  buyers: number;
  orders: number;
  ordersSq: number;
  salesHalalas: number;
  salesSq: number;
  repeaters: number;
  couponDiscountHalalas: number;
  referralDiscountHalalas: number;
}

const EMPTY: ArmMonth = {
  buyers: 0,
  orders: 0,
  ordersSq: 0,
  salesHalalas: 0,
  salesSq: 0,
  repeaters: 0,
  couponDiscountHalalas: 0,
  referralDiscountHalalas: 0,
};

/**
 * Per group, the month's sums over its buyers (roi_shopper_months: one row per buyer), as kept
 * ahead in roi_arm_months plus the differences not folded yet (docs/decisions/058) — one
 * statement, so both are read at the same instant. Integers throughout (numeric for the
 * squares), made float8 at the end.
 */
export async function armMonthSums(
  db: Executor,
  merchantId: number,
  month: string,
): Promise<{ control: ArmMonth; member: ArmMonth }> {
  const result = await db.execute(sql`
    select arm,
           sum(buyers)::int as buyers,
           sum(orders)::float8 as orders,
           sum(orders_sq)::float8 as orders_sq,
           sum(sales_halalas)::float8 as sales,
           sum(sales_sq)::float8 as sales_sq,
           sum(repeaters)::int as repeaters,
           sum(coupon_discount_halalas)::float8 as coupon,
           sum(referral_discount_halalas)::float8 as referral
      from (select arm, buyers, orders, orders_sq, sales_halalas, sales_sq, repeaters,
                   coupon_discount_halalas, referral_discount_halalas
              from roi_arm_months where merchant_id = ${merchantId} and month = ${month}::date
            union all
            select arm, buyers, orders, orders_sq, sales_halalas, sales_sq, repeaters,
                   coupon_discount_halalas, referral_discount_halalas
              from roi_pending where merchant_id = ${merchantId} and month = ${month}::date) s
     group by arm`);
  const out = { control: { ...EMPTY }, member: { ...EMPTY } };
  for (const r of rowsOf<Record<string, unknown>>(result)) {
    const arm = r.arm === 'control' ? 'control' : 'member';
    out[arm] = {
      buyers: Number(r.buyers),
      orders: Number(r.orders),
      ordersSq: Number(r.orders_sq),
      salesHalalas: Number(r.sales),
      salesSq: Number(r.sales_sq),
      repeaters: Number(r.repeaters),
      couponDiscountHalalas: Number(r.coupon),
      referralDiscountHalalas: Number(r.referral),
    };
  }
  return out;
}

/**
 * Points outstanding of the members' group now: the sum of the arm's balances as kept ahead in
 * roi_arm_points plus the differences not folded yet (docs/decisions/058), one statement.
 */
export async function memberArmPoints(db: Executor, merchantId: number): Promise<number> {
  const result = await db.execute(sql`
    select coalesce((select sum(points) from roi_arm_points
                      where merchant_id = ${merchantId} and arm = 'member'), 0)
         + coalesce((select sum(points) from roi_pending
                      where merchant_id = ${merchantId} and month is null and arm = 'member'), 0)
           as points`);
  return Number(rowsOf<{ points: number | string }>(result)[0]?.points ?? 0);
}

/**
 * Shoppers held out now (control group, not released), as kept ahead in roi_arm_points plus the
 * differences not folded yet (docs/decisions/058), one statement: the count of their rows.
 */
export async function heldOutCount(db: Executor, merchantId: number): Promise<number> {
  const result = await db.execute(sql`
    select coalesce((select sum(held_out) from roi_arm_points
                      where merchant_id = ${merchantId} and arm = 'control'), 0)
         + coalesce((select sum(held_out) from roi_pending
                      where merchant_id = ${merchantId} and month is null and arm = 'control'), 0)
           as n`);
  return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
}

/** Folds the return's differences into the kept sums (the server's fold job); rows folded. */
export async function foldRoi(db: Executor): Promise<number> {
  const result = await db.execute(sql`select nuqat_roi_fold() as n`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}
