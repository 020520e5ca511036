import { createHmac } from 'node:crypto';
import type { Language } from '@nuqat/contracts';
import { safeEqualHex } from '../../lib/crypto.ts';
import type { PurposeKey } from '../../lib/keys.ts';
import { escapeMailHtml as escapeHtml } from '../../lib/mail-layout.ts';

/**
 * One-click unsubscribe (RFC 8058, docs/decisions/023): the link names the store and the
 * customer and carries an HMAC of both under the unsubscribe-link key, so nobody can unsubscribe
 * someone else by editing the numbers. It does not expire: a mail read a year later still works.
 */
const sign = (key: Uint8Array, merchantId: number, customerId: number) =>
  createHmac('sha256', key)
    .update(`nuqat:unsubscribe:v1:${merchantId}:${customerId}`)
    .digest('hex');

export function unsubscribeToken(key: Uint8Array, merchantId: number, customerId: number): string {
  return `${merchantId}.${customerId}.${sign(key, merchantId, customerId)}`;
}

/**
 * The store and customer a link names, if its signature is ours: under the current key, or under
 * JWT_SECRET itself for links mailed before the keys were split (they never expire, decision 026).
 */
export function readUnsubscribeToken(
  keys: PurposeKey,
  token: string,
): { merchantId: number; customerId: number } | null {
  const match = /^([1-9]\d{0,17})\.([1-9]\d{0,17})\.([0-9a-f]{64})$/.exec(token);
  if (!match) return null;
  const merchantId = Number(match[1]);
  const customerId = Number(match[2]);
  if (!Number.isSafeInteger(merchantId) || !Number.isSafeInteger(customerId)) return null;
  const signedWith = (key: Uint8Array) =>
    safeEqualHex(match[3]!, sign(key, merchantId, customerId));
  return signedWith(keys.current) || signedWith(keys.legacy) ? { merchantId, customerId } : null;
}

export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
}

export type UnsubscribePageState = 'confirm' | 'done' | 'invalid';

const TEXT = {
  confirm: {
    title: { ar: 'إلغاء الاشتراك في الرسائل', en: 'Unsubscribe from emails' },
    body: {
      ar: (store: string) =>
        `لن تصلك بعد الآن رسائل برنامج النقاط من ${store} (نقاطك ومكافآتك باقية كما هي).`,
      en: (store: string) =>
        `You will no longer receive points programme emails from ${store} (your points and rewards stay as they are).`,
    },
    button: { ar: 'إلغاء الاشتراك', en: 'Unsubscribe' },
  },
  done: {
    title: { ar: 'تم إلغاء اشتراكك', en: 'You are unsubscribed' },
    body: {
      ar: (store: string) => `لن تصلك بعد الآن رسائل برنامج النقاط من ${store}.`,
      en: (store: string) => `You will no longer receive points programme emails from ${store}.`,
    },
  },
  invalid: {
    title: { ar: 'الرابط غير صحيح', en: 'This link is not valid' },
    body: {
      ar: () => 'افتح رابط إلغاء الاشتراك من آخر رسالة وصلتك من المتجر.',
      en: () => 'Open the unsubscribe link from the latest email the store sent you.',
    },
  },
} as const;

/**
 * The small bilingual page behind the link: server-rendered, no script; the confirm state posts
 * the RFC 8058 form to the same address.
 */
export function unsubscribePage(input: {
  state: UnsubscribePageState;
  lang: Language;
  storeName: string;
  /** The link itself, for the confirm state's form. */
  action?: string;
}): string {
  const order: Language[] = input.lang === 'en' ? ['en', 'ar'] : ['ar', 'en'];
  const text = TEXT[input.state];
  const section = (
    lang: Language,
  ) => `<section lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">
<h1>${escapeHtml(text.title[lang])}</h1>
<p>${escapeHtml(text.body[lang](input.storeName))}</p>
</section>`;
  const form =
    input.state === 'confirm' && input.action
      ? `<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">${escapeHtml(order.map((l) => TEXT.confirm.button[l]).join(' | '))}</button>
</form>`
      : '';
  return `<!doctype html>
<html lang="${order[0]}" dir="${order[0] === 'ar' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(order.map((l) => text.title[l]).join(' | '))}</title>
<style>
:root { color-scheme: light dark; }
body { font-family: Tahoma, Arial, sans-serif; max-width: 32rem; margin: 0 auto; padding: 2rem 1rem; line-height: 1.6; color: #1f2937; background: #fff; }
@media (prefers-color-scheme: dark) { body { color: #e5e7eb; background: #0f172a; } }
section { text-align: start; padding-block: 0.5rem; }
h1 { font-size: 1.25rem; margin: 0 0 0.5rem; }
hr { border: 0; border-top: 1px solid #d1d5db; }
form { text-align: center; margin-block: 1.5rem; }
button { font: inherit; font-weight: 700; padding: 0.75rem 1.5rem; min-height: 44px; border: 0; border-radius: 0.75rem; background: #047857; color: #fff; cursor: pointer; }
button:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
footer { color: #6b7280; font-size: 0.75rem; text-align: center; margin-top: 2rem; }
</style>
</head>
<body>
<main>
${section(order[0]!)}
<hr>
${section(order[1]!)}
${form}
</main>
<footer>نقاط | Nuqat</footer>
</body>
</html>
`;
}
