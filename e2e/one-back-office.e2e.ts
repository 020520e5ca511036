import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CustomersPage, Dashboard, ReferralSettings } from '@nuqat/contracts';
import arCommon from '../apps/web/src/locales/ar/common.json' with { type: 'json' };
import enCommon from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import arCustomers from '../apps/web/src/locales/ar/customers.json' with { type: 'json' };
import enCustomers from '../apps/web/src/locales/en/customers.json' with { type: 'json' };
import arLoyalty from '../apps/web/src/locales/ar/loyalty.json' with { type: 'json' };
import enLoyalty from '../apps/web/src/locales/en/loyalty.json' with { type: 'json' };
import arMerchant from '../apps/web/src/locales/ar/merchant.json' with { type: 'json' };
import enMerchant from '../apps/web/src/locales/en/merchant.json' with { type: 'json' };
import arReferrals from '../apps/web/src/locales/ar/referrals.json' with { type: 'json' };
import enReferrals from '../apps/web/src/locales/en/referrals.json' with { type: 'json' };
import { launchBrowser, screenshot } from './support/browser.ts';
import {
  fill,
  openSignedIn,
  pluralOf,
  signInDemo,
  type MerchantSession,
} from './support/merchant.ts';
import { startProduct, type Product } from './support/product.ts';

/**
 * Issue 27, as a merchant sees it: inputs that mean what they say, one order number, a recent
 * activity that says why, Arabic numbers and titles, and lists that fit a phone.
 */

const text = {
  ar: {
    common: arCommon,
    customers: arCustomers,
    loyalty: arLoyalty,
    merchant: arMerchant,
    referrals: arReferrals,
  },
  en: {
    common: enCommon,
    customers: enCustomers,
    loyalty: enLoyalty,
    merchant: enMerchant,
    referrals: enReferrals,
  },
};

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

async function api<T>(url: string): Promise<T> {
  const res = await fetch(`${product.baseUrl}${url}`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - innerWidth);

describe.each(['ar', 'en'] as const)('issue 27 in %s', (lang) => {
  const t = text[lang];
  const width = lang === 'ar' ? 390 : 1280;

  test('a referral reward of 0 % or 150 % is a field error with no preview, and nothing is saved', async () => {
    const before = await api<ReferralSettings>('/api/referrals/settings');
    const { context, page } = await openSignedIn(browser, session, { language: lang, width });
    try {
      await page.goto(`${product.baseUrl}/members`);
      const card = page.getByTestId('reward-card-referral');
      await card.getByLabel(t.referrals.type).selectOption('percentage');
      const value = card.getByLabel(t.referrals.valuePercent);
      const summary = card.getByTestId('reward-summary-referral');
      for (const [typed, error] of [
        ['0', t.referrals.errors.zero],
        ['150', t.referrals.errors.percentMax],
      ] as const) {
        await value.fill(typed);
        // The preview never shows what would not be saved ("150 % off").
        await expect.poll(() => summary.textContent()).toBe(t.referrals.summary.invalid);
        await card.getByRole('button', { name: t.referrals.save }).click();
        await card.getByText(error).waitFor();
        expect(await value.getAttribute('aria-invalid')).toBe('true');
      }
      await screenshot(page, `issue27-referral-zero-${lang}-${width}`);
      expect(await api<ReferralSettings>('/api/referrals/settings')).toEqual(before);
      // The percent sign of the language, beside the field.
      expect(await card.textContent()).toContain(t.referrals.units.percent);
    } finally {
      await context.close();
    }
  });

  test('the dashboard: Salla’s order numbers, activity newest first with its cause, points redeemed once, the tab title in the UI’s language', async () => {
    const dashboard = await api<Dashboard>('/api/merchants/dashboard');
    expect(dashboard.recentOrders.length).toBeGreaterThan(0);
    expect(dashboard.activities.length).toBeGreaterThan(0);
    // Newest first, by when it happened.
    const dates = dashboard.activities.map((a) => a.date);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const phoneOrDesktop of [390, 1280]) {
      const { context, page } = await openSignedIn(browser, session, {
        language: lang,
        width: phoneOrDesktop,
        height: phoneOrDesktop < 600 ? 844 : 800,
      });
      try {
        await page.goto(`${product.baseUrl}/dashboard`);
        await page.getByTestId('dashboard-figures').waitFor();
        expect(await page.title()).toBe(
          `${t.merchant.screens.dashboard.title} · ${lang === 'ar' ? 'نقاط' : 'Nuqat'}`,
        );
        // Every order is named by its reference; the internal id is only in the tooltip.
        const shape = phoneOrDesktop < 768 ? 'recent-order-card' : 'recent-order';
        const orders = page.getByTestId(shape);
        await orders.first().waitFor({ state: 'visible' });
        for (const [index, order] of dashboard.recentOrders.entries()) {
          const number = orders.nth(index).getByTestId('order-number');
          expect(await number.textContent()).toBe(`#${order.reference ?? order.id}`);
          expect(await number.getAttribute('title')).toContain(order.id);
        }
        // Each activity says why, with the order's reference or the coupon's code.
        const rows = page.getByTestId('activity');
        for (const [index, activity] of dashboard.activities.entries()) {
          const row = rows.nth(index);
          expect(await row.getByTestId('activity-cause').textContent()).toBe(
            t.customers.causes[activity.cause],
          );
          if (activity.orderReference)
            expect(await row.textContent()).toContain(`#${activity.orderReference}`);
          else if (activity.couponCode)
            expect(await row.textContent()).toContain(activity.couponCode);
        }
        expect(dashboard.activities.some((a) => a.orderReference !== null)).toBe(true);
        // Points redeemed: once.
        expect(
          await page.getByText(t.merchant.dashboard.redeemedPoints, { exact: true }).count(),
        ).toBe(1);
        // Arabic compact numbers in words, never a Latin K or M.
        const counters = await page.getByTestId('dashboard-figures').textContent();
        if (lang === 'ar') expect(counters).not.toMatch(/\d(K|M)\b/);
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        await screenshot(page, `issue27-dashboard-${lang}-${phoneOrDesktop}`);
        // What a merchant reads first in each list, as the viewport shows it.
        await page.evaluate(() => document.getElementById('recent-orders-title')?.scrollIntoView());
        await screenshot(page, `issue27-dashboard-orders-${lang}-${phoneOrDesktop}`, {
          fullPage: false,
        });
        await page.evaluate(() => document.getElementById('activities-title')?.scrollIntoView());
        await screenshot(page, `issue27-dashboard-activity-${lang}-${phoneOrDesktop}`, {
          fullPage: false,
        });
      } finally {
        await context.close();
      }
    }
  });

  test('on a phone the customers’ filters collapse behind one button with a count, and each card shows every field', async () => {
    const page1 = await api<CustomersPage>('/api/merchants/customers');
    expect(page1.items.length).toBeGreaterThan(0);
    const { context, page } = await openSignedIn(browser, session, {
      language: lang,
      width: 390,
      height: 844,
    });
    try {
      await page.goto(`${product.baseUrl}/customers`);
      const card = page.getByTestId('customer-card').first();
      await card.waitFor({ state: 'visible' });
      // The first customer comes right after the search and one button.
      const toggle = page.getByTestId('filters-toggle');
      expect(await toggle.textContent()).toBe(t.common.list.filters);
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(
        await page.getByLabel(t.customers.filters.minBalance, { exact: true }).isVisible(),
      ).toBe(false);
      const cardTop = (await card.boundingBox())!.y;
      expect(cardTop).toBeLessThan(844);
      // Every field of the table, labelled, on the card.
      for (const column of [
        'balance',
        'pending',
        'earned',
        'redeemed',
        'orders',
        'spend',
        'lastOrder',
        'joined',
      ] as const)
        expect(await card.textContent()).toContain(t.customers.columns[column]);
      expect(await page.getByTestId('customers-table').isVisible()).toBe(false);
      await screenshot(page, `issue27-customers-closed-${lang}-390`, { fullPage: false });

      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      const min = page.getByLabel(t.customers.filters.minBalance, { exact: true });
      await min.waitFor({ state: 'visible' });
      await min.fill('1');
      await page.getByLabel(t.customers.filters.inactive, { exact: true }).selectOption('30');
      await expect
        .poll(() => toggle.textContent())
        .toBe(
          fill(pluralOf(t.common.list, 'filtersCount', 2, lang), {
            n: '2',
          }),
        );
      // The search's placeholder fits its field.
      const search = page.getByRole('searchbox');
      expect(
        await search.evaluate((input: HTMLInputElement) => {
          const style = getComputedStyle(input);
          const canvas = document.createElement('canvas').getContext('2d')!;
          canvas.font = `${style.fontSize} ${style.fontFamily}`;
          const room =
            input.clientWidth -
            parseFloat(style.paddingInlineStart) -
            parseFloat(style.paddingInlineEnd);
          return canvas.measureText(input.placeholder).width <= room;
        }),
      ).toBe(true);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `issue27-customers-filters-${lang}-390`);
    } finally {
      await context.close();
    }
  });
});
