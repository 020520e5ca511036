import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REFERRAL_DEFAULTS } from '@nuqat/contracts';
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

function call(
  store: SignedInStore,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  lang = 'ar',
) {
  return ctx.server.inject({
    method,
    url: `/api/referrals${url}`,
    headers: { authorization: store.authorization, 'accept-language': lang },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const settings = {
  isActive: true,
  participantReward: { type: 'fixed', value: 25 },
  referralReward: { type: 'percentage', value: 15, maxAmount: 60 },
};

describe('referral settings', () => {
  test('a store that never saved gets the spec’s defaults, switched off', async () => {
    const store = await signedInStore(ctx, { plan: 'growth' });
    const res = await call(store, 'GET', '/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ ...REFERRAL_DEFAULTS, updatedAt: null });
  });

  test('saving keeps both rewards and the state; reading them back gives the same', async () => {
    const store = await signedInStore(ctx, { plan: 'growth' });
    const saved = await call(store, 'POST', '/settings', settings, 'en');
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe('Referral settings saved');
    const read = (await call(store, 'GET', '/settings')).json().data;
    expect(read).toMatchObject({
      isActive: true,
      participantReward: { type: 'fixed', value: 25, maxAmount: null },
      referralReward: { type: 'percentage', value: 15, maxAmount: 60 },
    });
    expect(Date.parse(read.updatedAt)).not.toBeNaN();
  });

  test.each([
    ['a percentage above 100', { type: 'percentage', value: 150 }, 'body.participantReward.value'],
    ['a negative value', { type: 'fixed', value: -1 }, 'body.participantReward.value'],
    ['a fraction', { type: 'fixed', value: 2.5 }, 'body.participantReward.value'],
    ['a number as text', { type: 'fixed', value: 'abc' }, 'body.participantReward.value'],
    ['an unknown type', { type: 'cashback', value: 5 }, 'body.participantReward.type'],
    [
      'free shipping with an amount',
      { type: 'shipping', value: 10 },
      'body.participantReward.value',
    ],
    [
      'a cap on a fixed amount',
      { type: 'fixed', value: 10, maxAmount: 5 },
      'body.participantReward.maxAmount',
    ],
  ])('%s is refused with a field issue and changes nothing', async (_, reward, path) => {
    const store = await signedInStore(ctx, { plan: 'growth' });
    await call(store, 'POST', '/settings', settings);
    const res = await call(store, 'POST', '/settings', { ...settings, participantReward: reward });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(path);
    const read = (await call(store, 'GET', '/settings')).json().data;
    expect(read.participantReward).toMatchObject({ type: 'fixed', value: 25 });
  });

  test('the gift limits have defaults, are saved with the programme and kept when a save leaves them out', async () => {
    const store = await signedInStore(ctx, { plan: 'growth' });
    expect((await call(store, 'GET', '/settings')).json().data.limits).toEqual({
      giftsPerCode: 10,
      giftsPerDay: 100,
    });
    const limits = { giftsPerCode: 3, giftsPerDay: 40 };
    const saved = await call(store, 'POST', '/settings', { ...settings, limits });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.limits).toEqual(limits);
    // The spec's body has no limits: a client that sends only the rewards changes only those.
    await call(store, 'POST', '/settings', settings);
    expect((await call(store, 'GET', '/settings')).json().data.limits).toEqual(limits);
    await call(store, 'POST', '/toggle', { isActive: false });
    expect((await call(store, 'GET', '/settings')).json().data.limits).toEqual(limits);
  });

  test.each([
    ['no gift per code', { giftsPerCode: 0, giftsPerDay: 10 }, 'body.limits.giftsPerCode'],
    [
      'too many gifts per code',
      { giftsPerCode: 1001, giftsPerDay: 10 },
      'body.limits.giftsPerCode',
    ],
    ['a fraction', { giftsPerCode: 2.5, giftsPerDay: 10 }, 'body.limits.giftsPerCode'],
    ['no gift a day', { giftsPerCode: 5, giftsPerDay: 0 }, 'body.limits.giftsPerDay'],
    ['too many gifts a day', { giftsPerCode: 5, giftsPerDay: 10_001 }, 'body.limits.giftsPerDay'],
    ['a number as text', { giftsPerCode: '5', giftsPerDay: 10 }, 'body.limits.giftsPerCode'],
    ['a missing limit', { giftsPerCode: 5 }, 'body.limits.giftsPerDay'],
  ])('gift limits with %s are refused with a field issue', async (_, limits, path) => {
    const store = await signedInStore(ctx, { plan: 'growth' });
    const res = await call(store, 'POST', '/settings', { ...settings, limits });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(path);
    expect((await call(store, 'GET', '/settings')).json().data.updatedAt).toBeNull();
  });

  test('missing or unknown fields are refused', async () => {
    const store = await signedInStore(ctx, { plan: 'growth' });
    expect((await call(store, 'POST', '/settings', { isActive: true })).statusCode).toBe(400);
    expect((await call(store, 'POST', '/settings', { ...settings, admin: true })).statusCode).toBe(
      400,
    );
    expect((await call(store, 'POST', '/toggle', { isActive: 'yes' })).statusCode).toBe(400);
  });

  test('the toggle switches the programme only, and works before any save', async () => {
    const store = await signedInStore(ctx, { plan: 'growth' });
    const on = await call(store, 'POST', '/toggle', { isActive: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toMatchObject({ ...REFERRAL_DEFAULTS, isActive: true });
    expect(on.json().message).toBe('تم تفعيل برنامج الإحالة');

    await call(store, 'POST', '/settings', settings);
    const off = await call(store, 'POST', '/toggle', { isActive: false });
    expect(off.json().data).toMatchObject({
      isActive: false,
      participantReward: settings.participantReward,
    });
  });

  test('a starter store gets the plan error on every referral endpoint', async () => {
    const store = await signedInStore(ctx, { plan: 'starter' });
    for (const [method, url, body] of [
      ['GET', '/settings', undefined],
      ['POST', '/settings', settings],
      ['POST', '/toggle', { isActive: true }],
    ] as const) {
      const res = await call(store, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('PLAN_FEATURE_REQUIRED');
    }
  });

  test('each store sees and changes only its own programme', async () => {
    const mine = await signedInStore(ctx, { plan: 'growth' });
    const theirs = await signedInStore(ctx, { plan: 'growth' });
    await call(mine, 'POST', '/settings', settings);
    expect((await call(theirs, 'GET', '/settings')).json().data.updatedAt).toBeNull();
    await call(theirs, 'POST', '/toggle', { isActive: false });
    expect((await call(mine, 'GET', '/settings')).json().data.isActive).toBe(true);
  });

  test('without a session: 401', async () => {
    const res = await ctx.server.inject({ method: 'GET', url: '/api/referrals/settings' });
    expect(res.statusCode).toBe(401);
  });
});
