import { z } from 'zod';
import { successEnvelope } from './common.ts';
import { LedgerCauseSchema } from './customers.ts';
import { MerchantIdSchema, SubscriptionStatusSchema } from './merchants.ts';
import { PLAN_IDS } from './plans.ts';
import { ReferralRewardTypeSchema } from './referrals.ts';
import { CouponCancelReasonSchema, RedemptionStatusSchema } from './rewards.ts';

/**
 * The merchant's figures: GET /api/merchants/dashboard, GET /api/merchants/analytics and
 * GET /api/merchants/coupons. Every figure is defined in docs/insights.md. Money is SAR (two
 * decimals at most; the screens show it without decimals), points are integers, rates are
 * percentages with one decimal, or null when there is nothing to divide by.
 */

const Sar = z.number();
const Count = z.number().int().min(0);
const Points = z.number().int();
const Rate = z.number().nullable();

/** The spec's balance buckets, in order. */
export const POINTS_BUCKETS = [
  { key: '0-100', min: 0, max: 100 },
  { key: '101-500', min: 101, max: 500 },
  { key: '501-1000', min: 501, max: 1000 },
  { key: '1001-2000', min: 1001, max: 2000 },
  { key: '2000+', min: 2001, max: null },
] as const;
export const PointsBucketKeySchema = z.enum(['0-100', '101-500', '501-1000', '1001-2000', '2000+']);

export const PointsBucketSchema = z.object({
  bucket: PointsBucketKeySchema,
  min: z.number().int(),
  /** null = no upper bound */
  max: z.number().int().nullable(),
  customers: Count,
});

export const TopCustomerSchema = z.object({
  id: MerchantIdSchema,
  name: z.string(),
  /** Balance now. */
  points: Points,
  /** Counted orders (not cancelled, deleted, returned or fully refunded) and their value. */
  orders: Count,
  totalSpent: Sar,
});
export type TopCustomer = z.infer<typeof TopCustomerSchema>;

/** The spec's subscription type from our plan: growth → premium, starter → basic. */
export const SUBSCRIPTION_TYPES = ['premium', 'basic', 'trial', 'none'] as const;

export const DashboardSubscriptionSchema = z.object({
  status: SubscriptionStatusSchema,
  type: z.enum(SUBSCRIPTION_TYPES),
  plan: z.enum(PLAN_IDS).nullable(),
  expiryDate: z.iso.datetime().nullable(),
  /** Status active and expiry in the future (spec §3). */
  isActive: z.boolean(),
  /** null = unlimited */
  usageLimit: z.number().int().nullable(),
  ordersUsed: Count,
  usagePercentage: z.number(),
});

/**
 * What a ledger row did: the kinds of `points_ledger.kind` (the schema imports this list), and
 * the actions of "recent activities".
 */
export const LEDGER_KINDS = [
  'earn',
  'redeem',
  'redeem_rollback',
  'clawback',
  'expire',
  'adjust',
  'referral',
  /** An opening balance brought from another loyalty app (CSV import). */
  'import',
] as const;
export const ACTIVITY_ACTIONS = LEDGER_KINDS;

export const ActivitySchema = z.object({
  customerId: MerchantIdSchema,
  customerName: z.string(),
  action: z.enum(ACTIVITY_ACTIONS),
  /** order, repeat_purchase, signup, birthday, review, redemption, lot, … */
  source: z.string(),
  /** Why, as the customer's account says it (order, refund, redemption, expiry, …). */
  cause: LedgerCauseSchema,
  /** Salla's order number (reference) of the order behind it, when there is one. */
  orderReference: z.string().nullable(),
  /** The coupon's code behind a redemption or its return, when there is one. */
  couponCode: z.string().nullable(),
  points: Points,
  date: z.iso.datetime(),
});

export const RecentOrderSchema = z.object({
  /** Salla's internal order id: for a tooltip and exports, not the order's name. */
  id: MerchantIdSchema,
  /** The order number the merchant sees in Salla (reference_id); null if Salla sent none. */
  reference: z.string().nullable(),
  /** The shopper's name; empty for a guest checkout. */
  customer: z.string(),
  total: Sar,
  date: z.iso.datetime(),
  /** Salla's status slug as received (the screen colours the known ones, spec §4). */
  status: z.string().nullable(),
});

export const DashboardSchema = z.object({
  storeName: z.string(),
  userEmail: z.string(),
  /** Shoppers the store's events named. */
  totalMembers: Count,
  /** Points outstanding: every shopper's balance. */
  totalPoints: Points,
  /** Points spent on coupons, less those given back (all time). */
  redeemedPoints: Points,
  totalOrders: Count,
  totalSales: Sar,
  couponsUsed: Count,
  subscription: DashboardSubscriptionSchema,
  performanceStats: z.object({
    pointsEarned: Points,
    pointsRedeemed: Points,
    totalOrders: Count,
    couponsUsed: Count,
    totalSales: Sar,
  }),
  activities: z.array(ActivitySchema),
  recentOrders: z.array(RecentOrderSchema),
  topCustomers: z.array(TopCustomerSchema),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
export const DashboardResponseSchema = successEnvelope(DashboardSchema);

// ---- Analytics --------------------------------------------------------------------------------

/** The longest range one request may ask for. */
export const ANALYTICS_MAX_DAYS = 731;
const DaySchema = z.iso.date();

/** `from` and `to` are Riyadh calendar days, both included; by default the last 30 days. */
export const AnalyticsQuerySchema = z
  .strictObject({ from: DaySchema.optional(), to: DaySchema.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: '`from` must not be after `to`',
    path: ['from'],
  })
  .refine(
    (q) =>
      !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < ANALYTICS_MAX_DAYS,
    { message: `The range is at most ${ANALYTICS_MAX_DAYS} days`, path: ['to'] },
  );
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;

export const MonthlyTrendSchema = z.object({
  /** YYYY-MM (Riyadh) */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  pointsEarned: Points,
  pointsRedeemed: Points,
  orders: Count,
  revenue: Sar,
  newMembers: Count,
  couponsUsed: Count,
});

const SegmentSchema = z.object({
  orders: Count,
  sales: Sar,
  averageOrderValue: Sar.nullable(),
  /** Shoppers with two or more counted orders among those with one or more (all time). */
  repeatRate: Rate,
});

export const AnalyticsSchema = z.object({
  storeName: z.string(),
  userEmail: z.string(),
  range: z.object({
    from: DaySchema,
    to: DaySchema,
    /** The equal-length range just before, for revenue growth. */
    previousFrom: DaySchema,
    previousTo: DaySchema,
  }),
  /** As of now, whatever the range. */
  totals: z.object({
    members: Count,
    pointsOutstanding: Points,
    pointsEarned: Points,
    pointsRedeemed: Points,
    orders: Count,
    sales: Sar,
    /** SAR one point is worth at best among the active fixed-value rewards; null if none. */
    pointValueSar: z.number().nullable(),
    /** pointsOutstanding × pointValueSar: what the store owes its shoppers at most. */
    liabilitySar: Sar.nullable(),
  }),
  /** Within the range. */
  period: z.object({
    newMembers: Count,
    pointsEarned: Points,
    pointsRedeemed: Points,
    pointsExpired: Points,
    pointsClawedBack: Points,
    orders: Count,
    sales: Sar,
    couponsIssued: Count,
    couponsUsed: Count,
    couponsCancelled: Count,
  }),
  impact: z.object({
    repeatCustomerRate: Rate,
    averageOrderValue: Sar.nullable(),
    retentionRate: Rate,
    revenueGrowth: Rate,
    redemptionRate: Rate,
  }),
  membersVsNonMembers: z.object({ members: SegmentSchema, nonMembers: SegmentSchema }),
  couponRevenue: z.object({
    orders: Count,
    sales: Sar,
    /** Share of the range's sales. */
    share: Rate,
  }),
  distribution: z.array(PointsBucketSchema),
  /** The six calendar months ending with the month of `to`, oldest first. */
  monthlyTrends: z.array(MonthlyTrendSchema).length(6),
  topCustomers: z.array(TopCustomerSchema),
});
export type Analytics = z.infer<typeof AnalyticsSchema>;
export const AnalyticsResponseSchema = successEnvelope(AnalyticsSchema);

// ---- Coupons ----------------------------------------------------------------------------------

export const COUPON_SOURCES = ['reward', 'referral'] as const;
export const CouponStatusSchema = RedemptionStatusSchema;

export const MerchantCouponSchema = z.object({
  id: z.guid(),
  /** null until Salla made the coupon (pending, failed). */
  code: z.string().nullable(),
  source: z.enum(COUPON_SOURCES),
  status: CouponStatusSchema,
  /** Who holds it; a referred friend without a Salla account yet has no id, only the e-mail. */
  customer: z.object({
    id: MerchantIdSchema.nullable(),
    name: z.string(),
    email: z.string().nullable(),
  }),
  /** The reward redeemed; null for a referral coupon. */
  reward: z
    .object({ id: z.guid(), name: z.string(), type: z.string(), value: z.number() })
    .nullable(),
  /**
   * A referral coupon (decision 021): the inviter's reward or the friend's gift, and what it is
   * worth; null for a reward's coupon.
   */
  referral: z
    .object({
      side: z.enum(['inviter', 'friend']),
      type: ReferralRewardTypeSchema,
      value: z.number().int().nonnegative(),
      maxAmount: z.number().int().positive().nullable(),
    })
    .nullable(),
  /** Points spent on it; 0 for a referral coupon. */
  points: Points,
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime().nullable(),
  usedAt: z.iso.datetime().nullable(),
  usedOrderId: MerchantIdSchema.nullable(),
  cancelledAt: z.iso.datetime().nullable(),
  /** Who cancelled it: the merchant, or Nuqat withdrawing it for a clawback (decision 027). */
  cancelReason: CouponCancelReasonSchema.nullable(),
  failureReason: z.string().nullable(),
});
export type MerchantCoupon = z.infer<typeof MerchantCouponSchema>;

export const COUPONS_PAGE_MAX = 100;
export const CouponsQuerySchema = z.strictObject({
  status: CouponStatusSchema.optional(),
  source: z.enum(COUPON_SOURCES).optional(),
  /** A coupon code's beginning (any case), or the shopper's whole e-mail or id. */
  q: z.string().trim().min(1).max(100).optional(),
  /** The `nextCursor` of the previous page. */
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(COUPONS_PAGE_MAX).default(25),
});
export type CouponsQuery = z.infer<typeof CouponsQuerySchema>;

export const CouponsPageSchema = z.object({
  items: z.array(MerchantCouponSchema),
  /** null on the last page. */
  nextCursor: z.string().nullable(),
});
export const CouponsResponseSchema = successEnvelope(CouponsPageSchema);
export const CouponParamsSchema = z.object({ id: z.guid() });
export const CancelCouponResponseSchema = successEnvelope(MerchantCouponSchema);
