import { ledgerCause } from '../../lib/ledger-cause.ts';
import {
  POINTS_BUCKETS,
  type Analytics,
  type AnalyticsQuery,
  type Dashboard,
  type Subscription,
} from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { RIYADH_OFFSET_MS } from '../engine/index.ts';
import { findMerchantById } from '../merchants/index.ts';
import type { MerchantsService } from '../merchants/index.ts';
import {
  bestPointValue,
  monthlyRollups,
  rangeRollups,
  recentActivities,
  recentOrders,
  topCustomers,
  totalRollup,
  type Rollup,
  type TopCustomerRow,
} from './insights.repository.ts';
import { createInsightsCouponsService } from './insights-coupons.service.ts';

/** How many rows the dashboard's and analytics' lists show. */
export const LIST_SIZE = 10;
const DAY_MS = 86_400_000;

const sar = (halalas: number) => Math.round(halalas) / 100;
/** A percentage with one decimal, or null when there is nothing to divide by. */
const pct = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
const perOrder = (halalas: number, orders: number) =>
  orders > 0 ? Math.round(halalas / orders) / 100 : null;

/** YYYY-MM-DD of a Riyadh calendar day. */
export const riyadhDay = (at: Date) =>
  new Date(at.getTime() + RIYADH_OFFSET_MS).toISOString().slice(0, 10);
const addDays = (day: string, days: number) =>
  new Date(Date.parse(day) + days * DAY_MS).toISOString().slice(0, 10);
/** The six YYYY-MM months ending with the month of `day`, oldest first. */
function sixMonthsTo(day: string): string[] {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return Array.from({ length: 6 }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - (5 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}
function monthsBetween(fromDay: string, toDay: string): string[] {
  const out: string[] = [];
  const [y, m] = fromDay.split('-').map(Number) as [number, number];
  for (let i = 0; ; i++) {
    const month = new Date(Date.UTC(y, m - 1 + i, 1)).toISOString().slice(0, 7);
    if (month > toDay.slice(0, 7)) return out;
    out.push(month);
  }
}

const subscriptionType = (s: Subscription) =>
  s.status === 'trial'
    ? 'trial'
    : s.plan === 'growth'
      ? 'premium'
      : s.plan === 'starter'
        ? 'basic'
        : 'none';

const toTopCustomer = (c: TopCustomerRow) => ({
  id: c.id,
  name: `${c.firstName} ${c.lastName}`.trim(),
  points: c.points,
  orders: c.orders,
  totalSpent: sar(c.spentHalalas),
});

function distribution(total: Rollup) {
  const counts = [total.bucket_0, total.bucket_1, total.bucket_2, total.bucket_3, total.bucket_4];
  return POINTS_BUCKETS.map((b, i) => ({
    bucket: b.key,
    min: b.min,
    max: b.max,
    customers: counts[i] ?? 0,
  }));
}

/**
 * The merchant's picture of the programme (docs/insights.md): every figure from the rollups of
 * the caller's store only, read in a few indexed queries.
 */
export function createInsightsService(
  ctx: AppContext,
  deps: { merchantsService: MerchantsService },
) {
  const { db } = ctx;
  const { listCoupons, getCoupon } = createInsightsCouponsService(ctx);

  async function storeOf(merchantId: number) {
    const merchant = await findMerchantById(db, merchantId);
    if (!merchant) throw new AppError('NOT_FOUND');
    return merchant;
  }

  async function getDashboard({ merchantId }: { merchantId: number }): Promise<Dashboard> {
    const now = ctx.now();
    const [{ merchant, subscription }, total, top, orders, activities] = await Promise.all([
      storeOf(merchantId).then(async (merchant) => ({
        merchant,
        subscription: await deps.merchantsService.subscriptionFor(merchant, now),
      })),
      totalRollup(db, merchantId),
      topCustomers(db, merchantId, LIST_SIZE),
      recentOrders(db, merchantId, LIST_SIZE),
      recentActivities(db, merchantId, LIST_SIZE),
    ]);
    return {
      storeName: merchant.storeName,
      userEmail: merchant.email ?? '',
      totalMembers: total.members,
      totalPoints: total.points_net,
      redeemedPoints: total.points_redeemed,
      totalOrders: total.orders,
      totalSales: sar(total.sales_halalas),
      couponsUsed: total.coupons_used,
      subscription: {
        status: subscription.status,
        type: subscriptionType(subscription),
        plan: subscription.plan,
        expiryDate: subscription.expiryDate,
        isActive: subscription.isActive,
        usageLimit: subscription.usageLimit,
        ordersUsed: subscription.ordersUsed,
        usagePercentage: subscription.usagePercentage,
      },
      performanceStats: {
        pointsEarned: total.points_earned,
        pointsRedeemed: total.points_redeemed,
        totalOrders: total.orders,
        couponsUsed: total.coupons_used,
        totalSales: sar(total.sales_halalas),
      },
      activities: activities.map((a) => ({
        customerId: a.customerId,
        customerName: a.name,
        action: a.kind as Dashboard['activities'][number]['action'],
        source: a.source,
        cause: ledgerCause({
          kind: a.kind,
          sourceType: a.source,
          idempotencyKey: a.idempotencyKey,
        }),
        orderReference: a.orderReference,
        couponCode: a.couponCode,
        points: a.points,
        date: a.at.toISOString(),
      })),
      recentOrders: orders.map((o) => ({
        id: o.id,
        reference: o.reference,
        customer: o.name,
        total: sar(o.totalHalalas),
        date: o.at.toISOString(),
        status: o.status,
      })),
      topCustomers: top.map(toTopCustomer),
    };
  }

  async function getAnalytics({
    merchantId,
    query,
  }: {
    merchantId: number;
    query: AnalyticsQuery;
  }): Promise<Analytics> {
    const today = riyadhDay(ctx.now());
    const to = query.to ?? (query.from && query.from > today ? query.from : today);
    const from = query.from ?? addDays(to, -29);
    const span = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
    const previous = { from: addDays(from, -span), to: addDays(from, -1) };
    const [merchant, months, ranges, top, pointValue] = await Promise.all([
      storeOf(merchantId),
      monthlyRollups(db, merchantId),
      rangeRollups(db, merchantId, { from, to }, previous),
      topCustomers(db, merchantId, LIST_SIZE),
      bestPointValue(db, merchantId),
    ]);
    const total = {} as Rollup;
    for (const month of months.values())
      for (const [k, v] of Object.entries(month))
        total[k as keyof Rollup] = (total[k as keyof Rollup] ?? 0) + v;
    const get = (k: keyof Rollup) => total[k] ?? 0;
    const cur = ranges.current;
    const prev = ranges.previous;

    // Retention over the calendar months the range touches: shoppers returning in a month ÷
    // shoppers who had bought before it (docs/insights.md).
    const sortedMonths = [...months.keys()].sort();
    let returning = 0;
    let eligible = 0;
    for (const month of monthsBetween(from, to)) {
      returning += months.get(month)?.month_returning_buyers ?? 0;
      eligible += sortedMonths
        .filter((m) => m < month)
        .reduce((n, m) => n + (months.get(m)?.buyers ?? 0), 0);
    }
    const nonMemberOrders = cur.orders - cur.member_orders;
    const nonMemberSales = cur.sales_halalas - cur.member_sales_halalas;
    const outstanding = get('points_net');

    return {
      storeName: merchant.storeName,
      userEmail: merchant.email ?? '',
      range: { from, to, previousFrom: previous.from, previousTo: previous.to },
      totals: {
        members: get('members'),
        pointsOutstanding: outstanding,
        pointsEarned: get('points_earned'),
        pointsRedeemed: get('points_redeemed'),
        orders: get('orders'),
        sales: sar(get('sales_halalas')),
        pointValueSar: pointValue === null ? null : Math.round(pointValue * 10000) / 10000,
        liabilitySar: pointValue === null ? null : Math.round(outstanding * pointValue * 100) / 100,
      },
      period: {
        newMembers: cur.members,
        pointsEarned: cur.points_earned,
        pointsRedeemed: cur.points_redeemed,
        pointsExpired: cur.points_expired,
        pointsClawedBack: cur.points_clawed_back,
        orders: cur.orders,
        sales: sar(cur.sales_halalas),
        couponsIssued: cur.coupons_issued,
        couponsUsed: cur.coupons_used,
        couponsCancelled: cur.coupons_cancelled,
      },
      impact: {
        repeatCustomerRate: pct(get('repeat_buyers'), get('buyers')),
        averageOrderValue: perOrder(cur.sales_halalas, cur.orders),
        retentionRate: pct(returning, eligible),
        revenueGrowth:
          prev.sales_halalas > 0
            ? Math.round(((cur.sales_halalas - prev.sales_halalas) / prev.sales_halalas) * 1000) /
              10
            : null,
        redemptionRate: pct(cur.points_redeemed, cur.points_earned),
      },
      membersVsNonMembers: {
        members: {
          orders: cur.member_orders,
          sales: sar(cur.member_sales_halalas),
          averageOrderValue: perOrder(cur.member_sales_halalas, cur.member_orders),
          repeatRate: pct(get('repeat_buyers'), get('buyers')),
        },
        nonMembers: {
          orders: nonMemberOrders,
          sales: sar(nonMemberSales),
          averageOrderValue: perOrder(nonMemberSales, nonMemberOrders),
          // Guest checkouts carry no identity: whether one comes back cannot be known.
          repeatRate: null,
        },
      },
      couponRevenue: {
        orders: cur.coupon_orders,
        sales: sar(cur.coupon_sales_halalas),
        share: pct(cur.coupon_sales_halalas, cur.sales_halalas),
      },
      distribution: distribution(total),
      monthlyTrends: sixMonthsTo(to).map((month) => {
        const m = months.get(month);
        return {
          month,
          pointsEarned: m?.points_earned ?? 0,
          pointsRedeemed: m?.points_redeemed ?? 0,
          orders: m?.orders ?? 0,
          revenue: sar(m?.sales_halalas ?? 0),
          newMembers: m?.members ?? 0,
          couponsUsed: m?.coupons_used ?? 0,
        };
      }),
      topCustomers: top.map(toTopCustomer),
    };
  }

  return { getDashboard, getAnalytics, listCoupons, getCoupon };
}

export type InsightsService = ReturnType<typeof createInsightsService>;
