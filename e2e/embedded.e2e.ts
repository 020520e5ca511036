import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ERROR_MESSAGES } from '@nuqat/contracts';
import arCommon from '../apps/web/src/locales/ar/common.json' with { type: 'json' };
import enCommon from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import arMerchant from '../apps/web/src/locales/ar/merchant.json' with { type: 'json' };
import enMerchant from '../apps/web/src/locales/en/merchant.json' with { type: 'json' };
import arReferrals from '../apps/web/src/locales/ar/referrals.json' with { type: 'json' };
import enReferrals from '../apps/web/src/locales/en/referrals.json' with { type: 'json' };
import { launchBrowser, screenshot } from './support/browser.ts';
import { startProduct, type Product } from './support/product.ts';

// Issue 24: Nuqat opened "from Salla" — the sandbox's stand-in merchant dashboard frames
// /embedded with a token and speaks the embedded SDK's protocol (decision 031). The dashboard is
// on localhost, the product on 127.0.0.1: another site, as s.salla.sa is for a real install.

const common = { ar: arCommon, en: enCommon };
const merchant = { ar: arMerchant, en: enMerchant };
const referrals = { ar: arReferrals, en: enReferrals };

let product: Product;
let browser: Browser;

beforeAll(async () => {
  product = await startProduct();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

interface DashboardOptions {
  lang: 'ar' | 'en';
  dark?: boolean;
  width?: number;
  /** The token the dashboard opens the frame with (the sandbox's `?first=`). */
  first?: 'expired' | 'invalid';
}

/** The stand-in Salla dashboard, in a fresh browser context (no cookies, no storage). */
async function openFromSalla({
  lang,
  dark = false,
  width = 1280,
  first,
}: DashboardOptions): Promise<{ context: BrowserContext; page: Page; frame: FrameLocator }> {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 844 : 860 },
    locale: lang === 'ar' ? 'ar-SA' : 'en-US',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const url = new URL(product.dashboardUrl);
  url.searchParams.set('lang', lang);
  url.searchParams.set('theme', dark ? 'dark' : 'light');
  if (first) url.searchParams.set('first', first);
  await page.goto(url.toString());
  return { context, page, frame: page.frameLocator('#app-frame') };
}

const dashboardState = (page: Page) => page.locator('body').getAttribute('data-state');

async function waitForState(page: Page, state: 'ready' | 'destroyed') {
  await page.locator(`body[data-state="${state}"]`).waitFor();
}

/** What the framed document itself says about its language, theme, address and storage. */
async function frameDocument(page: Page) {
  const frame = await (await page.locator('#app-frame').elementHandle())!.contentFrame();
  if (!frame) throw new Error('the embedded frame is not there');
  return frame.evaluate(() => {
    let storage: string[] | 'denied';
    try {
      storage = [...Object.keys(localStorage), ...Object.keys(sessionStorage)];
    } catch {
      // A cross-site frame where third-party cookies are blocked gets no storage at all.
      storage = 'denied';
    }
    return {
      lang: document.documentElement.lang,
      dir: document.documentElement.dir,
      dark: document.documentElement.classList.contains('dark'),
      search: location.search,
      storage,
    };
  });
}

describe('Nuqat inside the Salla dashboard', () => {
  for (const { lang, dark } of [
    { lang: 'ar', dark: false },
    { lang: 'en', dark: true },
  ] as const) {
    test(`opening it from Salla lands signed in on the dashboard with no password (${lang}, ${dark ? 'dark' : 'light'}), and the menu works inside the frame`, async () => {
      const { context, page, frame } = await openFromSalla({ lang, dark });
      await waitForState(page, 'ready');
      await frame.getByTestId('counter-members').waitFor();
      expect(await frame.getByLabel(/password|كلمة المرور/i).count()).toBe(0);
      // Salla's header carries the screen's title, set through the SDK.
      await expect
        .poll(() => page.locator('#page-title').textContent())
        .toBe(merchant[lang].screens.dashboard.title);
      const inside = await frameDocument(page);
      expect(inside).toMatchObject({ lang, dir: lang === 'ar' ? 'rtl' : 'ltr', dark });
      // Salla's token is gone from the frame's address; nothing is kept in storage (this
      // Chromium, blocking third-party cookies, gives the frame none).
      expect(inside.search).toBe(`?theme=${dark ? 'dark' : 'light'}&lang=${lang}`);
      expect(inside.storage === 'denied' || inside.storage.length === 0).toBe(true);
      // No cookie carries the session: it is a bearer token in the frame's memory.
      expect(await context.cookies(product.baseUrl)).toEqual([]);

      // Nuqat's own menu moves between screens inside the frame.
      const nav = frame.getByRole('navigation', { name: common[lang].nav.label });
      await nav.getByRole('link', { name: common[lang].nav.customers, exact: true }).click();
      await frame
        .getByRole('heading', { level: 1, name: merchant[lang].screens.customers.title })
        .waitFor();
      await expect
        .poll(() => page.locator('#page-title').textContent())
        .toBe(merchant[lang].screens.customers.title);
      expect(await context.cookies(product.baseUrl)).toEqual([]);

      // A change made inside the frame (a bearer request, no CSRF cookie needed) reports
      // through Salla's own toast.
      await nav.getByRole('link', { name: common[lang].nav.members }).click();
      const toggle = frame.getByRole('switch', { name: referrals[lang].switchTitle });
      await toggle.waitFor();
      const on = (await toggle.getAttribute('aria-checked')) === 'true';
      // Switching on is confirmed first, in words (issue 27).
      const confirmOn = () =>
        frame
          .getByRole('alertdialog', { name: referrals[lang].confirmOn.title })
          .getByRole('button', { name: referrals[lang].confirmOn.confirm })
          .click();
      await toggle.click();
      if (!on) await confirmOn();
      await page
        .locator('#toasts .toast')
        .getByText(on ? referrals[lang].offToast : referrals[lang].onToast)
        .waitFor();
      await toggle.click();
      if (on) await confirmOn();
      await page
        .locator('#toasts .toast')
        .getByText(on ? referrals[lang].onToast : referrals[lang].offToast)
        .waitFor();
      expect(await frame.getByTestId('toast').count()).toBe(0);

      // Salla switches its theme: the frame follows.
      await page.locator('#theme').click();
      await expect.poll(async () => (await frameDocument(page)).dark).toBe(!dark);
      await context.close();
    });
  }

  test('an expired token is renewed through Salla and lands signed in', async () => {
    const { context, page, frame } = await openFromSalla({ lang: 'en', first: 'expired' });
    await waitForState(page, 'ready');
    await frame.getByTestId('counter-members').waitFor();
    expect(await page.locator('body').getAttribute('data-refreshes')).toBe('1');
    await context.close();
  });

  test('a session that ends while in use is renewed through Salla, back on the same screen', async () => {
    const { context, page, frame } = await openFromSalla({ lang: 'ar' });
    await waitForState(page, 'ready');
    await frame.getByTestId('counter-members').waitFor();
    // The API answers the next customers read as it does once a session has expired.
    let answered = false;
    await context.route('**/api/merchants/customers?*', async (route) => {
      if (answered) return route.continue();
      answered = true;
      await route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          code: 'SESSION_EXPIRED',
          message: ERROR_MESSAGES.SESSION_EXPIRED.ar,
        }),
      });
    });
    const nav = frame.getByRole('navigation', { name: common.ar.nav.label });
    await nav.getByRole('link', { name: common.ar.nav.customers, exact: true }).click();
    await expect.poll(() => page.locator('body').getAttribute('data-refreshes')).toBe('1');
    await waitForState(page, 'ready');

    await frame
      .getByRole('heading', { level: 1, name: merchant.ar.screens.customers.title })
      .waitFor();
    expect(answered).toBe(true);
    await context.close();
  });

  for (const { lang, dark } of [
    { lang: 'ar', dark: false },
    { lang: 'en', dark: true },
  ] as const) {
    test(`a bad token shows the message in both languages and the app closes itself (${lang})`, async () => {
      const { context, page, frame } = await openFromSalla({ lang, dark, first: 'invalid' });
      await waitForState(page, 'destroyed');
      const failure = frame.getByRole('alert');
      await failure.getByText(ERROR_MESSAGES.EMBEDDED_TOKEN_INVALID.ar).waitFor();
      await failure.getByText(ERROR_MESSAGES.EMBEDDED_TOKEN_INVALID.en).waitFor();
      expect(await dashboardState(page)).toBe('destroyed');
      expect(await page.locator('body').getAttribute('data-refreshes')).toBeNull();
      await screenshot(page, `embedded-failure-${lang}-${dark ? 'dark' : 'light'}`, {
        fullPage: false,
      });
      await context.close();
    });
  }

  test('screenshots: Arabic and English, light and dark, phone and desktop', async () => {
    for (const lang of ['ar', 'en'] as const) {
      for (const dark of [false, true]) {
        for (const width of [390, 1280]) {
          const { context, page, frame } = await openFromSalla({ lang, dark, width });
          await waitForState(page, 'ready');
          await frame.getByTestId('counter-members').waitFor();
          const inside = await (await page.locator('#app-frame').elementHandle())!.contentFrame();
          const overflow = await inside!.evaluate(
            () => document.documentElement.scrollWidth - innerWidth,
          );
          expect(overflow).toBeLessThanOrEqual(0);
          await screenshot(page, `embedded-${lang}-${dark ? 'dark' : 'light'}-${width}`, {
            fullPage: false,
          });
          await context.close();
        }
      }
    }
  }, 180_000);
});
