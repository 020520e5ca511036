import {
  ERROR_MESSAGES,
  type CustomerLoyaltyData,
  type Language,
  type MerchantCoupon,
  type ShopperCoupon,
  type ShopperSession,
} from '@nuqat/contracts';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { extractMailedCode, startSmtpSink, type SmtpSink } from '../apps/api/src/test/smtp-sink.ts';
import arCoupons from '../apps/web/src/locales/ar/coupons.json' with { type: 'json' };
import enCoupons from '../apps/web/src/locales/en/coupons.json' with { type: 'json' };
import arMerchant from '../apps/web/src/locales/ar/merchant.json' with { type: 'json' };
import enMerchant from '../apps/web/src/locales/en/merchant.json' with { type: 'json' };
import arCommon from '../apps/web/src/locales/ar/common.json' with { type: 'json' };
import enCommon from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import { launchBrowser, screenshot } from './support/browser.ts';
import {
  fill,
  isolate,
  openSignedIn,
  pluralOf,
  signInDemo,
  type MerchantSession,
} from './support/merchant.ts';
import { everyLook, inEachLook } from './support/looks.ts';
import { startProduct, type Product } from './support/product.ts';

/**
 * The merchant's /coupons screen with coupons made for real: demo shoppers sign in with a mailed
 * code and redeem rewards through the shopper API, the Salla sandbox creates the coupons (and
 * refuses one, which fails and gives the points back). The screen lists them, finds one by its
 * code, and cancels one — the shopper's balance comes back, Salla's coupon is deleted.
 */

const text = { ar: arCoupons, en: enCoupons };
const screens = { ar: arMerchant.screens.coupons, en: enMerchant.screens.coupons };
const common = { ar: arCommon, en: enCommon };
const MERCHANT_ID = '7000001';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** The demo store's customers (tools/salla-sandbox/src/demo-store.ts). */
const customerEmail = (n: number) => `customer${n}@demo.nuqat.sa`;

let smtp: SmtpSink;
let product: Product;
let browser: Browser;
let merchant: MerchantSession;
/** Shopper sessions by customer id, for the balance checks. */
const shoppers = new Map<string, ShopperSession>();
/** Coupons the shoppers got, newest last. */
const issued: ShopperCoupon[] = [];

async function call<T>(path: string, init: RequestInit = {}): Promise<{ status: number; data: T }> {
  const res = await fetch(`${product.baseUrl}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  const body = (await res.json()) as { data: T };
  return { status: res.status, data: body.data };
}

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const { status, data } = await call<T>(path, init);
  if (status !== 200) throw new Error(`${init.method ?? 'GET'} ${path} answered ${status}`);
  return data;
}

const asMerchant = () => ({ authorization: `Bearer ${merchant.token}` });

/** The store's coupons as the API lists them (the screen must show the same). */
const listCoupons = (query = '') =>
  api<{ items: MerchantCoupon[]; nextCursor: string | null }>(
    `/api/merchants/coupons?limit=100${query}`,
    { headers: asMerchant() },
  );

/** A shopper token the way the loyalty page gets one: a code from a real mail. */
async function shopperSession(email: string): Promise<ShopperSession> {
  const before = smtp.messages.length;
  await fetch(`${product.baseUrl}/api/customers/auth/request-code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ merchantId: MERCHANT_ID, email }),
  });
  const code = extractMailedCode(await smtp.waitForMail(email, { after: before }));
  return api<ShopperSession>('/api/customers/auth/verify-code', {
    method: 'POST',
    body: JSON.stringify({ merchantId: MERCHANT_ID, email, code }),
  });
}

function loyaltyData(session: ShopperSession) {
  return api<CustomerLoyaltyData>(
    `/api/customers/loyalty/${MERCHANT_ID}/${session.customerId}?lang=ar`,
    { headers: { authorization: `Bearer ${session.token}` } },
  );
}

function redeem(session: ShopperSession, rewardId: string) {
  return call<ShopperCoupon>(`/api/customers/loyalty/${MERCHANT_ID}/${session.customerId}/redeem`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}` },
    body: JSON.stringify({ rewardId }),
  });
}

const sandboxFault = (fault: Record<string, unknown>) =>
  fetch(`${product.sandboxUrl}/__sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fault),
  });

async function sandboxCoupon(code: string) {
  const state = (await (await fetch(`${product.sandboxUrl}/__sandbox/state`)).json()) as {
    coupons: { code: string; status: 'active' | 'deleted' }[];
  };
  return state.coupons.find((c) => c.code === code);
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  product = await startProduct({ smtpUrl: smtp.url });
  browser = await launchBrowser();
  merchant = await signInDemo(product);

  // Salla refuses the first coupon asked for: the redemption fails and the points go back.
  const first = await shopperSession(customerEmail(1));
  const firstData = await loyaltyData(first);
  const cheapest = [...firstData.rewards].sort((a, b) => a.pointsRequired - b.pointsRequired)[0]!;
  expect(cheapest.pointsRequired).toBeLessThanOrEqual(firstData.availablePoints);
  await sandboxFault({ mode: '500', path: '/admin/v2/coupons', count: 1 });
  expect((await redeem(first, cheapest.id)).status).toBe(502);
  expect((await loyaltyData(first)).availablePoints).toBe(firstData.availablePoints);

  // Then each of the first four shoppers redeems what their points allow, dearest reward first.
  for (const n of [1, 2, 3, 4]) {
    const session = n === 1 ? first : await shopperSession(customerEmail(n));
    shoppers.set(session.customerId, session);
    const data = await loyaltyData(session);
    let balance = data.availablePoints;
    for (const reward of [...data.rewards].sort((a, b) => b.pointsRequired - a.pointsRequired)) {
      if (!reward.available || reward.pointsRequired > balance) continue;
      const { status, data: coupon } = await redeem(session, reward.id);
      expect(status).toBe(200);
      expect(coupon.status).toBe('issued');
      issued.push(coupon);
      balance -= reward.pointsRequired;
    }
  }
  expect(issued.length, 'coupons the demo shoppers could afford').toBeGreaterThanOrEqual(3);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await smtp?.close();
});

/** The coupons as the visible layout shows them: table rows on a desktop, cards on a phone. */
const shownCoupons = (page: Page, width: number): Locator =>
  page.getByTestId(width >= 1280 ? 'coupon-row' : 'coupon-card');

async function openCoupons(lang: Language, viewport = DESKTOP, dark = false) {
  const opened = await openSignedIn(browser, merchant, { language: lang, dark, ...viewport });
  await opened.page.goto(`${product.baseUrl}/coupons`);
  await opened.page.getByRole('heading', { level: 1, name: screens[lang].title }).waitFor();
  return opened;
}

describe.each(['ar', 'en'] as const)('/coupons in %s', (lang) => {
  const t = text[lang];

  test('lists every coupon the API answers, newest first, with its code, shopper and status', async () => {
    const { items } = await listCoupons();
    expect(items.length).toBe(issued.length + 1);
    const { context, page } = await openCoupons(lang);
    try {
      const rows = shownCoupons(page, DESKTOP.width);
      await rows.first().waitFor();
      await expect.poll(() => rows.count()).toBe(items.length);
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      for (const [i, coupon] of items.entries()) {
        const row = rows.nth(i);
        expect(await row.getAttribute('data-status')).toBe(coupon.status);
        const content = (await row.textContent())!;
        expect(content).toContain(coupon.customer.name);
        if (coupon.customer.email) expect(content).toContain(coupon.customer.email);
        expect(content).toContain(t.statuses[coupon.status]);
        if (coupon.code) {
          const code = row.locator('code');
          expect(await code.textContent()).toBe(coupon.code);
          expect(await code.getAttribute('dir')).toBe('ltr');
        }
      }
      // The coupon Salla refused: failed, with the reason, and the points went back.
      const failed = rows.and(page.locator('[data-status="failed"]'));
      expect(await failed.count()).toBe(1);
      expect(await failed.textContent()).toContain(t.failure);
      expect(await failed.textContent()).toContain(t.pointsReturned);
      expect(await failed.getByRole('button', { name: t.cancel.action }).count()).toBe(0);
      const allShown = fill(t.allShown, { count: String(items.length) }).replace(/<\/?n>/g, '');
      await page.getByText(allShown, { exact: true }).waitFor();

      // Only the failed one under "failed".
      await page.getByLabel(t.statusFilter, { exact: true }).selectOption('failed');
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().getAttribute('data-status')).toBe('failed');
    } finally {
      await context.close();
    }
  });

  test('finds a coupon by the beginning of its code, and says when nothing matches', async () => {
    const target = issued[lang === 'ar' ? 0 : 1]!;
    const prefix = target.code!.slice(0, 7).toLowerCase();
    const { items: expected } = await listCoupons(`&q=${encodeURIComponent(prefix)}`);
    expect(expected.map((c) => c.code)).toContain(target.code);
    const { context, page } = await openCoupons(lang, PHONE);
    const searched: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/merchants/coupons' && url.searchParams.has('q'))
        searched.push(url.searchParams.get('q')!);
    });
    try {
      const cards = shownCoupons(page, PHONE.width);
      await cards.first().waitFor();
      const search = page.getByRole('searchbox', { name: t.search });
      await search.pressSequentially(prefix);
      await expect.poll(() => cards.count()).toBe(expected.length);
      expect(await cards.first().locator('code').textContent()).toBe(expected[0]!.code);
      // Debounced: the server was asked for the whole prefix, not for every letter typed.
      expect(searched.at(-1)).toBe(prefix);
      expect(searched.length).toBeLessThan(prefix.length);

      await search.fill('ZZ-NOTHING');
      await page.getByText(t.noMatch, { exact: true }).waitFor();
      expect(await cards.count()).toBe(0);
      await screenshot(page, `coupons-${lang}-390-no-match`);
      await page.getByRole('button', { name: t.clearFilters }).click();
      await expect.poll(() => cards.count()).toBeGreaterThan(1);
    } finally {
      await context.close();
    }
  });

  test('cancelling an unused coupon gives the shopper the points back and deletes it at Salla', async () => {
    const { items } = await listCoupons('&status=issued');
    // Arabic cancels the newest unused coupon, English the next one.
    const target = items[lang === 'ar' ? 0 : 1]!;
    const session = shoppers.get(target.customer.id!)!;
    const before = (await loyaltyData(session)).availablePoints;
    expect((await sandboxCoupon(target.code!))?.status).toBe('active');

    const { context, page } = await openCoupons(lang);
    try {
      const row = shownCoupons(page, DESKTOP.width).filter({ hasText: target.code! });
      await row
        .getByRole('button', { name: fill(t.cancel.actionFor, { code: target.code! }) })
        .click();
      const dialog = page.getByRole('alertdialog', {
        name: fill(t.cancel.title, { code: target.code! }),
      });
      await dialog.waitFor();
      const points = String(target.points);
      expect(await dialog.textContent()).toContain(
        fill(pluralOf(t.cancel, 'description', target.points, lang), {
          points,
          name: target.customer.name,
        }),
      );
      await screenshot(page, `coupons-${lang}-1280-cancel-dialog`, { fullPage: false });

      // Salla is down: nothing changes, the dialog says why.
      if (lang === 'en') {
        await sandboxFault({ mode: '500', path: '/admin/v2/coupons/', count: 3 });
        await dialog.getByRole('button', { name: t.cancel.confirm, exact: true }).click();
        const alert = dialog.getByRole('alert');
        await alert.waitFor({ timeout: 30_000 });
        expect(await alert.textContent()).toContain(t.cancel.failed);
        expect(await alert.textContent()).toContain(ERROR_MESSAGES.SALLA_UNAVAILABLE.en);
        expect((await loyaltyData(session)).availablePoints).toBe(before);
        expect((await sandboxCoupon(target.code!))?.status).toBe('active');
        await screenshot(page, `coupons-${lang}-1280-cancel-error`, { fullPage: false });
      }

      await dialog.getByRole('button', { name: t.cancel.confirm, exact: true }).click();
      const toast = page.getByTestId('toast');
      await toast.waitFor();
      expect(await toast.textContent()).toContain(
        fill(pluralOf(t.cancel, 'done', target.points, lang), {
          code: isolate(target.code!),
          points,
          name: isolate(target.customer.name),
        }),
      );
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => row.getAttribute('data-status')).toBe('cancelled');
      expect(await row.textContent()).toContain(t.statuses.cancelled);
      expect(await row.getByRole('button', { name: t.cancel.action }).count()).toBe(0);
      await screenshot(page, `coupons-${lang}-1280-cancelled`, { fullPage: false });

      // The points are back in the shopper's balance, and the coupon is gone at Salla.
      expect((await loyaltyData(session)).availablePoints).toBe(before + target.points);
      expect((await sandboxCoupon(target.code!))?.status).toBe('deleted');
      const after = (await listCoupons()).items.find((c) => c.id === target.id)!;
      expect(after.status).toBe('cancelled');
      expect(after.cancelledAt).not.toBeNull();
    } finally {
      await context.close();
    }
  });

  test('an error shows the error and a retry, and no coupons', async () => {
    const { context, page } = await openSignedIn(browser, merchant, { language: lang, ...DESKTOP });
    let fail = true;
    await page.route('**/api/merchants/coupons?**', (route) =>
      fail
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({
              success: false,
              code: 'INTERNAL_ERROR',
              message: ERROR_MESSAGES.INTERNAL_ERROR[lang],
            }),
          })
        : route.fallback(),
    );
    try {
      await page.goto(`${product.baseUrl}/coupons`);
      const alert = page
        .getByRole('alert')
        .filter({ hasText: ERROR_MESSAGES.INTERNAL_ERROR[lang] });
      await alert.waitFor({ timeout: 30_000 });
      expect(await shownCoupons(page, DESKTOP.width).count()).toBe(0);
      expect(await page.getByRole('table').count()).toBe(0);
      await screenshot(page, `coupons-${lang}-1280-error`);
      fail = false;
      await alert.getByRole('button', { name: common[lang].states.retry }).click();
      await shownCoupons(page, DESKTOP.width).first().waitFor();
      expect(await page.getByRole('alert').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  test('light and dark, phone and desktop: nothing overflows', async () => {
    const looks = await inEachLook(
      everyLook(DESKTOP).filter((look) => look.language === lang),
      (look) => openSignedIn(browser, merchant, look),
      async (page, look) => {
        await page.goto(`${product.baseUrl}/coupons`);
        await page.getByRole('heading', { level: 1, name: screens[lang].title }).waitFor();
        await shownCoupons(page, look.width).first().waitFor();
        expect(await page.locator('html').evaluate((el) => el.classList.contains('dark'))).toBe(
          look.dark,
        );
        const overflow = await page
          .locator('html')
          .evaluate((el) => el.scrollWidth - el.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        if (look.width === DESKTOP.width) {
          // The whole table fits a 1280 px window: no column hidden behind a sideways scroll.
          const hidden = await page
            .getByRole('table')
            .evaluate(
              (table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth,
            );
          expect(hidden).toBeLessThanOrEqual(0);
        }
        await screenshot(page, `coupons-${lang}-${look.width}-${look.dark ? 'dark' : 'light'}`);
      },
    );
    expect(looks).toBe(4);
  }, 180_000);
});
