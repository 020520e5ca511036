import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dateToRiyadhMinute } from '@nuqat/contracts';
import { webhooks, type OrderFacts } from '@nuqat/salla-sandbox';
import { merchants, orders } from '../../db/schema/index.ts';
import { sealForStore } from '../../lib/crypto.ts';
import {
  balanceOf,
  createEngineContext,
  customerFacts,
  deliverOk,
  expectLedgerInvariant,
  randomId,
  setRules,
  type EngineContext,
} from '../../test/engine-support.ts';
import { signedInStore, type SignedInStore } from '../../test/test-app.ts';

/**
 * A products campaign naming categories (decision 061): each category read from Salla when the
 * campaign is saved (the category rules' reader), its products joining the campaign's with their
 * names — no order need have named them — and the categories kept to show; bounds with field
 * errors, another store's categories unknown, Salla down writes nothing; an order of a
 * category's product placed in the window earns the multiplier on the general path.
 */

let ctx: EngineContext;
beforeAll(async () => {
  ctx = await createEngineContext();
});
afterAll(async () => {
  await ctx?.close();
});

const DAY = 86_400_000;
const HOUR = 3_600_000;
const minute = (ms: number) => dateToRiyadhMinute(new Date(Date.now() + ms));
const OUD = { productId: 720881993, name: 'عطر العود' };
const MUSK = { productId: 720881994, name: 'مسك' };
const GIFT = { productId: 720881995, name: 'بطاقة هدية' };
const INCENSE = { productId: 720881996, name: 'بخور' };
const PERFUMES = { id: 501, name: 'العطور' };
const GIFTS = { id: 502, name: 'بطاقات الهدايا' };
const EMPTY = { id: 503, name: 'قريبًا' };
const PRODUCTS = [
  { ...OUD, categoryIds: [PERFUMES.id] },
  { ...MUSK, categoryIds: [PERFUMES.id] },
  { ...GIFT, categoryIds: [GIFTS.id] },
  { ...INCENSE, categoryIds: [] },
];

type Product = { productId: number; name: string; categoryIds: number[] };

function catalogue(s: SignedInStore, products: Product[]) {
  ctx.sandbox.setCatalogue(s.merchantId, {
    categories: [PERFUMES, GIFTS, EMPTY],
    products: products.map((p) => ({ id: p.productId, name: p.name, categoryIds: p.categoryIds })),
  });
}

/** A Growth store with Salla tokens, 10 points an order and 1 per 10 SAR, and this catalogue. */
async function store(products: Product[] = PRODUCTS): Promise<SignedInStore> {
  const s = await signedInStore(ctx, {
    plan: 'growth',
    subscriptionStatus: 'active',
    subscriptionExpiresAt: new Date(Date.now() + 365 * DAY),
  });
  const tokens = ctx.sandbox.registerStore({ merchantId: s.merchantId });
  const seal = (v: string) => sealForStore(ctx.config.keys.storeSecrets, s.merchantId, v);
  await ctx.database.db
    .update(merchants)
    .set({
      installStatus: 'installed',
      subscriptionStartedAt: new Date(Date.now() - 30 * DAY),
      sallaAccessToken: seal(tokens.access_token),
      sallaRefreshToken: seal(tokens.refresh_token),
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

function body(overrides: Record<string, unknown> = {}) {
  return {
    nameAr: 'أسبوع العطور',
    nameEn: 'Perfume week',
    startsAt: minute(-2 * HOUR),
    endsAt: minute(5 * DAY),
    effect: 'products',
    multiplierPct: 300,
    categoryIds: [PERFUMES.id],
    ...overrides,
  };
}

function call(s: SignedInStore, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return ctx.server.inject({
    method,
    url,
    headers: { authorization: s.authorization, 'accept-language': 'en' },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
}

const listed = async (s: SignedInStore) =>
  (await call(s, 'GET', '/api/campaigns')).json().data.campaigns as {
    id: string;
    products: { id: number; name: string; categoryId?: number }[];
    categories: { id: number; name: string }[];
  }[];

describe('/api/campaigns with categories', () => {
  test('a category’s products join the campaign; an order of one in the window earns the multiplier on the general path', async () => {
    const s = await store();
    const created = await call(s, 'POST', '/api/campaigns', body());
    expect(created.statusCode, created.body).toBe(200);
    const c = created.json().data;
    expect([c.products, c.categories]).toEqual([
      [
        { id: OUD.productId, name: OUD.name, categoryId: PERFUMES.id },
        { id: MUSK.productId, name: MUSK.name, categoryId: PERFUMES.id },
      ],
      [PERFUMES],
    ]);

    // 100 SAR of oud ×3 + 100 of incense = 400 SAR → 40 points, and 10 for the order.
    const shopper = customerFacts();
    const order: OrderFacts = {
      id: randomId(),
      customer: shopper,
      total: 200,
      status: 'completed',
      placedAt: new Date(Date.now() - HOUR),
      lines: [
        { ...OUD, amount: 100 },
        { ...INCENSE, amount: 100 },
      ],
    };
    const fastBefore = ctx.app.services.webhooks.stats().fastPath;
    await deliverOk(ctx, webhooks.orderCreated(s.merchantId, order));
    expect(ctx.app.services.webhooks.stats().fastPath).toBe(fastBefore);
    const [row] = await ctx.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.merchantId, s.merchantId), eq(orders.id, order.id)));
    expect([row!.earnPoints, row!.amountPoints, row!.campaignIds, row!.earningBasis]).toEqual([
      10,
      40,
      [c.id],
      'lines',
    ]);
    expect(await balanceOf(ctx, s.merchantId, shopper.id)).toBe(50);
    await expectLedgerInvariant(ctx, s.merchantId);

    // Incense joins the perfumes at Salla: saved again, the campaign has it; a product chosen
    // by name (named by the order above) and in a category is kept as chosen.
    catalogue(s, [...PRODUCTS.slice(0, 3), { ...INCENSE, categoryIds: [PERFUMES.id] }]);
    const saved = await call(
      s,
      'PUT',
      `/api/campaigns/${c.id}`,
      body({ productIds: [OUD.productId], categoryIds: [PERFUMES.id, GIFTS.id] }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.products).toEqual([
      { id: OUD.productId, name: OUD.name },
      { id: MUSK.productId, name: MUSK.name, categoryId: PERFUMES.id },
      { id: INCENSE.productId, name: INCENSE.name, categoryId: PERFUMES.id },
      { id: GIFT.productId, name: GIFT.name, categoryId: GIFTS.id },
    ]);
    expect(saved.json().data.categories).toEqual([PERFUMES, GIFTS]);

    // The shoppers' page names the categories.
    const programme = await ctx.server.inject({
      method: 'GET',
      url: `/api/storefront/${s.merchantId}/programme?lang=en`,
    });
    expect(programme.json().data.campaigns).toMatchObject([
      { effect: 'products', categoryNames: [PERFUMES.name, GIFTS.name], chosenProducts: true },
    ]);
  });

  test('bounds: 400 with the field named, nothing written', async () => {
    const s = await store();
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ categoryIds: [999] }, 'body.categoryIds.0', 'unknown_category'],
      [{ categoryIds: [PERFUMES.id, 999] }, 'body.categoryIds.1', 'unknown_category'],
      [{ categoryIds: Array.from({ length: 11 }, (_, i) => i + 1) }, 'body.categoryIds'],
      [{ categoryIds: [0] }, 'body.categoryIds.0'],
      [{ categoryIds: ['501'] }, 'body.categoryIds.0'],
      [{ categoryIds: [], productIds: [] }, 'body.productIds'],
      [{ effect: 'multiplier', multiplierPct: 200 }, 'body.categoryIds'],
      [{ categoryIds: [EMPTY.id] }, 'body.categoryIds', 'empty_category'],
      // A product no order named is still refused when chosen by itself.
      [{ productIds: [INCENSE.productId] }, 'body.productIds.0', 'unknown_product'],
    ];
    for (const [overrides, path, code] of cases) {
      const res = await call(s, 'POST', '/api/campaigns', body(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      const issues = res.json().issues as { path: string; code: string }[];
      expect(
        issues.map((i) => i.path),
        JSON.stringify(overrides),
      ).toContain(path);
      if (code) expect(issues.find((i) => i.path === path)?.code).toBe(code);
    }
    expect(await listed(s)).toEqual([]);
  });

  test('Salla down: 502 SALLA_UNAVAILABLE and nothing written, on create and on update', async () => {
    const s = await store();
    ctx.sandbox.fail({ mode: '500', path: '/admin/v2/products', count: 10 });
    const res = await call(s, 'POST', '/api/campaigns', body());
    ctx.sandbox.clearFaults();
    expect([res.statusCode, res.json().code]).toEqual([502, 'SALLA_UNAVAILABLE']);
    expect(await listed(s)).toEqual([]);

    const created = await call(s, 'POST', '/api/campaigns', body());
    expect(created.statusCode, created.body).toBe(200);
    const before = await listed(s);
    ctx.sandbox.fail({ mode: '500', path: '/admin/v2/categories', count: 10 });
    const changed = await call(
      s,
      'PUT',
      `/api/campaigns/${created.json().data.id}`,
      body({ multiplierPct: 500, categoryIds: [GIFTS.id] }),
    );
    ctx.sandbox.clearFaults();
    expect([changed.statusCode, changed.json().code]).toEqual([502, 'SALLA_UNAVAILABLE']);
    expect(await listed(s)).toEqual(before);
  });

  test('another store’s categories are unknown; its campaign is not found', async () => {
    const theirs = await store();
    const created = await call(theirs, 'POST', '/api/campaigns', body());
    expect(created.statusCode, created.body).toBe(200);
    const mine = await store([]);
    ctx.sandbox.setCatalogue(mine.merchantId, { categories: [], products: [] });
    const refused = await call(mine, 'POST', '/api/campaigns', body());
    expect([refused.statusCode, refused.json().issues?.[0]]).toMatchObject([
      400,
      { path: 'body.categoryIds.0', code: 'unknown_category' },
    ]);
    const other = await call(mine, 'PUT', `/api/campaigns/${created.json().data.id}`, body());
    expect([other.statusCode, other.json().code]).toEqual([404, 'CAMPAIGN_NOT_FOUND']);
    expect(await listed(mine)).toEqual([]);
    expect((await listed(theirs))[0]?.categories).toEqual([PERFUMES]);
  });

  test('the OpenAPI document describes the categories', async () => {
    const res = await ctx.server.inject({ method: 'GET', url: '/api/docs/json' });
    const post = res.json().paths['/api/campaigns'].post;
    const input = post.requestBody.content['application/json'].schema;
    expect(input.properties.categoryIds).toMatchObject({ type: 'array', maxItems: 10 });
    expect(post.description).toContain('unknown_category');
    expect(Object.keys(post.responses)).toContain('502');
  });
});
