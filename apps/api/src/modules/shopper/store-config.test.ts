import { afterAll, beforeAll, expect, test } from 'vitest';
import { dateToRiyadhMinute } from '@nuqat/contracts';
import { buildApp, type App } from '../../app.ts';
import { storeConfigMemo } from '../../lib/store-config-memo.ts';
import { createEngineContext, type EngineContext } from '../../test/engine-support.ts';
import { REFERRAL_SETTINGS, referralHelpers } from '../../test/referral-support.ts';

/**
 * The loyalty page keeps a store's rules, rewards, tiers, referral settings and campaigns per
 * `merchants.config_version` (lib/store-config-memo.ts). A change made through one instance is
 * on the next read of another instance on the same database: nothing is ever served stale.
 */

let ctx: EngineContext;
let other: App;
beforeAll(async () => {
  ctx = await createEngineContext();
  // A second instance of the product on the same database, with memory of its own.
  other = await buildApp({
    config: ctx.config,
    database: ctx.database,
    now: ctx.clock.now,
    logger: false,
  });
  await other.server.ready();
});
afterAll(async () => {
  await other?.server.close();
  await ctx?.close();
});

const { referralStore, signedInShopper } = referralHelpers(() => ctx);
const DAY = 86_400_000;

test('a change through one instance is on the next loyalty read of another, for every piece it keeps', async () => {
  const store = await referralStore();
  const shopper = await signedInShopper(store);
  const merchant = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) =>
    ctx.server.inject({
      method,
      url,
      headers: { authorization: store.authorization, 'accept-language': 'en' },
      payload,
    });
  const read = async () => {
    const res = await other.server.inject({
      method: 'GET',
      url: `/api/customers/loyalty/${store.merchantId}/${shopper.facts.id}?lang=en`,
      headers: { authorization: `Bearer ${shopper.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      rewards: { name: string }[];
      referral: { participantReward: { value: number } } | null;
      campaigns?: { nameEn: string }[];
      tier: { levels: { nameEn?: string; name: string }[] } | null;
      pointsMethods: { id: string; points: number }[];
    };
  };

  const before = await read();
  expect(before.rewards).toEqual([]);
  expect(before.referral?.participantReward.value).toBe(25);
  expect(before.campaigns).toBeUndefined();
  expect(before.tier).toBeNull();
  // Read twice: the second answer comes from what the other instance kept, and is the same.
  expect(await read()).toEqual(before);

  const reward = await merchant('POST', '/api/rewards', {
    name: 'خصم 10 ريال',
    nameEn: 'SAR 10 off',
    type: 'fixed_discount',
    pointsRequired: 100,
    value: 10,
  });
  expect(reward.statusCode, reward.body).toBe(201);
  expect((await read()).rewards.map((r) => r.name)).toEqual(['SAR 10 off']);

  const referral = await merchant('POST', '/api/referrals/settings', {
    ...REFERRAL_SETTINGS,
    participantReward: { type: 'fixed', value: 40 },
  });
  expect(referral.statusCode, referral.body).toBe(200);
  expect((await read()).referral?.participantReward.value).toBe(40);

  const campaign = await merchant('POST', '/api/campaigns', {
    nameAr: 'نقاط مضاعفة',
    nameEn: 'Double points',
    startsAt: dateToRiyadhMinute(new Date(Date.now() - DAY)),
    endsAt: dateToRiyadhMinute(new Date(Date.now() + 3 * DAY)),
    effect: 'multiplier',
    multiplierPct: 200,
  });
  expect(campaign.statusCode, campaign.body).toBe(200);
  expect((await read()).campaigns?.map((c) => c.nameEn)).toEqual(['Double points']);

  const tiers = await merchant('PUT', '/api/tiers', {
    enabled: true,
    basis: 'spend',
    window: 'lifetime',
    graceDays: 30,
    tiers: [
      {
        nameAr: 'ذهبي',
        nameEn: 'Gold',
        colour: '#eab308',
        threshold: 1000,
        multiplierPct: 150,
        birthdayMultiplierPct: null,
      },
    ],
  });
  expect(tiers.statusCode, tiers.body).toBe(200);
  expect((await read()).tier?.levels.map((l) => l.name)).toEqual(['Gold']);

  const rule = await merchant('POST', '/api/loyalty', { event: 'signup', points: 35 });
  expect(rule.statusCode, rule.body).toBe(200);
  expect((await read()).pointsMethods.find((m) => m.id === 'signup')?.points).toBe(35);

  // Deleting the reward takes it off at once too.
  const deleted = await ctx.server.inject({
    method: 'DELETE',
    url: `/api/rewards/${reward.json().data.id}`,
    headers: { authorization: store.authorization },
  });
  expect(deleted.statusCode, deleted.body).toBe(200);
  expect((await read()).rewards).toEqual([]);
});

test('the memo loads once per version, again for a new one, and does not keep a failed read', async () => {
  let loads = 0;
  let fail = false;
  const memo = storeConfigMemo(async (merchantId) => {
    loads += 1;
    if (fail) throw new Error('database down');
    return { merchantId, load: loads };
  });
  expect(await memo({ id: 1, configVersion: 3 })).toEqual({ merchantId: 1, load: 1 });
  expect(await memo({ id: 1, configVersion: 3 })).toEqual({ merchantId: 1, load: 1 });
  expect(await memo({ id: 2, configVersion: 3 })).toEqual({ merchantId: 2, load: 2 });
  expect(await memo({ id: 1, configVersion: 4 })).toEqual({ merchantId: 1, load: 3 });
  fail = true;
  await expect(memo({ id: 1, configVersion: 5 })).rejects.toThrow('database down');
  fail = false;
  expect(await memo({ id: 1, configVersion: 5 })).toEqual({ merchantId: 1, load: 5 });
  expect(loads).toBe(5);
});
