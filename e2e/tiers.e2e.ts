import type { Language, ShopperSession, TiersConfig } from '@nuqat/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { extractMailedCode, startSmtpSink, type SmtpSink } from '../apps/api/src/test/smtp-sink.ts';
import arTiers from '../apps/web/src/locales/ar/tiers.json' with { type: 'json' };
import enTiers from '../apps/web/src/locales/en/tiers.json' with { type: 'json' };
import { ar as arShopper } from '../apps/web/src/shopper/locales/ar.ts';
import { en as enShopper } from '../apps/web/src/shopper/locales/en.ts';
import { launchBrowser, openPage, screenshot } from './support/browser.ts';
import { openSignedIn, signInDemo, type MerchantSession } from './support/merchant.ts';
import { everyLook, inEachLook } from './support/looks.ts';
import { startProduct, type Product } from './support/product.ts';
import { keepShopperSession } from './support/shopper.ts';

/**
 * Issue 14 in a real browser against the built product: the merchant defines VIP tiers on
 * /tiers — in Arabic on a phone, then in English on a desktop — sees the preview of where today's
 * customers land, saves; a signed-in shopper of the demo store sees their tier card on the
 * loyalty page in both languages.
 */

const MERCHANT_ID = '7000001';
const back = { ar: arTiers, en: enTiers };
const shop = { ar: arShopper, en: enShopper };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

let smtp: SmtpSink;
let product: Product;
let browser: Browser;
let merchant: MerchantSession;

beforeAll(async () => {
  smtp = await startSmtpSink();
  product = await startProduct({ smtpUrl: smtp.url });
  browser = await launchBrowser();
  merchant = await signInDemo(product);
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await smtp?.close();
});

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${product.baseUrl}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}`);
  return ((await res.json()) as { data: T }).data;
}

const tiers = () =>
  api<TiersConfig>('/api/tiers', { headers: { authorization: `Bearer ${merchant.token}` } });

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

interface TierInput {
  nameAr: string;
  nameEn: string;
  threshold: string;
  multiplier: string;
  birthday?: string;
}

/** Adds a tier at the end of the editor and fills it as a merchant types. */
async function addTier(page: Page, lang: Language, input: TierInput) {
  const t = back[lang];
  await page.getByRole('button', { name: t.list.add }).click();
  const card = page.getByTestId('tier-card').last();
  await card.getByLabel(t.tier.nameAr).fill(input.nameAr);
  await card.getByLabel(t.tier.nameEn).fill(input.nameEn);
  await card.getByLabel(t.tier.thresholdSpend).fill(input.threshold);
  await card.getByLabel(t.tier.multiplier, { exact: true }).fill(input.multiplier);
  if (input.birthday) await card.getByLabel(t.tier.birthday).fill(input.birthday);
  await card.getByLabel(t.tier.thresholdSpend).blur();
}

/** The preview has counted the draft: every row has a figure. */
async function previewCounted(page: Page, rows: number) {
  const preview = page.getByTestId('tiers-preview');
  await expect
    .poll(async () => {
      const texts = await preview.getByTestId('preview-row').allTextContents();
      return texts.length === rows && texts.every((text) => /\d/.test(text));
    })
    .toBe(true);
}

describe('the merchant defines VIP tiers', () => {
  test('in Arabic on a phone: two tiers, the preview, saved', async () => {
    const t = back.ar;
    const { context, page } = await openSignedIn(browser, merchant, { language: 'ar', ...PHONE });
    await page.goto(`${product.baseUrl}/tiers`);
    await page.getByTestId('tiers-editor').waitFor();
    await page.getByRole('switch', { name: t.switch.title }).click();
    await page.getByText(t.basis.spend).click();
    await addTier(page, 'ar', {
      nameAr: 'الفضي',
      nameEn: 'Silver',
      threshold: '100',
      multiplier: '1.25',
    });
    await addTier(page, 'ar', {
      nameAr: 'الذهبي',
      nameEn: 'Gold',
      threshold: '١٠٠٠٠',
      multiplier: '1.5',
      birthday: '2',
    });
    await previewCounted(page, 3);
    // Nothing horizontal scrolls on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBe(0);
    await screenshot(page, 'tiers-ar-light-390-draft');

    await page.getByRole('button', { name: t.saveBar.save }).click();
    await page.getByTestId('toast').waitFor();
    await page.getByText(t.saveBar.clean).waitFor();
    const saved = await tiers();
    expect(saved).toMatchObject({ enabled: true, basis: 'spend' });
    expect(saved.tiers.map((tier) => [tier.nameAr, tier.threshold, tier.multiplierPct])).toEqual([
      ['الفضي', 100, 125],
      ['الذهبي', 10000, 150],
    ]);
    expect(saved.tiers[1]!.birthdayMultiplierPct).toBe(200);
    await context.close();
  }, 90_000);

  test('in English on a desktop: a third tier and a shorter grace period, saved', async () => {
    const t = back.en;
    const { context, page } = await openSignedIn(browser, merchant, { language: 'en', ...DESKTOP });
    await page.goto(`${product.baseUrl}/tiers`);
    await page.getByTestId('tiers-editor').waitFor();
    expect(await page.getByTestId('tier-card').count()).toBe(2);
    await page.getByLabel(t.rules.grace).fill('abc');
    await page.getByRole('button', { name: t.saveBar.save }).click();
    await page.getByLabel(t.rules.grace).and(page.locator('[aria-invalid="true"]')).waitFor();
    await page.getByLabel(t.rules.grace).fill('14');
    await addTier(page, 'en', {
      nameAr: 'البلاتيني',
      nameEn: 'Platinum',
      threshold: '50000',
      multiplier: '2',
    });
    await previewCounted(page, 4);
    await page.getByRole('button', { name: t.saveBar.save }).click();
    await page.getByTestId('toast').getByText('3 tiers are on', { exact: false }).waitFor();
    const saved = await tiers();
    expect(saved.graceDays).toBe(14);
    expect(saved.tiers.map((tier) => tier.nameEn)).toEqual(['Silver', 'Gold', 'Platinum']);
    await context.close();
  }, 90_000);

  test('a threshold being typed does not re-sort the cards; leaving the field does (ar phone, en desktop)', async () => {
    for (const [lang, viewport] of [
      ['ar', PHONE],
      ['en', DESKTOP],
    ] as const) {
      const t = back[lang];
      const { context, page } = await openSignedIn(browser, merchant, {
        language: lang,
        ...viewport,
      });
      await page.goto(`${product.baseUrl}/tiers`);
      await page.getByTestId('tiers-editor').waitFor();
      const cards = page.getByTestId('tier-card');
      const order = async () => {
        const names: string[] = [];
        for (const card of await cards.all())
          names.push(await card.getByLabel(t.tier.nameEn).inputValue());
        return names;
      };
      const before = await order();
      expect(before).toEqual(['Silver', 'Gold', 'Platinum']);
      // Silver's threshold typed past Gold's and Platinum's, one key at a time: every keystroke
      // leaves the cards where they were and the caret in the same field.
      const threshold = cards.first().getByLabel(t.tier.thresholdSpend);
      await threshold.fill('');
      for (const key of '99999') {
        await threshold.press(key);
        expect(await order()).toEqual(before);
        expect(await threshold.evaluate((input) => input === document.activeElement)).toBe(true);
      }
      expect(await threshold.inputValue()).toBe('99999');
      // Leaving the field places the tier by its threshold.
      await threshold.blur();
      await expect.poll(order).toEqual(['Gold', 'Platinum', 'Silver']);
      expect(await cards.last().getByLabel(t.tier.thresholdSpend).inputValue()).toBe('99999');
      await context.close();
    }
    // Nothing was saved.
    expect((await tiers()).tiers.map((tier) => tier.nameEn)).toEqual([
      'Silver',
      'Gold',
      'Platinum',
    ]);
  }, 90_000);

  test('/tiers screenshots: ar/en, light/dark, 390 and 1440 wide', async () => {
    const looks = await inEachLook(
      everyLook(DESKTOP),
      (look) => openSignedIn(browser, merchant, look),
      async (page, look) => {
        await page.goto(`${product.baseUrl}/tiers`);
        await page.getByTestId('tiers-editor').waitFor();
        await previewCounted(page, 4);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - innerWidth),
        ).toBeLessThanOrEqual(0);
        await screenshot(page, `tiers-${look.name}`);
      },
    );
    expect(looks).toBe(8);
  }, 180_000);
});

describe('the shopper sees their tier', () => {
  test.each(['ar', 'en'] as const)(
    'the tier card on the loyalty page in %s',
    async (lang) => {
      const session = await shopperSession('customer1@demo.nuqat.sa');
      const { context, page } = await openPage(browser, {
        language: lang,
        ...(lang === 'ar' ? PHONE : DESKTOP),
      });
      // Signed in to the store, with the token the snippet keeps for her there (decision 030).
      await keepShopperSession(context, product.storeUrl, MERCHANT_ID, session);
      const store = new URL(product.storeUrl);
      store.searchParams.set('customer', session.customerId);
      store.searchParams.set('email', 'customer1@demo.nuqat.sa');
      if (lang === 'en') store.searchParams.set('lang', 'en');
      await page.goto(store.toString());
      await page
        .getByRole('button', { name: lang === 'ar' ? 'نقاطي' : 'My points', exact: true })
        .click();
      const frame = page.frameLocator('nuqat-loyalty iframe');
      const card = frame.getByTestId('tier-card');
      await card.waitFor();
      await card.getByText(shop[lang]['tier.label'], { exact: true }).waitFor();
      // The ladder lists the three tiers the merchant saved, in the page's language.
      const ladder = card.getByTestId('tier-ladder');
      expect(await ladder.getByRole('listitem').allTextContents()).toEqual([
        expect.stringContaining(lang === 'ar' ? 'الفضي' : 'Silver'),
        expect.stringContaining(lang === 'ar' ? 'الذهبي' : 'Gold'),
        expect.stringContaining(lang === 'ar' ? 'البلاتيني' : 'Platinum'),
      ]);
      const progress = (await card.getByTestId('tier-progress').textContent()) ?? '';
      expect(progress).toMatch(
        lang === 'ar' ? /(ر\.س أخرى للوصول إلى|أنت في أعلى مستوى)/ : /(SAR more to|top tier)/,
      );
      expect(
        await frame.locator('html').evaluate((el) => el.scrollWidth - el.clientWidth),
      ).toBeLessThanOrEqual(0);
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `tiers-shopper-${lang}-${lang === 'ar' ? 390 : 1440}`, {
        fullPage: false,
      });
      await context.close();
    },
    60_000,
  );
});
