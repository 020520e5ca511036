import {
  dateToRiyadhMinute,
  type Campaign,
  type CampaignsData,
  type ProductRulesData,
} from '@nuqat/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import arCampaigns from '../apps/web/src/locales/ar/campaigns.json' with { type: 'json' };
import enCampaigns from '../apps/web/src/locales/en/campaigns.json' with { type: 'json' };
import { launchBrowser, screenshot } from './support/browser.ts';
import { openSignedIn, signInDemo, type MerchantSession } from './support/merchant.ts';
import { everyLook, inEachLook } from './support/looks.ts';
import { startProduct, type Product } from './support/product.ts';

/**
 * Issue 29 in a real browser against the built product: the merchant plans a campaign from a
 * suggested Saudi occasion on /campaigns in Arabic on a phone (the preview counts a sample order's
 * points), a wrong window is refused with the field named, and a running campaign's results show
 * in English on a desktop; product rules are added and removed (decision 048); screenshots in
 * both languages, light and dark, phone and desktop.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const DAY = 86_400_000;

let product: Product;
let browser: Browser;
let merchant: MerchantSession;

beforeAll(async () => {
  product = await startProduct();
  browser = await launchBrowser();
  merchant = await signInDemo(product);
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${product.baseUrl}${path}`, {
    ...init,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${merchant.token}`,
      ...init.headers,
    },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}`);
  return ((await res.json()) as { data: T }).data;
}

describe('campaigns', () => {
  test('in Arabic on a phone: an occasion fills the editor, the preview counts, a wrong end is refused, saved', async () => {
    const t = arCampaigns;
    const { context, page } = await openSignedIn(browser, merchant, { language: 'ar', ...PHONE });
    await page.goto(`${product.baseUrl}/campaigns`);
    await page.getByTestId('campaigns-screen').waitFor();
    await page.getByTestId('calendar-strip').waitFor();
    const first = page.getByTestId('occasions').getByRole('button').first();
    await first.click();
    const editor = page.getByTestId('campaign-editor');
    await editor.waitFor();
    expect(await editor.getByLabel(t.fields.nameEn).inputValue()).not.toBe('');
    await editor.getByLabel(t.fields.multiplier).fill('3');
    // The sample order's points, with and without the campaign, from the store's rules.
    await expect
      .poll(() => editor.getByTestId('campaign-preview').textContent())
      .toMatch(/\d+ نقطة بدون الحملة، و\d+ نقطة معها/);
    await screenshot(page, 'campaigns-ar-light-390-editor');
    // An end before the start: the field says so, nothing is sent.
    const startsAt = await editor.getByLabel(t.fields.startsAt).inputValue();
    await editor.getByLabel(t.fields.endsAt).fill(startsAt);
    await editor.getByRole('button', { name: t.editor.save }).click();
    await editor.getByText(t.errors.endsAt).waitFor();
    const end = dateToRiyadhMinute(new Date(Date.parse(`${startsAt}:00+03:00`) + 3 * DAY));
    await editor.getByLabel(t.fields.endsAt).fill(end);
    await editor.getByRole('button', { name: t.editor.save }).click();
    await page.getByTestId('campaigns-list').waitFor();
    const saved = await api<CampaignsData>('/api/campaigns');
    expect(saved.campaigns.some((c) => c.multiplierPct === 300 && c.endsAt === end)).toBe(true);
    await context.close();
  }, 90_000);

  test('in English on a desktop: a running campaign’s results next to the days before', async () => {
    const t = enCampaigns;
    const running = await api<Campaign>('/api/campaigns', {
      method: 'POST',
      body: JSON.stringify({
        nameAr: 'نقاط مضاعفة',
        nameEn: 'Double points week',
        startsAt: dateToRiyadhMinute(new Date(Date.now() - 2 * DAY)),
        endsAt: dateToRiyadhMinute(new Date(Date.now() + 5 * DAY)),
        effect: 'multiplier',
        multiplierPct: 200,
      }),
    });
    expect(running.status).toBe('running');
    const { context, page } = await openSignedIn(browser, merchant, {
      language: 'en',
      ...DESKTOP,
    });
    await page.goto(`${product.baseUrl}/campaigns`);
    const card = page.getByTestId('campaigns-list').getByRole('listitem').filter({
      hasText: 'Double points week',
    });
    await card.getByText(t.status.running).waitFor();
    await card.getByRole('button', { name: t.results.show }).click();
    const results = card.getByTestId('campaign-results');
    await results.waitFor();
    await results.getByRole('columnheader', { name: t.results.during }).waitFor();
    await results.getByRole('columnheader', { name: t.results.before }).waitFor();
    await screenshot(page, 'campaigns-en-light-1440-results');
    await context.close();
  }, 90_000);

  test('product rules: added in Arabic on a phone (a wrong multiplier refused), one removed, shown in English', async () => {
    const t = arCampaigns.productRules;
    const { context, page } = await openSignedIn(browser, merchant, { language: 'ar', ...PHONE });
    await page.goto(`${product.baseUrl}/campaigns`);
    const section = page.getByTestId('product-rules');
    await section.getByText(t.none).waitFor();
    // The products are those the demo store's orders named (Salla's `items[]`).
    await section.getByLabel(t.product).selectOption({ label: 'عطر العود الملكي' });
    await section.getByLabel(t.multiplier).fill('11');
    await section.getByRole('button', { name: t.add }).click();
    await section.getByText(t.errors.multiplier).waitFor();
    await section.getByLabel(t.multiplier).fill('2');
    await section.getByRole('button', { name: t.add }).click();
    await section.getByTestId('product-rules-list').getByText('عطر العود الملكي').waitFor();
    await section.getByLabel(t.product).selectOption({ label: 'بطاقة هدية' });
    await section.getByLabel(t.effect).selectOption({ label: t.exclude });
    await section.getByRole('button', { name: t.add }).click();
    const list = section.getByTestId('product-rules-list');
    await list.getByText(t.excluded).waitFor();
    const rules = await api<ProductRulesData>('/api/campaigns/product-rules');
    expect(rules.rules.map((r) => [r.productName, r.effect, r.multiplierPct])).toEqual([
      ['عطر العود الملكي', 'multiply', 200],
      ['بطاقة هدية', 'exclude', 0],
    ]);
    // The clicks scrolled the page: back to the top, so the sticky header is where it belongs.
    await page.evaluate(() => scrollTo(0, 0));
    await screenshot(page, 'product-rules-ar-light-390');
    await list.getByRole('button', { name: t.remove.replace('{{name}}', 'بطاقة هدية') }).click();
    await expect
      .poll(async () => (await api<ProductRulesData>('/api/campaigns/product-rules')).rules.length)
      .toBe(1);
    await context.close();

    const en = await openSignedIn(browser, merchant, { language: 'en', dark: true, ...DESKTOP });
    await en.page.goto(`${product.baseUrl}/campaigns`);
    const enSection = en.page.getByTestId('product-rules');
    await enSection.getByText(enCampaigns.productRules.how).waitFor();
    await enSection.getByTestId('product-rules-list').getByText('×2').waitFor();
    await en.page.evaluate(() => scrollTo(0, 0));
    await screenshot(en.page, 'product-rules-en-dark-1440');
    await en.context.close();
  }, 90_000);

  test('/campaigns screenshots: ar/en, light/dark, 390 and 1440 wide', async () => {
    const looks = await inEachLook(
      everyLook(DESKTOP),
      (look) => openSignedIn(browser, merchant, look),
      async (page, look) => {
        await page.goto(`${product.baseUrl}/campaigns`);
        await page.getByTestId('campaigns-list').waitFor();
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - innerWidth),
        ).toBeLessThanOrEqual(0);
        await screenshot(page, `campaigns-${look.name}`);
      },
    );
    expect(looks).toBe(8);
  }, 180_000);
});
