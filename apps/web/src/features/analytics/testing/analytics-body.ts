import {
  AnalyticsResponseSchema,
  POINTS_BUCKETS,
  type Analytics,
  type TopCustomer,
} from '@nuqat/contracts';

/** A store with activity, figures chosen by hand so each can be found on screen. */
export function analyticsData(range = { from: '2026-10-26', to: '2026-11-24' }): Analytics {
  const customers: TopCustomer[] = [
    { id: '9001', name: 'سارة العتيبي', points: 2450, orders: 7, totalSpent: 3120.5 },
    { id: '9002', name: '=HYPERLINK("x")', points: 1320, orders: 3, totalSpent: 940 },
    { id: '9003', name: 'Omar, "the regular"', points: 610, orders: 2, totalSpent: 455.25 },
  ];
  return {
    storeName: 'متجر الورد',
    userEmail: 'owner@rose.example',
    range: { ...range, previousFrom: '2026-09-26', previousTo: '2026-10-25' },
    totals: {
      members: 1234,
      pointsOutstanding: 56780,
      pointsEarned: 90000,
      pointsRedeemed: 33220,
      orders: 870,
      sales: 187654.3,
      pointValueSar: 0.1,
      liabilitySar: 5678,
    },
    period: {
      newMembers: 42,
      pointsEarned: 8000,
      pointsRedeemed: 2500,
      pointsExpired: 300,
      pointsClawedBack: 120,
      orders: 95,
      sales: 21450,
      couponsIssued: 25,
      couponsUsed: 18,
      couponsCancelled: 2,
    },
    impact: {
      repeatCustomerRate: 37.5,
      averageOrderValue: 225.79,
      retentionRate: 22.4,
      revenueGrowth: -8.3,
      redemptionRate: 31.3,
    },
    membersVsNonMembers: {
      members: { orders: 80, sales: 19000, averageOrderValue: 237.5, repeatRate: 37.5 },
      nonMembers: { orders: 15, sales: 2450, averageOrderValue: 163.33, repeatRate: null },
    },
    couponRevenue: { orders: 18, sales: 4300, share: 20 },
    distribution: POINTS_BUCKETS.map((bucket, index) => ({
      bucket: bucket.key,
      min: bucket.min,
      max: bucket.max,
      customers: [700, 300, 150, 60, 24][index] ?? 0,
    })),
    monthlyTrends: [
      ['2026-06', 900, 300, 70, 15000, 30, 10],
      ['2026-07', 1100, 450, 82, 17500, 25, 12],
      ['2026-08', 950, 500, 75, 16000, 20, 9],
      ['2026-09', 1300, 600, 90, 19800, 40, 15],
      ['2026-10', 1250, 700, 88, 20100, 38, 17],
      ['2026-11', 1000, 650, 60, 13250.75, 22, 11],
    ].map(([month, pointsEarned, pointsRedeemed, orders, revenue, newMembers, couponsUsed]) => ({
      month: month as string,
      pointsEarned: pointsEarned as number,
      pointsRedeemed: pointsRedeemed as number,
      orders: orders as number,
      revenue: revenue as number,
      newMembers: newMembers as number,
      couponsUsed: couponsUsed as number,
    })),
    topCustomers: customers,
  };
}

/** A store with nothing yet: zeros, nulls where there is nothing to divide by, empty lists. */
export function emptyAnalyticsData(range = { from: '2026-10-26', to: '2026-11-24' }): Analytics {
  const data = analyticsData(range);
  return {
    ...data,
    totals: {
      members: 0,
      pointsOutstanding: 0,
      pointsEarned: 0,
      pointsRedeemed: 0,
      orders: 0,
      sales: 0,
      pointValueSar: null,
      liabilitySar: null,
    },
    period: {
      newMembers: 0,
      pointsEarned: 0,
      pointsRedeemed: 0,
      pointsExpired: 0,
      pointsClawedBack: 0,
      orders: 0,
      sales: 0,
      couponsIssued: 0,
      couponsUsed: 0,
      couponsCancelled: 0,
    },
    impact: {
      repeatCustomerRate: null,
      averageOrderValue: null,
      retentionRate: null,
      revenueGrowth: null,
      redemptionRate: null,
    },
    membersVsNonMembers: {
      members: { orders: 0, sales: 0, averageOrderValue: null, repeatRate: null },
      nonMembers: { orders: 0, sales: 0, averageOrderValue: null, repeatRate: null },
    },
    couponRevenue: { orders: 0, sales: 0, share: null },
    distribution: data.distribution.map((bucket) => ({ ...bucket, customers: 0 })),
    monthlyTrends: data.monthlyTrends.map((month) => ({
      ...month,
      pointsEarned: 0,
      pointsRedeemed: 0,
      orders: 0,
      revenue: 0,
      newMembers: 0,
      couponsUsed: 0,
    })),
    topCustomers: [],
  };
}

/** The API's answer, through the contract so a mock cannot drift from it. */
export function analyticsBody(data: Analytics = analyticsData()) {
  return AnalyticsResponseSchema.parse({ success: true, data });
}
