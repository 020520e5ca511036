import { afterAll, beforeAll, expect, test } from 'vitest';
import { startSallaSandbox, type SallaSandbox } from './server.ts';

const MERCHANT = 5151;
const NUQAT = 'https://nuqat.example';
let sandbox: SallaSandbox;

beforeAll(async () => {
  sandbox = await startSallaSandbox({ nuqatUrl: NUQAT, appId: '1234567890' });
  sandbox.registerStore({ merchantId: MERCHANT, name: 'متجر الورد' });
});
afterAll(() => sandbox.close());

const introspect = (token: unknown, source: string | null = sandbox.appId) =>
  fetch(`${sandbox.exchangeBase}/exchange-authority/v1/introspect`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(source === null ? {} : { 's-source': source }),
    },
    body: JSON.stringify({ token }),
  });

test('introspection answers a dashboard token with its store, user and ISO expiry, as documented', async () => {
  const token = sandbox.issueEmbeddedToken({ merchantId: MERCHANT, userId: 77 });
  const res = await introspect(token);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: { exp: string } };
  expect(body).toEqual({
    status: 200,
    success: true,
    data: { merchant_id: MERCHANT, user_id: 77, exp: expect.any(String) },
  });
  expect(body.data.exp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  expect(Date.parse(body.data.exp)).toBeGreaterThan(Date.now() + 10 * 60_000);
});

test('an unknown token, or one of another app (S-Source), is the documented 401 "Decryption failed"', async () => {
  const refusal = { error: { message: 'Decryption failed', code: 0 } };
  for (const res of [
    await introspect('sa_embedded_unknown'),
    await introspect(sandbox.issueEmbeddedToken({ merchantId: MERCHANT }), 'another-app'),
    await introspect(sandbox.issueEmbeddedToken({ merchantId: MERCHANT }), null),
    await introspect(sandbox.issueEmbeddedToken({ merchantId: MERCHANT, appId: 'another-app' })),
  ]) {
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(refusal);
  }
});

test('an expired token is still introspected, with its past expiry; 5xx on demand', async () => {
  const expired = sandbox.issueEmbeddedToken({ merchantId: MERCHANT, expiresInSeconds: -60 });
  const body = (await (await introspect(expired)).json()) as { data: { exp: string } };
  expect(Date.parse(body.data.exp)).toBeLessThan(Date.now());
  sandbox.fail({ mode: '500', path: '/exchange-authority' });
  expect((await introspect(expired)).status).toBe(500);
});

test('the stand-in dashboard frames the embedded page with token, theme and lang, and speaks the SDK protocol', async () => {
  const res = await fetch(`${sandbox.url}/embedded/app/${sandbox.appId}/nuqat?lang=en&theme=dark`);
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(sandbox.dashboardUrl()).toBe(`${sandbox.dashboardOrigin}/embedded/app/1234567890/nuqat`);
  expect(sandbox.dashboardOrigin).toMatch(/^http:\/\/localhost:\d+$/);
  expect(html).toContain('<html lang="en" dir="ltr" class="dark">');
  expect(html).toContain('متجر الورد');
  expect(html).toContain(`"iframeUrl":"${NUQAT}/embedded"`);
  for (const event of [
    'embedded::iframe.ready',
    'embedded::context.provide',
    'embedded::auth.refresh',
    'embedded::ready',
    'embedded::destroy',
    'embedded::page.setTitle',
    'embedded::ui.toast',
    'embedded::theme.change',
  ])
    expect(html).toContain(event);
  // The page's token is a real one for this store.
  const token = /"token":"([^"]+)"/.exec(html)![1]!;
  const answer = (await (await introspect(token)).json()) as { data: { merchant_id: number } };
  expect(answer.data.merchant_id).toBe(MERCHANT);
});

test('?first= opens the dashboard with an expired, undecryptable or other-app token', async () => {
  const tokenOf = async (first: string) => {
    const html = await (
      await fetch(`${sandbox.url}/embedded/app/${sandbox.appId}/nuqat?first=${first}`)
    ).text();
    return /"token":"([^"]+)"/.exec(html)![1]!;
  };
  const expired = (await (await introspect(await tokenOf('expired'))).json()) as {
    data: { exp: string };
  };
  expect(Date.parse(expired.data.exp)).toBeLessThan(Date.now());
  expect((await introspect(await tokenOf('invalid'))).status).toBe(401);
  expect((await introspect(await tokenOf('other-app'))).status).toBe(401);
  // A refresh always gets a good one.
  const fresh = (await (
    await fetch(`${sandbox.url}/__sandbox/embedded-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ merchantId: MERCHANT, appId: sandbox.appId }),
    })
  ).json()) as { token: string };
  expect((await introspect(fresh.token)).status).toBe(200);
});
