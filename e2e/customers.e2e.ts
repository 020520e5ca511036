import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tmpdir } from 'node:os';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CustomerAccount, CustomersPage } from '@nuqat/contracts';
import arCustomers from '../apps/web/src/locales/ar/customers.json' with { type: 'json' };
import enCustomers from '../apps/web/src/locales/en/customers.json' with { type: 'json' };
import { launchBrowser, screenshot } from './support/browser.ts';
import {
  fill,
  openSignedIn,
  pluralOf,
  signInDemo,
  type MerchantSession,
} from './support/merchant.ts';
import { everyLook, inEachLook } from './support/looks.ts';
import { startProduct, type Product } from './support/product.ts';

const text = { ar: arCustomers, en: enCustomers };

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
const list = () => api<CustomersPage>('/api/merchants/customers?limit=100');
const account = (id: string) => api<CustomerAccount>(`/api/merchants/customers/${id}`);

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - innerWidth);

describe.each(['ar', 'en'] as const)('the customers screens in %s', (lang) => {
  const t = text[lang];

  test('the list shows every shopper the API answers; a search by e-mail finds one', async () => {
    const { items } = await list();
    expect(items.length).toBeGreaterThan(3);
    const { context, page } = await openSignedIn(browser, session, { language: lang, width: 1280 });
    await page.goto(`${product.baseUrl}/customers`);
    const rows = page.getByTestId('customers-table').getByTestId('customer-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(items.length);
    // Newest members first, as the API orders them.
    expect(await rows.first().getAttribute('data-id')).toBe(items[0]!.id);
    const target = items.find((c) => c.email)!;
    await page.getByRole('searchbox', { name: t.search }).fill(target.email!);
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().getAttribute('data-id')).toBe(target.id);
    // The e-mail reads left to right in Arabic too.
    expect(
      await rows
        .first()
        .getByText(target.email!, { exact: true })
        .evaluate((el) => getComputedStyle(el).direction),
    ).toBe('ltr');
    await context.close();
  });

  test('an account: figures, history with causes, an adjustment once, a removal refused', async () => {
    const { items } = await list();
    const target = items.find((c) => c.balance > 0 && c.orders > 0)!;
    const before = await account(target.id);
    const { context, page } = await openSignedIn(browser, session, { language: lang, width: 1280 });
    await page.goto(`${product.baseUrl}/customers`);
    await page
      .getByTestId('customers-table')
      .locator(`[data-id="${target.id}"]`)
      .getByRole('link')
      .click();
    await page.waitForURL(new RegExp(`/customers/${target.id}$`));
    const balance = page.getByTestId('account-balance');
    await balance.waitFor();
    expect(await balance.textContent()).toBe(before.customer.balance.toLocaleString('en-US'));
    await page.getByTestId('ledger-row').first().waitFor();
    expect(
      await page.getByTestId('ledger-row').filter({ hasText: t.causes.order }).count(),
    ).toBeGreaterThan(0);

    // Add 25 points with a reason.
    const form = page.getByTestId('adjust-form');
    const reason = lang === 'ar' ? 'تعويض عن تأخر الشحنة' : 'Sorry for the late delivery';
    await form.getByLabel(t.adjust.points, { exact: true }).fill('25');
    await form.getByLabel(t.adjust.reason, { exact: true }).fill(reason);
    await form.getByRole('button', { name: t.adjust.submit }).click();
    const expected = before.customer.balance + 25;
    await page
      .getByTestId('toast')
      .filter({
        hasText: fill(pluralOf(t.adjust, 'added', 25, lang), {
          points: '25',
          balance: expected.toLocaleString('en-US'),
        }),
      })
      .waitFor();
    await expect.poll(() => balance.textContent()).toBe(expected.toLocaleString('en-US'));
    // The history is read again after the change: its newest row is the adjustment, with the reason.
    const row = page.getByTestId('ledger-row').first();
    await expect.poll(() => row.getAttribute('data-cause')).toBe('adjustment');
    await expect.poll(() => row.textContent()).toContain(reason);
    expect((await account(target.id)).customer.balance).toBe(expected);

    // Removing more than the balance is refused and changes nothing.
    await form.getByLabel(t.adjust.remove).check({ force: true });
    await form.getByLabel(t.adjust.points, { exact: true }).fill(String(expected + 1));
    await form.getByLabel(t.adjust.reason, { exact: true }).fill(reason);
    await form.getByRole('button', { name: t.adjust.submit }).click();
    await form
      .getByText(
        fill(pluralOf(t.adjust, 'tooMany', expected, lang), {
          balance: expected.toLocaleString('en-US'),
        }),
      )
      .waitFor();
    expect((await account(target.id)).customer.balance).toBe(expected);
    await screenshot(page, `customer-account-${lang}-1280`);
    await context.close();
  });

  test('on a phone, the toast of an adjustment does not cover the button that made it', async () => {
    const { items } = await list();
    const target = items.find((c) => c.orders > 0)!;
    const { context, page } = await openSignedIn(browser, session, {
      language: lang,
      width: 390,
      height: 844,
    });
    await page.goto(`${product.baseUrl}/customers/${target.id}`);
    const form = page.getByTestId('adjust-form');
    await form.getByLabel(t.adjust.points, { exact: true }).fill('1');
    await form.getByLabel(t.adjust.reason, { exact: true }).fill('Goodwill');
    const submit = form.getByRole('button', { name: t.adjust.submit });
    // As a merchant who scrolled down to it: the button at the foot of the screen.
    await submit.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await submit.click();
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    const [a, b] = [(await toast.boundingBox())!, (await submit.boundingBox())!];
    const overlap =
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlap).toBe(false);
    await context.close();
  });

  test('an import with bad rows: the dry run names them, the import adds the good one once', async () => {
    const { items } = await list();
    // A shopper gets one opening balance, ever: each language imports for its own shopper.
    const target = items.filter((c) => c.email)[lang === 'ar' ? 0 : 1]!;
    const before = (await account(target.id)).customer.balance;
    const file = path.join(tmpdir(), `nuqat-import-${lang}-${Date.now()}.csv`);
    writeFileSync(
      file,
      [
        'email,points',
        `${target.email},40`,
        `nobody-${lang}@example.com,10`,
        `${target.email},abc`,
      ].join('\n'),
    );
    const { context, page } = await openSignedIn(browser, session, {
      language: lang,
      width: 390,
      height: 844,
    });
    await page.goto(`${product.baseUrl}/customers`);
    await page.getByRole('button', { name: t.import.open }).click();
    const dialog = page.getByTestId('import-dialog');
    await dialog.getByLabel(t.import.file).setInputFiles(file);
    await dialog.getByRole('button', { name: t.import.check }).click();
    const problems = dialog.getByTestId('import-problem');
    await problems.first().waitFor();
    expect(await problems.count()).toBe(2);
    expect(await problems.nth(0).textContent()).toContain(t.import.problems.unknown_shopper);
    expect(await problems.nth(1).textContent()).toContain(t.import.problems.bad_number);
    await screenshot(page, `customers-import-${lang}-390`, { fullPage: false });
    expect((await account(target.id)).customer.balance).toBe(before);

    await dialog.getByRole('button', { name: pluralOf(t.import, 'apply', 1, lang) }).click();
    await page.getByTestId('toast').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect((await account(target.id)).customer.balance).toBe(before + 40);

    // The same file again: nothing to import, the balance unchanged.
    await page.getByRole('button', { name: t.import.open }).click();
    await dialog.getByLabel(t.import.file).setInputFiles(file);
    await dialog.getByRole('button', { name: t.import.check }).click();
    await dialog.getByText(t.import.nothingToImport).waitFor();
    expect(await dialog.getByText(t.import.problems.already_imported).count()).toBe(1);
    expect((await account(target.id)).customer.balance).toBe(before + 40);
    await context.close();
  });

  test('the list exports as a CSV with a BOM, a header in the language and a row per shopper', async () => {
    const { items } = await list();
    const { context, page } = await openSignedIn(browser, session, { language: lang, width: 1280 });
    await page.goto(`${product.baseUrl}/customers`);
    await page.getByTestId('customer-row').first().waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: t.export.list }).click(),
    ]);
    const bytes = readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trim().split(/\r?\n/);
    expect(lines.length).toBe(items.length + 1);
    expect(
      await page.getByRole('status').filter({ hasText: download.suggestedFilename() }).count(),
    ).toBe(1);
    await context.close();
  });

  test('light and dark, phone and desktop: nothing overflows', async () => {
    const { items } = await list();
    const target = items.find((c) => c.orders > 0)!;
    const looks = await inEachLook(
      everyLook().filter((look) => look.language === lang),
      (look) => openSignedIn(browser, session, look),
      async (page, look) => {
        await page.goto(`${product.baseUrl}/customers`);
        await page
          .getByTestId(look.width < 1024 ? 'customer-card' : 'customer-row')
          .first()
          .waitFor();
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        await screenshot(page, `customers-${look.name}`);
        await page.goto(`${product.baseUrl}/customers/${target.id}`);
        await page.getByTestId('ledger-row').first().waitFor();
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        await screenshot(page, `customer-${look.name}`);
      },
    );
    expect(looks).toBe(4);
  });
});
