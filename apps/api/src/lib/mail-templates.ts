import {
  RESET_CODE_TTL_MINUTES,
  SHOPPER_CODE_TTL_MINUTES,
  SUPPORT,
  type Language,
} from '@nuqat/contracts';
import { bilingual, storeSender, type MailBrand } from './mail-layout.ts';
import type { MailMessage } from './mailer.ts';

export function passwordResetCodeMail(input: {
  to: string;
  storeName: string;
  code: string;
}): MailMessage {
  return {
    to: input.to,
    subject: 'رمز استعادة كلمة المرور | Your Nuqat password reset code',
    ...bilingual({
      ar: [
        `مرحبًا ${input.storeName}،`,
        'استخدم هذا الرمز لإعادة تعيين كلمة مرور لوحة تحكم نقاط:',
        `الرمز صالح لمدة ${RESET_CODE_TTL_MINUTES} دقيقة ولمرة واحدة فقط. إن لم تطلبه فتجاهل هذه الرسالة.`,
      ],
      en: [
        `Hello ${input.storeName},`,
        'Use this code to reset your Nuqat dashboard password:',
        `It is valid for ${RESET_CODE_TTL_MINUTES} minutes and can be used once. If you did not ask for it, ignore this message.`,
      ],
      code: input.code,
    }),
  };
}

/**
 * The welcome mail of an install. Nuqat opens signed in from the Salla dashboard (decision 031),
 * so the mail leads there; a password is only for opening Nuqat outside Salla, and the code to
 * set one follows. Without an app id (`openInSallaUrl` null) there is no way in from Salla, and
 * the mail is the set-password invitation alone.
 */
export function setPasswordMail(input: {
  to: string;
  storeName: string;
  code: string;
  loginUrl: string;
  openInSallaUrl: string | null;
}): MailMessage {
  const fromSalla = input.openInSallaUrl;
  return {
    to: input.to,
    subject: fromSalla
      ? 'مرحبًا بك في نقاط، افتحه من لوحة تحكم سلة | Welcome to Nuqat: open it from your Salla dashboard'
      : 'مرحبًا بك في نقاط، عيّن كلمة المرور | Welcome to Nuqat: set your password',
    ...bilingual({
      ar: [
        `مرحبًا ${input.storeName}،`,
        ...(fromSalla
          ? [
              'تم تثبيت نقاط على متجرك في سلة. افتحه من لوحة تحكم سلة (التطبيقات ← نقاط) فتدخل مباشرة دون كلمة مرور:',
              { href: fromSalla, label: 'افتح نقاط في لوحة تحكم سلة' },
              'ولتدخل نقاط من خارج سلة أيضًا عيّن كلمة مرور: افتح صفحة الدخول، اختر «نسيت كلمة المرور؟»، وأدخل هذا الرمز:',
            ]
          : [
              'تم تثبيت نقاط على متجرك في سلة. لتدخل لوحة التحكم عيّن كلمة مرور: افتح صفحة الدخول، اختر «نسيت كلمة المرور؟»، وأدخل هذا الرمز:',
            ]),
        `الرمز صالح لمدة ${RESET_CODE_TTL_MINUTES} دقيقة، ويمكنك طلب رمز جديد في أي وقت من الصفحة نفسها.`,
      ],
      en: [
        `Hello ${input.storeName},`,
        ...(fromSalla
          ? [
              'Nuqat is now installed on your Salla store. Open it from your Salla dashboard (Apps → Nuqat): you are signed in, no password needed.',
              { href: fromSalla, label: 'Open Nuqat in your Salla dashboard' },
              'To open Nuqat outside Salla as well, set a password: open the login page, choose "Forgot password?" and enter this code:',
            ]
          : [
              'Nuqat is now installed on your Salla store. To open your dashboard, set a password: open the login page, choose "Forgot password?" and enter this code:',
            ]),
        `It is valid for ${RESET_CODE_TTL_MINUTES} minutes; you can ask for a new one at any time from the same page.`,
      ],
      code: input.code,
      link: { href: input.loginUrl, ar: 'صفحة الدخول', en: 'Login page' },
    }),
  };
}

export function reconnectStoreMail(input: { to: string; storeName: string }): MailMessage {
  return {
    to: input.to,
    subject: 'انقطع اتصال نقاط بمتجرك | Nuqat lost its connection to your store',
    ...bilingual({
      ar: [
        `مرحبًا ${input.storeName}،`,
        'رفضت سلة تجديد صلاحية نقاط على متجرك، لذلك توقف إصدار الكوبونات. أعد تثبيت التطبيق من متجر تطبيقات سلة لاستعادة الاتصال؛ بيانات برنامجك محفوظة.',
      ],
      en: [
        `Hello ${input.storeName},`,
        "Salla refused to renew Nuqat's access to your store, so coupons can no longer be issued. Reinstall the app from the Salla App Store to reconnect; your programme's data is kept.",
      ],
      link: { href: SUPPORT.sallaAppStore, ar: 'متجر تطبيقات سلة', en: 'Salla App Store' },
    }),
  };
}

export function shopperCodeMail(input: {
  to: string;
  storeName: string;
  code: string;
  lang: Language;
  /** The store's look and Reply-To (decision 034); absent: Nuqat's plain mail. */
  brand?: MailBrand & { replyTo: string | null };
}): MailMessage {
  return {
    to: input.to,
    ...storeSender(input.brand),
    subject:
      input.lang === 'en'
        ? `Your ${input.storeName} loyalty sign-in code | رمز الدخول إلى برنامج الولاء`
        : `رمز الدخول إلى برنامج الولاء في ${input.storeName} | Your loyalty sign-in code`,
    ...bilingual({
      ar: [
        'مرحبًا،',
        `استخدم هذا الرمز لفتح نقاطك ومكافآتك في ${input.storeName}:`,
        `الرمز صالح لمدة ${SHOPPER_CODE_TTL_MINUTES} دقائق ولمرة واحدة. إن لم تطلبه فتجاهل هذه الرسالة.`,
      ],
      en: [
        'Hello,',
        `Use this code to open your points and rewards at ${input.storeName}:`,
        `It is valid for ${SHOPPER_CODE_TTL_MINUTES} minutes and works once. If you did not ask for it, ignore this message.`,
      ],
      code: input.code,
      first: input.lang,
      footer: {
        ar: [`وصلتك هذه الرسالة لأنك طلبت رمز دخول إلى برنامج الولاء في ${input.storeName}.`],
        en: [
          // The store's name isolated, so an Arabic name does not pull the sentence around it.
          `You receive this e-mail because you asked for a sign-in code to \u2068${input.storeName}\u2069's loyalty programme.`,
        ],
      },
      ...(input.brand ? { brand: input.brand } : {}),
    }),
  };
}

/** A referral reward in words: "20 SAR off", "10% off (up to 100 SAR)", "free shipping". */
export function referralRewardWords(
  reward: { type: 'fixed' | 'percentage' | 'shipping'; value: number; maxAmount: number | null },
  lang: Language,
): string {
  switch (reward.type) {
    case 'fixed':
      return lang === 'ar' ? `خصم ${reward.value} ريال` : `${reward.value} SAR off`;
    case 'percentage':
      return lang === 'ar'
        ? `خصم ${reward.value}٪ (بحد أقصى ${reward.maxAmount ?? 100} ريال)`
        : `${reward.value}% off (up to ${reward.maxAmount ?? 100} SAR)`;
    case 'shipping':
      return lang === 'ar' ? 'شحن مجاني' : 'free shipping';
  }
}

type ReferralMailReward = Parameters<typeof referralRewardWords>[0];

const storeLink = (storeName: string, storeUrl: string | null) =>
  storeUrl
    ? { link: { href: storeUrl, ar: `تسوّق في ${storeName}`, en: `Shop at ${storeName}` } }
    : {};

/** To the friend who claimed an invitation: their gift, as a coupon code. */
export function referralGiftMail(input: {
  to: string;
  storeName: string;
  storeUrl: string | null;
  reward: ReferralMailReward;
  code: string;
  expiresOn: string;
  lang: Language;
}): MailMessage {
  const ar = referralRewardWords(input.reward, 'ar');
  const en = referralRewardWords(input.reward, 'en');
  return {
    to: input.to,
    subject:
      input.lang === 'en'
        ? `Your gift from ${input.storeName}: ${en} | هديتك من ${input.storeName}`
        : `هديتك من ${input.storeName}: ${ar} | Your gift from ${input.storeName}`,
    ...bilingual({
      ar: [
        'أهلًا بك!',
        `دعاك صديقك إلى ${input.storeName}، وهذه هديتك: ${ar} على طلبك الأول. أدخل الكوبون في السلة عند الدفع:`,
        `صالح حتى ${input.expiresOn} ولمرة واحدة.`,
      ],
      en: [
        'Welcome!',
        `A friend invited you to ${input.storeName}. Here is your gift: ${en} on your first order. Enter the coupon in the cart at checkout:`,
        `Valid until ${input.expiresOn}, once.`,
      ],
      code: input.code,
      ...storeLink(input.storeName, input.storeUrl),
      first: input.lang,
    }),
  };
}

/** To the inviter, when their friend's first order counted: their reward, as a coupon code. */
export function referralRewardMail(input: {
  to: string;
  storeName: string;
  storeUrl: string | null;
  reward: ReferralMailReward;
  code: string;
  expiresOn: string;
  lang: Language;
}): MailMessage {
  const ar = referralRewardWords(input.reward, 'ar');
  const en = referralRewardWords(input.reward, 'en');
  return {
    to: input.to,
    subject:
      input.lang === 'en'
        ? `Thanks for inviting a friend to ${input.storeName} | شكرًا لدعوتك صديقًا`
        : `شكرًا لدعوتك صديقًا إلى ${input.storeName} | Thanks for inviting a friend`,
    ...bilingual({
      ar: [
        'شكرًا لك!',
        `أتمّ صديقك الذي دعوته طلبه الأول في ${input.storeName}، وهذه مكافأتك: ${ar}. أدخل الكوبون في السلة عند الدفع:`,
        `صالح حتى ${input.expiresOn} ولمرة واحدة.`,
      ],
      en: [
        'Thank you!',
        `The friend you invited completed their first order at ${input.storeName}. Here is your reward: ${en}. Enter the coupon in the cart at checkout:`,
        `Valid until ${input.expiresOn}, once.`,
      ],
      code: input.code,
      ...storeLink(input.storeName, input.storeUrl),
      first: input.lang,
    }),
  };
}
