import {
  CustomerLoyaltyResponseSchema,
  ERROR_MESSAGES,
  ErrorBodySchema,
  RedeemResponseSchema,
  ReferralClaimResponseSchema,
  ReferralOfferResponseSchema,
  ShopperReferralSchema,
  ShopperCodeRequestedResponseSchema,
  ShopperSessionResponseSchema,
  StorefrontProgrammeResponseSchema,
  type CustomerLoyaltyData,
  type ErrorCode,
  type HistoryEntry,
  type ReferralClaimCoupon,
  type ReferralOffer,
  type ShopperReferral,
  type ShopperCoupon,
  type ShopperReward,
  type StorefrontProgramme,
} from '@nuqat/contracts';
import type { StorefrontCustomer, StorefrontSession } from '@nuqat/contracts/storefront';

// Every mocked body goes through the contract's schema, so a mock cannot drift from the API.

export const MERCHANT_ID = '7000001';
export const STORE_ORIGIN = 'https://demo.salla.sa';
export const LOYALTY_URL = `/api/customers/loyalty/${MERCHANT_ID}/:customerId`;
export const REDEEM_URL = `/api/customers/loyalty/${MERCHANT_ID}/:customerId/redeem`;
export const OFFER_URL = '/api/customers/referrals/offer';
export const CLAIM_URL = '/api/customers/referrals/claim';
export const PROGRAMME_URL = `/api/storefront/${MERCHANT_ID}/programme`;
/** A code as the snippet keeps it from a store link's `?ref=`. */
export const AUTH_OPTIONS_URL = '/api/customers/auth/options';
export const REQUEST_CODE_URL = '/api/customers/auth/request-code';
export const VERIFY_CODE_URL = '/api/customers/auth/verify-code';

/** Noura: the store knows her by her mobile alone (Salla's email is ''). */
export const NOURA_IN_STORE: StorefrontCustomer = {
  id: 123456790,
  full_name: 'نورة القحطاني',
  email: '',
  mobile: '+966551234567',
  avatar: '',
};

export const REF_CODE = 'SARA-7K2M';

export const SARA = {
  customerId: '123456789',
  email: 'sara@example.com',
  fullName: 'سارة العتيبي',
  token: 'shopper-token-sara',
} as const;

export const SARA_IN_STORE: StorefrontCustomer = {
  id: Number(SARA.customerId),
  full_name: SARA.fullName,
  email: SARA.email,
  mobile: '+966500000001',
  avatar: '',
};

/** Sara's shopper token as the store page kept it after a code login (docs/decisions/030). */
export function keptSession(overrides: Partial<StorefrontSession> = {}): StorefrontSession {
  return {
    token: SARA.token,
    customerId: SARA.customerId,
    expiresAt: '2099-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function reward(overrides: Partial<ShopperReward> = {}): ShopperReward {
  return {
    id: '0b3c5a7e-0000-4000-8000-000000000001',
    name: 'خصم 20 ريال',
    description: 'خصم ثابت على طلبك القادم',
    pointsRequired: 200,
    type: 'fixed_discount',
    value: 20,
    minOrderAmount: 100,
    available: true,
    minTier: null,
    locked: false,
    ...overrides,
  };
}

export function historyEntry(index: number, overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id: `ledger-${index}`,
    date: new Date(Date.UTC(2026, 10, 20 - index, 9)).toISOString(),
    formattedDate: `${20 - index} نوفمبر 2026`,
    description: `نقاط الطلب رقم ${1000 + index}`,
    points: 50,
    owed: 0,
    type: 'earned',
    kind: 'earn',
    ...overrides,
  };
}

export function coupon(overrides: Partial<ShopperCoupon> = {}): ShopperCoupon {
  return {
    id: '5e1d0c3b-0000-4000-8000-00000000c001',
    source: 'reward',
    rewardId: reward().id,
    name: reward().name,
    pointsRequired: 200,
    type: 'fixed_discount',
    value: 20,
    minOrderAmount: 100,
    status: 'issued',
    code: 'NQT-7K2M-9QX4',
    expiresAt: '2026-12-31T20:59:59.000Z',
    createdAt: '2026-11-23T10:00:00.000Z',
    cancelReason: null,
    cancellableUntil: null,
    ...overrides,
  };
}

export function loyaltyData(overrides: Partial<CustomerLoyaltyData> = {}): CustomerLoyaltyData {
  return {
    customer: {
      id: SARA.customerId,
      fullName: SARA.fullName,
      email: SARA.email,
      mobile: null,
      avatar: null,
    },
    store: { name: 'متجر نقاط التجريبي', url: STORE_ORIGIN },
    availablePoints: 250,
    pointsOwed: 0,
    expiringPoints: 0,
    nextExpiryAt: null,
    pendingPoints: 0,
    pendingFollows: null,
    pointsRelease: { spendableOn: ['completed', 'delivered'], holdDays: 0 },
    earnRates: { perAmount: null, perOrder: { points: 50, minOrderTotal: 50 } },
    pointsMethods: [
      { id: 'order.created', name: 'الشراء', points: 50, condition: 'للطلبات من 50 ر.س' },
      { id: 'birthday', name: 'عيد الميلاد', points: 75, condition: '' },
      { id: 'product_review', name: 'تقييم منتج', points: 20, condition: '' },
      { id: 'signup', name: 'التسجيل', points: 30, condition: '' },
    ],
    rewards: [
      reward(),
      reward({
        id: '0b3c5a7e-0000-4000-8000-000000000002',
        name: 'خصم 10%',
        description: '',
        pointsRequired: 350,
        type: 'percentage_discount',
        value: 10,
        minOrderAmount: 0,
      }),
    ],
    coupons: [],
    history: [historyEntry(1), historyEntry(2)],
    programme: { redeemable: true, reason: null },
    referral: null,
    tier: null,
    ...overrides,
  };
}

export function loyaltyBody(overrides: Partial<CustomerLoyaltyData> = {}) {
  return CustomerLoyaltyResponseSchema.parse({ success: true, data: loyaltyData(overrides) });
}

export function redeemBody(overrides: Partial<ShopperCoupon> = {}) {
  return RedeemResponseSchema.parse({ success: true, data: coupon(overrides) });
}

export function sessionBody() {
  return ShopperSessionResponseSchema.parse({
    success: true,
    data: { token: SARA.token, customerId: SARA.customerId, expiresAt: '2099-01-01T00:00:00.000Z' },
  });
}

/** The id request-code hands back; verify-code carries it (docs/decisions/025). */
export const CODE_REQUEST_ID = '3f0c9a56-1d2e-4b7a-9c1f-6a2b8d4e5f10';

export function codeSentBody(
  message = 'إذا كان البريد مسجلًا في المتجر فستصلك رسالة فيها رمز الدخول',
) {
  return ShopperCodeRequestedResponseSchema.parse({
    success: true,
    message,
    requestId: CODE_REQUEST_ID,
  });
}

export function errorBody(code: ErrorCode, language: 'ar' | 'en' = 'ar', retryAfter?: number) {
  return ErrorBodySchema.parse({
    success: false,
    code,
    message: ERROR_MESSAGES[code][language].replace('{{seconds}}', String(retryAfter ?? '')),
    ...(retryAfter === undefined ? {} : { retryAfter }),
  });
}

/** Sara's own invitation as the loyalty data carries it (the store's programme on). */
export function shopperReferral(overrides: Partial<ShopperReferral> = {}): ShopperReferral {
  return ShopperReferralSchema.parse({
    code: REF_CODE,
    link: `${STORE_ORIGIN}/?ref=${REF_CODE}`,
    invited: 3,
    rewarded: 2,
    participantReward: { type: 'fixed', value: 30, maxAmount: null },
    referralReward: { type: 'percentage', value: 10, maxAmount: 50 },
    ...overrides,
  });
}

export function offerBody(overrides: Partial<ReferralOffer> = {}) {
  return ReferralOfferResponseSchema.parse({
    success: true,
    data: {
      storeName: 'متجر نقاط التجريبي',
      reward: { type: 'percentage', value: 10, maxAmount: 50 },
      ...overrides,
    },
  });
}

export function claimBody(overrides: Partial<ReferralClaimCoupon> = {}) {
  return ReferralClaimResponseSchema.parse({
    success: true,
    data: {
      coupon: {
        type: 'percentage',
        value: 10,
        maxAmount: 50,
        expiresAt: '2026-12-23T20:59:59.000Z',
        sentTo: 'n***@example.com',
        ...overrides,
      },
    },
  });
}

/** The store's programme as a visitor reads it. */
export function programme(overrides: Partial<StorefrontProgramme> = {}): StorefrontProgramme {
  const data = loyaltyData();
  return {
    store: { name: data.store.name },
    programme: { redeemable: true, reason: null },
    pointsMethods: data.pointsMethods,
    rewards: data.rewards.map(({ locked: _locked, ...r }) => r),
    tiers: {
      basis: 'spend',
      window: 'rolling_12_months',
      levels: [
        {
          id: '7a1c0000-0000-4000-8000-00000000a001',
          name: 'فضي',
          colour: '#94a3b8',
          multiplierPct: 125,
          birthdayMultiplierPct: null,
          threshold: 500,
        },
        {
          id: '7a1c0000-0000-4000-8000-00000000a002',
          name: 'ذهبي',
          colour: '#eab308',
          multiplierPct: 150,
          birthdayMultiplierPct: null,
          threshold: 2000,
        },
      ],
    },
    referral: {
      participantReward: { type: 'fixed', value: 30, maxAmount: null },
      referralReward: { type: 'percentage', value: 10, maxAmount: 50 },
    },
    ...overrides,
  };
}

export function programmeBody(overrides: Partial<StorefrontProgramme> = {}) {
  return StorefrontProgrammeResponseSchema.parse({ success: true, data: programme(overrides) });
}
