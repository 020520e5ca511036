import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { StorefrontProgrammeResponseSchema, type StorefrontProgramme } from '@nuqat/contracts';
import { merchants } from '../../db/schema/index.ts';
import { setRules } from '../../test/engine-support.ts';
import { createTestContext, signedInStore, type TestContext } from '../../test/test-app.ts';
import { insertReward, type RewardValues } from '../rewards/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const REWARD: RewardValues = {
  name: 'خصم 10 ريال',
  type: 'fixed_discount',
  pointsRequired: 150,
  value: 10,
  description: 'على طلبك القادم',
  isActive: true,
  maxUsage: null,
  minOrderAmount: 0,
  freeProducts: [],
  couponValidDays: 30,
};

/** A growth store with ways to earn, rewards, two tiers and the referral programme on. */
async function fullStore() {
  const store = await signedInStore(ctx, {
    plan: 'growth',
    subscriptionStatus: 'active',
    subscriptionExpiresAt: new Date(Date.now() + 365 * 86_400_000),
  });
  const merchantCall = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await ctx.server.inject({
      method,
      url,
      headers: { authorization: store.authorization },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  await setRules(ctx, store.merchantId, {
    'order.created': { points: 50, minOrderTotalSar: 100 },
    signup: { points: 30 },
    birthday: { points: 0 },
  });
  const tiers = await merchantCall('PUT', '/api/tiers', {
    enabled: true,
    basis: 'spend',
    window: 'lifetime',
    graceDays: 30,
    tiers: [
      { nameAr: 'فضي', nameEn: 'Silver', colour: '#94a3b8', threshold: 500, multiplierPct: 125 },
      { nameAr: 'ذهبي', nameEn: 'Gold', colour: '#eab308', threshold: 2000, multiplierPct: 150 },
    ],
  });
  const gold = (tiers.data.tiers as { id: string; nameEn: string }[]).find(
    (t) => t.nameEn === 'Gold',
  )!;
  await insertReward(ctx.database.db, store.merchantId, REWARD);
  await insertReward(ctx.database.db, store.merchantId, {
    ...REWARD,
    name: 'شحن مجاني للذهبي',
    type: 'free_shipping',
    value: 0,
    pointsRequired: 80,
    minTierId: gold.id,
  });
  await insertReward(ctx.database.db, store.merchantId, {
    ...REWARD,
    name: 'مكافأة موقوفة',
    isActive: false,
  });
  await merchantCall('POST', '/api/referrals/settings', {
    isActive: true,
    participantReward: { type: 'fixed', value: 25 },
    referralReward: { type: 'percentage', value: 15, maxAmount: 60 },
  });
  return store;
}

function getProgramme(merchantId: number | string, query = '', headers = {}) {
  return ctx.server.inject({
    method: 'GET',
    url: `/api/storefront/${merchantId}/programme${query}`,
    headers,
  });
}

describe('GET /api/storefront/{merchantId}/programme', () => {
  test("a visitor reads the store's ways to earn, rewards, tiers and referral gift", async () => {
    const store = await fullStore();
    const res = await getProgramme(store.merchantId, '?lang=en');
    expect(res.statusCode, res.body).toBe(200);
    const programme: StorefrontProgramme = StorefrontProgrammeResponseSchema.parse(res.json()).data;
    expect(programme.programme).toEqual({ redeemable: true, reason: null });
    expect(programme.pointsMethods.map((m) => [m.id, m.points])).toEqual([
      ['order.created', 50],
      ['signup', 30],
    ]);
    expect(programme.pointsMethods[0]!.condition).toBe('For every order of 100 SAR or more');
    // Active rewards only, cheapest first; the Gold one says so, in the page's language.
    expect(
      programme.rewards.map((r) => [r.name, r.pointsRequired, r.minTier?.name ?? null]),
    ).toEqual([
      ['شحن مجاني للذهبي', 80, 'Gold'],
      ['خصم 10 ريال', 150, null],
    ]);
    expect(programme.tiers).toMatchObject({
      basis: 'spend',
      window: 'lifetime',
      levels: [
        { name: 'Silver', threshold: 500, multiplierPct: 125 },
        { name: 'Gold', threshold: 2000, multiplierPct: 150 },
      ],
    });
    expect(programme.referral).toEqual({
      participantReward: { type: 'fixed', value: 25, maxAmount: null },
      referralReward: { type: 'percentage', value: 15, maxAmount: 60 },
    });
    const arabic = StorefrontProgrammeResponseSchema.parse(
      (await getProgramme(store.merchantId)).json(),
    );
    expect(arabic.data.tiers!.levels.map((l) => l.name)).toEqual(['فضي', 'ذهبي']);
  });

  test('the answer holds no shopper data: no e-mail, balance, coupon or history field anywhere', async () => {
    const store = await fullStore();
    const res = await getProgramme(store.merchantId);
    const keys = new Set<string>();
    const walk = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object')
        for (const [key, inner] of Object.entries(value)) {
          keys.add(key);
          walk(inner);
        }
    };
    walk(res.json());
    for (const field of [
      'email',
      'mobile',
      'customer',
      'availablePoints',
      'balance',
      'pendingPoints',
      'expiringPoints',
      'coupons',
      'history',
      'code',
      'link',
      'locked',
    ])
      expect(keys.has(field), field).toBe(false);
    expect(res.body).not.toContain('@');
  });

  test('it is cacheable by anyone for a minute, with an ETag; a matching If-None-Match is a 304', async () => {
    const store = await fullStore();
    const first = await getProgramme(store.merchantId);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['set-cookie']).toBeUndefined();

    const again = await getProgramme(store.merchantId, '', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, max-age=60');
    // A list, or the weak form, matches too; another tag does not.
    expect(
      (await getProgramme(store.merchantId, '', { 'if-none-match': `"old", W/${etag}` }))
        .statusCode,
    ).toBe(304);
    expect(
      (await getProgramme(store.merchantId, '', { 'if-none-match': '"something-else"' }))
        .statusCode,
    ).toBe(200);

    // Each language is its own answer, with its own tag.
    const english = await getProgramme(store.merchantId, '?lang=en', { 'if-none-match': etag });
    expect(english.statusCode).toBe(200);
    expect(english.headers.etag).not.toBe(etag);

    // A change to the programme changes the tag: the old one is answered in full.
    await insertReward(ctx.database.db, store.merchantId, { ...REWARD, name: 'خصم جديد' });
    const changed = await getProgramme(store.merchantId, '', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).toContain('خصم جديد');
  });

  test('a store without tiers or referrals on (a starter store) shows ways to earn and rewards only', async () => {
    const store = await signedInStore(ctx, {
      plan: 'starter',
      subscriptionStatus: 'active',
      subscriptionExpiresAt: new Date(Date.now() + 30 * 86_400_000),
    });
    await setRules(ctx, store.merchantId, { 'order.created': { points: 10 } });
    await insertReward(ctx.database.db, store.merchantId, REWARD);
    const body = StorefrontProgrammeResponseSchema.parse(
      (await getProgramme(store.merchantId)).json(),
    );
    expect(body.data).toMatchObject({ tiers: null, referral: null });
    expect(body.data.rewards).toHaveLength(1);
    expect(body.data.pointsMethods).toHaveLength(1);
  });

  test('a paused programme says so: redeeming off, with the reason', async () => {
    const store = await fullStore();
    await ctx.database.db
      .update(merchants)
      .set({ subscriptionStatus: 'expired' })
      .where(eq(merchants.id, store.merchantId));
    const body = StorefrontProgrammeResponseSchema.parse(
      (await getProgramme(store.merchantId)).json(),
    );
    expect(body.data.programme).toEqual({ redeemable: false, reason: 'SUBSCRIPTION_INACTIVE' });
  });

  test('an unknown store, or one that uninstalled the app, is a 404 STORE_NOT_FOUND', async () => {
    const unknown = await getProgramme('987654321987', '', { 'accept-language': 'en' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, code: 'STORE_NOT_FOUND' });
    expect(String(unknown.headers['cache-control'] ?? '')).not.toContain('public');

    const store = await fullStore();
    await ctx.database.db
      .update(merchants)
      .set({ installStatus: 'uninstalled', uninstalledAt: new Date() })
      .where(eq(merchants.id, store.merchantId));
    const gone = await getProgramme(store.merchantId);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('STORE_NOT_FOUND');
  });

  test('one store never shows another store’s programme', async () => {
    const a = await fullStore();
    const b = await signedInStore(ctx, { plan: 'growth', subscriptionStatus: 'active' });
    const body = StorefrontProgrammeResponseSchema.parse((await getProgramme(b.merchantId)).json());
    expect(body.data).toMatchObject({
      pointsMethods: [],
      rewards: [],
      tiers: null,
      referral: null,
    });
    const aBody = (await getProgramme(a.merchantId)).body;
    expect(aBody).toContain('خصم 10 ريال');
    expect((await getProgramme(b.merchantId)).body).not.toContain('خصم 10 ريال');
  });

  test.each([
    ['abc', ''],
    ['-1', ''],
    ['0', ''],
    ['1.5', ''],
    ['99999999999999999999999', ''],
    ['%00', ''],
    ['7000001', '?lang=xx'],
    ['7000001', '?lang=ar&extra=1'],
  ])('a bad merchant id or query (%s%s) is a 400 VALIDATION_FAILED', async (id, query) => {
    const res = await getProgramme(id, query);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });

  test('the route is in the OpenAPI document, public, with its 304', async () => {
    const doc = (await ctx.server.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operation = doc.paths['/api/storefront/{merchantId}/programme'].get;
    expect(operation.security).toBeUndefined();
    expect(Object.keys(operation.responses)).toEqual(
      expect.arrayContaining(['200', '304', '400', '404']),
    );
  });
});
