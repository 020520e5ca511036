import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  DeleteRewardResponseSchema,
  ErrorBodySchema,
  RedemptionsResponseSchema,
  RewardResponseSchema,
  RewardsReportResponseSchema,
  RewardsResponseSchema,
  type PlanId,
  type RedemptionStatus,
  type RewardRequestInput,
} from '@nuqat/contracts';
import { customers, redemptions, rewards } from '../../db/schema/index.ts';
import {
  createTestContext,
  signedInStore,
  type SignedInStore,
  type TestContext,
} from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

type Store = SignedInStore;

const newStore = (plan: PlanId | null = 'growth') => signedInStore(ctx, { plan });

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const call = (store: Store, method: Method, url: string, payload?: unknown, language = 'ar') =>
  ctx.server.inject({
    method,
    url,
    headers: { authorization: store.authorization, 'accept-language': language },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const base: RewardRequestInput = {
  name: 'خصم ١٠ ريال',
  type: 'fixed_discount',
  pointsRequired: 100,
};

async function createReward(store: Store, overrides: Partial<RewardRequestInput> = {}) {
  const res = await call(store, 'POST', '/api/rewards', { ...base, ...overrides });
  expect(res.statusCode, res.body).toBe(201);
  return RewardResponseSchema.parse(res.json()).data;
}

async function listRewards(store: Store) {
  return RewardsResponseSchema.parse((await call(store, 'GET', '/api/rewards')).json()).data;
}

/** A shopper as the Salla webhooks would have mirrored them. */
async function addCustomer(
  store: Store,
  values: { firstName?: string; lastName?: string; email?: string } = {},
): Promise<number> {
  const id = randomInt(1, 2 ** 40);
  await ctx.database.db.insert(customers).values({ merchantId: store.merchantId, id, ...values });
  return id;
}

/** A redemption as the engine writes it. */
async function addRedemption(
  store: Store,
  values: {
    rewardId: string;
    customerId: number;
    points: number;
    status: RedemptionStatus;
    couponCode?: string | null;
    couponExpiresAt?: Date | null;
    createdAt?: Date;
  },
) {
  const [row] = await ctx.database.db
    .insert(redemptions)
    .values({ merchantId: store.merchantId, ...values })
    .returning();
  return row!;
}

describe('POST /api/rewards', () => {
  test('creates a reward with the contract defaults and answers 201 in the envelope', async () => {
    const store = await newStore();
    const res = await call(store, 'POST', '/api/rewards', base, 'en');
    expect(res.statusCode).toBe(201);
    const body = RewardResponseSchema.parse(res.json());
    expect(body.message).toBe('Reward added');
    expect(body.data).toMatchObject({
      name: 'خصم ١٠ ريال',
      type: 'fixed_discount',
      pointsRequired: 100,
      value: 0,
      description: '',
      isActive: true,
      maxUsage: null,
      minOrderAmount: 0,
      freeProducts: [],
      couponValidDays: 30,
      usageCount: 0,
    });
    expect((await listRewards(store)).map((reward) => reward.id)).toEqual([body.data.id]);
  });

  test('takes the spec’s full body and every one of the five types', async () => {
    const store = await newStore();
    const full = {
      name: '  خصم الصيف  ',
      type: 'percentage_discount',
      pointsRequired: 250,
      value: 15,
      description: 'على كل الطلبات',
      isActive: false,
      maxUsage: 50,
      minOrderAmount: 200,
    } as const;
    expect(await createReward(store, full)).toMatchObject({ ...full, name: 'خصم الصيف' });
    expect((await createReward(store, { type: 'fixed_discount', value: 10 })).value).toBe(10);
    expect((await createReward(store, { type: 'cashback', value: 5 })).value).toBe(5);
    // The value belongs to the three types the spec names; the others keep 0 whatever is sent.
    expect((await createReward(store, { type: 'free_shipping', value: 10 })).value).toBe(0);
    const product = await createReward(store, {
      type: 'free_product',
      value: 10,
      freeProducts: [{ id: '1234567', name: 'كوب قهوة' }],
    });
    expect(product).toMatchObject({
      value: 0,
      freeProducts: [{ id: '1234567', name: 'كوب قهوة' }],
    });
    // Products are only for free_product.
    const shipping = await createReward(store, {
      type: 'free_shipping',
      freeProducts: [{ id: '1', name: 'x' }],
    });
    expect(shipping.freeProducts).toEqual([]);
    expect(await listRewards(store)).toHaveLength(6);
  });

  test.each([
    ['pointsRequired', { pointsRequired: 0 }, false],
    ['pointsRequired', { pointsRequired: 1 }, true],
    ['pointsRequired', { pointsRequired: 1_000_000 }, true],
    ['pointsRequired', { pointsRequired: 1_000_001 }, false],
    ['pointsRequired', { pointsRequired: 10.5 }, false],
    ['value', { value: -1 }, false],
    ['value', { value: 0 }, true],
    ['value', { value: 100_000 }, true],
    ['value', { value: 100_001 }, false],
    ['value', { type: 'fixed_discount', value: 101 }, true],
    ['value', { type: 'percentage_discount', value: 100 }, true],
    ['value', { type: 'percentage_discount', value: 101 }, false],
    ['value', { type: 'cashback', value: 7.5 }, false],
    ['maxUsage', { maxUsage: 0 }, false],
    ['maxUsage', { maxUsage: 1 }, true],
    ['maxUsage', { maxUsage: 1_000_000 }, true],
    ['maxUsage', { maxUsage: 1_000_001 }, false],
    ['maxUsage', { maxUsage: null }, true],
    ['maxUsage', { maxUsage: '' }, false],
    ['minOrderAmount', { minOrderAmount: -1 }, false],
    ['minOrderAmount', { minOrderAmount: 0 }, true],
    ['minOrderAmount', { minOrderAmount: 1_000_000 }, true],
    ['minOrderAmount', { minOrderAmount: 1_000_001 }, false],
    ['couponValidDays', { couponValidDays: 0 }, false],
    ['couponValidDays', { couponValidDays: 1 }, true],
    ['couponValidDays', { couponValidDays: 365 }, true],
    ['couponValidDays', { couponValidDays: 366 }, false],
    ['name', { name: '' }, false],
    ['name', { name: '   ' }, false],
    ['name', { name: 'a' }, true],
    ['name', { name: 'a'.repeat(100) }, true],
    ['name', { name: 'a'.repeat(101) }, false],
    ['description', { description: 'd'.repeat(500) }, true],
    ['description', { description: 'd'.repeat(501) }, false],
    ['type', { type: 'gift_card' }, false],
    ['isActive', { isActive: 'yes' }, false],
    ['freeProducts', { type: 'free_product', freeProducts: [] }, false],
    ['freeProducts', { type: 'free_product', freeProducts: [{ id: '1', name: 'p' }] }, true],
    [
      'freeProducts',
      {
        type: 'free_product',
        freeProducts: Array.from({ length: 10 }, (_, i) => ({ id: String(i + 1), name: `p${i}` })),
      },
      true,
    ],
    [
      'freeProducts',
      {
        type: 'free_product',
        freeProducts: Array.from({ length: 11 }, (_, i) => ({ id: String(i + 1), name: `p${i}` })),
      },
      false,
    ],
    ['freeProducts', { type: 'free_product', freeProducts: [{ id: '1', name: ' ' }] }, false],
    ['freeProducts', { type: 'free_product', freeProducts: [{ id: '', name: 'p' }] }, false],
    [
      'freeProducts',
      { type: 'free_product', freeProducts: [{ id: '1', name: 'p', price: 3 }] },
      false,
    ],
  ] as const)('%s: %j is accepted: %s', async (field, fields, ok) => {
    const store = await newStore();
    const res = await call(store, 'POST', '/api/rewards', { ...base, ...fields });
    expect(res.statusCode, res.body).toBe(ok ? 201 : 400);
    if (!ok) {
      const body = ErrorBodySchema.parse(res.json());
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.issues?.some((issue) => issue.path.startsWith(`body.${field}`))).toBe(true);
      expect(await listRewards(store)).toEqual([]);
    }
  });

  test('unknown fields are 400, including the response-only ones', async () => {
    const store = await newStore();
    for (const extra of [
      { usageCount: 3 },
      { _id: 'x' },
      { id: crypto.randomUUID() },
      { color: 'red' },
    ]) {
      const res = await call(store, 'POST', '/api/rewards', { ...base, ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    for (const missing of ['name', 'type', 'pointsRequired'] as const) {
      const body: Record<string, unknown> = { ...base };
      delete body[missing];
      expect((await call(store, 'POST', '/api/rewards', body)).statusCode, missing).toBe(400);
    }
  });
});

describe('PUT /api/rewards/:id', () => {
  test('replaces the reward with the same body as POST', async () => {
    const store = await newStore();
    const reward = await createReward(store, { maxUsage: 5, description: 'قديم' });
    const res = await call(
      store,
      'PUT',
      `/api/rewards/${reward.id}`,
      { name: 'شحن مجاني', type: 'free_shipping', pointsRequired: 300, isActive: false },
      'en',
    );
    expect(res.statusCode).toBe(200);
    const body = RewardResponseSchema.parse(res.json());
    expect(body.message).toBe('Reward saved');
    expect(body.data).toMatchObject({
      id: reward.id,
      name: 'شحن مجاني',
      type: 'free_shipping',
      pointsRequired: 300,
      value: 0,
      description: '',
      maxUsage: null,
      isActive: false,
    });
    expect(body.data.createdAt).toBe(reward.createdAt);
  });

  test('the same bounds apply: a 101 % discount is 400 and nothing changes', async () => {
    const store = await newStore();
    const reward = await createReward(store);
    const res = await call(store, 'PUT', `/api/rewards/${reward.id}`, {
      ...base,
      type: 'percentage_discount',
      value: 101,
    });
    expect(res.statusCode).toBe(400);
    expect((await listRewards(store))[0]).toMatchObject({ type: 'fixed_discount' });
  });

  test('an unknown id is 404 and a malformed one is 400', async () => {
    const store = await newStore();
    expect((await call(store, 'PUT', `/api/rewards/${crypto.randomUUID()}`, base)).statusCode).toBe(
      404,
    );
    expect((await call(store, 'PUT', '/api/rewards/not-a-uuid', base)).statusCode).toBe(400);
  });
});

describe('PATCH /api/rewards/:id/toggle', () => {
  test('switches a reward off and on again', async () => {
    const store = await newStore();
    const reward = await createReward(store);
    const off = await call(store, 'PATCH', `/api/rewards/${reward.id}/toggle`, undefined, 'en');
    expect(off.statusCode).toBe(200);
    expect(RewardResponseSchema.parse(off.json())).toMatchObject({
      data: { isActive: false },
      message: 'Reward deactivated',
    });
    expect((await listRewards(store))[0]?.isActive).toBe(false);
    const on = await call(store, 'PATCH', `/api/rewards/${reward.id}/toggle`);
    expect(on.json().data.isActive).toBe(true);
  });

  test('an unknown reward is 404', async () => {
    const store = await newStore();
    const res = await call(store, 'PATCH', `/api/rewards/${crypto.randomUUID()}/toggle`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});

describe('DELETE /api/rewards/:id', () => {
  test('a reward that was never redeemed is removed for good', async () => {
    const store = await newStore();
    const reward = await createReward(store);
    const res = await call(store, 'DELETE', `/api/rewards/${reward.id}`, undefined, 'en');
    expect(res.statusCode).toBe(200);
    expect(DeleteRewardResponseSchema.parse(res.json())).toMatchObject({
      data: { id: reward.id, archived: false },
      message: 'Reward deleted',
    });
    const rows = await ctx.database.db
      .select()
      .from(rewards)
      .where(and(eq(rewards.merchantId, store.merchantId), eq(rewards.id, reward.id)));
    expect(rows).toEqual([]);
    expect((await call(store, 'DELETE', `/api/rewards/${reward.id}`)).statusCode).toBe(404);
  });

  test('a reward with coupons is archived: gone from lists, its redemptions keep its name', async () => {
    const store = await newStore();
    const reward = await createReward(store, { name: 'قسيمة ٥٠' });
    const customerId = await addCustomer(store, { firstName: 'نورة', lastName: 'العتيبي' });
    await addRedemption(store, {
      rewardId: reward.id,
      customerId,
      points: 100,
      status: 'used',
      couponCode: 'NQ-USED1',
    });

    const res = await call(store, 'DELETE', `/api/rewards/${reward.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: reward.id, archived: true });

    const [row] = await ctx.database.db
      .select()
      .from(rewards)
      .where(and(eq(rewards.merchantId, store.merchantId), eq(rewards.id, reward.id)));
    expect(row?.deletedAt).not.toBeNull();
    expect(row?.isActive).toBe(false);
    expect(await listRewards(store)).toEqual([]);

    const history = RedemptionsResponseSchema.parse(
      (await call(store, 'GET', '/api/rewards/redemptions')).json(),
    ).data;
    expect(history.items).toHaveLength(1);
    expect(history.items[0]).toMatchObject({
      rewardName: 'قسيمة ٥٠',
      rewardDeleted: true,
      customerName: 'نورة العتيبي',
      couponCode: 'NQ-USED1',
    });

    // An archived reward is not found any more for editing, toggling or deleting.
    expect((await call(store, 'PUT', `/api/rewards/${reward.id}`, base)).statusCode).toBe(404);
    expect((await call(store, 'PATCH', `/api/rewards/${reward.id}/toggle`)).statusCode).toBe(404);
    expect((await call(store, 'DELETE', `/api/rewards/${reward.id}`)).statusCode).toBe(404);
    const report = RewardsReportResponseSchema.parse(
      (await call(store, 'GET', '/api/rewards/report')).json(),
    ).data;
    expect(report.rewards).toEqual([]);
    expect(report.summary).toMatchObject({ rewards: 0, redeemedCount: 1, pointsSpent: 100 });
  });

  test('a failed redemption is history too: the reward is archived, not removed', async () => {
    const store = await newStore();
    const reward = await createReward(store);
    await addRedemption(store, {
      rewardId: reward.id,
      customerId: await addCustomer(store),
      points: 100,
      status: 'failed',
    });
    expect((await call(store, 'DELETE', `/api/rewards/${reward.id}`)).json().data.archived).toBe(
      true,
    );
  });
});

describe('usageCount', () => {
  test('counts the coupons issued and used, not pending, failed or expired ones', async () => {
    const store = await newStore();
    const reward = await createReward(store, { maxUsage: 10 });
    const other = await createReward(store, { name: 'أخرى' });
    const customerId = await addCustomer(store);
    for (const status of ['issued', 'issued', 'used', 'pending', 'failed', 'expired'] as const) {
      await addRedemption(store, { rewardId: reward.id, customerId, points: 100, status });
    }
    await addRedemption(store, { rewardId: other.id, customerId, points: 100, status: 'used' });
    const list = await listRewards(store);
    expect(list.find((r) => r.id === reward.id)?.usageCount).toBe(3);
    expect(list.find((r) => r.id === other.id)?.usageCount).toBe(1);
    // The count survives an edit and a toggle.
    const edited = await call(store, 'PUT', `/api/rewards/${reward.id}`, { ...base, maxUsage: 10 });
    expect(edited.json().data.usageCount).toBe(3);
    expect(
      (await call(store, 'PATCH', `/api/rewards/${reward.id}/toggle`)).json().data.usageCount,
    ).toBe(3);
  });
});

describe('plan gates (decision 003)', () => {
  test.each(['starter', null] as const)(
    'a %s store cannot create cashback or free-product rewards: 403 PLAN_FEATURE_REQUIRED',
    async (plan) => {
      const store = await newStore(plan);
      for (const fields of [
        { type: 'cashback', value: 5 },
        { type: 'free_product', freeProducts: [{ id: '9', name: 'هدية' }] },
      ] as const) {
        const res = await call(store, 'POST', '/api/rewards', { ...base, ...fields }, 'en');
        expect(res.statusCode, fields.type).toBe(403);
        const body = ErrorBodySchema.parse(res.json());
        expect(body.code).toBe('PLAN_FEATURE_REQUIRED');
        expect(body.message).toBe('This feature is part of the Growth plan. Upgrade to use it.');
        expect(body.issues).toEqual([
          { path: 'body.type', code: 'plan_feature_required', message: 'fullCustomisation' },
        ]);
      }
      expect(await listRewards(store)).toEqual([]);
      for (const type of ['fixed_discount', 'percentage_discount', 'free_shipping'] as const) {
        expect((await createReward(store, { type, value: 10 })).type).toBe(type);
      }
    },
  );

  test('a starter store cannot turn a reward into a growth-only type', async () => {
    const store = await newStore('starter');
    const reward = await createReward(store);
    const res = await call(store, 'PUT', `/api/rewards/${reward.id}`, {
      ...base,
      type: 'cashback',
    });
    expect(res.statusCode).toBe(403);
    expect((await listRewards(store))[0]?.type).toBe('fixed_discount');
  });

  test('after a downgrade, growth-only rewards can be switched off, edited into a starter type or deleted, not switched on', async () => {
    const store = await newStore('starter');
    const [kept] = await ctx.database.db
      .insert(rewards)
      .values({
        merchantId: store.merchantId,
        name: 'كاش باك',
        type: 'cashback',
        pointsRequired: 50,
        value: 5,
      })
      .returning();
    const off = await call(store, 'PATCH', `/api/rewards/${kept!.id}/toggle`);
    expect(off.statusCode).toBe(200);
    expect(off.json().data.isActive).toBe(false);
    const on = await call(store, 'PATCH', `/api/rewards/${kept!.id}/toggle`);
    expect(on.statusCode).toBe(403);
    expect(on.json().code).toBe('PLAN_FEATURE_REQUIRED');
    expect(
      (
        await call(store, 'PUT', `/api/rewards/${kept!.id}`, {
          ...base,
          type: 'cashback',
          value: 5,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call(store, 'PUT', `/api/rewards/${kept!.id}`, { ...base, value: 5 })).statusCode,
    ).toBe(200);
    expect((await call(store, 'DELETE', `/api/rewards/${kept!.id}`)).statusCode).toBe(200);
  });

  test('a growth store has every type', async () => {
    const store = await newStore('growth');
    expect((await createReward(store, { type: 'cashback', value: 5 })).type).toBe('cashback');
  });
});

describe('another store’s rewards', () => {
  test('answer 404 to PUT, PATCH and DELETE, and never show in lists or reports', async () => {
    const a = await newStore();
    const b = await newStore();
    const reward = await createReward(a, { name: 'مكافأة المتجر أ' });
    const customerId = await addCustomer(a, { firstName: 'سارة' });
    await addRedemption(a, {
      rewardId: reward.id,
      customerId,
      points: 100,
      status: 'issued',
      couponCode: 'NQ-A',
    });

    for (const [method, url, payload] of [
      ['PUT', `/api/rewards/${reward.id}`, { ...base, name: 'مخترق' }],
      ['PATCH', `/api/rewards/${reward.id}/toggle`, undefined],
      ['DELETE', `/api/rewards/${reward.id}`, undefined],
    ] as const) {
      const res = await call(b, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    expect(await listRewards(b)).toEqual([]);
    const reportB = (await call(b, 'GET', '/api/rewards/report')).json().data;
    expect(reportB.rewards).toEqual([]);
    expect(reportB.summary).toEqual({
      rewards: 0,
      activeRewards: 0,
      redeemedCount: 0,
      pointsSpent: 0,
      unusedCoupons: 0,
    });
    const historyB = (await call(b, 'GET', `/api/rewards/redemptions?rewardId=${reward.id}`)).json()
      .data;
    expect(historyB).toMatchObject({ items: [], total: 0 });

    // A is untouched.
    const [still] = await listRewards(a);
    expect(still).toMatchObject({
      id: reward.id,
      name: 'مكافأة المتجر أ',
      isActive: true,
      usageCount: 1,
    });
  });

  test('without a session every rewards endpoint is 401', async () => {
    const id = crypto.randomUUID();
    for (const [method, url] of [
      ['GET', '/api/rewards'],
      ['POST', '/api/rewards'],
      ['PUT', `/api/rewards/${id}`],
      ['PATCH', `/api/rewards/${id}/toggle`],
      ['DELETE', `/api/rewards/${id}`],
      ['GET', '/api/rewards/report'],
      ['GET', '/api/rewards/redemptions'],
    ] as const) {
      const res = await ctx.server.inject({
        method,
        url,
        ...(method === 'POST' || method === 'PUT' ? { payload: base } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('GET /api/rewards/report', () => {
  test('per reward: coupons issued, points spent, coupons still unused, last redemption', async () => {
    const store = await newStore();
    const tenOff = await createReward(store, { name: 'خصم ١٠', pointsRequired: 100, value: 10 });
    const shipping = await createReward(store, {
      name: 'شحن مجاني',
      type: 'free_shipping',
      pointsRequired: 60,
    });
    const idle = await createReward(store, { name: 'بلا استخدام', isActive: false });
    const customerId = await addCustomer(store);
    const day = 86_400_000;
    const now = ctx.clock.now().getTime();
    const add = (
      rewardId: string,
      status: RedemptionStatus,
      points: number,
      expiresIn: number | null,
      ago: number,
    ) =>
      addRedemption(store, {
        rewardId,
        customerId,
        points,
        status,
        couponExpiresAt: expiresIn === null ? null : new Date(now + expiresIn),
        createdAt: new Date(now - ago),
      });
    await add(tenOff.id, 'issued', 100, 2 * day, 3 * day); // unused for two more days
    await add(tenOff.id, 'issued', 100, -day, 40 * day); // issued but past expiry
    await add(tenOff.id, 'used', 100, 5 * day, 2 * day);
    await add(tenOff.id, 'failed', 100, null, day); // refunded, not spent
    await add(tenOff.id, 'pending', 100, null, 0); // in flight
    await add(shipping.id, 'expired', 60, -day, 50 * day);
    await add(shipping.id, 'issued', 60, null, 5 * day); // no expiry: unused

    const res = await call(store, 'GET', '/api/rewards/report');
    expect(res.statusCode).toBe(200);
    const report = RewardsReportResponseSchema.parse(res.json()).data;
    const byId = Object.fromEntries(report.rewards.map((r) => [r.id, r]));
    expect(byId[tenOff.id]).toMatchObject({
      redeemedCount: 3,
      pointsSpent: 300,
      unusedCoupons: 1,
      isActive: true,
    });
    expect(byId[tenOff.id]?.lastRedeemedAt).toBe(new Date(now - 2 * day).toISOString());
    expect(byId[shipping.id]).toMatchObject({
      redeemedCount: 2,
      pointsSpent: 120,
      unusedCoupons: 1,
    });
    expect(byId[idle.id]).toMatchObject({
      redeemedCount: 0,
      pointsSpent: 0,
      unusedCoupons: 0,
      lastRedeemedAt: null,
    });
    expect(report.summary).toEqual({
      rewards: 3,
      activeRewards: 2,
      redeemedCount: 5,
      pointsSpent: 420,
      unusedCoupons: 2,
    });

    // Coupons that pass their expiry stop counting as unused.
    ctx.clock.advance(3 * day);
    try {
      const later = RewardsReportResponseSchema.parse(
        (await call(store, 'GET', '/api/rewards/report')).json(),
      ).data;
      expect(later.summary.unusedCoupons).toBe(1);
    } finally {
      ctx.clock.advance(-3 * day);
    }
  });

  test('filters by status, type and part of the name', async () => {
    const store = await newStore();
    await createReward(store, { name: 'Summer 10%', type: 'percentage_discount', value: 10 });
    await createReward(store, { name: 'Winter shipping', type: 'free_shipping', isActive: false });
    await createReward(store, { name: '100_OFF', type: 'fixed_discount', value: 100 });
    const names = async (query: string) =>
      RewardsReportResponseSchema.parse(
        (await call(store, 'GET', `/api/rewards/report${query}`)).json(),
      )
        .data.rewards.map((r) => r.name)
        .sort();
    expect(await names('')).toHaveLength(3);
    expect(await names('?status=inactive')).toEqual(['Winter shipping']);
    expect(await names('?status=active')).toEqual(['100_OFF', 'Summer 10%']);
    expect(await names('?type=percentage_discount')).toEqual(['Summer 10%']);
    expect(await names('?search=summer')).toEqual(['Summer 10%']);
    // LIKE wildcards are taken literally.
    expect(await names('?search=%25')).toEqual(['Summer 10%']);
    expect(await names('?search=_')).toEqual(['100_OFF']);
    expect((await call(store, 'GET', '/api/rewards/report?status=deleted')).statusCode).toBe(400);
    expect((await call(store, 'GET', '/api/rewards/report?sort=name')).statusCode).toBe(400);
  });
});

describe('GET /api/rewards/redemptions', () => {
  test('latest first, with shopper, reward, coupon, status and date', async () => {
    const store = await newStore();
    const reward = await createReward(store, { name: 'خصم ٢٠' });
    const named = await addCustomer(store, {
      firstName: 'Omar',
      lastName: 'Ali',
      email: 'omar@example.com',
    });
    const unknownShopper = randomInt(1, 2 ** 40);
    const now = ctx.clock.now().getTime();
    const older = await addRedemption(store, {
      rewardId: reward.id,
      customerId: named,
      points: 100,
      status: 'used',
      couponCode: 'NQ-OLD',
      createdAt: new Date(now - 60_000),
    });
    const newer = await addRedemption(store, {
      rewardId: reward.id,
      customerId: unknownShopper,
      points: 100,
      status: 'issued',
      couponCode: 'NQ-NEW',
      couponExpiresAt: new Date(now + 86_400_000),
      createdAt: new Date(now),
    });
    const res = await call(store, 'GET', '/api/rewards/redemptions');
    expect(res.statusCode).toBe(200);
    const page = RedemptionsResponseSchema.parse(res.json()).data;
    expect(page).toMatchObject({ page: 1, pageSize: 20, total: 2 });
    expect(page.items.map((item) => item.id)).toEqual([newer.id, older.id]);
    expect(page.items[0]).toMatchObject({
      rewardId: reward.id,
      rewardName: 'خصم ٢٠',
      rewardType: 'fixed_discount',
      rewardDeleted: false,
      customerId: String(unknownShopper),
      customerName: null,
      points: 100,
      status: 'issued',
      couponCode: 'NQ-NEW',
    });
    expect(page.items[1]).toMatchObject({ customerName: 'Omar Ali', status: 'used' });
  });

  test('searches shopper name and e-mail, coupon code and reward name; filters status and reward', async () => {
    const store = await newStore();
    const a = await createReward(store, { name: 'Coffee mug' });
    const b = await createReward(store, { name: 'Free delivery', type: 'free_shipping' });
    const lina = await addCustomer(store, {
      firstName: 'Lina',
      lastName: 'Haddad',
      email: 'lina@shop.example',
    });
    const sami = await addCustomer(store, { firstName: 'Sami', lastName: 'Nasser' });
    const past = new Date(ctx.clock.now().getTime() - 1000);
    await addRedemption(store, {
      rewardId: a.id,
      customerId: lina,
      points: 100,
      status: 'issued',
      couponCode: 'MUG-111',
    });
    await addRedemption(store, {
      rewardId: b.id,
      customerId: sami,
      points: 100,
      status: 'used',
      couponCode: 'SHIP-222',
    });
    await addRedemption(store, {
      rewardId: b.id,
      customerId: lina,
      points: 100,
      status: 'issued',
      couponCode: 'SHIP-333',
      couponExpiresAt: past,
    });
    const codes = async (query: string) =>
      RedemptionsResponseSchema.parse(
        (await call(store, 'GET', `/api/rewards/redemptions${query}`)).json(),
      )
        .data.items.map((item) => item.couponCode)
        .sort();
    expect(await codes('?search=lina')).toEqual(['MUG-111', 'SHIP-333']);
    expect(await codes('?search=sami%20nasser')).toEqual(['SHIP-222']);
    expect(await codes('?search=shop.example')).toEqual(['MUG-111', 'SHIP-333']);
    expect(await codes('?search=ship-2')).toEqual(['SHIP-222']);
    expect(await codes('?search=coffee')).toEqual(['MUG-111']);
    expect(await codes(`?rewardId=${b.id}`)).toEqual(['SHIP-222', 'SHIP-333']);
    expect(await codes('?status=used')).toEqual(['SHIP-222']);
    // An issued coupon past its expiry reads, and filters, as expired.
    expect(await codes('?status=issued')).toEqual(['MUG-111']);
    expect(await codes('?status=expired')).toEqual(['SHIP-333']);
    const expired = (await call(store, 'GET', '/api/rewards/redemptions?status=expired')).json()
      .data.items[0];
    expect(expired.status).toBe('expired');
    expect(await codes('?search=nobody')).toEqual([]);
  });

  test('pages through the history', async () => {
    const store = await newStore();
    const reward = await createReward(store);
    const customerId = await addCustomer(store);
    const now = ctx.clock.now().getTime();
    for (let i = 0; i < 5; i += 1) {
      await addRedemption(store, {
        rewardId: reward.id,
        customerId,
        points: 100,
        status: 'used',
        couponCode: `C-${i}`,
        createdAt: new Date(now - i * 1000),
      });
    }
    const page = async (query: string) =>
      RedemptionsResponseSchema.parse(
        (await call(store, 'GET', `/api/rewards/redemptions${query}`)).json(),
      ).data;
    expect(await page('?pageSize=2')).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect((await page('?pageSize=2')).items.map((i) => i.couponCode)).toEqual(['C-0', 'C-1']);
    expect((await page('?pageSize=2&page=3')).items.map((i) => i.couponCode)).toEqual(['C-4']);
    expect(await page('?pageSize=2&page=4')).toMatchObject({ items: [], total: 5 });
    expect((await page('?pageSize=100')).items).toHaveLength(5);
  });

  test.each([
    ['page=0', 400],
    ['page=1', 200],
    ['pageSize=0', 400],
    ['pageSize=1', 200],
    ['pageSize=100', 200],
    ['pageSize=101', 400],
    ['status=refunded', 400],
    ['rewardId=abc', 400],
    ['search=' + 'x'.repeat(101), 400],
    ['limit=5', 400],
  ])('query %s answers %i', async (query, status) => {
    const store = await newStore();
    expect((await call(store, 'GET', `/api/rewards/redemptions?${query}`)).statusCode).toBe(status);
  });
});
