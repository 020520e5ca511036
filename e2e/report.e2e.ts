import { randomInt, randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Roi } from '@nuqat/contracts';
import arAnalytics from '../apps/web/src/locales/ar/analytics.json' with { type: 'json' };
import enAnalytics from '../apps/web/src/locales/en/analytics.json' with { type: 'json' };
import { launchBrowser, screenshot } from './support/browser.ts';
import { placeCompletedOrder } from './support/orders.ts';
import { openSignedIn, signInDemo, type MerchantSession } from './support/merchant.ts';
import { startProduct, type Product } from './support/product.ts';

/**
 * The ROI section with a control group running, and the printable monthly report in Arabic and
 * English on screen and on A4 paper (issue 30, docs/decisions/049 and 050).
 */
const MERCHANT_ID = 7000001;
const WEBHOOK_SECRET = `e2e-report-${randomUUID()}`;
const text = { ar: arAnalytics, en: enAnalytics };

let product: Product;
let browser: Browser;
let session: MerchantSession;

const riyadhMonth = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 7);

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${product.baseUrl}${path}`, {
    ...init,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${session.token}`,
      ...init.headers,
    },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}`);
  return ((await res.json()) as { data: T }).data;
}

beforeAll(async () => {
  product = await startProduct({ env: { SALLA_WEBHOOK_SECRET: WEBHOOK_SECRET } });
  browser = await launchBrowser();
  session = await signInDemo(product);
  // A control group of 20 % of new customers, then 60 new customers who each buy once or twice:
  // both groups get customers (the chance that 60 draws miss the control group is 0.8^60 ≈ 1e-6).
  await api('/api/merchants/holdout', { method: 'PUT', body: JSON.stringify({ percent: 20 }) });
  for (let i = 0; i < 60; i++) {
    const customer = {
      id: randomInt(900_000_000, 999_999_999),
      firstName: 'Buyer',
      lastName: String(i),
      email: `buyer${i}-${randomUUID().slice(0, 6)}@example.com`,
    };
    for (let n = 0; n < 1 + (i % 3 === 0 ? 1 : 0); n++) {
      const order = {
        id: randomInt(100_000_000, 899_999_999),
        customer,
        total: 150 + ((i * 37) % 400),
        status: 'under_review',
      };
      await placeCompletedOrder(product.baseUrl, MERCHANT_ID, order, WEBHOOK_SECRET);
    }
  }
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

/** Pages in a PDF: each page object is `/Type /Page` (the tree's root is `/Type /Pages`). */
const pdfPages = (pdf: Buffer) =>
  (pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? []).length;

async function open(lang: 'ar' | 'en', path: string) {
  const opened = await openSignedIn(browser, session, { language: lang, width: 1280, height: 900 });
  await opened.page.goto(`${product.baseUrl}${path}`);
  return opened;
}

describe('the programme’s return and the monthly report, with a control group running', () => {
  test('the ROI section compares members with the control group; ar and en', async () => {
    const roi = await api<Roi>(`/api/merchants/roi?month=${riyadhMonth()}`);
    expect(roi.hasControlGroup).toBe(true);
    expect(roi.control!.shoppers).toBeGreaterThan(0);
    expect(roi.members!.shoppers).toBeGreaterThan(0);
    for (const lang of ['ar', 'en'] as const) {
      const t = text[lang];
      const { context, page } = await open(lang, '/analytics');
      try {
        const section = page.getByTestId('roi-section');
        const table = section.getByTestId('roi-table');
        await table.waitFor();
        expect(await section.getByText(t.roi.unknowable).count()).toBe(0);
        const rows = await table.locator('tbody tr').allTextContents();
        expect(rows.length).toBeGreaterThanOrEqual(3);
        expect(await table.textContent()).toContain(String(roi.members!.shoppers));
        await screenshot(section, `roi-control-${lang}`);
      } finally {
        await context.close();
      }
    }
  }, 120_000);

  test('the report page on screen and on one A4 page; ar and en', async () => {
    const month = riyadhMonth();
    for (const lang of ['ar', 'en'] as const) {
      const t = text[lang];
      const { context, page } = await open(lang, `/analytics/report/${month}`);
      try {
        const report = page.getByTestId('monthly-report');
        await report.getByTestId('roi-table').waitFor();
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(
          lang === 'ar' ? 'rtl' : 'ltr',
        );
        // One formatter: figures in full, never shortened ("ألف", "K") beside full ones.
        const body = (await report.textContent()) ?? '';
        expect(body).not.toMatch(/ألف|مليون|\d\.\dK|\d\.\dM/);
        await screenshot(page, `report-control-${lang}-screen`);
        // On paper: A4's width at 96 dpi (210 mm less the 12 mm margins ≈ 703 px).
        await page.setViewportSize({ width: 703, height: 1032 });
        await page.emulateMedia({ media: 'print' });
        expect(await page.locator('aside').first().isVisible()).toBe(false);
        expect(await page.getByRole('button', { name: t.report.print }).isVisible()).toBe(false);
        await screenshot(page, `report-control-${lang}-print`);
        const pdf = await page.pdf({
          format: 'A4',
          preferCSSPageSize: true,
          printBackground: true,
        });
        expect(pdfPages(pdf)).toBe(1);
      } finally {
        await context.close();
      }
    }
  }, 120_000);
});
