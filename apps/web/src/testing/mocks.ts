import {
  type Roi,
  DeleteRewardResponseSchema,
  ERROR_MESSAGES,
  ErrorBodySchema,
  LoyaltyRuleResponseSchema,
  LoyaltyRuleSchema,
  LoyaltyRulesResponseSchema,
  ProgrammeStatusResponseSchema,
  RULE_EVENTS,
  ruleTakesField,
  RedemptionsResponseSchema,
  RewardResponseSchema,
  RewardSchema,
  RewardsReportResponseSchema,
  RewardsResponseSchema,
  LoginResponseSchema,
  MerchantSettingsResponseSchema,
  UpdateMerchantSettingsRequestSchema,
  MessageResponseSchema,
  STORAGE_KEYS,
  StoreInfoResponseSchema,
  SubscriptionStatusResponseSchema,
  type ErrorBody,
  type Subscription,
  type ErrorCode,
  type LoyaltyRule,
  type MerchantSettings,
  type RuleField,
  type RedemptionsPage,
  type Reward,
  type RewardsReport,
  type RuleEvent,
  type StoreInfo,
  DashboardResponseSchema,
  type Dashboard,
  MerchantReferralSchema,
  ReferralsResponseSchema,
  ReferralSummaryResponseSchema,
  type MerchantReferral,
  type ReferralSummary,
  NOTIFICATION_KINDS,
  NotificationSettingsResponseSchema,
  NotificationSummaryResponseSchema,
  type NotificationChannelChoice,
  type NotificationKindCounts,
  type NotificationTemplates,
  TiersPreviewResponseSchema,
  TiersResponseSchema,
  type Tier,
  type TiersConfig,
  type TiersPreview,
  WIDGET_DEFAULTS,
  type WidgetState,
  type CampaignsData,
  type ProductRulesData,
  type CategoriesData,
} from '@nuqat/contracts';
import { http, HttpResponse } from 'msw';

// Every mocked body goes through the contract schema, so a mock cannot drift from the API.

export const TEST_MERCHANT = {
  /** Only an API client (or an older server) sees a token; the back-office keeps none. */
  token: 'test-token',
  csrfToken: 'test-csrf-token',
  merchantId: '1234567',
  merchantName: 'متجر الورد',
} as const;

/** The cookie-mode login answer the back-office gets: no token (pass one to imitate an API client). */
export function loginResponseBody(overrides: Partial<{ token: string; merchantId: string }> = {}) {
  return LoginResponseSchema.parse({
    success: true,
    data: {
      merchantId: TEST_MERCHANT.merchantId,
      merchantName: TEST_MERCHANT.merchantName,
      expiresAt: '2030-01-01T00:00:00.000Z',
      ...overrides,
    },
  });
}

export function storeInfoBody(overrides: Partial<StoreInfo> = {}) {
  return StoreInfoResponseSchema.parse({
    success: true,
    data: {
      merchantId: TEST_MERCHANT.merchantId,
      storeName: TEST_MERCHANT.merchantName,
      userEmail: 'owner@rose.example',
      storeUrl: 'https://rose.example',
      subscriptionStatus: 'active',
      subscriptionPlan: 'growth',
      subscriptionExpiryDate: '2030-06-30T21:00:00.000Z',
      isEarning: true,
      programmeEnabled: true,
      ...overrides,
    },
  });
}

export function subscriptionBody(overrides: Partial<Subscription> = {}) {
  return SubscriptionStatusResponseSchema.parse({
    success: true,
    data: {
      subscription: {
        status: 'active',
        plan: 'growth',
        expiryDate: '2030-06-30T21:00:00.000Z',
        isActive: true,
        isEarning: true,
        periodStart: '2026-11-01T00:00:00.000Z',
        usageLimit: null,
        ordersUsed: 120,
        ordersOverLimit: 0,
        usagePercentage: 0,
        needsReinstall: false,
        ...overrides,
      },
    },
  });
}

/** A dashboard answer: a small store with one of everything, unless overridden. */
export function dashboardBody(overrides: Partial<Dashboard> = {}) {
  return DashboardResponseSchema.parse({
    success: true,
    data: {
      storeName: TEST_MERCHANT.merchantName,
      userEmail: 'owner@rose.example',
      totalMembers: 1250,
      totalPoints: 48_300,
      redeemedPoints: 7_400,
      totalOrders: 982,
      totalSales: 151_234.5,
      couponsUsed: 37,
      subscription: {
        status: 'active',
        type: 'premium',
        plan: 'growth',
        expiryDate: '2030-06-30T21:00:00.000Z',
        isActive: true,
        usageLimit: null,
        ordersUsed: 120,
        usagePercentage: 0,
      },
      performanceStats: {
        pointsEarned: 55_700,
        pointsRedeemed: 7_400,
        totalOrders: 982,
        couponsUsed: 37,
        totalSales: 151_234.5,
      },
      activities: [
        {
          customerId: '501',
          customerName: 'سارة القحطاني',
          action: 'earn',
          source: 'order',
          cause: 'order',
          orderReference: '40090001',
          couponCode: null,
          points: 120,
          date: '2026-11-20T09:30:00.000Z',
        },
        {
          customerId: '502',
          customerName: 'Omar Saleh',
          action: 'redeem',
          source: 'redemption',
          cause: 'redemption',
          orderReference: null,
          couponCode: 'NQ-7H2K',
          points: -500,
          date: '2026-11-19T15:00:00.000Z',
        },
      ],
      recentOrders: [
        {
          id: '90001',
          reference: '40090001',
          customer: 'سارة القحطاني',
          total: 240,
          date: '2026-11-20T09:29:00.000Z',
          status: 'completed',
        },
        {
          id: '90002',
          reference: '40090002',
          customer: '',
          total: 99.5,
          date: '2026-11-19T12:00:00.000Z',
          status: 'canceled',
        },
        {
          id: '90003',
          reference: '40090003',
          customer: 'Omar Saleh',
          total: 310,
          date: '2026-11-18T12:00:00.000Z',
          status: 'on_hold_custom',
        },
      ],
      topCustomers: [
        { id: '501', name: 'سارة القحطاني', points: 2_400, orders: 9, totalSpent: 3_120 },
        { id: '502', name: 'Omar Saleh', points: 800, orders: 1, totalSpent: 310 },
      ],
      ...overrides,
    },
  });
}

export function settingsBody(
  pointsExpiryDays: number | null = null,
  overrides: Partial<Omit<MerchantSettings, 'pointsExpiryDays'>> = {},
) {
  return MerchantSettingsResponseSchema.parse({
    success: true,
    data: {
      pointsExpiryDays,
      pointsSpendableOn: ['completed', 'delivered'],
      pointsHoldDays: 0,
      forgiveSpentClawbacks: false,
      monthlyReportEmail: true,
      ...overrides,
    },
  });
}

/**
 * GET and PUT /api/merchants/settings for one on/off setting of /settings: answers `value`,
 * records each PUT body in `sent`, and with `fail` answers the PUT with a 500.
 */
export function switchSettingHandlers(
  setting: 'forgiveSpentClawbacks' | 'monthlyReportEmail',
  value: boolean,
  sent: unknown[],
  fail = false,
) {
  return [
    http.get('/api/merchants/settings', () =>
      HttpResponse.json(settingsBody(null, { [setting]: value })),
    ),
    http.put('/api/merchants/settings', async ({ request }) => {
      const body = UpdateMerchantSettingsRequestSchema.parse(await request.json());
      sent.push(body);
      if (fail) return HttpResponse.json(errorBody('INTERNAL_ERROR'), { status: 500 });
      return HttpResponse.json(settingsBody(null, { [setting]: body[setting] ?? value }));
    }),
  ];
}

export function messageBody(message = 'ok') {
  return MessageResponseSchema.parse({ success: true, message });
}

export function errorBody(
  code: ErrorCode,
  extra: Partial<Pick<ErrorBody, 'retryAfter' | 'issues' | 'requestId'>> = {},
): ErrorBody {
  return ErrorBodySchema.parse({
    success: false,
    code,
    message: ERROR_MESSAGES[code].ar,
    ...extra,
  });
}

/**
 * Signs a merchant in as a real login leaves the browser: who in localStorage, the CSRF cookie
 * readable (the httpOnly session cookie itself is invisible to scripts, so jsdom needs none).
 */
export function signIn(): void {
  document.cookie = `nuqat_csrf=${TEST_MERCHANT.csrfToken}; path=/`;
  window.localStorage.setItem(STORAGE_KEYS.merchantId, TEST_MERCHANT.merchantId);
  window.localStorage.setItem(STORAGE_KEYS.merchantName, TEST_MERCHANT.merchantName);
  window.localStorage.setItem(STORAGE_KEYS.sessionTimestamp, String(Date.now()));
}

// ---- Points programme and rewards ---------------------------------------------------------------

export function loyaltyRule(event: RuleEvent, overrides: Partial<LoyaltyRule> = {}): LoyaltyRule {
  const takes = (field: RuleField) => ruleTakesField(event, field);
  const points = overrides.points ?? 0;
  return LoyaltyRuleSchema.parse({
    event,
    points,
    enabled: points > 0,
    minRating: takes('minRating') ? 1 : null,
    requiredPurchases: takes('requiredPurchases') ? 1 : null,
    minOrderTotal: takes('minOrderTotal') ? 0 : null,
    spendUnit: takes('spendUnit') ? 1 : null,
    maxPerCustomer: null,
    updatedAt: points > 0 ? '2026-01-10T09:00:00.000Z' : null,
    ...overrides,
  });
}

/** Every method (the six and points per riyal), off unless `overrides` says otherwise. */
export function loyaltyRulesBody(overrides: Partial<Record<RuleEvent, Partial<LoyaltyRule>>> = {}) {
  return LoyaltyRulesResponseSchema.parse({
    success: true,
    data: RULE_EVENTS.map((event) => loyaltyRule(event, overrides[event])),
  });
}

export function loyaltyRuleBody(rule: LoyaltyRule, message = 'تم حفظ الإعدادات بنجاح') {
  return LoyaltyRuleResponseSchema.parse({ success: true, data: rule, message });
}

export function programmeBody(enabled = true) {
  return ProgrammeStatusResponseSchema.parse({ success: true, data: { enabled } });
}

let rewardSeq = 0;

export function reward(overrides: Partial<Reward> = {}): Reward {
  rewardSeq += 1;
  const id = overrides.id ?? `00000000-0000-4000-8000-${String(rewardSeq).padStart(12, '0')}`;
  return RewardSchema.parse({
    id,
    _id: id,
    name: `مكافأة ${rewardSeq}`,
    type: 'fixed_discount',
    pointsRequired: 100,
    value: 10,
    description: '',
    isActive: true,
    maxUsage: null,
    minOrderAmount: 0,
    freeProducts: [],
    couponValidDays: 30,
    minTierId: null,
    usageCount: 0,
    createdAt: '2026-01-10T09:00:00.000Z',
    updatedAt: '2026-01-10T09:00:00.000Z',
    ...overrides,
  });
}

export function rewardsBody(list: Reward[] = []) {
  return RewardsResponseSchema.parse({ success: true, data: list });
}

export function rewardBody(data: Reward, message = 'تم حفظ المكافأة') {
  return RewardResponseSchema.parse({ success: true, data, message });
}

export function deletedRewardBody(id: string, archived = false) {
  return DeleteRewardResponseSchema.parse({
    success: true,
    data: { id, archived },
    message: 'تم حذف المكافأة',
  });
}

export function rewardsReportBody(report: Partial<RewardsReport> = {}) {
  return RewardsReportResponseSchema.parse({
    success: true,
    data: {
      summary: { rewards: 0, activeRewards: 0, redeemedCount: 0, pointsSpent: 0, unusedCoupons: 0 },
      rewards: [],
      ...report,
    },
  });
}

export function redemptionsBody(page: Partial<RedemptionsPage> = {}) {
  return RedemptionsResponseSchema.parse({
    success: true,
    data: { items: [], page: 1, pageSize: 10, total: 0, ...page },
  });
}

// ---- Referrals -----------------------------------------------------------------------------------

export function referralSummaryBody(summary: Partial<ReferralSummary> = {}) {
  return ReferralSummaryResponseSchema.parse({
    success: true,
    data: {
      sent: 0,
      pending: 0,
      converted: 0,
      reversed: 0,
      blocked: 0,
      revenue: 0,
      referredOrders: 0,
      cost: 0,
      couponsIssued: 0,
      couponsUsed: 0,
      ...summary,
    },
  });
}

let referralSeq = 0;

/** One referral as GET /api/referrals answers it: a friend who claimed, waiting for an order. */
export function referral(overrides: Partial<MerchantReferral> = {}): MerchantReferral {
  referralSeq += 1;
  const side = {
    type: 'percentage',
    value: 10,
    maxAmount: 100,
    status: 'none',
    code: null,
    expiresAt: null,
    usedOrderId: null,
    discount: null,
  } as const;
  return MerchantReferralSchema.parse({
    id: `00000000-0000-4000-8000-${String(referralSeq).padStart(12, '0')}`,
    status: 'pending',
    reason: null,
    code: 'SARA-7K2M',
    inviter: { id: '880000100', name: 'سارة العتيبي', email: 'sara@example.com' },
    friend: { email: `friend${referralSeq}@example.com`, customerId: null, name: null },
    friendReward: {
      ...side,
      status: 'issued',
      code: 'RF-FRIEND1',
      expiresAt: '2026-12-20T09:00:00.000Z',
    },
    inviterReward: side,
    orderId: null,
    orderTotal: null,
    claimedAt: '2026-11-20T09:00:00.000Z',
    completedAt: null,
    reversedAt: null,
    ...overrides,
  });
}

export function referralsBody(items: MerchantReferral[] = [], nextCursor: string | null = null) {
  return ReferralsResponseSchema.parse({ success: true, data: { items, nextCursor } });
}

// ---- Notifications to customers ------------------------------------------------------------------

export function notificationSettingsBody(
  templates: Partial<NotificationTemplates> = {},
  updatedAt: string | null = null,
  channel: { channel?: NotificationChannelChoice; smsAvailable?: boolean } = {},
) {
  return NotificationSettingsResponseSchema.parse({
    success: true,
    data: {
      templates: {
        ...Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, true])),
        ...templates,
      },
      channel: channel.channel ?? 'email',
      smsAvailable: channel.smsAvailable ?? false,
      updatedAt,
    },
  });
}

export function notificationSummaryBody(
  counts: Partial<Record<NotificationKindCounts['kind'], Partial<NotificationKindCounts>>> = {},
) {
  return NotificationSummaryResponseSchema.parse({
    success: true,
    data: {
      days: 30,
      kinds: NOTIFICATION_KINDS.map((kind) => ({
        kind,
        sent: 0,
        failed: 0,
        pending: 0,
        skipped: 0,
        ...counts[kind],
      })),
    },
  });
}

/** GET /api/merchants/widget: a store's widget at its defaults, published (issue 26). */
export function widgetStateBody(overrides: Partial<WidgetState> = {}) {
  return {
    success: true,
    data: {
      settings: WIDGET_DEFAULTS,
      plan: 'growth',
      storeName: 'متجر التجربة',
      logo: null,
      published: true,
      ...overrides,
    } satisfies WidgetState,
  };
}

/**
 * What /settings loads for its «رسائل العملاء» section (every template on, nothing sent yet), its
 * widget section (the defaults, issue 26) and its developers section (a Starter store: the Growth
 * offer, issue 31).
 */
export function notificationHandlers() {
  return [
    http.get('/api/merchants/widget', () => HttpResponse.json(widgetStateBody())),
    http.get('/api/notifications/settings', () => HttpResponse.json(notificationSettingsBody())),
    http.get('/api/notifications/summary', () => HttpResponse.json(notificationSummaryBody())),
    http.get('/api/merchants/api-keys', () =>
      HttpResponse.json(errorBody('PLAN_FEATURE_REQUIRED'), { status: 403 }),
    ),
  ];
}

// ---- VIP tiers ------------------------------------------------------------------------------------

const TIER_IDS = [
  '00000000-0000-4000-8000-0000000000b1',
  '00000000-0000-4000-8000-0000000000b2',
  '00000000-0000-4000-8000-0000000000b3',
  '00000000-0000-4000-8000-0000000000b4',
  '00000000-0000-4000-8000-0000000000b5',
] as const;

/** A VIP tier at `position` (1 = the lowest): Silver, Gold, Platinum... by default. */
export function tier(position: number, overrides: Partial<Tier> = {}): Tier {
  const names = [
    ['الفضي', 'Silver', '#64748b', 500, 110],
    ['الذهبي', 'Gold', '#ca8a04', 2000, 125],
    ['البلاتيني', 'Platinum', '#0e7490', 5000, 150],
    ['الماسي', 'Diamond', '#7c3aed', 10000, 175],
    ['الياقوتي', 'Ruby', '#be123c', 20000, 200],
  ] as const;
  const [nameAr, nameEn, colour, threshold, multiplierPct] = names[position - 1] ?? names[0];
  return {
    id: TIER_IDS[position - 1] ?? TIER_IDS[0],
    position,
    nameAr,
    nameEn,
    colour,
    threshold,
    multiplierPct,
    birthdayMultiplierPct: null,
    customers: 0,
    reservedRewards: 0,
    ...overrides,
  };
}

/** GET/PUT /api/tiers: off with no tiers unless told otherwise. */
export function tiersBody(config: Partial<TiersConfig> = {}) {
  return TiersResponseSchema.parse({
    success: true,
    data: {
      enabled: false,
      basis: 'spend',
      window: 'rolling_12_months',
      graceDays: 30,
      tiers: [],
      untiered: 0,
      recomputing: false,
      ...config,
    },
  });
}

export function tiersPreviewBody(preview: Partial<TiersPreview> = {}) {
  return TiersPreviewResponseSchema.parse({
    success: true,
    data: { tiers: [], untiered: 0, total: 0, ...preview },
  });
}

// ---- The programme's return (decision 049) -----------------------------------------------------

/** GET /api/merchants/roi for a Growth store without a control group (off). */
export function roiBody(overrides: Partial<Roi> = {}) {
  return {
    success: true as const,
    data: {
      month: '2026-11',
      hasControlGroup: false,
      holdout: {
        available: true,
        status: 'off',
        percent: null,
        startedAt: null,
        endedAt: null,
        assigned: { control: 0, member: 0 },
        heldOut: 0,
      },
      method: 'welch_t_95',
      members: null,
      control: null,
      tooSmall: false,
      differences: { revenuePerShopper: null, ordersPerShopper: null, repeatRate: null },
      cost: null,
      incrementalRevenueSar: null,
      returnOnCost: null,
      membersVsGuests: {
        members: { orders: 12, salesSar: 2400, aovSar: 200 },
        guests: { orders: 3, salesSar: 300, aovSar: 100 },
      },
      ...overrides,
    } satisfies Roi,
  };
}

// ---- Campaigns ------------------------------------------------------------------------------------

/** GET /api/campaigns/product-rules: no rules, no product named by an order yet, unless told. */
export function productRulesBody(data: Partial<ProductRulesData> = {}) {
  return { success: true as const, data: { rules: [], products: [], ...data } };
}

/** GET /api/campaigns/category-rules: the store's categories as Salla lists them; none unless told. */
export function categoriesBody(data: Partial<CategoriesData> = {}) {
  return { success: true as const, data: { categories: [], ...data } };
}

/** GET /api/campaigns: none unless told otherwise, "now" fixed so the strip's year is stable. */
export function campaignsBody(data: Partial<CampaignsData> = {}) {
  return {
    success: true as const,
    data: { campaigns: [], nowRiyadh: '2026-11-26T12:00', ...data },
  };
}
