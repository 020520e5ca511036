import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, openPage, screenshot } from './support/browser.ts';
import { openSignedIn, signInDemo, type MerchantSession } from './support/merchant.ts';
import { startProduct, type Product } from './support/product.ts';

/**
 * Issue 27: the screens added last — /privacy, /terms, the landing's contact form, the API keys
 * and webhooks and the widget sections of /settings, the read-only demo's banner — in dark mode,
 * Arabic and English, phone and desktop: the right direction, the dark theme applied, nothing
 * wider than the screen. The screenshots are looked at (e2e/artifacts/screenshots/dark-*).
 */

const ADDRESS = 'طريق الملك فهد، الرياض 12211';

let product: Product;
let browser: Browser;
let session: MerchantSession;

beforeAll(async () => {
  product = await startProduct({
    env: {
      OPERATOR_NAME: 'شركة نقاط للتقنية',
      OPERATOR_CR_NUMBER: '1010123456',
      OPERATOR_ADDRESS: ADDRESS,
      OPERATOR_EMAIL: 'privacy@nuqat.example',
    },
  });
  browser = await launchBrowser();
  session = await signInDemo(product);
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

async function expectDarkAndFitting(page: Page, lang: 'ar' | 'en') {
  const html = page.locator('html');
  expect(await html.evaluate((el) => el.classList.contains('dark'))).toBe(true);
  expect(await html.getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBe(0);
}

describe.each([
  ['ar', 390],
  ['ar', 1280],
  ['en', 390],
  ['en', 1280],
] as const)('dark mode in %s at %i px', (lang, width) => {
  const name = (screen: string) => `dark-${screen}-${lang}-${width}`;

  test('/privacy, /terms and the contact form', async () => {
    const { context, page } = await openPage(browser, { language: lang, width, dark: true });
    try {
      for (const screen of ['privacy', 'terms'] as const) {
        await page.goto(`${product.baseUrl}/${screen}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await expectDarkAndFitting(page, lang);
        // The operator's Arabic address reads right to left on the English page too.
        const address = page.getByText(ADDRESS, { exact: true });
        expect(await address.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
        await screenshot(page, name(screen));
      }
      await page.goto(`${product.baseUrl}/?lang=${lang}`);
      await page.locator('html[data-landing-ready]').waitFor({ state: 'attached' });
      const contact = page.locator('#contact');
      await contact.scrollIntoViewIfNeeded();
      await contact.locator('form').waitFor();
      await expectDarkAndFitting(page, lang);
      await screenshot(contact, name('contact'));
    } finally {
      await context.close();
    }
  }, 60_000);

  test('/settings: the API keys and webhooks, and the widget', async () => {
    const { context, page } = await openSignedIn(browser, session, {
      language: lang,
      width,
      dark: true,
    });
    try {
      await page.goto(`${product.baseUrl}/settings`);
      for (const section of ['developers-section', 'widget-section']) {
        const box = page.getByTestId(section);
        await box.waitFor();
        await box.scrollIntoViewIfNeeded();
        await screenshot(box, name(section));
      }
      await expectDarkAndFitting(page, lang);
    } finally {
      await context.close();
    }
  }, 60_000);

  test('the read-only demo’s banner', async () => {
    const { context, page } = await openPage(browser, { language: lang, width, dark: true });
    try {
      await page.goto(`${product.baseUrl}/demo`);
      await page.waitForURL(`${product.baseUrl}/dashboard`);
      await page.getByTestId('demo-banner').waitFor();
      await page.locator('main [data-testid="dashboard-loading"]').waitFor({ state: 'detached' });
      await expectDarkAndFitting(page, lang);
      await screenshot(page, name('demo-banner'), { fullPage: false });
    } finally {
      await context.close();
    }
  }, 60_000);
});
