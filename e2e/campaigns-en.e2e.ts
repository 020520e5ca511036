import type { CampaignsData } from '@nuqat/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import arCampaigns from '../apps/web/src/locales/ar/campaigns.json' with { type: 'json' };
import enCampaigns from '../apps/web/src/locales/en/campaigns.json' with { type: 'json' };
import { launchBrowser, screenshot } from './support/browser.ts';
import { openSignedIn, signInDemo, type MerchantSession } from './support/merchant.ts';
import { startProduct, type Product } from './support/product.ts';

/**
 * The campaign editor in English, left to right, against the built product (issue 29, decision
 * 057): a products campaign is planned on a desktop — no product chosen and a ×11 multiplier are
 * refused with their fields named, the preview counts a sample order of the chosen products, the
 * overlap rule is stated — saved, listed, and the editor's screenshots taken light and dark on a
 * phone and a desktop. Then, in Arabic right to left, a products campaign made from a category
 * (decision 061): the demo store's perfumes ticked beside the products, read from Salla on save.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const OUD = 'عطر العود الملكي';
const MUSK = 'دهن المسك الأبيض';
const t = enCampaigns;

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

async function campaigns(): Promise<CampaignsData> {
  const res = await fetch(`${product.baseUrl}/api/campaigns`, {
    headers: { authorization: `Bearer ${merchant.token}` },
  });
  if (!res.ok) throw new Error(`GET /api/campaigns answered ${res.status}`);
  return ((await res.json()) as { data: CampaignsData }).data;
}

describe('campaign editor in English', () => {
  test('a products campaign: refused without products and at ×11, previewed, saved and listed', async () => {
    // A point for every 10 riyals on top of the demo's points per order: the spend counts.
    const rule = await fetch(`${product.baseUrl}/api/loyalty`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${merchant.token}` },
      body: JSON.stringify({ event: 'purchase_amount', points: 1, spendUnit: 10 }),
    });
    expect(rule.status).toBe(200);
    const { context, page } = await openSignedIn(browser, merchant, {
      language: 'en',
      ...DESKTOP,
    });
    await page.goto(`${product.baseUrl}/campaigns`);
    await page.getByTestId('campaigns-screen').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await page.getByRole('button', { name: t.new }).first().click();
    const editor = page.getByTestId('campaign-editor');
    await editor.waitFor();
    await editor.getByLabel(t.fields.nameAr).fill('أسبوع العود');
    await editor.getByLabel(t.fields.nameEn).fill('Oud week');
    const startsAt = await (async () => {
      const now = new Date(Date.now() + 3 * 3_600_000 + 86_400_000);
      return now.toISOString().slice(0, 11) + '09:00';
    })();
    await editor.getByLabel(t.fields.startsAt).fill(startsAt);
    await editor.getByLabel(t.fields.endsAt).fill(startsAt.slice(0, 11) + '23:00');
    await editor.getByLabel(t.effects.products).check();
    const products = editor.getByTestId('campaign-products');
    await products.getByLabel(OUD).waitFor();
    await editor.getByLabel(t.fields.multiplier).fill('11');
    await editor.getByRole('button', { name: t.editor.save }).click();
    // Both fields say what is wrong; nothing was sent.
    await editor.getByText(t.errors.productIds).waitFor();
    await editor.getByText(t.errors.multiplierPct).waitFor();
    expect((await campaigns()).campaigns.some((c) => c.nameEn === 'Oud week')).toBe(false);
    await products.getByLabel(OUD).check();
    await products.getByLabel(MUSK).check();
    await editor.getByLabel(t.fields.multiplier).fill('3');
    await editor.getByText(t.errors.productIds).waitFor({ state: 'detached' });
    await editor.getByTestId('overlap-rule').getByText(t.editor.overlapRule).waitFor();
    await editor.getByText(t.preview.productsNote).waitFor();
    // A 200 SAR order of the chosen products: its spend ×3, its per-order points not.
    await expect
      .poll(() => editor.getByTestId('campaign-preview').textContent())
      .toMatch(/(\d[\d,]*) points without the campaign, (\d[\d,]*) points with it\./);
    const [without, withIt] = (
      /(\d[\d,]*) points without the campaign, (\d[\d,]*) points with it/.exec(
        (await editor.getByTestId('campaign-preview').textContent()) ?? '',
      ) ?? []
    )
      .slice(1)
      .map((n) => Number(n.replaceAll(',', '')));
    // The sample's 20 points per riyal become 60; its points per order stay as they are.
    expect(withIt! - without!).toBe(40);
    await page.evaluate(() => scrollTo(0, 0));
    await screenshot(page, 'campaigns-en-light-1440-products-editor');
    await editor.getByRole('button', { name: t.editor.save }).click();
    const card = page.getByTestId('campaigns-list').getByRole('listitem').filter({
      hasText: 'Oud week',
    });
    await card.getByText(`×3 points on ${OUD}, ${MUSK}`).waitFor();
    const saved = (await campaigns()).campaigns.find((c) => c.nameEn === 'Oud week');
    expect(saved).toMatchObject({ effect: 'products', multiplierPct: 300, status: 'scheduled' });
    expect(saved?.products.map((p) => p.name)).toEqual([OUD, MUSK]);
    await context.close();
  }, 120_000);

  test('the editor’s screenshots: en LTR, light and dark, 390 and 1440 wide', async () => {
    for (const dark of [false, true]) {
      for (const viewport of [PHONE, DESKTOP]) {
        const { context, page } = await openSignedIn(browser, merchant, {
          language: 'en',
          dark,
          ...viewport,
        });
        await page.goto(`${product.baseUrl}/campaigns`);
        await page.getByTestId('campaigns-screen').waitFor();
        await page.getByRole('button', { name: t.new }).first().click();
        const editor = page.getByTestId('campaign-editor');
        await editor.getByLabel(t.effects.products).check();
        await editor.getByTestId('campaign-products').getByLabel(OUD).check();
        await expect
          .poll(() => editor.getByTestId('campaign-preview').textContent())
          .toMatch(/points with it/);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - innerWidth),
        ).toBeLessThanOrEqual(0);
        const name = `campaigns-en-${dark ? 'dark' : 'light'}-${viewport.width}-editor`;
        // The whole page from its top (the sticky header where it belongs), and the editor alone.
        await page.evaluate(() => scrollTo(0, 0));
        await screenshot(page, name);
        await screenshot(editor, `${name}-only`);
        await context.close();
      }
    }
  }, 180_000);

  test('category rules: perfumes ×2 read from Salla, shown in English and Arabic', async () => {
    const c = enCampaigns.categoryRules;
    const { context, page } = await openSignedIn(browser, merchant, {
      language: 'en',
      ...DESKTOP,
    });
    await page.goto(`${product.baseUrl}/campaigns`);
    const section = page.getByTestId('category-rules');
    await section.getByText(c.none).waitFor();
    // No category chosen: the field says so.
    await section.getByRole('button', { name: c.add }).click();
    await section.getByText(c.errors.categoryId).waitFor();
    // The demo store's categories, as Salla's List Categories gives them.
    await section.getByLabel(c.category).selectOption({ label: 'العطور' });
    await section.getByLabel(t.productRules.multiplier).fill('2');
    await section.getByRole('button', { name: c.add }).click();
    const list = section.getByTestId('category-rules-list');
    await list.getByText('العطور').waitFor();
    await list.getByText(c.products_other.replace('{{n}}', '2')).waitFor();
    await page.evaluate(() => scrollTo(0, 0));
    await screenshot(page, 'category-rules-en-light-1440');
    await context.close();

    const ar = await openSignedIn(browser, merchant, { language: 'ar', dark: true, ...PHONE });
    await ar.page.goto(`${product.baseUrl}/campaigns`);
    const arList = ar.page.getByTestId('category-rules-list');
    await arList.getByText('العطور').waitFor();
    expect(
      await ar.page.evaluate(() => document.documentElement.scrollWidth - innerWidth),
    ).toBeLessThanOrEqual(0);
    await ar.page.evaluate(() => scrollTo(0, 0));
    await screenshot(ar.page, 'category-rules-ar-dark-390');
    await ar.context.close();
  }, 120_000);

  test('Arabic: a products campaign made from a category, its products read from Salla on save', async () => {
    const a = arCampaigns;
    for (const [dark, viewport] of [
      [true, PHONE],
      [false, DESKTOP],
    ] as const) {
      const { context, page } = await openSignedIn(browser, merchant, {
        language: 'ar',
        dark,
        ...viewport,
      });
      await page.goto(`${product.baseUrl}/campaigns`);
      await page.getByTestId('campaigns-screen').waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await page.getByRole('button', { name: a.new }).first().click();
      const editor = page.getByTestId('campaign-editor');
      await editor.getByLabel(a.effects.products).check();
      const categories = editor.getByTestId('campaign-categories');
      await categories.getByText(a.categories.hint).waitFor();
      await categories.getByLabel('العطور').check();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - innerWidth),
      ).toBeLessThanOrEqual(0);
      const name = `campaigns-ar-${dark ? 'dark' : 'light'}-${viewport.width}-categories`;
      // The whole page from its top (the sticky header where it belongs), and the editor alone.
      await page.evaluate(() => scrollTo(0, 0));
      await screenshot(page, name);
      await screenshot(editor, `${name}-only`);
      if (viewport === PHONE) {
        await context.close();
        continue;
      }
      await editor.getByLabel(a.fields.nameAr).fill('أسبوع العطور');
      await editor.getByLabel(a.fields.nameEn).fill('Perfume week');
      const day = new Date(Date.now() + 3 * 3_600_000 + 2 * 86_400_000).toISOString().slice(0, 11);
      await editor.getByLabel(a.fields.startsAt).fill(`${day}09:00`);
      await editor.getByLabel(a.fields.endsAt).fill(`${day}23:00`);
      await editor.getByLabel(a.fields.multiplier).fill('2');
      await editor.getByRole('button', { name: a.editor.save }).click();
      const card = page.getByTestId('campaigns-list').getByRole('listitem').filter({
        hasText: 'أسبوع العطور',
      });
      await card.getByText(/نقاط ×\S+ على العطور/).waitFor();
      const saved = (await campaigns()).campaigns.find((c) => c.nameEn === 'Perfume week');
      expect(saved).toMatchObject({
        effect: 'products',
        multiplierPct: 200,
        categories: [{ id: 880_001, name: 'العطور' }],
      });
      // The demo store's perfumes at Salla: the oud and the musk, kept with the category.
      expect(saved?.products).toEqual([
        expect.objectContaining({ name: OUD, categoryId: 880_001 }),
        expect.objectContaining({ name: MUSK, categoryId: 880_001 }),
      ]);
      await page.evaluate(() => scrollTo(0, 0));
      await screenshot(page, 'campaigns-ar-light-1440-category-listed');
      await context.close();
    }
  }, 180_000);
});
