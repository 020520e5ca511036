import {
  RESET_CODE_TTL_MINUTES,
  SHOPPER_CODE_TTL_MINUTES,
  SUPPORT,
  type Language,
} from '@nuqat/contracts';
import type { MailMessage, Mailer } from './mailer.ts';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export const escapeMailHtml = (s: string) => escapeHtml(s);

/**
 * Arabic block first (RTL), then English (LTR): one message both readers can use. `first: 'en'`
 * puts the English block first for a reader who chose English.
 */
/** A line of a mail that is a link: the label, and the address beside it in the text part. */
export interface MailLink {
  href: string;
  label: string;
}

type MailLine = string | MailLink;

/**
 * A store's e-mail to its shoppers wears the store's name (decision 034): its logo and accent
 * colour in the header; the sender's display name and Reply-To are set on the message.
 */
export interface MailBrand {
  name: string;
  /** An http(s) image address, or null. */
  logo: string | null;
  /** `#rrggbb`, or null for Nuqat's own. */
  accent: string | null;
}

const MAIL_ACCENT = '#0d6d62';

function brandHeader(brand: MailBrand): string {
  const accent = /^#[0-9a-fA-F]{6}$/.test(brand.accent ?? '') ? brand.accent! : MAIL_ACCENT;
  const logo =
    brand.logo && /^https?:\/\//.test(brand.logo)
      ? `<img src="${escapeHtml(brand.logo)}" width="44" height="44" alt="" style="width:44px;height:44px;border-radius:10px;object-fit:contain;vertical-align:middle">`
      : '';
  return `<div data-mail-header style="border-top:6px solid ${accent};padding:16px 0 12px;border-bottom:1px solid #e5e7eb;display:flex;align-items:center;gap:12px">${logo}<strong dir="auto" style="font-size:18px;color:${accent}">${escapeHtml(brand.name)}</strong></div>`;
}

export function bilingual(parts: {
  ar: MailLine[];
  en: MailLine[];
  code?: string;
  link?: { href: string; ar: string; en: string };
  first?: Language;
  /**
   * Small print under both blocks (who sends it, how to stop it), each language in its own
   * block and direction, with an optional link named in both.
   */
  footer?: { ar: string[]; en: string[]; link?: { href: string; ar: string; en: string } };
  /** The store's header (logo, name, accent colour); none for Nuqat's own mails. */
  brand?: MailBrand;
}): {
  text: string;
  html: string;
} {
  const codeText = parts.code ? `\n\n    ${parts.code}\n\n` : '\n';
  const linkText = (label: string) => (parts.link ? `\n${label}: ${parts.link.href}\n` : '');
  const lineText = (line: MailLine) =>
    typeof line === 'string' ? line : `${line.label}: ${line.href}`;
  const textBlock = (lang: Language) => [
    parts[lang].map(lineText).join('\n'),
    codeText,
    linkText(parts.link?.[lang] ?? ''),
  ];
  const order: Language[] = parts.first === 'en' ? ['en', 'ar'] : ['ar', 'en'];
  const footer = parts.footer;
  const footerText = footer
    ? [
        '—',
        ...order.flatMap((lang) => [
          ...footer[lang],
          ...(footer.link ? [`${footer.link[lang]}: ${footer.link.href}`] : []),
        ]),
      ]
    : [];
  const text = [
    ...textBlock(order[0]!),
    '—',
    ...textBlock(order[1]!),
    ...footerText,
    '\nنقاط | Nuqat',
  ].join('\n');
  const codeHtml = parts.code
    ? `<p dir="ltr" style="font-size:28px;letter-spacing:8px;font-weight:700;font-family:monospace;margin:16px 0">${escapeHtml(parts.code)}</p>`
    : '';
  const linkHtml = (label: string) =>
    parts.link ? `<p><a href="${escapeHtml(parts.link.href)}">${escapeHtml(label)}</a></p>` : '';
  const lineHtml = (line: MailLine) =>
    typeof line === 'string'
      ? `<p style="margin:0 0 8px">${escapeHtml(line)}</p>`
      : `<p style="margin:0 0 12px"><a href="${escapeHtml(line.href)}" style="font-weight:700">${escapeHtml(line.label)}</a></p>`;
  const block = (lang: 'ar' | 'en', lines: MailLine[]) =>
    `<div lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}" style="text-align:start;padding:16px 0">${lines
      .map(lineHtml)
      .join(
        '',
      )}${codeHtml}${linkHtml(lang === 'ar' ? (parts.link?.ar ?? '') : (parts.link?.en ?? ''))}</div>`;
  // Each language's small print in its own block and direction, so neither reorders the other.
  const footerBlock = (lang: Language) =>
    footer
      ? `<div data-mail-footer="${lang}" lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}" style="text-align:start;color:#6b7280;font-size:12px;padding:4px 0">${footer[
          lang
        ]
          .map((l) => `<p style="margin:0 0 4px">${escapeHtml(l)}</p>`)
          .join('')}${
          footer.link
            ? `<p style="margin:0"><a href="${escapeHtml(footer.link.href)}" style="color:#6b7280">${escapeHtml(footer.link[lang])}</a></p>`
            : ''
        }</div>`
      : '';
  const footerHtml = footer ? `<hr>${order.map(footerBlock).join('')}` : '';
  const html = `<!doctype html><html lang="${order[0]}" dir="${order[0] === 'ar' ? 'rtl' : 'ltr'}"><body style="font-family:Tahoma,Arial,sans-serif;color:#1f2937;max-width:560px;margin:auto">${parts.brand ? brandHeader(parts.brand) : ''}${block(order[0]!, parts[order[0]!])}<hr>${block(order[1]!, parts[order[1]!])}${footerHtml}<p style="color:#6b7280;font-size:12px"><span lang="ar" dir="rtl">نقاط</span> | <span lang="en" dir="ltr">Nuqat</span></p></body></html>`;
  return { text, html };
}

/**
 * Every e-mail's last line links the privacy policy, in both languages (issue 27, decision
 * 044): the mailer the app composes sends each message through this, whoever wrote it.
 */
export function withPrivacyLink(message: MailMessage, privacyUrl: string): MailMessage {
  const href = escapeHtml(privacyUrl);
  const html =
    `<p data-mail-privacy style="color:#6b7280;font-size:12px;margin:0 0 16px">` +
    `<a href="${href}" lang="ar" dir="rtl" style="color:#6b7280">سياسة الخصوصية</a> | ` +
    `<a href="${href}" lang="en" dir="ltr" style="color:#6b7280">Privacy policy</a></p>`;
  return {
    ...message,
    text: `${message.text}\nسياسة الخصوصية | Privacy policy: ${privacyUrl}`,
    html: message.html.includes('</body>')
      ? message.html.replace('</body>', `${html}</body>`)
      : `${message.html}${html}`,
  };
}

/** A mailer that adds the privacy link to everything it sends. */
export function mailerWithPrivacyLink(mailer: Mailer, privacyUrl: string): Mailer {
  return {
    send: (message) => mailer.send(withPrivacyLink(message, privacyUrl)),
    close: () => mailer.close(),
  };
}

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

/** The sender's display name and Reply-To of a store's mail; the address stays Nuqat's. */
export function storeSender(
  brand: { name: string; replyTo: string | null } | undefined,
): Pick<MailMessage, 'fromName' | 'replyTo'> {
  if (!brand) return {};
  return { fromName: brand.name, ...(brand.replyTo ? { replyTo: brand.replyTo } : {}) };
}

export function couponIssuedMail(input: {
  to: string;
  storeName: string;
  storeUrl: string | null;
  rewardName: string;
  points: number;
  code: string;
  expiresOn: string;
  minOrderAmount: number;
  lang: Language;
}): MailMessage {
  const minAr = input.minOrderAmount > 0 ? ` لطلب بقيمة ${input.minOrderAmount} ريال أو أكثر` : '';
  const minEn = input.minOrderAmount > 0 ? ` on orders of ${input.minOrderAmount} SAR or more` : '';
  return {
    to: input.to,
    subject:
      input.lang === 'en'
        ? `Your ${input.rewardName} coupon from ${input.storeName} | كوبونك من ${input.storeName}`
        : `كوبونك «${input.rewardName}» من ${input.storeName} | Your coupon from ${input.storeName}`,
    ...bilingual({
      ar: [
        'مبروك!',
        `استبدلت ${input.points} نقطة بمكافأة «${input.rewardName}». هذا كوبونك، أدخله في السلة عند الدفع${minAr}:`,
        `صالح حتى ${input.expiresOn} ولمرة واحدة.`,
      ],
      en: [
        'Congratulations!',
        `You exchanged ${input.points} points for "${input.rewardName}". Here is your coupon; enter it in the cart at checkout${minEn}:`,
        `Valid until ${input.expiresOn}, once.`,
      ],
      code: input.code,
      ...(input.storeUrl
        ? {
            link: {
              href: input.storeUrl,
              ar: `تسوّق في ${input.storeName}`,
              en: `Shop at ${input.storeName}`,
            },
          }
        : {}),
      first: input.lang,
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
