import { randomInt, randomUUID } from 'node:crypto';
import type { Language, ReferralSettings, ShopperSession } from '@nuqat/contracts';
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { extractMailedCode, startSmtpSink, type SmtpSink } from '../apps/api/src/test/smtp-sink.ts';
import arReferrals from '../apps/web/src/locales/ar/referrals.json' with { type: 'json' };
import enReferrals from '../apps/web/src/locales/en/referrals.json' with { type: 'json' };
import { ar as arShopper } from '../apps/web/src/shopper/locales/ar.ts';
import { en as enShopper } from '../apps/web/src/shopper/locales/en.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { openSignedIn, signInDemo, type MerchantSession } from './support/merchant.ts';
import { placeCompletedOrder } from './support/orders.ts';
import { startProduct, type Product } from './support/product.ts';
import { keepShopperSession } from './support/shopper.ts';

/**
 * Issue 12 end to end, in a real browser against the built product: the merchant sets the
 * rewards on /members and switches the programme on; a signed-in shopper copies their invitation
 * link from the loyalty page in the store; a new shopper opens the store through that link,
 * claims the gift with their e-mail (the code arrives over SMTP), orders with it (signed
 * webhooks, as Salla sends them), and both rewards show: the friend's coupon used, the
 * inviter's coupon made at Salla and mailed. Arabic on a phone, English on a desktop.
 */

const MERCHANT_ID = 7000001;
const WEBHOOK_SECRET = `e2e-referrals-${randomUUID()}`;
const LAUNCHER = { ar: 'نقاطي', en: 'My points' } as const;
const back = { ar: arReferrals, en: enReferrals };
const shop = { ar: arShopper, en: enShopper };

/** The demo store's customers (tools/salla-sandbox/src/demo-store.ts): inviters here. */
const inviterOf = { ar: 5, en: 6 } as const;
const demoCustomer = (n: number) => ({
  id: String(880_000_099 + n),
  email: `customer${n}@demo.nuqat.sa`,
});

let smtp: SmtpSink;
let product: Product;
let browser: Browser;
let merchant: MerchantSession;

beforeAll(async () => {
  smtp = await startSmtpSink();
  product = await startProduct({
    smtpUrl: smtp.url,
    env: { SALLA_WEBHOOK_SECRET: WEBHOOK_SECRET },
  });
  browser = await launchBrowser();
  merchant = await signInDemo(product);
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await smtp?.close();
});

const viewportOf = { ar: { width: 390, height: 844 }, en: { width: 1280, height: 900 } };

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${product.baseUrl}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}`);
  return ((await res.json()) as { data: T }).data;
}

const referralSettings = () =>
  api<ReferralSettings>('/api/referrals/settings', {
    headers: { authorization: `Bearer ${merchant.token}` },
  });

/** A shopper token the way the loyalty page gets one: a code from a real mail. */
async function shopperSession(email: string): Promise<ShopperSession> {
  const before = smtp.messages.length;
  await fetch(`${product.baseUrl}/api/customers/auth/request-code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ merchantId: String(MERCHANT_ID), email }),
  });
  const code = extractMailedCode(await smtp.waitForMail(email, { after: before }));
  return api<ShopperSession>('/api/customers/auth/verify-code', {
    method: 'POST',
    body: JSON.stringify({ merchantId: String(MERCHANT_ID), email, code }),
  });
}

async function storeContext(
  lang: Language,
  session?: ShopperSession,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: viewportOf[lang],
    locale: lang === 'ar' ? 'ar-SA' : 'en-US',
  });
  if (session) await keepShopperSession(context, product.storeUrl, MERCHANT_ID, session);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  return { context, page };
}

async function openLauncher(page: Page, lang: Language): Promise<FrameLocator> {
  await page.getByRole('button', { name: LAUNCHER[lang], exact: true }).click();
  await page.getByRole('dialog', { name: LAUNCHER[lang] }).waitFor();
  return page.frameLocator('nuqat-loyalty iframe');
}

/** The store page's address with the shopper (as Salla's own login would) and the language. */
function storeAddress(base: string, lang: Language, shopper?: { id: string; email: string }) {
  const url = new URL(base);
  if (lang === 'en') url.searchParams.set('lang', 'en');
  if (shopper) {
    url.searchParams.set('customer', shopper.id);
    url.searchParams.set('email', shopper.email);
  }
  return url.toString();
}

describe.each(['ar', 'en'] as const)(
  'a referral from invitation to both rewards, in %s',
  (lang) => {
    const t = back[lang];
    const s = shop[lang];

    test('the merchant sets the rewards, a shopper shares the link, a friend claims and orders, both are rewarded', async () => {
      // 1. The merchant: the inviter's reward as a fixed amount, the programme switched on.
      const inviterAmount = lang === 'ar' ? 20 : 30;
      const admin = await openSignedIn(browser, merchant, { language: lang, ...viewportOf[lang] });
      await admin.page.goto(`${product.baseUrl}/members`);
      const card = admin.page.getByTestId('reward-card-participant');
      await card.getByLabel(t.type).selectOption('fixed');
      await card.getByLabel(t.valueSar).fill(String(inviterAmount));
      await card.getByRole('button', { name: t.save }).click();
      await admin.page.getByTestId('toast').getByText(t.participant.savedToast).waitFor();
      if (!(await referralSettings()).isActive) {
        await admin.page.getByRole('switch', { name: t.switchTitle }).click();
        await admin.page
          .getByRole('alertdialog', { name: t.confirmOn.title })
          .getByRole('button', { name: t.confirmOn.confirm })
          .click();
        await expect.poll(async () => (await referralSettings()).isActive).toBe(true);
      }
      const settings = await referralSettings();
      expect(settings.participantReward).toMatchObject({ type: 'fixed', value: inviterAmount });

      // 2. The inviter, signed in on the store, copies their link from the loyalty page.
      const inviter = demoCustomer(inviterOf[lang]);
      const session = await shopperSession(inviter.email);
      const store = await storeContext(lang, session);
      await store.context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await store.page.goto(storeAddress(product.storeUrl, lang, inviter));
      const frame = await openLauncher(store.page, lang);
      const invite = frame.getByTestId('invite-card');
      await invite.waitFor();
      const link = (await invite.getByTestId('invite-link').textContent())!.trim();
      const code = new URL(link).searchParams.get('ref')!;
      expect(code).toMatch(/^[A-Z0-9]{8}$/);
      await invite.getByRole('button', { name: s['referral.copyLink'] }).click();
      await invite.getByText(s['referral.linkCopied']).waitFor();
      expect(await store.page.evaluate(() => navigator.clipboard.readText())).toBe(link);
      const whatsapp = await invite
        .getByRole('link', {
          name: s['referral.shareVia'].replace('{{app}}', s['referral.whatsapp']),
        })
        .getAttribute('href');
      expect(decodeURIComponent(whatsapp!)).toContain(link);
      await screenshot(store.page, `referrals-invite-${lang}`, { fullPage: false });

      // 3. A new shopper opens the store through the link and claims the gift with their e-mail.
      const friendEmail = `friend-${randomUUID().slice(0, 8)}@example.sa`;
      const guest = await storeContext(lang);
      // The link is the store's address (the sandbox's storefront in the demo) with ?ref=.
      expect(link.startsWith(product.storeUrl)).toBe(true);
      await guest.page.goto(storeAddress(link, lang));
      const guestFrame = await openLauncher(guest.page, lang);
      const gift = guestFrame.getByTestId('referral-gift');
      await gift.getByRole('heading', { name: s['gift.title'] }).waitFor();
      const mailsBefore = smtp.messages.length;
      await gift.getByLabel(s['gift.email']).fill(friendEmail);
      await gift.getByRole('button', { name: s['gift.claim'] }).click();
      await gift.getByTestId('referral-gift-sent').waitFor();
      const giftMail = await smtp.waitForMail(friendEmail, { after: mailsBefore });
      const giftCode = /NQF-[A-Z0-9]{10}/.exec(giftMail.text)![0];
      expect(await gift.textContent()).not.toContain(giftCode);
      await screenshot(guest.page, `referrals-gift-${lang}`, { fullPage: false });

      // 4. The friend orders with the gift; Salla's signed webhooks say it, then that it completed.
      const friend = {
        id: randomInt(900_000_000, 999_999_999),
        firstName: 'Friend',
        lastName: lang,
        email: friendEmail,
      };
      const order = {
        id: randomInt(100_000_000, 899_999_999),
        customer: friend,
        total: 280,
        discount: 20,
        couponCode: giftCode,
        status: 'under_review',
      };
      const inviterMails = smtp.messages.length;
      await placeCompletedOrder(product.baseUrl, MERCHANT_ID, order, WEBHOOK_SECRET);

      // 5. Both rewards: the inviter's coupon arrives by mail, and the merchant sees the referral
      // completed with the friend's coupon used on that order and the inviter's issued.
      const rewardMail = await smtp.waitForMail(inviter.email, {
        after: inviterMails,
        timeoutMs: 40_000,
      });
      const rewardCode = /NQR-[A-Z0-9]{10}/.exec(rewardMail.text)![0];
      await admin.page.reload();
      const row = admin.page
        .getByTestId(lang === 'ar' ? 'referral-card' : 'referral-row')
        .filter({ hasText: friendEmail });
      await expect
        .poll(() => row.getAttribute('data-status'), { timeout: 20_000 })
        .toBe('completed');
      await expect.poll(() => row.textContent()).toContain(rewardCode);
      expect(await row.textContent()).toContain(giftCode);
      await screenshot(admin.page, `referrals-members-${lang}`);

      // The inviter's loyalty page counts the friend as rewarded.
      const fresh = await storeContext(lang, session);
      await fresh.page.goto(storeAddress(product.storeUrl, lang, inviter));
      const again = await openLauncher(fresh.page, lang);
      await expect.poll(() => again.getByTestId('invite-rewarded').textContent()).toMatch(/1|واحد/);

      for (const c of [admin.context, store.context, guest.context, fresh.context]) await c.close();
    }, 180_000);
  },
);
