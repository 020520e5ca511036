import { ERROR_MESSAGES, UI_TIMING, type Language } from '@nuqat/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import arAuth from '../apps/web/src/locales/ar/auth.json' with { type: 'json' };
import enAuth from '../apps/web/src/locales/en/auth.json' with { type: 'json' };
import arCommon from '../apps/web/src/locales/ar/common.json' with { type: 'json' };
import enCommon from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import { extractMailedCode, startSmtpSink, type SmtpSink } from '../apps/api/src/test/smtp-sink.ts';
import { launchBrowser, openPage, screenshot } from './support/browser.ts';
import { everyLook, inEachLook } from './support/looks.ts';
import { startProduct, type Product } from './support/product.ts';

const text = { ar: { auth: arAuth, common: arCommon }, en: { auth: enAuth, common: enCommon } };

let smtp: SmtpSink;
let product: Product;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtpSink();
  product = await startProduct({ smtpUrl: smtp.url });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await smtp?.close();
});

async function fillLogin(page: Page, lang: Language, email: string, password: string) {
  const t = text[lang].auth.login;
  const form = page.getByTestId('login-form');
  await form.getByLabel(t.email, { exact: true }).fill(email);
  await form.getByLabel(t.password, { exact: true }).fill(password);
  await form.getByRole('button', { name: t.submit }).click();
}

describe.each(['ar', 'en'] as const)('merchant login in %s', (lang) => {
  const t = text[lang];

  test('the page is in the right language and direction', async () => {
    const { context, page } = await openPage(browser, { language: lang });
    await page.goto(`${product.baseUrl}/login`);
    await page.getByRole('heading', { name: t.auth.login.title }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    expect(await page.locator('html').getAttribute('lang')).toBe(lang);
    await context.close();
  });

  test('a wrong password shows the catalogue message and stays on /login', async () => {
    const { context, page } = await openPage(browser, { language: lang });
    await page.goto(`${product.baseUrl}/login`);
    await fillLogin(page, lang, product.demo.email, 'definitely-wrong');
    await page
      .getByRole('alert')
      .filter({ hasText: ERROR_MESSAGES.AUTH_INVALID_CREDENTIALS[lang] })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  test('the demo login opens the dashboard, and logout returns to /login for good', async () => {
    const { context, page } = await openPage(browser, { language: lang });
    await page.goto(`${product.baseUrl}/login`);
    // The spec's normalisation: upper case and spaces around the e-mail still log in.
    await fillLogin(
      page,
      lang,
      `  ${product.demo.email.toUpperCase()} `,
      ` ${product.demo.password} `,
    );
    await page.waitForURL('**/dashboard');
    await page.getByTestId('store-name').first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('merchantId'))).toBe('7000001');
    // The session is the httpOnly cookie: nothing a script can read holds it.
    const readable = await page.evaluate(() => ({
      storage: JSON.stringify({ ...localStorage, ...sessionStorage }),
      cookies: document.cookie,
    }));
    const [session] = (await context.cookies()).filter((c) => c.name === 'nuqat_session');
    expect(session?.httpOnly).toBe(true);
    expect(readable.storage).not.toContain(session!.value);
    expect(readable.cookies).not.toContain('nuqat_session');
    expect(readable.cookies).toContain('nuqat_csrf=');
    // Logout is a change: it goes through only with the CSRF token, and ends the session.
    await page.getByRole('button', { name: t.common.nav.logout }).first().click();
    await page.waitForURL('**/login');
    const storeInfo = await fetch(`${product.baseUrl}/api/merchants/store-info`, {
      headers: { cookie: `nuqat_session=${session!.value}` },
    });
    expect(storeInfo.status).toBe(401);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto(`${product.baseUrl}/dashboard`);
    await page.waitForURL('**/login');
    await context.close();
  });
});

describe.each(['ar', 'en'] as const)('password recovery in %s', (lang) => {
  const t = text[lang].auth;

  test('code from a real mail, verify, new password, back to login after 2 s, log in with it', async () => {
    const { context, page } = await openPage(browser, { language: lang, width: 390, height: 844 });
    // The page's timers run on a clock the test moves: the 2 s before the login form is counted,
    // not timed (issue 25).
    await page.clock.install();
    await page.goto(`${product.baseUrl}/login`);
    await page.getByRole('button', { name: t.login.forgotPassword }).click();

    const emailStep = page.getByTestId('recovery-email');
    await emailStep.getByLabel(t.recovery.email.label, { exact: true }).fill(product.demo.email);
    const before = smtp.messages.length;
    await emailStep.getByRole('button', { name: t.recovery.email.submit }).click();
    await page.getByRole('status').filter({ hasText: t.recovery.messages.codeSent }).waitFor();
    const code = extractMailedCode(await smtp.waitForMail(product.demo.email, { after: before }));

    const codeStep = page.getByTestId('recovery-code');
    const verify = codeStep.getByRole('button', { name: t.recovery.code.submit });
    const codeInput = codeStep.getByLabel(t.recovery.code.label, { exact: true });
    await codeInput.fill(code.slice(0, 5));
    expect(await verify.isDisabled()).toBe(true);
    await codeInput.fill(code);
    expect(await verify.isEnabled()).toBe(true);
    await verify.click();

    const passwordStep = page.getByTestId('recovery-password');
    await passwordStep.waitFor();
    const newPassword = `recovered-${lang}-2026`;
    await passwordStep
      .getByLabel(t.recovery.password.newPassword, { exact: true })
      .fill(newPassword);
    await passwordStep
      .getByLabel(t.recovery.password.confirmPassword, { exact: true })
      .fill(`${newPassword}x`);
    await passwordStep.getByRole('button', { name: t.recovery.password.submit }).click();
    await page.getByText(t.recovery.password.mismatch).waitFor();
    await passwordStep
      .getByLabel(t.recovery.password.confirmPassword, { exact: true })
      .fill(newPassword);
    // Time stands still from here until the test moves it.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await passwordStep.getByRole('button', { name: t.recovery.password.submit }).click();
    await page
      .getByRole('status')
      .filter({ hasText: t.recovery.messages.passwordUpdated })
      .waitFor();

    const loginForm = page.getByTestId('login-form');
    await page.clock.runFor(UI_TIMING.resetReturnDelayMs - 100);
    expect(await loginForm.isVisible()).toBe(false);
    await page.clock.runFor(200);
    await page.clock.resume();
    await loginForm.waitFor({ timeout: 5000 });
    expect(await loginForm.getByLabel(t.login.email, { exact: true }).inputValue()).toBe('');

    await fillLogin(page, lang, product.demo.email, product.demo.password);
    await page
      .getByRole('alert')
      .filter({ hasText: ERROR_MESSAGES.AUTH_INVALID_CREDENTIALS[lang] })
      .waitFor();
    await fillLogin(page, lang, product.demo.email, newPassword);
    await page.waitForURL('**/dashboard');
    product.demo.password = newPassword;
    await context.close();
  });
});

describe('login screenshots', () => {
  test('ar/en, light/dark, 390 and 1280 wide', async () => {
    const files: string[] = [];
    await inEachLook(
      everyLook(),
      (look) => openPage(browser, look),
      async (page, look) => {
        await page.goto(`${product.baseUrl}/login`);
        await page.getByTestId('login-form').waitFor();
        expect(await page.locator('html').evaluate((el) => el.classList.contains('dark'))).toBe(
          look.dark,
        );
        // Nothing may overflow sideways on a phone.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        files.push(await screenshot(page, `login-${look.name}`));
      },
    );
    expect(files).toHaveLength(8);
  });
});
