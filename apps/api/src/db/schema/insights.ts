import { bigint, date, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { merchants } from './merchants.ts';

/**
 * The figures of the dashboard and analytics, per store and Riyadh day (docs/insights.md,
 * docs/decisions/014). Triggers on customers, orders, points_ledger and redemptions append one
 * row of differences to `insights_pending` in the writer's own transaction (an INSERT takes no
 * lock another writer waits for); a job folds them into `insights_daily`. A read sums both.
 */
function insightColumns() {
  return {
    /** Shoppers first seen (a customers row created). */
    members: integer('members').notNull().default(0),
    pointsEarned: bigint('points_earned', { mode: 'number' }).notNull().default(0),
    /** Redeemed less what came back (a failed or cancelled coupon). */
    pointsRedeemed: bigint('points_redeemed', { mode: 'number' }).notNull().default(0),
    pointsExpired: bigint('points_expired', { mode: 'number' }).notNull().default(0),
    /** Taken back from cancelled, returned or refunded orders (and downward adjustments). */
    pointsClawedBack: bigint('points_clawed_back', { mode: 'number' }).notNull().default(0),
    /** Every ledger delta: summed over all days, the points outstanding. */
    pointsNet: bigint('points_net', { mode: 'number' }).notNull().default(0),
    /** Counted orders (not cancelled, deleted, returned or fully refunded), by day placed. */
    orders: integer('orders').notNull().default(0),
    /** Their value less refunds, halalas. */
    salesHalalas: bigint('sales_halalas', { mode: 'number' }).notNull().default(0),
    /** Of those, orders by registered shoppers (members); the rest are guest checkouts. */
    memberOrders: integer('member_orders').notNull().default(0),
    memberSalesHalalas: bigint('member_sales_halalas', { mode: 'number' }).notNull().default(0),
    /** Of those, orders that used a coupon Nuqat issued. */
    couponOrders: integer('coupon_orders').notNull().default(0),
    couponSalesHalalas: bigint('coupon_sales_halalas', { mode: 'number' }).notNull().default(0),
    /** Shoppers whose first counted order this is (0 → 1), and whose second (1 → 2). */
    buyers: integer('buyers').notNull().default(0),
    repeatBuyers: integer('repeat_buyers').notNull().default(0),
    /** Distinct shoppers buying in the (Riyadh) month, and of them those who bought before it. */
    monthBuyers: integer('month_buyers').notNull().default(0),
    monthReturningBuyers: integer('month_returning_buyers').notNull().default(0),
    couponsIssued: integer('coupons_issued').notNull().default(0),
    couponsUsed: integer('coupons_used').notNull().default(0),
    couponsCancelled: integer('coupons_cancelled').notNull().default(0),
    /** Shoppers moving between the spec's balance buckets: 0–100, 101–500, 501–1000, 1001–2000, 2000+. */
    bucket0: integer('bucket_0').notNull().default(0),
    bucket1: integer('bucket_1').notNull().default(0),
    bucket2: integer('bucket_2').notNull().default(0),
    bucket3: integer('bucket_3').notNull().default(0),
    bucket4: integer('bucket_4').notNull().default(0),
  };
}

export const insightsDaily = pgTable(
  'insights_daily',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    ...insightColumns(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day] })],
);

/** Differences not folded yet: insert-only, no key, no foreign key (the cheapest row to write). */
export const insightsPending = pgTable(
  'insights_pending',
  {
    merchantId: bigint('merchant_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ...insightColumns(),
  },
  (t) => [index('insights_pending_merchant_idx').on(t.merchantId, t.day)],
);
