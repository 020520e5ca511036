import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dateToRiyadhMinute, riyadhMinuteToDate } from '@nuqat/contracts';
import {
  createTestContext,
  signedInStore,
  type SignedInStore,
  type TestContext,
} from '../../test/test-app.ts';

/** /api/campaigns: bounds with field errors, the Growth plan, one store never sees another's. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const DAY = 86_400_000;
const minute = (ms: number) => dateToRiyadhMinute(new Date(Date.now() + ms));

function body(overrides: Record<string, unknown> = {}) {
  return {
    nameAr: 'رمضان',
    nameEn: 'Ramadan',
    startsAt: minute(DAY),
    endsAt: minute(10 * DAY),
    effect: 'multiplier',
    multiplierPct: 200,
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

const growth = () => signedInStore(ctx, { plan: 'growth', subscriptionStatus: 'active' });

describe('/api/campaigns', () => {
  test('Riyadh minutes: 00:30 in Riyadh is 21:30 UTC the day before, and back', () => {
    expect(riyadhMinuteToDate('2026-09-23T00:30').toISOString()).toBe('2026-09-22T21:30:00.000Z');
    expect(dateToRiyadhMinute(new Date('2026-09-22T21:30:00Z'))).toBe('2026-09-23T00:30');
    expect(Number.isNaN(riyadhMinuteToDate('2026-02-30T10:00').getTime())).toBe(true);
  });

  test('create, list, update and end a campaign', async () => {
    const store = await growth();
    // One body: made again later, its minutes could be the next minute's on a busy machine.
    const sent = body();
    const created = await call(store, 'POST', '/api/campaigns', sent);
    expect(created.statusCode, created.body).toBe(200);
    const campaign = created.json().data;
    expect(campaign).toMatchObject({ status: 'scheduled', multiplierPct: 200, bonusPoints: 0 });
    expect(campaign.startsAt).toBe(sent.startsAt);

    const updated = await call(
      store,
      'PUT',
      `/api/campaigns/${campaign.id}`,
      body({
        startsAt: minute(-DAY),
        effect: 'bonus',
        multiplierPct: null,
        bonusPoints: 25,
        minOrderTotal: 100,
      }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({
      status: 'running',
      effect: 'bonus',
      multiplierPct: 100,
      bonusPoints: 25,
      minOrderTotal: 100,
    });

    const list = await call(store, 'GET', '/api/campaigns');
    expect(list.json().data.campaigns.map((c: { id: string }) => c.id)).toEqual([campaign.id]);

    const ended = await call(store, 'POST', `/api/campaigns/${campaign.id}/end`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().data).toMatchObject({ status: 'ended', endedEarly: true });
    const again = await call(store, 'POST', `/api/campaigns/${campaign.id}/end`);
    expect([again.statusCode, again.json().code]).toEqual([409, 'CAMPAIGN_ENDED']);
    const late = await call(store, 'PUT', `/api/campaigns/${campaign.id}`, body());
    expect([late.statusCode, late.json().code]).toEqual([409, 'CAMPAIGN_ENDED']);

    const results = await call(store, 'GET', `/api/campaigns/${campaign.id}/results`);
    expect(results.statusCode, results.body).toBe(200);
    expect(results.json().data).toMatchObject({
      during: { orders: 0, points: 0, sales: 0 },
      before: { orders: 0, points: 0, sales: 0 },
      campaignOrders: 0,
    });
  });

  test('a campaign that has not started is withdrawn when ended', async () => {
    const store = await growth();
    const created = (await call(store, 'POST', '/api/campaigns', body())).json().data;
    const ended = await call(store, 'POST', `/api/campaigns/${created.id}/end`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await call(store, 'GET', '/api/campaigns')).json().data.campaigns).toEqual([]);
  });

  test('bounds: 400 with the field named', async () => {
    const store = await growth();
    const cases: [Record<string, unknown>, string][] = [
      [{ endsAt: minute(-2 * DAY), startsAt: minute(DAY) }, 'body.endsAt'],
      [{ endsAt: body().startsAt }, 'body.endsAt'],
      [{ multiplierPct: 1001 }, 'body.multiplierPct'],
      [{ multiplierPct: 99 }, 'body.multiplierPct'],
      [{ multiplierPct: 100 }, 'body.multiplierPct'],
      [{ multiplierPct: null }, 'body.multiplierPct'],
      [{ effect: 'bonus', multiplierPct: null }, 'body.bonusPoints'],
      [{ startsAt: '2026-13-01T10:00' }, 'body.startsAt'],
      [{ startsAt: '2026-01-01 10:00' }, 'body.startsAt'],
      [{ nameEn: '' }, 'body.nameEn'],
      [{ endsAt: minute(400 * DAY) }, 'body.endsAt'],
      [{ startsAt: minute(-3 * DAY), endsAt: minute(-DAY) }, 'body.endsAt'],
      [{ tierIds: ['7d3b1f3e-1c1a-4c58-9a3e-2f7f3f0f9b11'] }, 'body.tierIds.0'],
      [{ minOrderTotal: -1 }, 'body.minOrderTotal'],
      [{ surprise: true }, 'body'],
    ];
    for (const [overrides, path] of cases) {
      const res = await call(store, 'POST', '/api/campaigns', body(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(
        res.json().issues.map((i: { path: string }) => i.path),
        JSON.stringify(overrides),
      ).toContain(path);
    }
    expect((await call(store, 'GET', '/api/campaigns')).json().data.campaigns).toEqual([]);
  });

  test('the Growth plan only', async () => {
    const store = await signedInStore(ctx, { plan: 'starter', subscriptionStatus: 'active' });
    for (const res of [
      await call(store, 'GET', '/api/campaigns'),
      await call(store, 'POST', '/api/campaigns', body()),
    ])
      expect([res.statusCode, res.json().code]).toEqual([403, 'PLAN_FEATURE_REQUIRED']);
  });

  test('another store’s campaign is not found, not changed and not listed', async () => {
    const mine = await growth();
    const theirs = await growth();
    const id = (await call(theirs, 'POST', '/api/campaigns', body())).json().data.id;
    for (const res of [
      await call(mine, 'PUT', `/api/campaigns/${id}`, body({ multiplierPct: 1000 })),
      await call(mine, 'POST', `/api/campaigns/${id}/end`),
      await call(mine, 'GET', `/api/campaigns/${id}/results`),
    ])
      expect([res.statusCode, res.json().code]).toEqual([404, 'CAMPAIGN_NOT_FOUND']);
    expect((await call(mine, 'GET', '/api/campaigns')).json().data.campaigns).toEqual([]);
    const still = (await call(theirs, 'GET', '/api/campaigns')).json().data.campaigns;
    expect(still).toMatchObject([{ id, multiplierPct: 200, status: 'scheduled' }]);
    const bad = await call(mine, 'POST', '/api/campaigns/not-a-uuid/end');
    expect(bad.statusCode).toBe(400);
  });

  test('the public programme carries a running campaign, not once it ended, not another store’s', async () => {
    const mine = await growth();
    const theirs = await growth();
    const programme = async (merchantId: number) => {
      const res = await ctx.server.inject({
        method: 'GET',
        url: `/api/storefront/${merchantId}/programme?lang=en`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const running = body({ startsAt: minute(-DAY), endsAt: minute(3 * DAY), multiplierPct: 150 });
    const id = (await call(theirs, 'POST', '/api/campaigns', running)).json().data.id;
    expect((await programme(mine.merchantId)).campaigns).toBeUndefined();
    expect((await programme(theirs.merchantId)).campaigns).toEqual([
      {
        nameAr: 'رمضان',
        nameEn: 'Ramadan',
        effect: 'multiplier',
        multiplierPct: 150,
        bonusPoints: 0,
        minOrderTotal: 0,
        endsAt: riyadhMinuteToDate(running.endsAt).toISOString(),
        conditional: false,
        productIds: [],
        categoryNames: [],
        chosenProducts: false,
      },
    ]);
    expect((await call(theirs, 'POST', `/api/campaigns/${id}/end`)).statusCode).toBe(200);
    expect((await programme(theirs.merchantId)).campaigns).toBeUndefined();
  });

  test('the OpenAPI document describes list, create, update, end early and results', async () => {
    const res = await ctx.server.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/api/campaigns'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'post']),
    );
    expect(Object.keys(paths['/api/campaigns/{id}'] ?? {})).toEqual(['put']);
    expect(Object.keys(paths['/api/campaigns/{id}/end'] ?? {})).toEqual(['post']);
    expect(Object.keys(paths['/api/campaigns/{id}/results'] ?? {})).toEqual(['get']);
  });

  test('signed out: 401', async () => {
    const res = await ctx.server.inject({ method: 'GET', url: '/api/campaigns' });
    expect(res.statusCode).toBe(401);
  });
});
