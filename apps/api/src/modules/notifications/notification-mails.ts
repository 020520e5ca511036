import type { Language } from '@nuqat/contracts';
import { bilingual, storeSender, type MailBrand } from '../../lib/mail-layout.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import type { NotificationContent } from './notification-payloads.ts';

/**
 * The e-mails to a store's customers (docs/decisions/023): both languages, the customer's first,
 * the store's name in the subject and the text, and the store's unsubscribe link at the foot.
 */

const arPlurals = new Intl.PluralRules('ar');
const enPlurals = new Intl.PluralRules('en');
const numbers = new Intl.NumberFormat('en-US');

type ArForms = { zero: string; one: string; two: string; few: string; many: string; other: string };

/** A count in words with Arabic's six plural forms (0 نقطة، نقطة واحدة، نقطتان، 3 نقاط، 11 نقطة، 100 نقطة). */
function arCount(n: number, forms: ArForms): string {
  const category = arPlurals.select(n) as keyof ArForms;
  return forms[category].replace('#', numbers.format(n));
}

const POINTS_AR: ArForms = {
  zero: '# نقطة',
  one: 'نقطة واحدة',
  two: 'نقطتان',
  few: '# نقاط',
  many: '# نقطة',
  other: '# نقطة',
};
const DAYS_AR: ArForms = {
  zero: '# يوم',
  one: 'يوم واحد',
  two: 'يومان',
  few: '# أيام',
  many: '# يومًا',
  other: '# يوم',
};

export const pointsAr = (n: number) => arCount(n, POINTS_AR);
export const daysAr = (n: number) => arCount(n, DAYS_AR);
export const pointsEn = (n: number) =>
  `${numbers.format(n)} ${enPlurals.select(n) === 'one' ? 'point' : 'points'}`;
export const daysEn = (n: number) =>
  `${numbers.format(n)} ${enPlurals.select(n) === 'one' ? 'day' : 'days'}`;

const dateFormats: Record<Language, Intl.DateTimeFormat> = {
  ar: new Intl.DateTimeFormat('ar-SA-u-nu-latn-ca-gregory', { timeZone: 'UTC', dateStyle: 'long' }),
  en: new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', dateStyle: 'long' }),
};

/** A Riyadh calendar date (YYYY-MM-DD) in words: «23 نوفمبر 2026» / "23 November 2026". */
export function formatDate(date: string, lang: Language): string {
  return dateFormats[lang].format(new Date(`${date}T12:00:00Z`));
}

const multiplierText = (m: number) => `×${numbers.format(m)}`;

export interface NotificationMailInput {
  to: string;
  content: NotificationContent;
  store: {
    name: string;
    url: string | null;
    /** The store's look in the header (decision 034); absent: none. */
    logo?: string | null;
    accent?: string | null;
    /** The store's contact e-mail, for Reply-To. */
    replyTo?: string | null;
  };
  lang: Language;
  /** The store's one-click unsubscribe (absent in the merchant's own test mail). */
  unsubscribe: { url: string; mailto?: string } | null;
  /** The merchant's test: the subject says so. */
  sample?: boolean;
}

interface Words {
  subject: { ar: string; en: string };
  ar: string[];
  en: string[];
  code?: string;
}

function words(content: NotificationContent, store: string): Words {
  switch (content.kind) {
    case 'points_digest': {
      const p = content.payload;
      return {
        subject: { ar: `نقاطك اليوم في ${store}`, en: `Your points today at ${store}` },
        ar: [
          'مرحبًا،',
          `أُضيف إلى رصيدك في ${store} يوم ${formatDate(p.date, 'ar')}: ${pointsAr(p.points)}.`,
          `رصيدك الآن: ${pointsAr(p.balance)}.`,
        ],
        en: [
          'Hello,',
          `On ${formatDate(p.date, 'en')} you collected ${pointsEn(p.points)} at ${store}.`,
          `Your balance is now ${pointsEn(p.balance)}.`,
        ],
      };
    }
    case 'points_expiring': {
      const p = content.payload;
      return {
        subject: {
          ar: `تنتهي صلاحية ${pointsAr(p.points)} بعد ${daysAr(p.days)} في ${store}`,
          en: `${pointsEn(p.points)} expire in ${daysEn(p.days)} at ${store}`,
        },
        ar: [
          'مرحبًا،',
          `تنتهي صلاحية ${pointsAr(p.points)} من رصيدك في ${store} يوم ${formatDate(p.expiresOn, 'ar')} (بعد ${daysAr(p.days)}).`,
          'استبدلها بمكافأة قبل ذلك التاريخ حتى لا تضيع.',
        ],
        en: [
          'Hello,',
          `${pointsEn(p.points)} of your balance at ${store} expire on ${formatDate(p.expiresOn, 'en')} (in ${daysEn(p.days)}).`,
          'Exchange them for a reward before then so they are not lost.',
        ],
      };
    }
    case 'reward_ready': {
      const p = content.payload;
      return {
        subject: {
          ar: `نقاطك تكفي لمكافأة في ${store}`,
          en: `You have enough points for a reward at ${store}`,
        },
        ar: [
          'مبروك!',
          `رصيدك في ${store} بلغ ${pointsAr(p.balance)}، وهذا يكفي لمكافأة «${p.rewardName}» (${pointsAr(p.pointsRequired)}).`,
          'افتح صفحة نقاطي في المتجر واستبدلها متى شئت.',
        ],
        en: [
          'Congratulations!',
          `Your balance at ${store} reached ${pointsEn(p.balance)}: enough for "${p.rewardName}" (${pointsEn(p.pointsRequired)}).`,
          'Open the points page in the store and redeem it whenever you like.',
        ],
      };
    }
    case 'coupon_issued': {
      const p = content.payload;
      const minAr = p.minOrderAmount > 0 ? ` لطلب بقيمة ${p.minOrderAmount} ريال أو أكثر` : '';
      const minEn = p.minOrderAmount > 0 ? ` on orders of ${p.minOrderAmount} SAR or more` : '';
      return {
        subject: {
          ar: `كوبونك «${p.rewardName}» من ${store}`,
          en: `Your ${p.rewardName} coupon from ${store}`,
        },
        ar: [
          'مبروك!',
          `استبدلت ${pointsAr(p.points)} بمكافأة «${p.rewardName}». هذا كوبونك، أدخله في السلة عند الدفع${minAr}:`,
          `صالح حتى ${p.expiresOn} ولمرة واحدة.`,
        ],
        en: [
          'Congratulations!',
          `You exchanged ${pointsEn(p.points)} for "${p.rewardName}". Here is your coupon; enter it in the cart at checkout${minEn}:`,
          `Valid until ${p.expiresOn}, once.`,
        ],
        code: p.code,
      };
    }
    case 'tier_up': {
      const p = content.payload;
      return {
        subject: {
          ar: `انتقلت إلى مستوى ${p.tierName.ar} في ${store}`,
          en: `You moved up to ${p.tierName.en} at ${store}`,
        },
        ar: [
          'مبروك!',
          `أصبحت في مستوى «${p.tierName.ar}» من مستويات كبار العملاء في ${store}.`,
          `من الآن تكسب نقاطك مضاعفة ${multiplierText(p.multiplier)} مع كل طلب.`,
        ],
        en: [
          'Congratulations!',
          `You are now in the ${p.tierName.en} tier at ${store}.`,
          `From now on you collect ${multiplierText(p.multiplier)} points on every order.`,
        ],
      };
    }
  }
}

const SAMPLE = { ar: '[رسالة تجريبية] ', en: '[Test] ' };

export function notificationMail(input: NotificationMailInput): MailMessage {
  const store = input.store.name;
  const w = words(input.content, store);
  const order: Language[] = input.lang === 'en' ? ['en', 'ar'] : ['ar', 'en'];
  const subject = order.map((l) => `${input.sample ? SAMPLE[l] : ''}${w.subject[l]}`).join(' | ');
  const body = bilingual({
    ar: w.ar,
    en: w.en,
    ...(w.code ? { code: w.code } : {}),
    ...(input.store.url
      ? { link: { href: input.store.url, ar: `تسوّق في ${store}`, en: `Shop at ${store}` } }
      : {}),
    first: input.lang,
    brand: {
      name: store,
      logo: input.store.logo ?? null,
      accent: input.store.accent ?? null,
    } satisfies MailBrand,
    footer: {
      ar: [`تصلك هذه الرسالة لأنك من عملاء ${store} في برنامج النقاط.`],
      en: [`You receive this email as a customer of \u2068${store}\u2069's points programme.`],
      ...(input.unsubscribe
        ? { link: { href: input.unsubscribe.url, ar: 'إلغاء الاشتراك', en: 'Unsubscribe' } }
        : {}),
    },
  });
  const headers: Record<string, string> = {};
  if (input.unsubscribe) {
    const targets = [`<${input.unsubscribe.url}>`];
    if (input.unsubscribe.mailto) targets.push(`<${input.unsubscribe.mailto}>`);
    headers['List-Unsubscribe'] = targets.join(', ');
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return {
    to: input.to,
    ...storeSender({ name: store, replyTo: input.store.replyTo ?? null }),
    subject,
    ...body,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
  };
}
