import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { webhooks, type OrderFacts } from '@nuqat/salla-sandbox';
import { merchants } from '../../db/schema/index.ts';
import { sealForStore } from '../../lib/crypto.ts';
import {
  balanceOf,
  createEngineContext,
  customerFacts,
  deliverOk,
  randomId,
  setRules,
  type EngineContext,
} from '../../test/engine-support.ts';
import { signedInStore, type SignedInStore } from '../../test/test-app.ts';

/**
 * /api/campaigns/category-rules (decision 057): categories read from Salla's List Categories, a
 * rule resolved to the category's products through List Products' `category` filter and kept as
 * product rules marked with it; a product's own rule kept; read again; removed; bounds with field
 * errors; another store's categories unknown; Salla down is a 502. An order then earns by them.
 */

let ctx: EngineContext;
beforeAll(async () => {
  ctx = await createEngineContext();
});
afterAll(async () => {
  await ctx?.close();
});

const DAY = 86_400_000;
const OUD = { productId: 720881993, name: 'عطر العود' };
const MUSK = { productId: 720881994, name: 'مسك' };
const GIFT = { productId: 720881995, name: 'بطاقة هدية' };
const INCENSE = { productId: 720881996, name: 'بخور' };
const PERFUMES = { id: 501, name: 'العطور' };
const GIFTS = { id: 502, name: 'بطاقات الهدايا' };
const URL = '/api/campaigns/category-rules';

/** A Growth store with Salla tokens, 10 points an order and 1 per 10 SAR, and this catalogue. */
async function store(
  products: { productId: number; name: string; categoryIds: number[] }[],
): Promise<SignedInStore> {
  const s = await signedInStore(ctx, {
    plan: 'growth',
    subscriptionStatus: 'active',
    subscriptionExpiresAt: new Date(Date.now() + 365 * DAY),
  });
  const tokens = ctx.sandbox.registerStore({ merchantId: s.merchantId });
  await ctx.database.db
    .update(merchants)
    .set({
      installStatus: 'installed',
      subscriptionStartedAt: new Date(Date.now() - 30 * DAY),
      sallaAccessToken: sealForStore(
        ctx.config.keys.storeSecrets,
        s.merchantId,
        tokens.access_token,
      ),
      sallaRefreshToken: sealForStore(
        ctx.config.keys.storeSecrets,
        s.merchantId,
        tokens.refresh_token,
      ),
      sallaTokenExpiresAt: new Date(tokens.expires * 1000),
    })
    .where(eq(merchants.id, s.merchantId));
  await setRules(ctx, s.merchantId, {
    'order.created': { points: 10 },
    purchase_amount: { points: 1, spendUnitSar: 10 },
  });
  catalogue(s, products);
  return s;
}

function catalogue(
  s: SignedInStore,
  products: { productId: number; name: string; categoryIds: number[] }[],
) {
  ctx.sandbox.setCatalogue(s.merchantId, {
    categories: [PERFUMES, GIFTS],
    products: products.map((p) => ({ id: p.productId, name: p.name, categoryIds: p.categoryIds })),
  });
}

function call(s: SignedInStore, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return ctx.server.inject({
    method,
    url,
    headers: { authorization: s.authorization, 'accept-language': 'en' },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
}

async function rules(s: SignedInStore) {
  const res = await call(s, 'GET', '/api/campaigns/product-rules');
  expect(res.statusCode, res.body).toBe(200);
  return (
    res.json().data.rules as {
      productId: number;
      effect: string;
      multiplierPct: number;
      categoryId: number | null;
    }[]
  )
    .map((r) => [r.productId, r.effect, r.multiplierPct, r.categoryId])
    .sort((a, b) => Number(a[0]) - Number(b[0]));
}

const PRODUCTS = [
  { ...OUD, categoryIds: [PERFUMES.id] },
  { ...MUSK, categoryIds: [PERFUMES.id] },
  { ...GIFT, categoryIds: [GIFTS.id] },
  { ...INCENSE, categoryIds: [] },
];

describe('/api/campaigns/category-rules', () => {
  test('a category’s products get its rule; a product’s own rule stays; an order earns by them', async () => {
    const s = await store(PRODUCTS);
    const listed = await call(s, 'GET', URL);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data.categories).toEqual([PERFUMES, GIFTS]);
    // Musk has a rule of its own (its product was named by an order first).
    const named: OrderFacts = {
      id: randomId(),
      customer: customerFacts(),
      total: 10,
      status: 'completed',
      placedAt: new Date(Date.now() - DAY),
      lines: [{ ...MUSK, amount: 10 }],
    };
    await deliverOk(ctx, webhooks.orderCreated(s.merchantId, named));
    const own = await call(s, 'POST', '/api/campaigns/product-rules', {
      productId: MUSK.productId,
      effect: 'multiply',
      multiplier: 2,
    });
    expect(own.statusCode, own.body).toBe(200);

    const perfumes = await call(s, 'POST', URL, {
      categoryId: PERFUMES.id,
      effect: 'multiply',
      multiplier: 3,
    });
    expect(perfumes.statusCode, perfumes.body).toBe(200);
    expect(perfumes.json().data).toEqual({
      categoryId: PERFUMES.id,
      categoryName: PERFUMES.name,
      effect: 'multiply',
      multiplierPct: 300,
      products: 1,
      keptOwnRule: 1,
    });
    const gifts = await call(s, 'POST', URL, { categoryId: GIFTS.id, effect: 'exclude' });
    expect(gifts.json().data).toMatchObject({ products: 1, multiplierPct: 0 });
    expect(await rules(s)).toEqual([
      [OUD.productId, 'multiply', 300, PERFUMES.id],
      [MUSK.productId, 'multiply', 200, null],
      [GIFT.productId, 'exclude', 0, GIFTS.id],
    ]);

    // 100 SAR of oud ×3 + 100 of gift cards excluded = 300 SAR → 30 points, and 10 for the order.
    const shopper = customerFacts();
    const order: OrderFacts = {
      id: randomId(),
      customer: shopper,
      total: 200,
      status: 'completed',
      placedAt: new Date(),
      lines: [
        { ...OUD, amount: 100 },
        { ...GIFT, amount: 100 },
      ],
    };
    await deliverOk(ctx, webhooks.orderCreated(s.merchantId, order));
    expect(await balanceOf(ctx, s.merchantId, shopper.id)).toBe(40);

    // Incense joins the perfumes at Salla: read again, it is in the rule.
    catalogue(s, [...PRODUCTS.slice(0, 3), { ...INCENSE, categoryIds: [PERFUMES.id] }]);
    const again = await call(s, 'POST', URL, {
      categoryId: PERFUMES.id,
      effect: 'multiply',
      multiplier: 1.5,
    });
    expect(again.json().data).toMatchObject({ products: 2, keptOwnRule: 1, multiplierPct: 150 });
    // Removed: the rules it made go, musk's own stays; the counted order keeps its points.
    const removed = await call(s, 'DELETE', `${URL}/${PERFUMES.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await rules(s)).toEqual([
      [MUSK.productId, 'multiply', 200, null],
      [GIFT.productId, 'exclude', 0, GIFTS.id],
    ]);
    expect((await call(s, 'DELETE', `${URL}/${PERFUMES.id}`)).statusCode).toBe(404);
    expect(await balanceOf(ctx, s.merchantId, shopper.id)).toBe(40);
  });

  test('bounds: 400 with the field named; another store’s categories are unknown to it', async () => {
    const s = await store(PRODUCTS);
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ categoryId: 999, effect: 'exclude' }, 'body.categoryId', 'unknown_category'],
      [{ categoryId: PERFUMES.id, effect: 'multiply' }, 'body.multiplier'],
      [{ categoryId: PERFUMES.id, effect: 'multiply', multiplier: 11 }, 'body.multiplier'],
      [{ categoryId: PERFUMES.id, effect: 'multiply', multiplier: 1.25 }, 'body.multiplier'],
      [{ categoryId: 0, effect: 'exclude' }, 'body.categoryId'],
      [{ categoryId: '501', effect: 'exclude' }, 'body.categoryId'],
    ];
    for (const [payload, path, code] of cases) {
      const res = await call(s, 'POST', URL, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const issues = res.json().issues as { path: string; code: string }[];
      expect(
        issues.map((i) => i.path),
        JSON.stringify(payload),
      ).toContain(path);
      if (code) expect(issues.find((i) => i.path === path)?.code).toBe(code);
    }
    expect(await rules(s)).toEqual([]);

    // Theirs has the gift category ruled; mine lists no categories at Salla.
    const theirs = await store(PRODUCTS);
    expect(
      (await call(theirs, 'POST', URL, { categoryId: GIFTS.id, effect: 'exclude' })).statusCode,
    ).toBe(200);
    const mine = await store([]);
    ctx.sandbox.setCatalogue(mine.merchantId, { categories: [], products: [] });
    const refused = await call(mine, 'POST', URL, { categoryId: GIFTS.id, effect: 'exclude' });
    expect([refused.statusCode, refused.json().issues?.[0]?.code]).toEqual([
      400,
      'unknown_category',
    ]);
    expect((await call(mine, 'DELETE', `${URL}/${GIFTS.id}`)).statusCode).toBe(404);
    expect(await rules(theirs)).toEqual([[GIFT.productId, 'exclude', 0, GIFTS.id]]);
  });

  test('Salla down: 502 SALLA_UNAVAILABLE, nothing written; the Growth plan only', async () => {
    const s = await store(PRODUCTS);
    ctx.sandbox.fail({ mode: '500', path: '/admin/v2/products', count: 10 });
    const res = await call(s, 'POST', URL, { categoryId: GIFTS.id, effect: 'exclude' });
    ctx.sandbox.clearFaults();
    expect([res.statusCode, res.json().code]).toEqual([502, 'SALLA_UNAVAILABLE']);
    expect(await rules(s)).toEqual([]);
    const starter = await signedInStore(ctx, { plan: 'starter', subscriptionStatus: 'active' });
    const refused = await call(starter, 'GET', URL);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'PLAN_FEATURE_REQUIRED']);
  });

  test('the OpenAPI document describes the category rules', async () => {
    const res = await ctx.server.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = res.json().paths as Record<string, Record<string, { description?: string }>>;
    expect(Object.keys(paths[URL] ?? {})).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(paths[`${URL}/{categoryId}`] ?? {})).toEqual(['delete']);
    expect(paths[URL]?.post?.description).toContain('unknown_category');
  });
});
