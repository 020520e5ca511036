import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dateToRiyadhMinute } from '@nuqat/contracts';
import { orderModel } from '@nuqat/salla-sandbox';
import { webhookEvents } from '../../db/schema/index.ts';
import {
  createTestContext,
  signedInStore,
  type SignedInStore,
  type TestContext,
} from '../../test/test-app.ts';

/**
 * /api/campaigns with the `products` effect (decision 057): the multiplier's bounds, products only
 * as the store's orders named them (400 `unknown_product` on the field), never another store's,
 * and the chosen products kept with their names and shown to shoppers as ids.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const DAY = 86_400_000;
const minute = (ms: number) => dateToRiyadhMinute(new Date(Date.now() + ms));
const OUD = { productId: 720881993, name: 'عطر العود' };
const MUSK = { productId: 720881994, name: 'مسك' };
const AMBER = { productId: 720881996, name: 'عنبر' };

function body(overrides: Record<string, unknown> = {}) {
  return {
    nameAr: 'العود',
    nameEn: 'Oud week',
    startsAt: minute(DAY),
    endsAt: minute(10 * DAY),
    effect: 'products',
    multiplierPct: 300,
    productIds: [OUD.productId, MUSK.productId],
    ...overrides,
  };
}

function call(store: SignedInStore, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return ctx.server.inject({
    method,
    url,
    headers: { authorization: store.authorization, 'accept-language': 'en' },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
}

/** A Growth store whose order webhooks (as stored on arrival) named these products. */
async function growth(products = [OUD, MUSK]) {
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

describe('/api/campaigns — products', () => {
  test('create and update a products campaign: its products kept with their names', async () => {
    const store = await growth();
    const created = await call(store, 'POST', '/api/campaigns', body());
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({
      effect: 'products',
      multiplierPct: 300,
      bonusPoints: 0,
      products: [
        { id: OUD.productId, name: OUD.name },
        { id: MUSK.productId, name: MUSK.name },
      ],
    });
    const id = created.json().data.id;
    // The same product twice is one product; the bounds are ×1.1 and ×10 inclusive.
    const updated = await call(
      store,
      'PUT',
      `/api/campaigns/${id}`,
      body({ multiplierPct: 1000, productIds: [MUSK.productId, MUSK.productId] }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({
      multiplierPct: 1000,
      products: [{ id: MUSK.productId, name: MUSK.name }],
    });
    const low = await call(store, 'POST', '/api/campaigns', body({ multiplierPct: 110 }));
    expect(low.statusCode, low.body).toBe(200);
    // Changed to an order-wide multiplier, it names no products.
    const wide = await call(
      store,
      'PUT',
      `/api/campaigns/${id}`,
      body({ effect: 'multiplier', productIds: [] }),
    );
    expect(wide.statusCode, wide.body).toBe(200);
    expect(wide.json().data).toMatchObject({ effect: 'multiplier', products: [] });
  });

  test('bounds: 400 with the field named', async () => {
    const store = await growth();
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ multiplierPct: 100 }, 'body.multiplierPct'],
      [{ multiplierPct: 1001 }, 'body.multiplierPct'],
      [{ multiplierPct: null }, 'body.multiplierPct'],
      [{ productIds: [] }, 'body.productIds'],
      [{ productIds: [0] }, 'body.productIds.0'],
      [{ productIds: ['720881993'] }, 'body.productIds.0'],
      [{ productIds: Array.from({ length: 51 }, (_, i) => i + 1) }, 'body.productIds'],
      [{ effect: 'multiplier' }, 'body.productIds'],
      [{ productIds: [OUD.productId, AMBER.productId] }, 'body.productIds.1', 'unknown_product'],
    ];
    for (const [overrides, path, code] of cases) {
      const res = await call(store, 'POST', '/api/campaigns', body(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      const issues = res.json().issues as { path: string; code: string }[];
      expect(
        issues.map((i) => i.path),
        JSON.stringify(overrides),
      ).toContain(path);
      if (code) expect(issues.find((i) => i.path === path)?.code).toBe(code);
    }
    expect((await call(store, 'GET', '/api/campaigns')).json().data.campaigns).toEqual([]);
  });

  test('another store’s products are unknown; its campaign is not found; shoppers see the ids', async () => {
    const mine = await growth([MUSK]);
    const theirs = await growth([OUD, AMBER]);
    const refused = await call(
      mine,
      'POST',
      '/api/campaigns',
      body({ productIds: [OUD.productId] }),
    );
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().issues).toMatchObject([
      { path: 'body.productIds.0', code: 'unknown_product' },
    ]);
    const running = body({
      startsAt: minute(-DAY),
      productIds: [AMBER.productId],
      multiplierPct: 200,
    });
    const id = (await call(theirs, 'POST', '/api/campaigns', running)).json().data.id;
    const changed = await call(mine, 'PUT', `/api/campaigns/${id}`, body({ productIds: [] }));
    expect([changed.statusCode, changed.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    const other = await call(
      mine,
      'PUT',
      `/api/campaigns/${id}`,
      body({ productIds: [MUSK.productId] }),
    );
    expect([other.statusCode, other.json().code]).toEqual([404, 'CAMPAIGN_NOT_FOUND']);
    expect((await call(mine, 'GET', '/api/campaigns')).json().data.campaigns).toEqual([]);
    const programme = await ctx.server.inject({
      method: 'GET',
      url: `/api/storefront/${theirs.merchantId}/programme?lang=en`,
    });
    expect(programme.statusCode, programme.body).toBe(200);
    expect(programme.json().data.campaigns).toMatchObject([
      { effect: 'products', multiplierPct: 200, productIds: [AMBER.productId] },
    ]);
  });

  test('the OpenAPI document describes the products effect', async () => {
    const res = await ctx.server.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const post = res.json().paths['/api/campaigns'].post;
    const input = post.requestBody.content['application/json'].schema;
    expect(input.properties.effect.enum).toEqual(['multiplier', 'bonus', 'products']);
    expect(input.properties.productIds).toMatchObject({ type: 'array', maxItems: 50 });
    expect(post.description).toContain('unknown_product');
  });
});
