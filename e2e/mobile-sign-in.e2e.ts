import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Language } from '@nuqat/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sendWebhook, webhooks, type CustomerFacts } from '@nuqat/salla-sandbox';
import { ar } from '../apps/web/src/shopper/locales/ar.ts';
import { en } from '../apps/web/src/shopper/locales/en.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { signInDemo, type MerchantSession } from './support/merchant.ts';
import { startProduct, type Product } from './support/product.ts';

/**
 * Issue 23, "every customer of the store can sign in": a shopper the store knows by mobile alone
 * (Salla's e-mail empty) signs in to the loyalty page by SMS on the sandbox's store page and puts
 * a reward in the cart — in Arabic on a phone and in English on a desktop. The product runs in
 * demo mode without Unifonic: each text lands in DATA_DIR/sms, read here as Unifonic's would be.
 */

const text = { ar, en };
const LAUNCHER = { ar: 'نقاطي', en: 'My points' } as const;
const MERCHANT_ID = '7000001';
const WEBHOOK_SECRET = 'e2e-mobile-webhook-secret-0123456789';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

let product: Product;
let browser: Browser;
let merchant: MerchantSession;
let storeBase: string;

beforeAll(async () => {
  product = await startProduct({ env: { SALLA_WEBHOOK_SECRET: WEBHOOK_SECRET } });
  storeBase = `http://localhost:${new URL(product.sandboxUrl).port}/storefront/${MERCHANT_ID}`;
  const tokens = await (
    await fetch(`${product.sandboxUrl}/__sandbox/stores`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        merchantId: Number(MERCHANT_ID),
        name: 'متجر نقاط التجريبي',
        ownerEmail: 'demo@nuqat.sa',
        domain: storeBase,
      }),
    })
  ).json();
  const installed = await sendWebhook(
    `${product.baseUrl}/api/salla/webhooks`,
    webhooks.storeAuthorize(Number(MERCHANT_ID), tokens),
    WEBHOOK_SECRET,
  );
  expect(installed.status).toBe(200);
  merchant = await signInDemo(product);
  browser = await launchBrowser(['--test-third-party-cookie-phaseout']);
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

/** A Salla customer with a mobile and no e-mail, with points to spend. */
async function mobileOnlyShopper(n: number, points: number) {
  const facts: CustomerFacts = {
    id: 881_000_000 + n,
    firstName: 'نورة',
    lastName: `القحطاني ${n}`,
    email: null,
    mobile: 551_000_000 + n,
  };
  const created = await sendWebhook(
    `${product.baseUrl}/api/salla/webhooks`,
    webhooks.customerCreated(Number(MERCHANT_ID), facts),
    WEBHOOK_SECRET,
  );
  expect(created.status).toBe(200);
  const id = String(facts.id);
  // The webhook may be processed after its answer: top up once the customer is there.
  await expect
    .poll(
      async () =>
        (
          await fetch(`${product.baseUrl}/api/merchants/customers/${id}/adjust`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${merchant.token}`,
            },
            body: JSON.stringify({ points, reason: 'goodwill', idempotencyKey: randomUUID() }),
          })
        ).status,
      { timeout: 20_000 },
    )
    .toBe(200);
  return { id, mobile: `+966${facts.mobile}` };
}

/** The newest text sent to this number after `after` (file names), its 6-digit code. */
async function textedCode(mobile: string, before: Set<string>): Promise<string> {
  const dir = path.join(product.dataDir, 'sms');
  let code = '';
  await expect
    .poll(
      async () => {
        const files = (await readdir(dir).catch(() => [] as string[])).sort();
        for (const file of files.reverse()) {
          if (before.has(file)) continue;
          const body = await readFile(path.join(dir, file), 'utf8');
          if (!body.startsWith(`To: ${mobile}\n`)) continue;
          code = /\b(\d{6})\b/.exec(body.split('\n\n').slice(1).join('\n'))?.[1] ?? '';
          return code;
        }
        return '';
      },
      { timeout: 20_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

const outbox = async () =>
  new Set(await readdir(path.join(product.dataDir, 'sms')).catch(() => [] as string[]));

async function journey(page: Page, lang: Language, shopper: { id: string; mobile: string }) {
  const t = text[lang];
  const url = new URL(storeBase);
  if (lang === 'en') url.searchParams.set('lang', 'en');
  url.searchParams.set('customer', shopper.id);
  url.searchParams.set('email', '');
  url.searchParams.set('mobile', shopper.mobile);
  await page.goto(url.toString());
  // A full cart, above any reward's minimum order.
  const add = page.getByRole('button', { name: lang === 'ar' ? 'أضف للسلة' : 'Add to cart' });
  for (let i = 0; i < (await add.count()); i++) await add.nth(i).click();
  await page.getByRole('button', { name: LAUNCHER[lang], exact: true }).click();
  await page.getByRole('dialog', { name: LAUNCHER[lang] }).waitFor();
  const frame = page.frameLocator('nuqat-loyalty iframe');

  const signIn = frame.getByRole('region', { name: t['signIn.title'] });
  const sms = signIn.getByRole('radio', { name: t['signIn.viaSms'] });
  await sms.waitFor();
  expect(await sms.getAttribute('aria-checked')).toBe('true');
  const field = signIn.getByLabel(t['signIn.mobile'], { exact: true });
  expect(await field.inputValue()).toBe(shopper.mobile);
  await screenshot(page, `mobile-sign-in-${lang}-${lang === 'ar' ? 390 : 1280}-mobile-tab`, {
    fullPage: false,
  });

  const before = await outbox();
  await signIn.getByRole('button', { name: t['signIn.sendCode'] }).click();
  const code = await textedCode(shopper.mobile, before);
  await signIn.getByText(`+966 •••• ${shopper.mobile.slice(-3)}`).waitFor();
  await screenshot(page, `mobile-sign-in-${lang}-${lang === 'ar' ? 390 : 1280}-code`, {
    fullPage: false,
  });
  // The sixth digit sends it.
  await signIn.getByLabel(t['signIn.code'], { exact: true }).fill(code);
  await frame.getByRole('region', { name: t['balance.label'] }).waitFor();

  const redeem = frame.getByRole('button', { name: new RegExp(`^${t['rewards.redeem']}`) });
  await redeem.first().click();
  const dialog = frame.getByRole('dialog');
  await dialog.getByRole('button', { name: t['confirm.action'] }).click();
  const applyName = new RegExp(
    `^${t['cart.applyCode'].replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('\\{\\{code\\}\\}', 'NQ-[A-Z0-9]{10}')}$`,
  );
  const apply = frame.getByRole('button', { name: applyName });
  await apply.first().waitFor();
  const label = (await apply.first().getAttribute('aria-label')) ?? '';
  const coupon = /NQ-[A-Z0-9]{10}/.exec(label)?.[0];
  await apply.first().click();
  await frame.getByText(t['cart.applied']).first().waitFor();
  await expect.poll(() => page.getByTestId('cart-coupon').textContent()).toBe(coupon);
  await screenshot(page, `mobile-sign-in-${lang}-${lang === 'ar' ? 390 : 1280}-applied`, {
    fullPage: false,
  });
}

describe('a shopper the store knows by mobile alone', () => {
  test('signs in by SMS and puts a reward in the cart, in Arabic on a phone', async () => {
    const shopper = await mobileOnlyShopper(1, 5000);
    const context = await browser.newContext({ viewport: PHONE, locale: 'ar-SA' });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await journey(page, 'ar', shopper);
    await context.close();
  });

  test('signs in by SMS and puts a reward in the cart, in English on a desktop', async () => {
    const shopper = await mobileOnlyShopper(2, 5000);
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await journey(page, 'en', shopper);
    await context.close();
  });
});
