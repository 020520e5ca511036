import {
  HALALAS_PER_RIYAL,
  SHOPPER_CODE_LENGTH,
  SHOPPER_CODE_MAX_ATTEMPTS,
  SHOPPER_CODE_TTL_MINUTES,
  SHOPPER_HISTORY_LIMIT,
  SHOPPER_SESSION_TTL_DAYS,
  REWARD_TYPE_FEATURE,
  emailKey,
  planHasFeature,
  type CustomerLoyaltyData,
  type HistoryEntry,
  type Language,
  type PointsMethod,
  type ProgrammeReward,
  type ReferralReward,
  type RuleEvent,
  type ShopperCoupon,
  type ShopperReferral,
  type ShopperTier,
  type ShopperTierLevel,
  type ShopperSession,
  type ShopperSignInOptions,
  type StorefrontProgramme,
  type TierBasis,
  type TierWindow,
} from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';

/** A tier as the loyalty page needs it to mark reserved rewards. */
export interface TierLevelRow {
  id: string;
  position: number;
  nameAr: string;
  nameEn: string;
  colour: string;
}
import type { RuleEvent as StoredRuleEvent } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { generateNumericCode, hashResetCode, safeEqualHex } from '../../lib/crypto.ts';
import { storeMailBrand } from '../../lib/mail-brand.ts';
import { shopperCodeMail } from '../../lib/mail-templates.ts';
import { createSmsTiming, shopperCodeSms } from './shopper-sms.ts';
import { panelLogo, programmeEarning } from './programme-earning.ts';
import { rewardDescription, rewardName } from '../rewards/index.ts';
import { judgeCodeTry, newRequestId } from '../../lib/one-time-codes.ts';
import { enforceRateLimits } from '../../lib/rate-limit.ts';
import { signShopperToken, verifyShopperToken, type ShopperTokenClaims } from '../../lib/tokens.ts';
import { findCustomer, findRules, type RuleRow } from '../engine/index.ts';
import { findMerchantById, type MerchantRow } from '../merchants/index.ts';
import { toMerchantSettings } from '../merchants/index.ts';
import { findCustomerRedemptions } from '../rewards/index.ts';
import { redemptionBlock, toShopperCoupon } from '../rewards/index.ts';
import { findRewards, type RewardWithUsage } from '../rewards/index.ts';
import {
  consumeOpenShopperCodes,
  findCustomerByEmailKey,
  findCustomerByMobile,
  mostCustomersWithoutEmail,
  findExpiringPoints,
  findOrderReferences,
  findPendingPoints,
  findRecentLedger,
  findShopperSession,
  insertShopperCode,
  insertShopperSession,
  lockOpenShopperCode,
  lockShopperCodeOfRequest,
  revokeShopperSession,
  setCustomerLanguage,
  updateShopperCode,
  type LedgerEntryRow,
} from './shopper.repository.ts';

const WINDOW = 15 * 60;

/**
 * Guesses count per code, never per recipient (docs/decisions/025): a stranger's wrong codes
 * cannot lock a shopper out. What bounds guessing is the codes a store+mailbox can be sent (3 per
 * 15 minutes, 5 a day) times each code's tries (5 for its request, 5 for tries naming none), and
 * the per-address limits. Per address loose: shoppers share mobile carriers' addresses. The
 * mailbox is the address's `emailKey`, so a +tag or a capital is no new mailbox (decision 028).
 */
export const SHOPPER_RATE_LIMITS = {
  requestPerIp: { limit: 20, windowSeconds: WINDOW },
  requestPerEmail: { limit: 3, windowSeconds: WINDOW },
  requestPerEmailDaily: { limit: 5, windowSeconds: 86_400 },
  verifyPerIp: { limit: 30, windowSeconds: WINDOW },
} as const;

/** "Expiring soon" on the balance card. */
const EXPIRING_WINDOW_DAYS = 30;
const COUPONS_SHOWN = 50;

export type ShopperAuth = ShopperTokenClaims;

// ---- Texts the page shows as they come (the shopper's language) ------------------------------

const METHOD_ORDER: RuleEvent[] = [
  'purchase_amount',
  'order.created',
  'repeat_purchase',
  'signup',
  'birthday',
  'product_review',
  'order_review',
];

const METHOD_NAMES: Record<StoredRuleEvent, Record<Language, string>> = {
  'order.created': { ar: 'الشراء من المتجر', en: 'Shopping in the store' },
  purchase_amount: { ar: 'نقاط على كل ريال تنفقه', en: 'Points on every riyal you spend' },
  repeat_purchase: { ar: 'الشراء المتكرر', en: 'Repeat purchases' },
  signup: { ar: 'إنشاء حساب في المتجر', en: 'Creating an account' },
  birthday: { ar: 'يوم ميلادك', en: 'Your birthday' },
  product_review: { ar: 'تقييم منتج', en: 'Reviewing a product' },
  order_review: { ar: 'تقييم طلبك', en: 'Reviewing your order' },
};

function methodCondition(rule: RuleRow, lang: Language): string {
  const ar = lang === 'ar';
  switch (rule.event) {
    case 'order.created': {
      const min = Math.round((rule.minOrderTotalHalalas ?? 0) / 100);
      if (min <= 0) return ar ? 'مع كل طلب' : 'With every order';
      return ar ? `لكل طلب بقيمة ${min} ريال أو أكثر` : `For every order of ${min} SAR or more`;
    }
    case 'purchase_amount': {
      const unit = Math.max(1, Math.round((rule.spendUnitHalalas ?? HALALAS_PER_RIYAL) / 100));
      const min = Math.floor((rule.minOrderTotalHalalas ?? 0) / 100);
      const rate = ar
        ? `${rule.points} نقطة لكل ${unit} ريال تنفقه بعد الخصم، دون الشحن والضريبة`
        : `${rule.points} ${rule.points === 1 ? 'point' : 'points'} for every ${unit} SAR you spend after discounts, not counting shipping and VAT`;
      if (min <= 0) return rate;
      return ar ? `${rate}، للطلبات من ${min} ريال` : `${rate}, on orders of ${min} SAR or more`;
    }
    case 'repeat_purchase': {
      const n = rule.requiredPurchases ?? 1;
      return ar ? `مكافأة عند كل ${n} طلبات مكتملة` : `A bonus every ${n} completed orders`;
    }
    case 'product_review':
    case 'order_review': {
      const stars = rule.minRating ?? 1;
      if (stars <= 1) return ar ? 'عند إضافة تقييم' : 'When you leave a review';
      return ar ? `بتقييم ${stars} نجوم أو أكثر` : `With a rating of ${stars} stars or more`;
    }
    case 'birthday':
      return ar
        ? 'أضف تاريخ ميلادك إلى حسابك في المتجر'
        : 'Add your birthday to your store account';
    case 'signup':
      return ar ? 'مرة واحدة عند التسجيل' : 'Once, when you sign up';
  }
}

function historyDescription(
  row: LedgerEntryRow,
  lang: Language,
  orderRefs: Map<string, string>,
): string {
  const ar = lang === 'ar';
  const ref =
    row.sourceType === 'order' || row.sourceType === 'repeat_purchase'
      ? `#${orderRefs.get(row.sourceId) ?? row.sourceId}`
      : '';
  const name = row.note ?? '';
  switch (row.kind) {
    case 'earn':
      switch (row.sourceType) {
        case 'order':
          return ar ? `نقاط الطلب ${ref}` : `Points for order ${ref}`;
        case 'repeat_purchase':
          return ar
            ? `مكافأة الشراء المتكرر (الطلب ${ref})`
            : `Repeat purchase bonus (order ${ref})`;
        case 'signup':
          return ar ? 'نقاط الترحيب بإنشاء الحساب' : 'Welcome points for signing up';
        case 'birthday':
          return ar ? 'هدية يوم ميلادك' : 'Your birthday gift';
        case 'review':
          return ar ? 'نقاط تقييمك' : 'Points for your review';
        default:
          return ar ? 'نقاط مكتسبة' : 'Points earned';
      }
    case 'clawback': {
      if (row.sourceType === 'debt')
        return ar
          ? 'سداد نقاط مستحقة عليك من طلبات أُلغيت'
          : 'Points you owed from cancelled orders, repaid';
      const owed = Math.max(0, row.debtDelta);
      const removed = ar
        ? `خصم نقاط الطلب ${ref} بعد إلغائه أو استرجاعه`
        : `Points of order ${ref} removed after it was cancelled or refunded`;
      if (owed === 0) return removed;
      return ar
        ? `${removed}، وبقي عليك ${owed} نقطة تُخصم من نقاطك القادمة`
        : `${removed}; ${owed} points still owed, taken from your next points`;
    }
    case 'redeem':
      if (row.idempotencyKey.startsWith('coupon_reclaim:'))
        return ar
          ? `استبدال نقاط بمكافأة «${name}»: استُخدم كوبونها بعد إلغائه`
          : `Points for "${name}": its coupon was used after it was cancelled`;
      return ar ? `استبدال نقاط بمكافأة «${name}»` : `Points exchanged for "${name}"`;
    case 'redeem_rollback':
      if (row.idempotencyKey.startsWith('coupon_cancel:'))
        return ar
          ? `إعادة نقاط: ألغى المتجر كوبون «${name}»`
          : `Points returned: the store cancelled the "${name}" coupon`;
      if (row.idempotencyKey.startsWith('coupon_withdraw:'))
        return ar
          ? `إعادة نقاط كوبون «${name}» بعد سحبه، لأن الطلبات التي اشتُري بنقاطها أُلغيت`
          : `Points returned from the "${name}" coupon, withdrawn because the orders whose points bought it were cancelled`;
      return ar
        ? `إعادة نقاط: تعذّر إصدار كوبون «${name}»`
        : `Points returned: the "${name}" coupon could not be issued`;
    case 'expire':
      return ar ? 'انتهت صلاحية نقاط' : 'Points expired';
    case 'adjust':
      if (row.sourceType === 'debt')
        return ar
          ? 'أعفاك المتجر من النقاط المستحقة عليك'
          : 'The store let you off the points you owed';
      return ar
        ? `تعديل من المتجر${name ? `: ${name}` : ''}`
        : `Adjusted by the store${name ? `: ${name}` : ''}`;
    case 'referral':
      return ar ? 'مكافأة دعوة صديق' : 'Referral reward';
    case 'import':
      return ar
        ? 'رصيد نقاط منقول من برنامج الولاء السابق'
        : 'Points brought from the previous loyalty programme';
  }
}

/** The store's ways to earn that are switched on, in the shopper's language. */
function pointsMethodsOf(rules: Map<StoredRuleEvent, RuleRow>, lang: Language): PointsMethod[] {
  return METHOD_ORDER.flatMap((event) => {
    const rule = rules.get(event);
    if (!rule || rule.points <= 0) return [];
    return [
      {
        id: event,
        name: METHOD_NAMES[event][lang],
        points: rule.points,
        condition: methodCondition(rule, lang),
      },
    ];
  });
}

/**
 * The rewards a store offers, cheapest first: active, of a type its plan allows, and — when
 * reserved for a tier — only while the store's tiers are on (`tiers` holds them then).
 */
function offeredRewards(
  rewards: RewardWithUsage[],
  merchant: MerchantRow,
  tiers: Map<string, TierLevelRow>,
  lang: Language,
): Array<ProgrammeReward & { minTierPosition: number }> {
  return rewards
    .filter((r) => {
      const feature = REWARD_TYPE_FEATURE[r.type];
      return (
        r.isActive &&
        (!feature || (merchant.plan !== null && planHasFeature(merchant.plan, feature))) &&
        (r.minTierId === null || tiers.has(r.minTierId))
      );
    })
    .sort((a, b) => a.pointsRequired - b.pointsRequired)
    .map((r) => {
      const reserved = r.minTierId ? tiers.get(r.minTierId) : undefined;
      return {
        id: r.id,
        name: rewardName(r, lang),
        description: rewardDescription(r, lang),
        pointsRequired: r.pointsRequired,
        type: r.type,
        value: r.value,
        minOrderAmount: r.minOrderAmount,
        available: r.maxUsage === null || r.usageCount < r.maxUsage,
        minTier: reserved
          ? {
              id: reserved.id,
              name: lang === 'en' ? reserved.nameEn : reserved.nameAr,
              colour: reserved.colour,
            }
          : null,
        minTierPosition: reserved?.position ?? 0,
      };
    });
}

const dateFormats: Record<Language, Intl.DateTimeFormat> = {
  ar: new Intl.DateTimeFormat('ar-SA-u-nu-latn-ca-gregory', {
    timeZone: 'Asia/Riyadh',
    dateStyle: 'medium',
  }),
  en: new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Riyadh', dateStyle: 'medium' }),
};

export function createShopperService(
  ctx: AppContext,
  deps: {
    /** The shopper's referral link and figures (the referral engine); none → null. */
    shopperReferral?: (
      merchant: MerchantRow,
      customerId: number,
    ) => Promise<ShopperReferral | null>;
    /** The shopper's VIP tier and the store's tiers (the tiers module); none → no tiers. */
    shopperTier?: (input: {
      merchant: MerchantRow;
      customer: { tierId: string | null; tierValue: number; tierBelowSince: Date | null };
      lang: Language;
    }) => Promise<{ tier: ShopperTier | null; rows: TierLevelRow[] }>;
    /** The store's tiers for a visitor (the tiers module); none → no tiers. */
    programmeTiers?: (
      merchant: MerchantRow,
      lang: Language,
    ) => Promise<{
      basis: TierBasis;
      window: TierWindow;
      levels: ShopperTierLevel[];
      rows: TierLevelRow[];
    } | null>;
    /** What the referral programme gives each side (the referral engine); none → null. */
    programmeReferral?: (
      merchant: MerchantRow,
    ) => Promise<{ participantReward: ReferralReward; referralReward: ReferralReward } | null>;
    /** The shopper's referral coupons, newest first (the referral engine); none → none. */
    referralCoupons?: (input: {
      merchantId: number;
      customerId: number;
      email: string | null;
      lang: Language;
      limit: number;
    }) => Promise<ShopperCoupon[]>;
  } = {},
) {
  const { db, config, log } = ctx;
  const codeKey = config.keys.oneTimeCodes.current;
  const hashCode = (merchantId: number, email: string, code: string) =>
    hashResetCode(codeKey, merchantId, `shopper:${email}:${code}`);
  const smsTiming = createSmsTiming(ctx);

  /**
   * Whom a code is for, as codes and limits are kept: the mailbox's key, or the mobile in E.164
   * (an e-mail key never starts with `+`).
   */
  function recipientKey(input: { email?: string | undefined; mobile?: string | undefined }) {
    if (input.mobile !== undefined) return input.mobile;
    return emailKey(input.email ?? '');
  }

  /** How the store's shoppers can sign in, and which way the page offers first. */
  async function getSignInOptions({
    merchantId,
  }: {
    merchantId: number;
  }): Promise<ShopperSignInOptions> {
    if (!ctx.sms.available) return { channels: ['email'], preferred: 'email' };
    const merchant = await findMerchantById(db, merchantId);
    if (!merchant || merchant.installStatus !== 'installed') throw new AppError('NOT_FOUND');
    const mobileFirst = await mostCustomersWithoutEmail(db, merchantId);
    return { channels: ['email', 'sms'], preferred: mobileFirst ? 'sms' : 'email' };
  }

  /**
   * Sends a sign-in code when the recipient belongs to a customer of the store, and answers the
   * same way, in about the same time, when it does not (nobody learns who shops where).
   * - E-mail: the mailbox (`emailKey`) finds the customer and the code goes to the address Salla
   *   gave for them, never to the spelling typed; any spelling of it signs in (decision 028).
   * - Mobile (E.164): the customer whose `mobile_code` + `mobile` is that number; the code goes by
   *   SMS and the send is awaited, so a failure is said (SMS_SEND_FAILED), never a silent success.
   *   An unknown number waits about as long as a send takes, and fails alike while the provider
   *   is failing (decision 032).
   * The answer is the request's id, which the code row carries: tries that name it count against
   * this code only (decision 025).
   */
  async function requestCode(input: {
    merchantId: number;
    email?: string | undefined;
    mobile?: string | undefined;
    lang: Language;
    ip: string;
  }): Promise<{ requestId: string }> {
    const byMobile = input.mobile !== undefined;
    if (byMobile && !ctx.sms.available) throw new AppError('SMS_UNAVAILABLE');
    const key = recipientKey(input);
    await enforceRateLimits(db, [
      { key: `shopper-code:ip:${input.ip}`, ...SHOPPER_RATE_LIMITS.requestPerIp },
      {
        key: `shopper-code:email:${input.merchantId}:${key}`,
        ...SHOPPER_RATE_LIMITS.requestPerEmail,
      },
      {
        key: `shopper-code:day:${input.merchantId}:${key}`,
        ...SHOPPER_RATE_LIMITS.requestPerEmailDaily,
      },
    ]);
    const requestId = newRequestId();
    const merchant = await findMerchantById(db, input.merchantId);
    const customer =
      !merchant || merchant.installStatus !== 'installed'
        ? null
        : byMobile
          ? await findCustomerByMobile(db, input.merchantId, key)
          : await findCustomerByEmailKey(db, input.merchantId, key, input.email!);
    if (customer === null) {
      log.info({ event: 'shopper_code_unknown', merchantId: input.merchantId }, 'no such shopper');
      if (byMobile) await smsTiming.asIfSent();
      return { requestId };
    }
    const code = generateNumericCode(SHOPPER_CODE_LENGTH);
    const now = ctx.now();
    // Older open codes stay open: a new request (maybe a stranger's) must not end the code the
    // shopper is typing. They die with their 10 minutes, or when one code is used.
    await insertShopperCode(db, {
      merchantId: input.merchantId,
      id: requestId,
      customerId: customer.id,
      email: key,
      codeHash: hashCode(input.merchantId, key, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SHOPPER_CODE_TTL_MINUTES * 60_000),
    });
    if ('mobile' in customer) {
      await smsTiming.send({
        to: customer.mobile,
        body: shopperCodeSms({ storeName: merchant!.storeName, code, lang: input.lang }),
      });
      return { requestId };
    }
    // Not awaited: waiting for SMTP would make known e-mails measurably slower than unknown ones.
    void ctx.mailer
      .send(
        shopperCodeMail({
          to: customer.email,
          storeName: merchant!.storeName,
          code,
          lang: input.lang,
          brand: storeMailBrand(merchant!),
        }),
      )
      .catch((err: unknown) =>
        log.error({ err, merchantId: input.merchantId }, 'shopper code mail failed'),
      );
    return { requestId };
  }

  /**
   * A right code opens a 30-day session for the customer the code was sent for. With the code's
   * request id the try counts against that code alone; without, against the newest open code's
   * tries for unnamed requests (docs/decisions/025). Only the per-address limit applies before.
   */
  async function verifyCode(input: {
    merchantId: number;
    email?: string | undefined;
    mobile?: string | undefined;
    code: string;
    requestId?: string | undefined;
    ip: string;
    /** The loyalty page's language: the customer's e-mails start with it from now on. */
    lang?: Language;
  }): Promise<ShopperSession> {
    // The code is kept under the mailbox (decision 028), whatever spelling is typed, or the number.
    const key = recipientKey(input);
    await enforceRateLimits(db, [
      { key: `shopper-verify:ip:${input.ip}`, ...SHOPPER_RATE_LIMITS.verifyPerIp },
    ]);
    const now = ctx.now();
    const { requestId } = input;
    const customerId = await db.transaction(async (tx) => {
      const row = requestId
        ? await lockShopperCodeOfRequest(tx, input.merchantId, key, requestId)
        : await lockOpenShopperCode(tx, input.merchantId, key);
      const judged = judgeCodeTry(row, {
        bound: requestId !== undefined,
        matches: () => safeEqualHex(row!.codeHash, hashCode(input.merchantId, key, input.code)),
        now,
        maxAttempts: SHOPPER_CODE_MAX_ATTEMPTS,
      });
      if (judged.outcome === 'wrong')
        await updateShopperCode(tx, input.merchantId, row!.id, judged.count);
      if (judged.outcome !== 'ok') return null;
      // Signed in: this code and the mailbox's other open codes are done with.
      await consumeOpenShopperCodes(tx, input.merchantId, key, now);
      return row!.customerId;
    });
    if (customerId === null) throw new AppError('SHOPPER_CODE_INVALID');
    if (input.lang) await setCustomerLanguage(db, input.merchantId, customerId, input.lang);
    const expiresAt = new Date(now.getTime() + SHOPPER_SESSION_TTL_DAYS * 86_400_000);
    const session = await insertShopperSession(db, {
      merchantId: input.merchantId,
      customerId,
      expiresAt,
    });
    const token = await signShopperToken(
      config.keys.sessionTokens.current,
      { merchantId: input.merchantId, customerId, sessionId: session.id },
      expiresAt,
    );
    log.info({ event: 'shopper_signed_in', merchantId: input.merchantId }, 'shopper signed in');
    return { token, customerId: String(customerId), expiresAt: expiresAt.toISOString() };
  }

  /** The token's claims if its session is live; UNAUTHENTICATED otherwise. */
  async function authenticate(token: string): Promise<ShopperAuth> {
    const claims = await verifyShopperToken(config.keys.sessionTokens, token);
    if (!claims) throw new AppError('UNAUTHENTICATED');
    const session = await findShopperSession(db, claims.merchantId, claims.sessionId);
    if (
      !session ||
      session.revokedAt ||
      session.expiresAt <= ctx.now() ||
      session.customerId !== claims.customerId
    )
      throw new AppError('SESSION_EXPIRED');
    return claims;
  }

  /**
   * The path's store and customer must be the token's. Unknown store 404; another store or
   * another shopper 403 (a bad or missing token was 401 before this).
   */
  async function authorizePath(
    auth: ShopperAuth,
    merchantId: number,
    customerId: number,
  ): Promise<{ merchantId: number; customerId: number }> {
    if (auth.merchantId !== merchantId) {
      if (!(await findMerchantById(db, merchantId))) throw new AppError('NOT_FOUND');
      throw new AppError('FORBIDDEN');
    }
    if (auth.customerId !== customerId) throw new AppError('FORBIDDEN');
    return { merchantId, customerId };
  }

  async function logout(auth: ShopperAuth): Promise<void> {
    await revokeShopperSession(db, auth.merchantId, auth.sessionId, ctx.now());
  }

  /** Spec §3 customer loyalty data, for the signed-in shopper. */
  async function getLoyaltyData(input: {
    merchantId: number;
    customerId: number;
    lang: Language;
  }): Promise<CustomerLoyaltyData> {
    const { merchantId, customerId, lang } = input;
    const now = ctx.now();
    const merchant = await findMerchantById(db, merchantId);
    const customer = await findCustomer(db, merchantId, customerId);
    if (!merchant || !customer) throw new AppError('NOT_FOUND');
    // A customer who switched the page's language reads their e-mails in it too.
    if (customer.language !== lang) await setCustomerLanguage(db, merchantId, customerId, lang);
    const [rules, rewards, redemptions, ledger, expiring, pendingPoints] = await Promise.all([
      findRules(db, merchantId),
      findRewards(db, merchantId),
      findCustomerRedemptions(db, merchantId, customerId, COUPONS_SHOWN),
      findRecentLedger(db, merchantId, customerId, SHOPPER_HISTORY_LIMIT),
      findExpiringPoints(
        db,
        merchantId,
        customerId,
        now,
        new Date(now.getTime() + EXPIRING_WINDOW_DAYS * 86_400_000),
      ),
      findPendingPoints(db, merchantId, customerId),
    ]);
    const orderIds = [
      ...new Set(
        ledger
          .filter((r) => r.sourceType === 'order' || r.sourceType === 'repeat_purchase')
          .map((r) => Number(r.sourceId))
          .filter(Number.isSafeInteger),
      ),
    ];
    const orderRefs = await findOrderReferences(db, merchantId, orderIds);
    const { tier, rows: tierRows } = deps.shopperTier
      ? await deps.shopperTier({ merchant, customer, lang })
      : { tier: null, rows: [] };
    const tierOf = new Map(tierRows.map((t) => [t.id, t]));
    const myPosition = tierOf.get(customer.tierId ?? '')?.position ?? 0;

    const pointsMethods = pointsMethodsOf(rules, lang);
    const referralCoupons = deps.referralCoupons
      ? await deps.referralCoupons({
          merchantId,
          customerId,
          email: customer.email,
          lang,
          limit: COUPONS_SHOWN,
        })
      : [];
    const coupons = [...redemptions.map((r) => toShopperCoupon(r, now, lang)), ...referralCoupons]
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || (b.id > a.id ? 1 : -1))
      .slice(0, COUPONS_SHOWN);
    const history: HistoryEntry[] = ledger
      .filter((row) => row.delta !== 0 || row.debtDelta !== 0)
      .map((row) => ({
        id: String(row.id),
        date: row.createdAt.toISOString(),
        formattedDate: dateFormats[lang].format(row.createdAt),
        description: historyDescription(row, lang, orderRefs),
        points: row.delta,
        owed: row.debtDelta,
        type: row.delta > 0 ? ('earned' as const) : ('redeemed' as const),
        kind: row.kind,
      }));
    const block = redemptionBlock(merchant, now);
    const settings = toMerchantSettings(merchant);
    const perAmount = rules.get('purchase_amount');
    const perOrder = rules.get('order.created');
    const riyals = (halalas: number | null) => Math.floor((halalas ?? 0) / HALALAS_PER_RIYAL);
    const fullName = `${customer.firstName} ${customer.lastName}`.trim();
    return {
      customer: {
        id: String(customer.id),
        fullName,
        email: customer.email,
        mobile: customer.mobile,
        avatar: customer.avatar,
      },
      store: { name: merchant.storeName, url: merchant.storeUrl, logo: panelLogo(merchant) },
      availablePoints: customer.pointsBalance,
      pointsOwed: customer.pointsDebt,
      expiringPoints: expiring.points,
      nextExpiryAt: expiring.firstAt?.toISOString() ?? null,
      pendingPoints,
      pointsRelease: { spendableOn: settings.pointsSpendableOn, holdDays: settings.pointsHoldDays },
      earnRates: {
        perAmount:
          perAmount && perAmount.points > 0
            ? {
                points: perAmount.points,
                spendUnit: Math.max(
                  1,
                  Math.round((perAmount.spendUnitHalalas ?? HALALAS_PER_RIYAL) / HALALAS_PER_RIYAL),
                ),
                minOrderTotal: riyals(perAmount.minOrderTotalHalalas),
              }
            : null,
        perOrder:
          perOrder && perOrder.points > 0
            ? { points: perOrder.points, minOrderTotal: riyals(perOrder.minOrderTotalHalalas) }
            : null,
      },
      pointsMethods,
      rewards: offeredRewards(rewards, merchant, tier ? tierOf : new Map(), lang).map(
        ({ minTierPosition, ...reward }) => ({
          ...reward,
          locked: minTierPosition > 0 && myPosition < minTierPosition,
        }),
      ),
      coupons,
      history,
      programme: { redeemable: block === null, reason: block },
      referral: deps.shopperReferral ? await deps.shopperReferral(merchant, customerId) : null,
      tier,
    };
  }

  /**
   * What a visitor of the store sees before signing in (GET /api/storefront/{id}/programme):
   * the ways to earn, the rewards, the tiers and the referral gift. Nobody's data: the same for
   * every visitor. A store we do not know, or that uninstalled the app, is STORE_NOT_FOUND.
   */
  async function getProgramme(input: {
    merchantId: number;
    lang: Language;
  }): Promise<StorefrontProgramme> {
    const { merchantId, lang } = input;
    const merchant = await findMerchantById(db, merchantId);
    if (!merchant || merchant.installStatus === 'uninstalled')
      throw new AppError('STORE_NOT_FOUND');
    const [rules, rewards, tiers, referral] = await Promise.all([
      findRules(db, merchantId),
      findRewards(db, merchantId),
      deps.programmeTiers ? deps.programmeTiers(merchant, lang) : null,
      deps.programmeReferral ? deps.programmeReferral(merchant) : null,
    ]);
    const block = redemptionBlock(merchant, ctx.now());
    const tierOf = new Map((tiers?.rows ?? []).map((t) => [t.id, t]));
    return {
      store: { name: merchant.storeName, logo: panelLogo(merchant) },
      programme: { redeemable: block === null, reason: block },
      pointsMethods: pointsMethodsOf(rules, lang),
      rewards: offeredRewards(rewards, merchant, tierOf, lang).map(
        ({ minTierPosition: _position, ...reward }) => reward,
      ),
      tiers: tiers ? { basis: tiers.basis, window: tiers.window, levels: tiers.levels } : null,
      referral,
      earning: programmeEarning(merchant, rules, ctx.now()),
    };
  }

  return {
    requestCode,
    verifyCode,
    getSignInOptions,
    authenticate,
    authorizePath,
    logout,
    getLoyaltyData,
    getProgramme,
  };
}

export type ShopperService = ReturnType<typeof createShopperService>;
