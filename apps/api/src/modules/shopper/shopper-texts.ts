import {
  HALALAS_PER_RIYAL,
  REWARD_TYPE_FEATURE,
  planHasFeature,
  type Language,
  type PointsMethod,
  type ProgrammeReward,
  type RuleEvent,
} from '@nuqat/contracts';
import type { RuleEvent as StoredRuleEvent } from '../../db/schema/index.ts';
import { type RuleRow } from '../engine/index.ts';
import { type MerchantRow } from '../merchants/index.ts';
import { type RewardWithUsage } from '../rewards/index.ts';
import type { ShopperFigures } from './shopper-read.repository.ts';
import { rewardDescription, rewardName } from '../rewards/index.ts';

/** A tier as the loyalty page needs it to mark reserved rewards. */
export interface TierLevelRow {
  id: string;
  position: number;
  nameAr: string;
  nameEn: string;
  colour: string;
}

// ---- Texts the page shows as they come (the shopper's language) ------------------------------

export const METHOD_ORDER: RuleEvent[] = [
  'purchase_amount',
  'order.created',
  'repeat_purchase',
  'signup',
  'birthday',
  'product_review',
  'order_review',
  'profile_complete',
  'newsletter',
  'follow_instagram',
  'follow_x',
  'follow_tiktok',
  'follow_snapchat',
];

export const METHOD_NAMES: Record<StoredRuleEvent, Record<Language, string>> = {
  'order.created': { ar: 'الشراء من المتجر', en: 'Shopping in the store' },
  purchase_amount: { ar: 'نقاط على كل ريال تنفقه', en: 'Points on every riyal you spend' },
  repeat_purchase: { ar: 'الشراء المتكرر', en: 'Repeat purchases' },
  signup: { ar: 'إنشاء حساب في المتجر', en: 'Creating an account' },
  birthday: { ar: 'يوم ميلادك', en: 'Your birthday' },
  product_review: { ar: 'تقييم منتج', en: 'Reviewing a product' },
  order_review: { ar: 'تقييم طلبك', en: 'Reviewing your order' },
  follow_instagram: { ar: 'متابعة المتجر على إنستغرام', en: 'Following the store on Instagram' },
  follow_x: { ar: 'متابعة المتجر على إكس', en: 'Following the store on X' },
  follow_tiktok: { ar: 'متابعة المتجر على تيك توك', en: 'Following the store on TikTok' },
  follow_snapchat: { ar: 'متابعة المتجر على سناب شات', en: 'Following the store on Snapchat' },
  profile_complete: { ar: 'إكمال ملفك الشخصي', en: 'Completing your profile' },
  newsletter: { ar: 'الاشتراك في نشرة المتجر', en: 'Subscribing to the store’s newsletter' },
};

export function methodCondition(rule: RuleRow, lang: Language): string {
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
    default:
      // The ways to earn beyond buying (docs/decisions/052).
      return ar ? 'مرة واحدة' : 'Once';
  }
}

export function historyDescription(
  row: ShopperFigures['ledger'][number],
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
        case 'earn_action':
          return row.ruleEvent && row.ruleEvent in METHOD_NAMES
            ? METHOD_NAMES[row.ruleEvent as StoredRuleEvent][lang]
            : ar
              ? 'نقاط مكتسبة'
              : 'Points earned';
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
export function pointsMethodsOf(
  rules: Map<StoredRuleEvent, RuleRow>,
  lang: Language,
): PointsMethod[] {
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
export function offeredRewards(
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

export const dateFormats: Record<Language, Intl.DateTimeFormat> = {
  ar: new Intl.DateTimeFormat('ar-SA-u-nu-latn-ca-gregory', {
    timeZone: 'Asia/Riyadh',
    dateStyle: 'medium',
  }),
  en: new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Riyadh', dateStyle: 'medium' }),
};
