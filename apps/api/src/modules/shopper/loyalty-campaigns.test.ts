import { afterAll, beforeAll, expect, test } from 'vitest';
import { dateToRiyadhMinute, riyadhMinuteToDate } from '@nuqat/contracts';
import { createEngineContext, type EngineContext } from '../../test/engine-support.ts';
import { referralHelpers } from '../../test/referral-support.ts';
import type { SignedInStore } from '../../test/test-app.ts';

/**
 * The signed-in shopper's loyalty data carries the store's running campaigns (issue 29, the
 * loyalty page's banner): not a campaign that has not started, not one that ended, never another
 * store's.
 */

let ctx: EngineContext;
beforeAll(async () => {
  ctx = await createEngineContext();
});
afterAll(async () => {
  await ctx?.close();
});

const { referralStore, signedInShopper } = referralHelpers(() => ctx);
const DAY = 86_400_000;
const minute = (ms: number) => dateToRiyadhMinute(new Date(Date.now() + ms));

async function campaign(store: SignedInStore, nameEn: string, from: number, to: number) {
  const res = await ctx.server.inject({
    method: 'POST',
    url: '/api/campaigns',
    headers: { authorization: store.authorization },
    payload: {
      nameAr: `حملة ${nameEn}`,
      nameEn,
      startsAt: minute(from),
      endsAt: minute(to),
      effect: 'multiplier',
      multiplierPct: 200,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; endsAt: string };
}

test('the shopper’s loyalty data carries the running campaign, not a future or ended one, not another store’s', async () => {
  const mine = await referralStore({ settings: null });
  const theirs = await referralStore({ settings: null });
  const running = await campaign(mine, 'Running', -DAY, 3 * DAY);
  await campaign(mine, 'Future', DAY, 5 * DAY);
  const ended = await campaign(mine, 'Ended', -2 * DAY, 4 * DAY);
  const end = await ctx.server.inject({
    method: 'POST',
    url: `/api/campaigns/${ended.id}/end`,
    headers: { authorization: mine.authorization },
  });
  expect(end.statusCode, end.body).toBe(200);
  await campaign(theirs, 'Theirs', -DAY, 3 * DAY);

  const loyalty = async (store: SignedInStore) => {
    const shopper = await signedInShopper(store as Parameters<typeof signedInShopper>[0]);
    const res = await ctx.server.inject({
      method: 'GET',
      url: `/api/customers/loyalty/${store.merchantId}/${shopper.facts.id}?lang=en`,
      headers: { authorization: `Bearer ${shopper.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { campaigns?: { nameEn: string; endsAt: string }[] };
  };
  const data = await loyalty(mine);
  expect(data.campaigns).toEqual([
    {
      nameAr: 'حملة Running',
      nameEn: 'Running',
      effect: 'multiplier',
      multiplierPct: 200,
      bonusPoints: 0,
      minOrderTotal: 0,
      endsAt: riyadhMinuteToDate(running.endsAt).toISOString(),
      conditional: false,
      productIds: [],
      categoryNames: [],
      chosenProducts: false,
    },
  ]);
  expect((await loyalty(theirs)).campaigns?.map((c) => c.nameEn)).toEqual(['Theirs']);
  // A store with no running campaign sends no campaigns field at all.
  const none = await referralStore({ settings: null });
  expect((await loyalty(none)).campaigns).toBeUndefined();
});
