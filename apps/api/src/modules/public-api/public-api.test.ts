import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  API_RATE_LIMIT,
  ApiKeysResponseSchema,
  CreatedApiKeyResponseSchema,
  CustomerLedgerResponseSchema,
  CustomersResponseSchema,
  ErrorBodySchema,
  type ApiKeyScope,
} from '@nuqat/contracts';
import { webhooks, type CustomerFacts } from '@nuqat/salla-sandbox';
import { apiKeys, merchants } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/crypto.ts';
import {
  balanceOf,
  createEngineContext,
  deliverOk,
  expectLedgerInvariant,
  randomId,
  setupStore,
  type EngineContext,
} from '../../test/engine-support.ts';
import { uniqueIp } from '../../test/test-app.ts';

let ctx: EngineContext;
beforeAll(async () => {
  ctx = await createEngineContext();
});
afterAll(async () => {
  await ctx?.close();
});

/** A store on a plan, its owner logged in, and one customer with 100 points. */
async function store(plan: 'starter' | 'growth' = 'growth') {
  const merchantId = await setupStore(ctx, { plan, rules: { 'order.created': { points: 100 } } });
  const password = 'public-api-pass-123';
  await ctx.database.db
    .update(merchants)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(merchants.id, merchantId));
  const [row] = await ctx.database.db
    .select({ email: merchants.email })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  const res = await ctx.server.inject({
    method: 'POST',
    url: '/api/merchants/auth/login',
    payload: { email: row!.email, password },
    remoteAddress: uniqueIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  const customer: CustomerFacts = {
    id: randomId() % 1_000_000_000,
    firstName: 'Sara',
    lastName: 'Ali',
    email: `sara.${randomId()}@example.com`,
  };
  await deliverOk(ctx, webhooks.customerCreated(merchantId, customer, new Date()));
  await deliverOk(
    ctx,
    webhooks.orderCreated(
      merchantId,
      { id: randomId(), customer, total: 100, status: 'completed', placedAt: new Date() },
      new Date(),
    ),
  );
  return {
    merchantId,
    customer,
    authorization: `Bearer ${res.json().data.token as string}`,
  };
}
type Store = Awaited<ReturnType<typeof store>>;

async function createKey(s: Store, scopes: ApiKeyScope[], name = 'CRM') {
  const res = await ctx.server.inject({
    method: 'POST',
    url: '/api/merchants/api-keys',
    headers: { authorization: s.authorization },
    payload: { name, scopes },
  });
  expect(res.statusCode, res.body).toBe(200);
  return CreatedApiKeyResponseSchema.parse(res.json()).data;
}

const v1 = (
  secret: string,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  ctx.server.inject({
    method,
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${secret}`, 'accept-language': 'en', ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

describe('API keys in the back-office', () => {
  test('Starter stores are offered the Growth plan, and no key is made', async () => {
    const s = await store('starter');
    const list = await ctx.server.inject({
      method: 'GET',
      url: '/api/merchants/api-keys',
      headers: { authorization: s.authorization },
    });
    expect(list.statusCode).toBe(403);
    expect(ErrorBodySchema.parse(list.json()).code).toBe('PLAN_FEATURE_REQUIRED');
    const create = await ctx.server.inject({
      method: 'POST',
      url: '/api/merchants/api-keys',
      headers: { authorization: s.authorization },
      payload: { name: 'x', scopes: ['customers:read'] },
    });
    expect(create.statusCode).toBe(403);
  });

  test('a key is shown once; only its keyed hash is stored; the list never shows it', async () => {
    const s = await store();
    const created = await createKey(s, ['customers:read', 'rewards:read']);
    expect(created.secret).toMatch(/^nqk_[A-Za-z0-9_-]{43}$/);
    expect(created.secret.startsWith(created.key.prefix)).toBe(true);
    const [row] = await ctx.database.db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.merchantId, s.merchantId), eq(apiKeys.id, created.key.id)));
    expect(row!.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(created.secret);
    const list = await ctx.server.inject({
      method: 'GET',
      url: '/api/merchants/api-keys',
      headers: { authorization: s.authorization },
    });
    const keys = ApiKeysResponseSchema.parse(list.json()).data;
    expect(keys.map((k) => k.id)).toEqual([created.key.id]);
    expect(list.body).not.toContain(created.secret);
    expect(keys[0]!.lastUsedAt).toBeNull();
    await v1(created.secret, 'GET', '/customers');
    const after = ApiKeysResponseSchema.parse(
      (
        await ctx.server.inject({
          method: 'GET',
          url: '/api/merchants/api-keys',
          headers: { authorization: s.authorization },
        })
      ).json(),
    ).data;
    expect(after[0]!.lastUsedAt).not.toBeNull();
  });

  test('bad bodies are 400 with a stable code', async () => {
    const s = await store();
    for (const payload of [
      { name: '', scopes: ['customers:read'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['everything'] },
      { name: 'x', scopes: ['customers:read', 'customers:read'] },
    ]) {
      const res = await ctx.server.inject({
        method: 'POST',
        url: '/api/merchants/api-keys',
        headers: { authorization: s.authorization },
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  test('another store cannot list or revoke the key (404), nor revoke it by id', async () => {
    const a = await store();
    const b = await store();
    const created = await createKey(a, ['customers:read']);
    const revoke = await ctx.server.inject({
      method: 'DELETE',
      url: `/api/merchants/api-keys/${created.key.id}`,
      headers: { authorization: b.authorization },
    });
    expect(revoke.statusCode).toBe(404);
    const listB = await ctx.server.inject({
      method: 'GET',
      url: '/api/merchants/api-keys',
      headers: { authorization: b.authorization },
    });
    expect(ApiKeysResponseSchema.parse(listB.json()).data).toEqual([]);
    expect((await v1(created.secret, 'GET', '/customers')).statusCode).toBe(200);
  });
});

describe('the public API', () => {
  test('no key, a malformed key or an unknown key is 401 API_KEY_INVALID', async () => {
    const anonymous = await ctx.server.inject({ method: 'GET', url: '/api/v1/customers' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('API_KEY_INVALID');
    for (const secret of ['nope', `nqk_${'A'.repeat(43)}`]) {
      const res = await v1(secret, 'GET', '/customers');
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('API_KEY_INVALID');
    }
  });

  test('scopes are enforced per route', async () => {
    const s = await store();
    const readOnly = await createKey(s, ['customers:read']);
    const rewardsOnly = await createKey(s, ['rewards:read']);
    const id = String(s.customer.id);
    const routes: { method: 'GET' | 'POST'; url: string; scope: ApiKeyScope; body?: unknown }[] = [
      { method: 'GET', url: '/customers', scope: 'customers:read' },
      { method: 'GET', url: `/customers/${id}`, scope: 'customers:read' },
      { method: 'GET', url: `/customers/${id}/ledger`, scope: 'customers:read' },
      { method: 'GET', url: '/tiers', scope: 'customers:read' },
      {
        method: 'POST',
        url: `/customers/${id}/points`,
        scope: 'points:adjust',
        body: { points: 5, reason: 'scope check' },
      },
      { method: 'GET', url: '/rewards', scope: 'rewards:read' },
      { method: 'GET', url: '/redemptions', scope: 'rewards:read' },
      { method: 'GET', url: '/webhooks/endpoints', scope: 'webhooks:manage' },
    ];
    for (const route of routes) {
      for (const key of [readOnly, rewardsOnly]) {
        const res = await v1(key.secret, route.method, route.url, route.body, {
          'idempotency-key': randomUUID(),
        });
        const allowed = key.key.scopes.includes(route.scope);
        expect(res.statusCode, `${route.url} with ${key.key.scopes.join()}`).toBe(
          allowed ? 200 : 403,
        );
        if (!allowed) expect(res.json().code).toBe('API_KEY_SCOPE_MISSING');
      }
    }
    expect(await balanceOf(ctx, s.merchantId, s.customer.id)).toBe(100);
  });

  test('a revoked key is refused on the next request', async () => {
    const s = await store();
    const created = await createKey(s, ['customers:read']);
    expect((await v1(created.secret, 'GET', '/customers')).statusCode).toBe(200);
    const revoke = await ctx.server.inject({
      method: 'DELETE',
      url: `/api/merchants/api-keys/${created.key.id}`,
      headers: { authorization: s.authorization },
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(revoke.json().data.revokedAt).not.toBeNull();
    const after = await v1(created.secret, 'GET', '/customers');
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('API_KEY_INVALID');
  });

  test("a key reads its own store only: another store's customer is 404", async () => {
    const a = await store();
    const b = await store();
    const keyA = await createKey(a, ['customers:read', 'points:adjust']);
    const list = CustomersResponseSchema.parse((await v1(keyA.secret, 'GET', '/customers')).json());
    expect(list.data.items.map((c) => c.id)).toEqual([String(a.customer.id)]);
    for (const url of [`/customers/${b.customer.id}`, `/customers/${b.customer.id}/ledger`]) {
      const res = await v1(keyA.secret, 'GET', url);
      expect(res.statusCode, url).toBe(404);
    }
    const adjust = await v1(
      keyA.secret,
      'POST',
      `/customers/${b.customer.id}/points`,
      { points: 50, reason: 'cross-store try' },
      { 'idempotency-key': randomUUID() },
    );
    expect(adjust.statusCode).toBe(404);
    expect(await balanceOf(ctx, b.merchantId, b.customer.id)).toBe(100);
  });

  test('points are adjusted once per Idempotency-Key, through the ledger', async () => {
    const s = await store();
    const key = await createKey(s, ['customers:read', 'points:adjust']);
    const url = `/customers/${s.customer.id}/points`;
    const idem = randomUUID();
    const first = await v1(
      key.secret,
      'POST',
      url,
      { points: 40, reason: 'Goodwill' },
      {
        'idempotency-key': idem,
      },
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.balanceAfter).toBe(140);
    const again = await v1(
      key.secret,
      'POST',
      url,
      { points: 40, reason: 'Goodwill' },
      {
        'idempotency-key': idem,
      },
    );
    expect(again.json().data).toEqual(first.json().data);
    const other = await v1(
      key.secret,
      'POST',
      url,
      { points: 41, reason: 'Goodwill' },
      {
        'idempotency-key': idem,
      },
    );
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const missing = await v1(key.secret, 'POST', url, { points: 40, reason: 'Goodwill' });
    expect(missing.statusCode).toBe(400);
    const tooMuch = await v1(
      key.secret,
      'POST',
      url,
      { points: -1000, reason: 'Too much' },
      {
        'idempotency-key': randomUUID(),
      },
    );
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().code).toBe('ADJUSTMENT_EXCEEDS_BALANCE');
    expect(await balanceOf(ctx, s.merchantId, s.customer.id)).toBe(140);
    const ledger = CustomerLedgerResponseSchema.parse(
      (await v1(key.secret, 'GET', `/customers/${s.customer.id}/ledger`)).json(),
    ).data;
    expect(ledger.items.map((e) => e.points)).toEqual([40, 100]);
    await expectLedgerInvariant(ctx, s.merchantId);
  });

  test('customers come in keyset pages', async () => {
    const s = await store();
    for (let i = 0; i < 2; i++) {
      await deliverOk(
        ctx,
        webhooks.customerCreated(
          s.merchantId,
          { id: randomId() % 1_000_000_000, firstName: `C${i}`, lastName: 'X' },
          new Date(),
        ),
      );
    }
    const key = await createKey(s, ['customers:read']);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page = CustomersResponseSchema.parse(
        (await v1(key.secret, 'GET', `/customers?limit=1${q}`)).json(),
      ).data;
      expect(page.items.length).toBeLessThanOrEqual(1);
      seen.push(...page.items.map((c) => c.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.length).toBe(3);
    expect(new Set(seen).size).toBe(3);
  });

  test('rewards, redemptions and tiers answer for the store', async () => {
    const s = await store();
    const key = await createKey(s, ['rewards:read', 'customers:read']);
    const rewards = await v1(key.secret, 'GET', '/rewards');
    expect(rewards.statusCode, rewards.body).toBe(200);
    expect(Array.isArray(rewards.json().data)).toBe(true);
    const redemptions = await v1(key.secret, 'GET', '/redemptions?limit=10');
    expect(redemptions.statusCode, redemptions.body).toBe(200);
    expect(redemptions.json().data).toEqual({ items: [], nextCursor: null });
    const badCursor = await v1(key.secret, 'GET', '/redemptions?cursor=nonsense');
    expect(badCursor.statusCode).toBe(400);
    const tiers = await v1(key.secret, 'GET', '/tiers');
    expect(tiers.statusCode, tiers.body).toBe(200);
    expect(tiers.json().data.enabled).toBe(false);
  });

  test('each key has its budget per minute, told in RateLimit-* headers', async () => {
    const s = await store();
    const key = await createKey(s, ['customers:read']);
    const other = await createKey(s, ['customers:read']);
    const first = await v1(key.secret, 'GET', '/tiers');
    expect(first.headers['ratelimit-limit']).toBe(String(API_RATE_LIMIT.limit));
    expect(first.headers['ratelimit-remaining']).toBe(String(API_RATE_LIMIT.limit - 1));
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);
    expect(first.headers['ratelimit-policy']).toBe(
      `${API_RATE_LIMIT.limit};w=${API_RATE_LIMIT.windowSeconds}`,
    );
    for (let i = 1; i < API_RATE_LIMIT.limit; i++) await v1(key.secret, 'GET', '/tiers');
    const over = await v1(key.secret, 'GET', '/tiers');
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('RATE_LIMITED');
    expect(over.headers['ratelimit-remaining']).toBe('0');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another key of the same store has its own budget.
    expect((await v1(other.secret, 'GET', '/tiers')).statusCode).toBe(200);
  });

  test('the OpenAPI document at /api/docs describes /api/v1 with examples', async () => {
    const res = await ctx.server.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    for (const path of [
      '/api/v1/customers',
      '/api/v1/customers/{id}',
      '/api/v1/customers/{id}/ledger',
      '/api/v1/customers/{id}/points',
      '/api/v1/rewards',
      '/api/v1/redemptions',
      '/api/v1/tiers',
      '/api/v1/webhooks/endpoints',
    ])
      expect(doc.paths[path], path).toBeDefined();
    expect(doc.components.securitySchemes.apiKey.scheme).toBe('bearer');
    const points = JSON.stringify(doc.paths['/api/v1/customers/{id}/points']);
    expect(points).toContain('Apology for a late delivery');
    expect(points).toContain('idempotency-key');
  });
});
