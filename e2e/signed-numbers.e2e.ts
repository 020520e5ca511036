import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CustomersPage } from '@nuqat/contracts';
import {
  fieldReadsLeftToRight,
  launchBrowser,
  readsLeftToRight,
  screenshot,
} from './support/browser.ts';
import { openSignedIn, signInDemo, type MerchantSession } from './support/merchant.ts';
import { startProduct, type Product } from './support/product.ts';

/**
 * Issue 15: a typed `-5` showed as `5-` in an Arabic form. Every number field is a NumberInput
 * written left to right; signed numbers shown in lists (a shopper's history, the dashboard's
 * activities) keep their sign on the left in Arabic too.
 */

let product: Product;
let browser: Browser;
let session: MerchantSession;
let customerId: string;

async function api<T>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${product.baseUrl}${url}`, {
    ...init,
    headers: {
      authorization: `Bearer ${session.token}`,
      'content-type': 'application/json',
    },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

const adjust = (points: number, reason: string) =>
  api(`/api/merchants/customers/${customerId}/adjust`, {
    method: 'POST',
    body: JSON.stringify({ points, reason, idempotencyKey: randomUUID() }),
  });

beforeAll(async () => {
  product = await startProduct();
  browser = await launchBrowser();
  session = await signInDemo(product);
  const { items } = await api<CustomersPage>('/api/merchants/customers?limit=100');
  customerId = items.find((c) => c.balance >= 5)!.id;
  // The newest two entries of the shopper's history: −5, then +20.
  await adjust(-5, 'Bidi check: removed');
  await adjust(20, 'Bidi check: added');
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

/** Types -5 into every number field `page` shows; returns how many kept the minus sign. */
async function typeMinusFive(page: Page): Promise<number> {
  const fields = page.locator('input[inputmode="numeric"]:visible');
  let checked = 0;
  for (const field of await fields.all()) {
    await field.fill('-5');
    // A field that keeps only digits (days) cannot show "5-"; every other one must read "-5".
    if ((await field.inputValue()) !== '-5') continue;
    await field.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    expect(await field.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    expect(await fieldReadsLeftToRight(field)).toBe(true);
    checked += 1;
  }
  return checked;
}

describe.each(['ar', 'en'] as const)('signed numbers in %s', (lang) => {
  test.each([390, 1440])(
    'a typed -5 keeps its minus on the left in every number field (%i px)',
    async (width) => {
      const { context, page } = await openSignedIn(browser, session, {
        language: lang,
        width,
        height: width < 600 ? 844 : 900,
      });
      const screens = [
        { path: `/customers/${customerId}`, ready: page.getByTestId('adjust-form') },
        {
          path: '/customers',
          ready: page.getByTestId(width < 1024 ? 'customer-card' : 'customer-row').first(),
        },
        { path: '/setpoints', ready: page.getByTestId('collection-methods') },
      ];
      for (const screen of screens) {
        await page.goto(`${product.baseUrl}${screen.path}`);
        await screen.ready.waitFor();
        // On a phone a list's filters fold behind one button (decision 036): open them first.
        const toggle = page.getByTestId('filters-toggle');
        if (await toggle.isVisible()) await toggle.click();
        expect(await typeMinusFive(page), screen.path).toBeGreaterThan(0);
      }

      // The measure tells the two apart: the same field written right to left reads "5-".
      await page.goto(`${product.baseUrl}/customers/${customerId}`);
      const points = page.getByTestId('adjust-form').locator('input[inputmode="numeric"]');
      await points.fill('-5');
      await points.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await screenshot(page, `signed-typed-${lang}-${width}`, { fullPage: false });
      await points.evaluate((el) => el.setAttribute('dir', 'rtl'));
      expect(await fieldReadsLeftToRight(points)).toBe(false);
      await context.close();
    },
  );

  test.each([390, 1440])(
    'history and activity deltas read −5 and +20, sign on the left (%i px)',
    async (width) => {
      const { context, page } = await openSignedIn(browser, session, {
        language: lang,
        width,
        height: width < 600 ? 844 : 900,
      });
      await page.goto(`${product.baseUrl}/customers/${customerId}`);
      const history = page.getByTestId('ledger');
      await history.getByTestId('ledger-row').first().waitFor();
      for (const delta of ['−5', '+20']) {
        const shown = history.getByText(delta, { exact: true }).first();
        await shown.evaluate((el) => el.scrollIntoView({ block: 'center' }));
        expect(await readsLeftToRight(shown), delta).toBe(true);
      }
      await screenshot(page, `signed-history-${lang}-${width}`, { fullPage: false });

      await page.goto(`${product.baseUrl}/dashboard`);
      const activities = page.getByTestId('activity');
      await activities.first().waitFor();
      for (const delta of ['−5', '+20']) {
        const shown = activities.getByText(delta, { exact: true }).first();
        await shown.evaluate((el) => el.scrollIntoView({ block: 'center' }));
        expect(await readsLeftToRight(shown), delta).toBe(true);
      }
      await screenshot(page, `signed-activities-${lang}-${width}`, { fullPage: false });
      await context.close();
    },
  );
});
