import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ERROR_MESSAGES, type Dashboard } from '@nuqat/contracts';
import arMerchant from '../apps/web/src/locales/ar/merchant.json' with { type: 'json' };
import enMerchant from '../apps/web/src/locales/en/merchant.json' with { type: 'json' };
import { launchBrowser, screenshot } from './support/browser.ts';
import { openSignedIn, signInDemo, type MerchantSession } from './support/merchant.ts';
import { everyLook, inEachLook } from './support/looks.ts';
import { startProduct, type Product } from './support/product.ts';

const text = { ar: arMerchant, en: enMerchant };
const LOCALES = { ar: 'ar-SA-u-nu-latn', en: 'en-US' } as const;

let product: Product;
let browser: Browser;
let session: MerchantSession;
let dashboard: Dashboard;

beforeAll(async () => {
  product = await startProduct();
  browser = await launchBrowser();
  session = await signInDemo(product);
  // The demo store was filled by signed sandbox webhooks through the engine; this is what the
  // server computed from them.
  const res = await fetch(`${product.baseUrl}/api/merchants/dashboard`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect(res.status).toBe(200);
  dashboard = ((await res.json()) as { data: Dashboard }).data;
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe.each(['ar', 'en'] as const)('/dashboard in %s', (lang) => {
  const t = text[lang];
  const exact = (n: number) => new Intl.NumberFormat(LOCALES[lang]).format(n);

  test('shows the figures the server computed from the demo store’s webhooks', async () => {
    expect(dashboard.totalOrders).toBeGreaterThan(0);
    expect(dashboard.recentOrders.length).toBeGreaterThan(0);
    const { context, page } = await openSignedIn(browser, session, { language: lang });
    await page.goto(`${product.baseUrl}/dashboard`);
    await page.getByTestId('dashboard-figures').waitFor();

    for (const [testId, value] of [
      ['counter-members', dashboard.totalMembers],
      ['counter-points', dashboard.totalPoints],
      ['counter-redeemed', dashboard.redeemedPoints],
      ['counter-orders', dashboard.totalOrders],
    ] as const) {
      expect(await page.getByTestId(testId).getAttribute('title')).toBe(exact(value));
    }
    expect(await page.getByTestId('recent-order').count()).toBe(dashboard.recentOrders.length);
    expect(await page.getByTestId('top-customer').count()).toBe(dashboard.topCustomers.length);
    expect(await page.getByTestId('activity').count()).toBe(dashboard.activities.length);
    const firstOrder = page.getByTestId('recent-order').first();
    // Salla's order number, the internal id only in the tooltip (issue 27).
    const first = dashboard.recentOrders[0]!;
    expect(await firstOrder.textContent()).toContain(`#${first.reference ?? first.id}`);
    expect(await firstOrder.getByTestId('order-number').getAttribute('title')).toContain(first.id);
    await page.getByRole('heading', { name: t.dashboard.support.title }).waitFor();
    expect(await page.getByTestId('support-email').getAttribute('href')).toMatch(/^mailto:/);
    await context.close();
  });

  test('an error shows the error and a reload — no figures, invented or not', async () => {
    const { context, page } = await openSignedIn(browser, session, { language: lang });
    // The app asks again after a 5xx (twice): the server stays down until the merchant reloads.
    let down = true;
    await page.route('**/api/merchants/dashboard', async (route) => {
      if (!down) return route.continue();
      await route.fulfill({
        status: 500,
        json: {
          success: false,
          code: 'INTERNAL_ERROR',
          message: ERROR_MESSAGES.INTERNAL_ERROR[lang],
        },
      });
    });
    await page.goto(`${product.baseUrl}/dashboard`);
    await page.getByText(ERROR_MESSAGES.INTERNAL_ERROR[lang]).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('dashboard-figures').count()).toBe(0);
    expect(await page.getByTestId('counter-members').count()).toBe(0);
    await screenshot(page, `dashboard-error-${lang}`);
    down = false;
    await page
      .getByRole('button', { name: lang === 'ar' ? 'إعادة المحاولة' : 'Try again' })
      .click();
    await page.getByTestId('dashboard-figures').waitFor();
    await context.close();
  });
});

describe('dashboard screenshots', () => {
  test('ar/en, light/dark, 390 and 1280 wide, nothing wider than the screen', async () => {
    const files: string[] = [];
    await inEachLook(
      everyLook(),
      (look) => openSignedIn(browser, session, look),
      async (page, look) => {
        await page.goto(`${product.baseUrl}/dashboard`);
        await page.getByTestId('dashboard-figures').waitFor();
        await page.getByTestId('usage-text').waitFor();
        expect(await page.locator('html').getAttribute('dir')).toBe(
          look.language === 'ar' ? 'rtl' : 'ltr',
        );
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - innerWidth),
        ).toBeLessThanOrEqual(0);
        const name = `dashboard-${look.name}`;
        files.push(await screenshot(page, name));
        // A phone's first screen, to look at at full size.
        if (look.width < 600) await screenshot(page, `${name}-top`, { fullPage: false });
      },
    );
    expect(files).toHaveLength(8);
  }, 120_000);
});
