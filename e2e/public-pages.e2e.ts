import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ERROR_MESSAGES, UNINSTALL_GRACE_DAYS } from '@nuqat/contracts';
import { startSmtpSink, type SmtpSink } from '../apps/api/src/test/smtp-sink.ts';
import arAuth from '../apps/web/src/locales/ar/auth.json' with { type: 'json' };
import enAuth from '../apps/web/src/locales/en/auth.json' with { type: 'json' };
import arMerchant from '../apps/web/src/locales/ar/merchant.json' with { type: 'json' };
import enMerchant from '../apps/web/src/locales/en/merchant.json' with { type: 'json' };
import arLanding from '../apps/web/src/locales/ar/landing.json' with { type: 'json' };
import enLanding from '../apps/web/src/locales/en/landing.json' with { type: 'json' };
import { legalTexts } from '../apps/web/src/features/legal/content.ts';
import { launchBrowser, openPage, screenshot } from './support/browser.ts';
import { SUPPORT_ENV, startProduct, type Product } from './support/product.ts';

/**
 * Issue 27, "Trust on the public pages": /privacy and /terms with the operator's details from
 * configuration, the links to them, and the landing page's contact form mailed to support.
 */

const OPERATOR = {
  OPERATOR_NAME: 'شركة نقاط للتقنية',
  OPERATOR_CR_NUMBER: '1010123456',
  OPERATOR_ADDRESS: 'طريق الملك فهد، الرياض 12211',
  OPERATOR_EMAIL: 'privacy@nuqat.example',
};
const text = {
  ar: { auth: arAuth, landing: arLanding, merchant: arMerchant },
  en: { auth: enAuth, landing: enLanding, merchant: enMerchant },
};

let smtp: SmtpSink;
let product: Product;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtpSink();
  product = await startProduct({ smtpUrl: smtp.url, env: OPERATOR });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await smtp?.close();
});

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - innerWidth);

describe.each(['ar', 'en'] as const)('the public pages in %s', (lang) => {
  const legal = legalTexts(lang);
  const t = text[lang];

  test.each([
    [390, false],
    [390, true],
    [1280, false],
    [1280, true],
  ])(
    '/privacy at %ipx (dark: %s) says what is kept and who runs Nuqat, without a session',
    async (width, dark) => {
      const { context, page } = await openPage(browser, { language: lang, width, dark });
      try {
        await page.goto(`${product.baseUrl}/privacy`);
        await page.getByRole('heading', { level: 1, name: legal.privacy.title }).waitFor();
        expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
        for (const section of legal.privacy.sections) {
          await page.getByRole('heading', { level: 2, name: section.title }).waitFor();
        }
        // The retention figure is the one the purge uses.
        const body = await page.locator('main').innerText();
        expect(body).toContain(String(UNINSTALL_GRACE_DAYS));
        // The operator's details, from configuration.
        const operator = page.getByRole('region', { name: legal.chrome.operatorTitle });
        await operator.getByText(OPERATOR.OPERATOR_NAME).waitFor();
        await operator.getByText(OPERATOR.OPERATOR_CR_NUMBER).waitFor();
        await operator.getByText(OPERATOR.OPERATOR_ADDRESS).waitFor();
        expect(
          await operator.getByRole('link', { name: OPERATOR.OPERATOR_EMAIL }).getAttribute('href'),
        ).toBe(`mailto:${OPERATOR.OPERATOR_EMAIL}`);
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        expect(page.url()).toBe(`${product.baseUrl}/privacy`);
        await screenshot(page, `public-privacy-${lang}-${width}-${dark ? 'dark' : 'light'}`);
      } finally {
        await context.close();
      }
    },
  );

  test('/terms at 390px, and the landing footer and the login page link to both pages', async () => {
    const { context, page } = await openPage(browser, { language: lang, width: 390 });
    try {
      await page.goto(`${product.baseUrl}/terms`);
      await page.getByRole('heading', { level: 1, name: legal.terms.title }).waitFor();
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `public-terms-${lang}-390`);

      await page.goto(`${product.baseUrl}/?lang=${lang}`);
      // Once hydrated, the contact section has appeared above the footer (no shift under the click).
      await page.locator('html[data-landing-ready]').waitFor({ state: 'attached' });
      await page.locator('#contact form').waitFor();
      const footer = page.locator('footer');
      await footer.getByRole('link', { name: t.landing.footer.terms }).click();
      await page.getByRole('heading', { level: 1, name: legal.terms.title }).waitFor();

      await page.goto(`${product.baseUrl}/login`);
      await page.getByRole('link', { name: t.auth.legal.privacy }).click();
      await page.getByRole('heading', { level: 1, name: legal.privacy.title }).waitFor();
    } finally {
      await context.close();
    }
  });

  test('the contact form refuses bad input in words, then mails support and confirms', async () => {
    const width = lang === 'ar' ? 390 : 1280;
    const { context, page } = await openPage(browser, { language: lang, width });
    try {
      await page.goto(`${product.baseUrl}/?lang=${lang}`);
      const form = page.locator('#contact form');
      await form.waitFor();
      const c = t.landing.contact;
      await form.getByLabel(c.email, { exact: true }).fill('not-an-email');
      await form.getByLabel(c.message, { exact: true }).fill('short');
      await form.getByRole('button', { name: c.submit }).click();
      await form.getByText(c.errors.name.split('(')[0]!.trim(), { exact: false }).waitFor();
      await form
        .getByText(c.errors.email.split(',')[0]!.split('،')[0]!.trim(), { exact: false })
        .waitFor();
      expect(await form.getByLabel(c.email, { exact: true }).getAttribute('aria-invalid')).toBe(
        'true',
      );
      await screenshot(page.locator('#contact'), `public-contact-errors-${lang}-${width}`);

      const sender = `visitor-${lang}-${Date.now()}@shop.example`;
      const after = smtp.messages.length;
      await form
        .getByLabel(c.name, { exact: true })
        .fill(lang === 'ar' ? 'نورة القحطاني' : 'Nora Q');
      await form.getByLabel(c.email, { exact: true }).fill(sender);
      await form
        .getByLabel(c.message, { exact: true })
        .fill(
          lang === 'ar'
            ? 'هل تدعم نقاط المتاجر متعددة الفروع؟'
            : 'Does Nuqat support stores with several branches?',
        );
      await form.getByRole('button', { name: c.submit }).click();
      await page.getByRole('status').getByText(c.sent.title).waitFor();
      const mail = await smtp.waitForMail(SUPPORT_ENV.SUPPORT_EMAIL, { after });
      expect(mail.headers['reply-to']).toContain(sender);
      expect(mail.text).toContain(lang === 'ar' ? 'متعددة الفروع' : 'several branches');
      await screenshot(page.locator('#contact'), `public-contact-sent-${lang}-${width}`);
    } finally {
      await context.close();
    }
  });

  test('"Preview the platform" opens the demo store read-only: a banner says so, and a save is refused in words', async () => {
    const width = lang === 'ar' ? 390 : 1280;
    const { context, page } = await openPage(browser, {
      language: lang,
      width,
      dark: lang === 'en',
    });
    try {
      await page.goto(`${product.baseUrl}/?lang=${lang}`);
      await page.locator('html[data-landing-ready]').waitFor({ state: 'attached' });
      const preview = page.getByRole('link', { name: t.landing.hero.preview });
      await page.locator('a[href="/demo"]').first().waitFor();
      await preview.first().click();
      await page.waitForURL(`${product.baseUrl}/dashboard`);
      const banner = page.getByTestId('demo-banner');
      await banner.getByText(t.merchant.demoBanner.title).waitFor();
      await screenshot(page, `public-demo-dashboard-${lang}-${width}`, { fullPage: false });

      // A save: the API refuses it, and the card says why.
      const e = t.merchant.expiry;
      await page.goto(`${product.baseUrl}/settings`);
      await page.getByRole('radio', { name: e.enabled, exact: true }).check();
      await page.getByLabel(e.days, { exact: true }).fill('30');
      await page
        .getByTestId('expiry-card')
        .getByRole('button', { name: e.save, exact: true })
        .click();
      // A shorter period asks first (decision 036); then the refusal is shown.
      const dialog = page.getByRole('alertdialog');
      const refusal = page
        .getByTestId('demo-refusal')
        .getByText(ERROR_MESSAGES.READ_ONLY_DEMO[lang]);
      const first = await Promise.race([
        dialog.waitFor().then(() => 'dialog' as const),
        refusal.waitFor().then(() => 'refused' as const),
      ]);
      if (first === 'dialog')
        await dialog.getByRole('button', { name: e.confirm, exact: true }).click();
      await refusal.waitFor();
      await screenshot(page, `public-demo-refused-${lang}-${width}`, { fullPage: false });
      // Nothing changed on the server.
      const settings = await fetch(`${product.baseUrl}/api/merchants/settings`, {
        headers: {
          cookie: (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; '),
        },
      });
      expect(
        ((await settings.json()) as { data: { pointsExpiryDays: number | null } }).data
          .pointsExpiryDays,
      ).not.toBe(30);
    } finally {
      await context.close();
    }
  });
});
