import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import arDevelopers from '../apps/web/src/locales/ar/developers.json' with { type: 'json' };
import enDevelopers from '../apps/web/src/locales/en/developers.json' with { type: 'json' };
import type { Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.ts';
import { openSignedIn, signInDemo, type MerchantSession } from './support/merchant.ts';
import { startProduct, type Product } from './support/product.ts';

/**
 * Issue 31 in the browser: a merchant makes an API key in /settings, uses it, registers a
 * webhook endpoint (a receiver on this machine: the product runs with the test-only
 * OUTBOUND_WEBHOOKS_ALLOW_LOOPBACK), sees the signed delivery in the log, sends it again, and
 * revokes the key — in Arabic on a phone and in English on a desktop.
 */
const text = { ar: arDevelopers, en: enDevelopers };

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

let product: Product;
let browser: Browser;
let session: MerchantSession;
let receiver: http.Server;
let receiverUrl: string;
const received: Received[] = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  product = await startProduct({ env: { OUTBOUND_WEBHOOKS_ALLOW_LOOPBACK: '1' } });
  browser = await launchBrowser();
  session = await signInDemo(product);
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** The developers section alone (the whole /settings page is too tall to look at). */
async function shoot(page: Page, name: string) {
  await screenshot(page.getByTestId('developers-section'), name);
}

/** Waits (polling the state, no fixed sleep) until something the receiver got matches. */
async function waitForDelivery(match: (r: Received) => boolean, count = 1): Promise<Received[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = received.filter(match);
    if (found.length >= count) return found;
    if (Date.now() > deadline) throw new Error('no webhook arrived within 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Standard Webhooks verification, from the specification's text. */
function verifies(secret: string, r: Received): boolean {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const mac = createHmac('sha256', key)
    .update(
      `${String(r.headers['webhook-id'])}.${String(r.headers['webhook-timestamp'])}.${r.body}`,
    )
    .digest('base64');
  return String(r.headers['webhook-signature']).split(' ').includes(`v1,${mac}`);
}

describe.each([
  ['ar', 390, 844],
  ['en', 1280, 900],
] as const)('API keys and webhooks on /settings in %s', (lang, width, height) => {
  const t = text[lang];

  test('a key is made, used and revoked; a webhook is delivered signed, logged and sent again', async () => {
    const { context, page } = await openSignedIn(browser, session, {
      language: lang,
      width,
      height,
    });
    await page.goto(`${product.baseUrl}/settings`);
    await page.getByRole('heading', { level: 2, name: t.title }).waitFor();

    // An API key with two scopes, shown once.
    const keyName = `CRM ${lang} ${randomUUID().slice(0, 4)}`;
    await page.getByLabel(t.keys.name).fill(keyName);
    await page.getByRole('checkbox', { name: t.scopes.points_adjust.name }).check();
    await page.getByRole('button', { name: t.keys.create }).click();
    const secretBox = page.getByTestId('api-key-secret');
    await secretBox.waitFor();
    const secret = (await secretBox.locator('code').textContent())!.trim();
    expect(secret).toMatch(/^nqk_/);
    const keyRow = page.getByTestId('api-key-row').filter({ hasText: keyName });
    await keyRow.waitFor();
    expect(await keyRow.getByText(t.keys.neverUsed).count()).toBe(1);
    await shoot(page, `developers-keys-${lang}`);

    // The endpoint, with the points.adjusted event added to the defaults.
    const url = `${receiverUrl}/${lang}`;
    await page.getByLabel(t.endpoints.url).fill(url);
    await page.getByRole('checkbox', { name: t.events.points_adjusted }).check();
    await page.getByRole('button', { name: t.endpoints.add }).click();
    const whsec = page.getByTestId('webhook-secret');
    await whsec.waitFor();
    const signingSecret = (await whsec.locator('code').textContent())!.trim();
    expect(signingSecret).toMatch(/^whsec_/);
    await page.getByTestId('webhook-endpoint-row').filter({ hasText: url }).waitFor();

    // The key at work: a customer read and their points adjusted through /api/v1.
    const v1 = (path: string, init: RequestInit = {}) =>
      fetch(`${product.baseUrl}/api/v1${path}`, {
        ...init,
        headers: { authorization: `Bearer ${secret}`, ...(init.headers ?? {}) },
      });
    const list = await v1('/customers?limit=1');
    expect(list.status).toBe(200);
    expect(list.headers.get('ratelimit-remaining')).not.toBeNull();
    const customerId = ((await list.json()) as { data: { items: { id: string }[] } }).data.items[0]!
      .id;
    const idempotencyKey = randomUUID();
    const adjust = await v1(`/customers/${customerId}/points`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
      body: JSON.stringify({ points: 25, reason: `webhook browser test ${lang}` }),
    });
    expect(adjust.status).toBe(200);

    // The worker delivers it, signed with the secret the page showed.
    // (Its ledger row's source is the adjustment's idempotency key; the other language's
    // endpoint gets the event too, signed with its own secret.)
    const [first] = await waitForDelivery(
      (r) =>
        (JSON.parse(r.body) as { data: { source?: { id: string } } }).data.source?.id ===
          idempotencyKey && verifies(signingSecret, r),
    );
    const event = JSON.parse(first!.body) as { id: string; type: string; data: { points: number } };
    expect(event).toMatchObject({ type: 'points.adjusted', data: { points: 25 } });
    expect(first!.headers['webhook-id']).toBe(event.id);

    // The log shows it delivered; «send again» brings the same event id once more.
    await page.reload();
    const row = page
      .getByTestId('webhook-delivery-row')
      .filter({ hasText: String(first!.headers['webhook-id']) })
      .filter({ hasText: url });
    await row.getByText(t.deliveries.status.delivered).waitFor();
    await keyRow.getByText(t.keys.neverUsed).waitFor({ state: 'detached' });
    await shoot(page, `developers-webhooks-${lang}`);
    await row.getByRole('button', { name: t.deliveries.replay }).click();
    await waitForDelivery((r) => r.headers['webhook-id'] === first!.headers['webhook-id'], 2);

    // Revoked: refused at once.
    await keyRow.getByRole('button', { name: t.keys.revoke }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: t.keys.revoke }).click();
    await keyRow.getByText(t.keys.revoked, { exact: true }).waitFor();
    expect((await v1('/customers?limit=1')).status).toBe(401);
    await shoot(page, `developers-revoked-${lang}`);
    await context.close();
  });
});
