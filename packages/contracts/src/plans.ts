/**
 * The two plans (spec §9), defined once for the landing page, the back-office and the API's
 * plan gates. Prices are whole riyals and include VAT.
 */
export const PLAN_IDS = ['starter', 'growth'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const PLAN_FEATURES = [
  'pointsProgramme',
  'brandCustomisation',
  'rewardExpiry',
  'emailAlerts',
  'passwordlessLogin',
  'visitorWidget',
  'customerWidget',
  'referrals',
  'vipTiers',
  'campaigns',
  'advancedAnalytics',
  'premiumSupport',
  'fullCustomisation',
  'monthlyReport',
  'openApi',
] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

export interface Plan {
  id: PlanId;
  priceSar: number;
  period: 'monthly';
  /** null = unlimited */
  monthlyOrderLimit: number | null;
  highlight: boolean;
  features: readonly PlanFeature[];
}

const STARTER_FEATURES = [
  'pointsProgramme',
  'brandCustomisation',
  'rewardExpiry',
  'emailAlerts',
  'passwordlessLogin',
  'visitorWidget',
  'customerWidget',
] as const satisfies readonly PlanFeature[];

export const PLANS: Record<PlanId, Plan> = {
  starter: {
    id: 'starter',
    priceSar: 75,
    period: 'monthly',
    monthlyOrderLimit: 1000,
    highlight: false,
    features: STARTER_FEATURES,
  },
  growth: {
    id: 'growth',
    priceSar: 299,
    period: 'monthly',
    monthlyOrderLimit: null,
    highlight: true,
    features: [
      ...STARTER_FEATURES,
      'referrals',
      'vipTiers',
      'campaigns',
      'advancedAnalytics',
      'premiumSupport',
      'fullCustomisation',
      'monthlyReport',
      'openApi',
    ],
  },
};

export function planHasFeature(plan: PlanId, feature: PlanFeature): boolean {
  return PLANS[plan].features.includes(feature);
}
