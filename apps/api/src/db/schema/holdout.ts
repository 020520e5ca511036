import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { merchants } from './merchants.ts';

/**
 * The store's control group on the shopper's row (customers): a shopper first seen while the
 * store keeps a holdout is placed once, by a hash of store and customer id, in `control` (left
 * out of the programme) or `member`, at `holdout_assigned_at` — by a trigger on insert
 * (migration), never changed. `holdout_released_at`: when the store ended the holdout; from then
 * on a control shopper is enrolled like any other. Null arm: the shopper came before any holdout.
 */
export function customerHoldoutColumns() {
  return {
    holdoutArm: text('holdout_arm', { enum: ['control', 'member'] }),
    holdoutAssignedAt: timestamp('holdout_assigned_at', { withTimezone: true }),
    holdoutReleasedAt: timestamp('holdout_released_at', { withTimezone: true }),
  };
}

/**
 * The arm's values, and the groups' points outstanding summed from an index alone (partial:
 * shoppers of no holdout cost it nothing).
 */
export function customerHoldoutIndexes(t: {
  merchantId: AnyPgColumn;
  holdoutArm: AnyPgColumn;
  pointsBalance: AnyPgColumn;
}) {
  return [
    check('customers_holdout_arm_known', sql`${t.holdoutArm} in ('control', 'member')`),
    index('customers_holdout_points_idx')
      .on(t.merchantId, t.holdoutArm, t.pointsBalance)
      .where(sql`${t.holdoutArm} is not null`),
  ];
}

/**
 * What the Nuqat reward coupon and the referral coupons an order used took off it (orders),
 * halalas, as Salla's order said: the programme's cost. 0 when none.
 */
export function orderCostColumns() {
  return {
    couponDiscountHalalas: bigint('coupon_discount_halalas', { mode: 'number' })
      .notNull()
      .default(0),
    referralDiscountHalalas: bigint('referral_discount_halalas', { mode: 'number' })
      .notNull()
      .default(0),
  };
}

/**
 * The control group and the programme's return (docs/decisions/049).
 *
 * `holdout_settings`: the store's holdout — the share of NEW shoppers kept out of the programme
 * (1–20 %), since when, and when it ended (null = running). One row per store: ending it and
 * starting again later is a new start on the same row (shoppers keep the arm they were given).
 */
export const holdoutSettings = pgTable(
  'holdout_settings',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .primaryKey()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    percent: integer('percent').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('holdout_settings_percent_range', sql`${t.percent} between 1 and 20`)],
);

/**
 * Per shopper of the experiment (a holdout arm) and Riyadh month: counted orders and their value
 * (docs/insights.md's counted order). Kept by a trigger on orders (migration); the return on the
 * programme sums it per arm with the squares Welch's interval needs — only buyers have a row.
 */
export const roiShopperMonths = pgTable(
  'roi_shopper_months',
  {
    merchantId: bigint('merchant_id', { mode: 'number' }).notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    arm: text('arm', { enum: ['control', 'member'] }).notNull(),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    orders: integer('orders').notNull().default(0),
    salesHalalas: bigint('sales_halalas', { mode: 'number' }).notNull().default(0),
    /** What Nuqat's reward coupons and referral coupons took off those orders (the cost). */
    couponDiscountHalalas: bigint('coupon_discount_halalas', { mode: 'number' })
      .notNull()
      .default(0),
    referralDiscountHalalas: bigint('referral_discount_halalas', { mode: 'number' })
      .notNull()
      .default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.month, t.arm, t.customerId] })],
);

/** Shoppers placed in each arm, per store and Riyadh day (the trigger on customers keeps it). */
export const holdoutDaily = pgTable(
  'holdout_daily',
  {
    merchantId: bigint('merchant_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    arm: text('arm', { enum: ['control', 'member'] }).notNull(),
    assigned: integer('assigned').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.arm, t.day] })],
);

/**
 * The monthly report e-mail (docs/decisions/050): one row per store and month claimed before the
 * mail is queued, in the same transaction — the key makes it once per store per month whatever
 * restarts or instances.
 */
export const monthlyReports = pgTable(
  'monthly_reports',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    /** queued (claimed, being sent), sent, failed (retried by the next run), switched_off, no_address. */
    outcome: text('outcome', {
      enum: ['queued', 'sent', 'failed', 'switched_off', 'no_address'],
    }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.month] }),
    index('monthly_reports_month_idx').on(t.month),
  ],
);

/**
 * The return's sums kept ahead (docs/decisions/058): per store, Riyadh month and arm, what the
 * ROI answer summed over `roi_shopper_months` — buyers, orders and sales with their squares,
 * repeat buyers, coupon and referral discounts. Kept by folding `roi_pending` (a trigger on
 * `roi_shopper_months` appends each row's difference there); a reader sums both.
 */
export const roiArmMonths = pgTable(
  'roi_arm_months',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    arm: text('arm', { enum: ['control', 'member'] }).notNull(),
    buyers: bigint('buyers', { mode: 'number' }).notNull().default(0),
    orders: bigint('orders', { mode: 'number' }).notNull().default(0),
    ordersSq: numeric('orders_sq').notNull().default('0'),
    salesHalalas: bigint('sales_halalas', { mode: 'number' }).notNull().default(0),
    salesSq: numeric('sales_sq').notNull().default('0'),
    repeaters: bigint('repeaters', { mode: 'number' }).notNull().default(0),
    couponDiscountHalalas: bigint('coupon_discount_halalas', { mode: 'number' })
      .notNull()
      .default(0),
    referralDiscountHalalas: bigint('referral_discount_halalas', { mode: 'number' })
      .notNull()
      .default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.month, t.arm] })],
);

/**
 * Points outstanding per store and arm (the sum of the arm's shoppers' balances) and the
 * shoppers held out now, kept by folding `roi_pending` (a trigger on `customers` appends each
 * change of a shopper in an arm there); a reader sums both (docs/decisions/058).
 */
export const roiArmPoints = pgTable(
  'roi_arm_points',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    arm: text('arm', { enum: ['control', 'member'] }).notNull(),
    points: bigint('points', { mode: 'number' }).notNull().default(0),
    /** Shoppers of the arm held out now (control, not released): the settings' `heldOut`. */
    heldOut: bigint('held_out', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.arm] })],
);

/**
 * Differences not folded yet into `roi_arm_months` (a month) and `roi_arm_points` (month null),
 * appended by triggers in the writer's own transaction: an INSERT without a unique key, so no
 * store-wide row is hot and no two writers wait on each other (the insights pattern, decision
 * 014). No foreign key: a store being deleted still appends while its rows go; the fold drops them.
 */
export const roiPending = pgTable(
  'roi_pending',
  {
    merchantId: bigint('merchant_id', { mode: 'number' }).notNull(),
    month: date('month', { mode: 'string' }),
    arm: text('arm', { enum: ['control', 'member'] }).notNull(),
    points: bigint('points', { mode: 'number' }).notNull().default(0),
    heldOut: bigint('held_out', { mode: 'number' }).notNull().default(0),
    buyers: bigint('buyers', { mode: 'number' }).notNull().default(0),
    orders: bigint('orders', { mode: 'number' }).notNull().default(0),
    ordersSq: numeric('orders_sq').notNull().default('0'),
    salesHalalas: bigint('sales_halalas', { mode: 'number' }).notNull().default(0),
    salesSq: numeric('sales_sq').notNull().default('0'),
    repeaters: bigint('repeaters', { mode: 'number' }).notNull().default(0),
    couponDiscountHalalas: bigint('coupon_discount_halalas', { mode: 'number' })
      .notNull()
      .default(0),
    referralDiscountHalalas: bigint('referral_discount_halalas', { mode: 'number' })
      .notNull()
      .default(0),
  },
  (t) => [index('roi_pending_merchant_idx').on(t.merchantId, t.month)],
);
