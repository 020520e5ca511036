import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSallaSandbox, type SallaSandbox } from '@nuqat/salla-sandbox';
import { createSallaClient, SallaApiError } from './salla-client.ts';

let sandbox: SallaSandbox;
beforeAll(async () => {
  sandbox = await startSallaSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});

const coupon = (code: string) => ({
  code,
  type: 'fixed' as const,
  amount: 20,
  free_shipping: false,
  exclude_sale_products: false,
  expiry_date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
  usage_limit: 1,
  usage_limit_per_user: 1,
});

describe('Salla client', () => {
  test('creates and deletes a coupon', async () => {
    const { access_token } = sandbox.registerStore({ merchantId: 11 });
    const client = createSallaClient({ apiBase: sandbox.apiBase, authBase: sandbox.authBase });
    const created = await client.createCoupon(access_token, coupon('NQ-ABC123'));
    expect(created.code).toBe('NQ-ABC123');
    await client.deleteCoupon(access_token, created.id);
    expect(sandbox.coupons.find((c) => String(c.id) === created.id)?.status).toBe('deleted');
  });

  test('finds a coupon by its code, reads its usage, and a deleted one is 404', async () => {
    const { access_token } = sandbox.registerStore({ merchantId: 14 });
    const client = createSallaClient({ apiBase: sandbox.apiBase, authBase: sandbox.authBase });
    const created = await client.createCoupon(access_token, coupon('NQ-FIND12345'));
    await client.createCoupon(access_token, coupon('NQ-FIND1234599'));
    const found = await client.findCouponByCode(access_token, 'nq-find12345');
    expect(found).toEqual({
      id: created.id,
      code: 'NQ-FIND12345',
      status: 'active',
      usageCount: 0,
    });
    expect(await client.findCouponByCode(access_token, 'NQ-NOSUCHCODE')).toBeNull();
    sandbox.useCoupon(14, 'NQ-FIND12345');
    expect((await client.getCoupon(access_token, created.id)).usageCount).toBe(1);
    await client.deleteCoupon(access_token, created.id);
    await expect(client.getCoupon(access_token, created.id)).rejects.toMatchObject({ status: 404 });
    await expect(client.deleteCoupon(access_token, created.id)).rejects.toMatchObject({
      status: 404,
    });
    expect(await client.findCouponByCode(access_token, 'NQ-FIND12345')).toBeNull();
  });

  test('a 429 waits for Retry-After and tries again', async () => {
    const { access_token } = sandbox.registerStore({ merchantId: 12 });
    const waits: number[] = [];
    const client = createSallaClient({
      apiBase: sandbox.apiBase,
      authBase: sandbox.authBase,
      sleep: async (ms) => void waits.push(ms),
    });
    sandbox.fail({ mode: '429', retryAfter: 3, path: '/admin/v2/coupons' });
    const created = await client.createCoupon(access_token, coupon('NQ-RETRY1'));
    expect(created.code).toBe('NQ-RETRY1');
    expect(waits).toEqual([3000]);
  });

  test('a 429 asking for too long a wait gives up with the status', async () => {
    const { access_token } = sandbox.registerStore({ merchantId: 13 });
    const client = createSallaClient({
      apiBase: sandbox.apiBase,
      authBase: sandbox.authBase,
      maxRetryAfterSeconds: 5,
      sleep: async () => {},
    });
    sandbox.fail({ mode: '429', retryAfter: 60, path: '/admin/v2/coupons' });
    await expect(client.createCoupon(access_token, coupon('NQ-LATER1'))).rejects.toMatchObject({
      status: 429,
    });
  });

  test('the error envelope becomes a SallaApiError with the fields', async () => {
    const { access_token } = sandbox.registerStore({ merchantId: 14 });
    const client = createSallaClient({ apiBase: sandbox.apiBase, authBase: sandbox.authBase });
    const error = await client
      .createCoupon(access_token, { ...coupon(''), expiry_date: '2000-01-01' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SallaApiError);
    expect(error).toMatchObject({ status: 422, message: 'alert.invalid_fields' });
    expect(Object.keys((error as SallaApiError).fields).sort()).toEqual(['code', 'expiry_date']);
  });

  test('a slow answer times out', async () => {
    const { access_token } = sandbox.registerStore({ merchantId: 15 });
    const client = createSallaClient({
      apiBase: sandbox.apiBase,
      authBase: sandbox.authBase,
      timeoutMs: 200,
    });
    sandbox.fail({ mode: 'slow', delayMs: 1500, path: '/admin/v2/store/info' });
    await expect(client.getStoreInfo(access_token)).rejects.toMatchObject({ code: 'timeout' });
  });

  test('a GET that meets a 500 is retried; a POST is not (it might have been applied)', async () => {
    const { access_token } = sandbox.registerStore({ merchantId: 16 });
    const client = createSallaClient({
      apiBase: sandbox.apiBase,
      authBase: sandbox.authBase,
      sleep: async () => {},
    });
    sandbox.fail({ mode: '500', path: '/admin/v2/store/info' });
    expect((await client.getStoreInfo(access_token)).id).toBe(16);
    sandbox.fail({ mode: '500', path: '/admin/v2/coupons' });
    await expect(client.createCoupon(access_token, coupon('NQ-ONCE01'))).rejects.toMatchObject({
      status: 500,
    });
  });

  test('an invalid token is a 401 SallaApiError', async () => {
    const client = createSallaClient({ apiBase: sandbox.apiBase, authBase: sandbox.authBase });
    await expect(client.getUserInfo('nope')).rejects.toMatchObject({ status: 401 });
  });
});

describe('token introspection (reference §5)', () => {
  /** A client whose Salla answers `body` with `status` and records what it was sent. */
  function answering(status: number, body: unknown) {
    const sent: { url: string; headers: Headers; body: unknown }[] = [];
    const client = createSallaClient({
      apiBase: 'https://salla.test/admin/v2',
      authBase: 'https://salla.test',
      exchangeBase: 'https://exchange.salla.test',
      fetch: async (url, init) => {
        sent.push({
          url: String(url),
          headers: new Headers(init?.headers),
          body: JSON.parse(String(init?.body)),
        });
        return new Response(JSON.stringify(body), { status });
      },
    });
    return { client, sent };
  }

  test('sends the token with S-Source and reads store, user and the ISO expiry', async () => {
    const { client, sent } = answering(200, {
      status: 200,
      success: true,
      data: { merchant_id: 123456, user_id: 987654, exp: '2026-01-19T12:00:00Z' },
    });
    expect(await client.introspectEmbeddedToken('app-1', 'tok')).toEqual({
      merchantId: 123456,
      userId: 987654,
      expiresAt: new Date('2026-01-19T12:00:00Z'),
    });
    expect(sent[0]!.url).toBe('https://exchange.salla.test/exchange-authority/v1/introspect');
    expect(sent[0]!.headers.get('s-source')).toBe('app-1');
    expect(sent[0]!.headers.get('content-type')).toBe('application/json');
    expect(sent[0]!.body).toEqual({ token: 'tok' });
  });

  test('a 401, or a 2xx that verifies nothing, is a 401 SallaApiError', async () => {
    for (const [status, body] of [
      [401, { error: { message: 'Decryption failed', code: 0 } }],
      [200, { success: false }],
      [200, { success: true, data: { merchant_id: 1 } }],
      [200, { success: true, data: { exp: '2026-01-19T12:00:00Z' } }],
      [200, { success: true, data: { merchant_id: 'x', exp: '2026-01-19T12:00:00Z' } }],
    ] as const) {
      const error = await answering(status, body)
        .client.introspectEmbeddedToken('app-1', 'tok')
        .catch((e: unknown) => e);
      expect(error, JSON.stringify(body)).toBeInstanceOf(SallaApiError);
      expect((error as SallaApiError).status).toBe(401);
    }
  });

  test('a 5xx or 429 is thrown with its status and not tried again', async () => {
    for (const status of [500, 503, 429]) {
      const { client, sent } = answering(status, {});
      await expect(client.introspectEmbeddedToken('app-1', 'tok')).rejects.toMatchObject({
        status,
      });
      expect(sent).toHaveLength(1);
    }
  });
});
