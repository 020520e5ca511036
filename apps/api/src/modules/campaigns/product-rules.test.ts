import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orderModel } from '@nuqat/salla-sandbox';
import { webhookEvents } from '../../db/schema/index.ts';
import {
  createTestContext,
  signedInStore,
  type SignedInStore,
  type TestContext,
} from '../../test/test-app.ts';

/**
 * /api/campaigns/product-rules: bounds with field errors, products only as the store's orders
 * named them, the Growth plan, one store never sees or changes another's rules.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const OUD = { productId: 720881993, name: 'عطر العود' };
const MUSK = { productId: 720881994, name: 'مسك' };

function call(
  store: SignedInStore,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) {
  return ctx.server.inject({
    method,
    url,
    headers: { authorization: store.authorization, 'accept-language': 'en' },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
}

/** A Growth store whose order webhooks (as stored on arrival) named these products. */
async function growth(products: { productId: number; name: string }[] = [OUD, MUSK]) {
  const store = await signedInStore(ctx, { plan: 'growth', subscriptionStatus: 'active' });
  const id = Math.floor(Math.random() * 1e9) + 1;
  const data = orderModel({
    id,
    customer: null,
    total: 100,
    status: 'completed',
    lines: products.map((p) => ({ ...p, amount: 50 })),
  });
  await ctx.database.db.insert(webhookEvents).values({
    merchantId: store.merchantId,
    dedupeKey: `products-${store.merchantId}-${id}`,
    event: 'order.created',
    payload: { event: 'order.created', merchant: store.merchantId, data },
    outcome: 'processed',
  });
  return store;
}

const URL = '/api/campaigns/product-rules';

describe('/api/campaigns/product-rules', () => {
  test('list the products orders named, add, replace and remove rules', async () => {
    const store = await growth();
    const empty = await call(store, 'GET', URL);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().data).toEqual({
      rules: [],
      products: [
        { id: OUD.productId, name: OUD.name },
        { id: MUSK.productId, name: MUSK.name },
      ],
    });
    const made = await call(store, 'POST', URL, {
      productId: OUD.productId,
      effect: 'multiply',
      multiplier: 2.5,
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({
      message: 'Rule saved',
      data: {
        productId: OUD.productId,
        productName: OUD.name,
        effect: 'multiply',
        multiplierPct: 250,
      },
    });
    // One rule per product: a second replaces the first.
    const replaced = await call(store, 'POST', URL, {
      productId: OUD.productId,
      effect: 'exclude',
    });
    expect(replaced.json().data).toMatchObject({ effect: 'exclude', multiplierPct: 0 });
    const rules = (await call(store, 'GET', URL)).json().data.rules;
    expect(rules).toHaveLength(1);
    const removed = await call(store, 'DELETE', `${URL}/${rules[0].id}`);
    expect([removed.statusCode, removed.json().message]).toEqual([200, 'Rule removed']);
    expect((await call(store, 'GET', URL)).json().data.rules).toEqual([]);
  });

  test('bounds: a multiplier outside 1.1–10, a missing one, an unknown product → 400 field errors', async () => {
    const store = await growth();
    const cases: [object, string][] = [
      [{ productId: OUD.productId, effect: 'multiply', multiplier: 11 }, 'multiplier'],
      [{ productId: OUD.productId, effect: 'multiply', multiplier: 1 }, 'multiplier'],
      [{ productId: OUD.productId, effect: 'multiply', multiplier: 0.5 }, 'multiplier'],
      [{ productId: OUD.productId, effect: 'multiply', multiplier: 2.55 }, 'multiplier'],
      [{ productId: OUD.productId, effect: 'multiply' }, 'multiplier'],
      [{ productId: OUD.productId, effect: 'double' }, 'effect'],
      [{ productId: -4, effect: 'exclude' }, 'productId'],
      [{ productId: 999_999_999, effect: 'exclude' }, 'productId'],
    ];
    for (const [body, field] of cases) {
      const res = await call(store, 'POST', URL, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().message).toBeTruthy();
      expect(
        res.json().issues.map((i: { path: string }) => i.path.replace(/^body\./, '')),
        JSON.stringify(body),
      ).toContain(field);
    }
    const unknown = await call(store, 'POST', URL, { productId: 999_999_999, effect: 'exclude' });
    expect(unknown.json().issues[0].code).toBe('unknown_product');
    expect((await call(store, 'GET', URL)).json().data.rules).toEqual([]);
  });

  test('the Growth plan only', async () => {
    const store = await signedInStore(ctx, { plan: 'starter', subscriptionStatus: 'active' });
    for (const res of [
      await call(store, 'GET', URL),
      await call(store, 'POST', URL, { productId: OUD.productId, effect: 'exclude' }),
    ])
      expect([res.statusCode, res.json().code]).toEqual([403, 'PLAN_FEATURE_REQUIRED']);
  });

  test('another store’s rules and products are not listed, not removed, not usable', async () => {
    const mine = await growth([MUSK]);
    const theirs = await growth([OUD]);
    const id = (
      await call(theirs, 'POST', URL, { productId: OUD.productId, effect: 'exclude' })
    ).json().data.id;
    const mineList = (await call(mine, 'GET', URL)).json().data;
    expect(mineList).toEqual({ rules: [], products: [{ id: MUSK.productId, name: MUSK.name }] });
    const gone = await call(mine, 'DELETE', `${URL}/${id}`);
    expect([gone.statusCode, gone.json().code]).toEqual([404, 'PRODUCT_RULE_NOT_FOUND']);
    // Their product is unknown here: no order of this store named it.
    const used = await call(mine, 'POST', URL, { productId: OUD.productId, effect: 'exclude' });
    expect([used.statusCode, used.json().issues[0].code]).toEqual([400, 'unknown_product']);
    expect((await call(theirs, 'GET', URL)).json().data.rules).toMatchObject([{ id }]);
    expect((await call(mine, 'DELETE', `${URL}/not-a-uuid`)).statusCode).toBe(400);
  });

  test('the OpenAPI document describes the routes', async () => {
    const res = await ctx.server.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths[URL] ?? {})).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(paths[`${URL}/{id}`] ?? {})).toEqual(['delete']);
  });
});
