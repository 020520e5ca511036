import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { customers, pointsLedger } from '../../db/schema/index.ts';
import { createEngineContext, type EngineContext } from '../../test/engine-support.ts';
import { referralHelpers, type ReferralStore } from '../../test/referral-support.ts';

/**
 * Ways to earn beyond buying (issue 29, docs/decisions/052): the store's social links, a follow
 * on the shopper's word credited a day later, a completed profile and the newsletter credited at
 * once — each exactly once, even under concurrent claims; a disabled action is refused with its
 * code; one store never reaches another's.
 */

let ctx: EngineContext;
beforeAll(async () => {
  ctx = await createEngineContext();
});
afterAll(async () => {
  await ctx?.close();
});

const { referralStore, signedInShopper } = referralHelpers(() => ctx);
type Shopper = Awaited<ReturnType<typeof signedInShopper>>;

const LINKS = {
  instagram: 'https://www.instagram.com/nuqat.store',
  x: 'https://x.com/nuqat_store',
  tiktok: null,
  snapchat: 'https://snapchat.com/add/nuqatstore',
};

async function merchantCall(
  store: ReferralStore,
  method: 'GET' | 'PUT' | 'POST',
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

async function rule(store: ReferralStore, event: string, points: number) {
  const res = await merchantCall(store, 'POST', '/api/loyalty', { event, points });
  expect(res.statusCode, res.body).toBe(200);
}

function claim(store: ReferralStore, shopper: Shopper, action: string, lang = 'en') {
  return ctx.server.inject({
    method: 'POST',
    url: `/api/customers/loyalty/${store.merchantId}/${shopper.facts.id}/earn`,
    headers: { authorization: `Bearer ${shopper.token}`, 'accept-language': lang },
    payload: { action },
  });
}

async function loyalty(store: ReferralStore, shopper: Shopper) {
  const res = await ctx.server.inject({
    method: 'GET',
    url: `/api/customers/loyalty/${store.merchantId}/${shopper.facts.id}?lang=en`,
    headers: { authorization: `Bearer ${shopper.token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    availablePoints: number;
    pendingPoints: number;
    pendingFollows: { points: number; note: string } | null;
    pointsMethods: { id: string; points: number; action?: { state: string; url: string | null } }[];
  };
}

async function actionRows(store: ReferralStore, shopper: Shopper) {
  return ctx.database.db
    .select()
    .from(pointsLedger)
    .where(
      and(
        eq(pointsLedger.merchantId, store.merchantId),
        eq(pointsLedger.customerId, Number(shopper.facts.id)),
        eq(pointsLedger.sourceType, 'earn_action'),
      ),
    );
}

async function storeWithActions() {
  const store = await referralStore({ settings: null });
  const saved = await merchantCall(store, 'PUT', '/api/merchants/social-links', LINKS);
  expect(saved.statusCode, saved.body).toBe(200);
  await rule(store, 'follow_instagram', 40);
  await rule(store, 'follow_tiktok', 40);
  await rule(store, 'profile_complete', 25);
  await rule(store, 'newsletter', 15);
  return store;
}

test('social links: saved and read back; a link off the network’s site or not https is a 400 naming the field', async () => {
  const store = await referralStore({ settings: null });
  expect((await merchantCall(store, 'GET', '/api/merchants/social-links')).json().data).toEqual({
    instagram: null,
    x: null,
    tiktok: null,
    snapchat: null,
  });
  expect(
    (await merchantCall(store, 'PUT', '/api/merchants/social-links', LINKS)).json().data,
  ).toEqual(LINKS);
  expect((await merchantCall(store, 'GET', '/api/merchants/social-links')).json().data).toEqual(
    LINKS,
  );
  for (const [body, field] of [
    [{ ...LINKS, instagram: 'https://evil.example/nuqat' }, 'body.instagram'],
    [{ ...LINKS, x: 'http://x.com/nuqat' }, 'body.x'],
    [{ ...LINKS, tiktok: 'not a link' }, 'body.tiktok'],
    [{ ...LINKS, facebook: 'https://facebook.com/x' }, 'body'],
  ] as const) {
    const res = await merchantCall(store, 'PUT', '/api/merchants/social-links', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(res.json())).toContain(field);
  }
  // Another store sees its own (none), and its save leaves this one alone.
  const other = await referralStore({ settings: null });
  expect(
    (await merchantCall(other, 'GET', '/api/merchants/social-links')).json().data.instagram,
  ).toBeNull();
  await merchantCall(other, 'PUT', '/api/merchants/social-links', { ...LINKS, instagram: null });
  expect((await merchantCall(store, 'GET', '/api/merchants/social-links')).json().data).toEqual(
    LINKS,
  );
  expect(
    (await ctx.server.inject({ method: 'GET', url: '/api/merchants/social-links' })).statusCode,
  ).toBe(401);
});

test('a follow is pending for a day on the shopper’s word, then credited once; a repeat gives nothing more', async () => {
  const store = await storeWithActions();
  const shopper = await signedInShopper(store);
  const before = await loyalty(store, shopper);
  const ways = new Map(before.pointsMethods.map((m) => [m.id, m]));
  expect(ways.get('follow_instagram')?.action).toMatchObject({
    state: 'open',
    url: LINKS.instagram,
  });
  // TikTok is on, but the store has no TikTok link: not offered.
  expect(ways.has('follow_tiktok')).toBe(false);
  expect(ways.get('newsletter')?.action?.state).toBe('open');

  const claimed = await claim(store, shopper, 'follow_instagram');
  expect(claimed.statusCode, claimed.body).toBe(200);
  expect(claimed.json().data).toMatchObject({
    action: 'follow_instagram',
    points: 40,
    state: 'pending',
  });
  const due = Date.parse(claimed.json().data.availableAt) - ctx.clock.now().getTime();
  expect(due).toBeGreaterThan(23 * 3_600_000);
  expect(due).toBeLessThanOrEqual(24 * 3_600_000);
  const pending = await loyalty(store, shopper);
  expect(pending.availablePoints).toBe(before.availablePoints);
  expect(pending.pendingPoints).toBe(before.pendingPoints + 40);
  // The balance card says these wait for the follow's day, not for an order.
  expect(before.pendingFollows).toBeNull();
  expect(pending.pendingFollows?.points).toBe(40);
  expect(pending.pendingFollows?.note).toMatch(
    before.pendingPoints > 0
      ? /^40 of them for following the store, added on /
      : /^For following the store: added to your points on /,
  );
  expect(await actionRows(store, shopper)).toHaveLength(0);
  expect((await claim(store, shopper, 'follow_instagram')).json().data.state).toBe('pending');

  // A day later the points are the shopper's: the job credits them, and only once.
  ctx.clock.advance(24 * 3_600_000 + 60_000);
  await ctx.app.services.earnActions.releaseDue();
  await ctx.app.services.earnActions.releaseDue();
  const after = await loyalty(store, shopper);
  expect(after.availablePoints).toBe(before.availablePoints + 40);
  expect(after.pendingPoints).toBe(before.pendingPoints);
  expect(after.pendingFollows).toBeNull();
  expect(after.pointsMethods.find((m) => m.id === 'follow_instagram')?.action?.state).toBe('done');
  const rows = await actionRows(store, shopper);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    delta: 40,
    ruleEvent: 'follow_instagram',
    idempotencyKey: `earn-action:${shopper.facts.id}:follow_instagram`,
  });
  const again = await claim(store, shopper, 'follow_instagram');
  expect([again.statusCode, again.json().data.state]).toEqual([200, 'done']);
  expect(await actionRows(store, shopper)).toHaveLength(1);
});

test('twenty concurrent claims of the newsletter and of a follow: one credit, one pending claim', async () => {
  const store = await storeWithActions();
  const shopper = await signedInShopper(store);
  const before = (await loyalty(store, shopper)).availablePoints;
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      claim(store, shopper, i % 2 ? 'newsletter' : 'follow_instagram'),
    ),
  );
  for (const res of answers) expect(res.statusCode, res.body).toBe(200);
  const rows = await actionRows(store, shopper);
  expect(rows.map((r) => r.ruleEvent)).toEqual(['newsletter']);
  const data = await loyalty(store, shopper);
  expect(data.availablePoints).toBe(before + 15);
  expect(data.pendingPoints).toBe(40);
  // The page's release and the job at the same time, after the delay: still one credit.
  ctx.clock.advance(25 * 3_600_000);
  await Promise.all([
    ctx.app.services.earnActions.releaseDue(),
    ctx.app.services.earnActions.releaseDue(),
    loyalty(store, shopper),
  ]);
  expect((await actionRows(store, shopper)).map((r) => r.ruleEvent).sort()).toEqual([
    'follow_instagram',
    'newsletter',
  ]);
  expect((await loyalty(store, shopper)).availablePoints).toBe(before + 15 + 40);
});

test('the profile counts once the birthday is known; an action switched off, or a follow with no link, is refused with its code', async () => {
  const store = await storeWithActions();
  const shopper = await signedInShopper(store);
  const incomplete = await claim(store, shopper, 'profile_complete', 'ar');
  expect([incomplete.statusCode, incomplete.json().code]).toEqual([409, 'PROFILE_INCOMPLETE']);
  expect(incomplete.json().message).toContain('تاريخ ميلادك');
  await ctx.database.db
    .update(customers)
    .set({ birthday: '1995-03-14' })
    .where(
      and(eq(customers.merchantId, store.merchantId), eq(customers.id, Number(shopper.facts.id))),
    );
  const done = await claim(store, shopper, 'profile_complete');
  expect(done.json().data).toMatchObject({ state: 'done', points: 25 });

  await rule(store, 'newsletter', 0);
  const off = await claim(store, shopper, 'newsletter');
  expect([off.statusCode, off.json().code]).toEqual([409, 'EARN_ACTION_DISABLED']);
  expect(off.json().message).toBe('The store does not give points for this right now.');
  expect((await loyalty(store, shopper)).pointsMethods.some((m) => m.id === 'newsletter')).toBe(
    false,
  );
  const noLink = await claim(store, shopper, 'follow_tiktok');
  expect([noLink.statusCode, noLink.json().code]).toEqual([409, 'EARN_ACTION_DISABLED']);
  const never = await claim(store, shopper, 'follow_x');
  expect([never.statusCode, never.json().code]).toEqual([409, 'EARN_ACTION_DISABLED']);
  const unknown = await claim(store, shopper, 'follow_facebook');
  expect([unknown.statusCode, unknown.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  expect((await actionRows(store, shopper)).map((r) => r.ruleEvent)).toEqual(['profile_complete']);
});

test('a shopper claims only on their own store and path; another store’s shopper reaches nothing here', async () => {
  const store = await storeWithActions();
  const other = await storeWithActions();
  const me = await signedInShopper(store);
  const neighbour = await signedInShopper(store);
  const stranger = await signedInShopper(other);
  const post = (merchantId: number, customerId: string | number, token: string) =>
    ctx.server.inject({
      method: 'POST',
      url: `/api/customers/loyalty/${merchantId}/${customerId}/earn`,
      headers: { authorization: `Bearer ${token}` },
      payload: { action: 'newsletter' },
    });
  expect((await post(store.merchantId, neighbour.facts.id, me.token)).statusCode).toBe(403);
  expect((await post(other.merchantId, me.facts.id, me.token)).statusCode).toBe(403);
  expect((await post(store.merchantId, me.facts.id, stranger.token)).statusCode).toBe(403);
  expect(
    (
      await ctx.server.inject({
        method: 'POST',
        url: `/api/customers/loyalty/${store.merchantId}/${me.facts.id}/earn`,
        payload: { action: 'newsletter' },
      })
    ).statusCode,
  ).toBe(401);
  expect(await actionRows(store, me)).toHaveLength(0);
  expect(await actionRows(store, neighbour)).toHaveLength(0);
  expect(await actionRows(other, stranger)).toHaveLength(0);
});
