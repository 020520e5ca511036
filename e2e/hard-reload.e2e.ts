import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import arCommon from '../apps/web/src/locales/ar/common.json' with { type: 'json' };
import enCommon from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import { launchBrowser, screenshot } from './support/browser.ts';
import { openSignedIn, signInDemo, type MerchantSession } from './support/merchant.ts';
import { startProduct, type Product } from './support/product.ts';

/**
 * Issue 27, "no blank spinner on a hard reload": reloading a back-office screen draws the app's
 * shell (menu, top bar with the store's name) and a skeleton at once — first while the screen's
 * code loads, then while its first data loads — and the rows replace the skeleton when the
 * answer comes. The screen's code and the API are held back by the test so each state can be
 * seen; nothing waits on the clock.
 */

const common = { ar: arCommon, en: enCommon };

let product: Product;
let browser: Browser;
let session: MerchantSession;

beforeAll(async () => {
  product = await startProduct();
  browser = await launchBrowser();
  session = await signInDemo(product);
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

/** Holds back the requests `matches` picks until `release()`; later ones pass at once. */
async function holdBack(page: Page, matches: (url: URL) => boolean) {
  const held: Route[] = [];
  let holding = true;
  let seen = 0;
  await page.route(
    (url) => matches(url),
    (route) => {
      seen += 1;
      if (holding) held.push(route);
      else void route.continue();
    },
  );
  return {
    seen: () => seen,
    async release() {
      holding = false;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

/** The shell a merchant sees on any back-office screen, whatever has loaded. */
async function expectShell(page: Page, lang: 'ar' | 'en', phone: boolean) {
  await expect.poll(() => page.getByTestId('store-name').textContent()).toBe(session.merchantName);
  if (phone)
    expect(await page.getByRole('button', { name: common[lang].nav.openMenu }).isVisible()).toBe(
      true,
    );
  else
    expect(
      await page
        .getByRole('navigation', { name: common[lang].nav.label })
        .getByRole('link', { name: common[lang].nav.customers, exact: true })
        .isVisible(),
    ).toBe(true);
}

const CASES = [
  { lang: 'ar', dark: false, width: 390, height: 844 },
  { lang: 'ar', dark: true, width: 1280, height: 800 },
  { lang: 'en', dark: true, width: 390, height: 844 },
  { lang: 'en', dark: false, width: 1280, height: 800 },
] as const;

describe('a hard reload of /customers', () => {
  test.each(CASES)(
    '$lang, dark $dark, $width px: the shell and a skeleton at once, the rows when they come',
    async ({ lang, dark, width, height }) => {
      const phone = width < 1024;
      const { context, page } = await openSignedIn(browser, session, {
        language: lang,
        dark,
        width,
        height,
      });
      try {
        await page.goto(`${product.baseUrl}/customers`);
        await page.locator('main [aria-busy="false"]:visible').first().waitFor();

        // The screen's own code and every API answer are held back: the reload shows the shell
        // (drawn by the router while the screen's code loads) with the page's skeleton.
        const code = await holdBack(page, (url) =>
          /^\/assets\/customers-[\w-]+\.js$/.test(url.pathname),
        );
        const api = await holdBack(page, (url) => url.pathname.startsWith('/api/'));
        await page.reload({ waitUntil: 'commit' });
        await page.getByTestId('page-skeleton').waitFor();
        await expectShell(page, lang, phone);
        expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
        expect(await page.locator('html').evaluate((html) => html.classList.contains('dark'))).toBe(
          dark,
        );
        expect(await page.getByTestId('page-skeleton').getAttribute('aria-busy')).toBe('true');
        expect(code.seen()).toBeGreaterThan(0);
        await screenshot(page, `reload-${lang}-${dark ? 'dark' : 'light'}-${width}-code`);

        // The code arrives, the data does not yet: the list's skeleton in the same shell.
        await code.release();
        await page.getByTestId('list-skeleton').waitFor();
        await expectShell(page, lang, phone);
        expect(await page.getByTestId('page-skeleton').count()).toBe(0);
        expect(api.seen()).toBeGreaterThan(0);
        await screenshot(page, `reload-${lang}-${dark ? 'dark' : 'light'}-${width}-data`);

        // The answers come: the rows replace the skeleton.
        await api.release();
        await page.locator('main [aria-busy="false"]:visible').first().waitFor();
        expect(await page.getByTestId('list-skeleton').count()).toBe(0);
        const rows = page.getByTestId(phone ? 'customer-card' : 'customer-row');
        expect(await rows.count()).toBeGreaterThan(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBe(
          0,
        );
      } finally {
        await context.close();
      }
    },
    60_000,
  );
});
