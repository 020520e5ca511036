import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  CustomerAccountResponseSchema,
  CustomerLoyaltyResponseSchema,
  CustomersResponseSchema,
  TiersPreviewResponseSchema,
  TiersResponseSchema,
  type TierInput,
  type TiersRequestInput,
} from '@nuqat/contracts';
import { webhooks, type CustomerFacts, type OrderFacts } from '@nuqat/salla-sandbox';
import {
  customers,
  merchants,
  notificationOutbox,
  orders,
  tierChanges,
} from '../../db/schema/index.ts';
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
  type RuleInput,
} from '../../test/engine-support.ts';
import { extractMailedCode } from '../../test/smtp-sink.ts';
import { signedInStore, uniqueEmail, uniqueIp, type SignedInStore } from '../../test/test-app.ts';
import { NO_TIER_ID } from './tiers.repository.ts';
import type { RuleEvent } from '../../db/schema/index.ts';

let ctx: EngineContext;
beforeAll(async () => {
  ctx = await createEngineContext();
});
afterAll(async () => {
  await ctx?.close();
});

const DAY = 86_400_000;
const SILVER: TierInput = {
  nameAr: 'فضي',
  nameEn: 'Silver',
  colour: '#94a3b8',
  threshold: 100,
  multiplierPct: 150,
  birthdayMultiplierPct: null,
};
const GOLD: TierInput = {
  nameAr: 'ذهبي',
  nameEn: 'Gold',
  colour: '#EAB308',
  threshold: 500,
  multiplierPct: 200,
  birthdayMultiplierPct: 300,
};

function programme(overrides: Partial<TiersRequestInput> = {}): TiersRequestInput {
  return {
    enabled: true,
    basis: 'spend',
    window: 'lifetime',
    graceDays: 30,
    tiers: [SILVER, GOLD],
    ...overrides,
  };
}

/** An installed store with an active subscription, its rules, and a logged-in merchant. */
async function tierStore(
  options: {
    plan?: 'starter' | 'growth';
    rules?: Partial<Record<RuleEvent, RuleInput>>;
  } = {},
): Promise<SignedInStore> {
  const store = await signedInStore(ctx, {
    plan: options.plan ?? 'growth',
    subscriptionStatus: 'active',
    subscriptionExpiresAt: new Date(Date.now() + 365 * DAY),
  });
  const tokens = ctx.sandbox.registerStore({ merchantId: store.merchantId });
  await ctx.database.db
    .update(merchants)
    .set({
      installStatus: 'installed',
      subscriptionStartedAt: new Date(Date.now() - 30 * DAY),
      sallaAccessToken: sealForStore(
        ctx.config.keys.storeSecrets,
        store.merchantId,
        tokens.access_token,
      ),
      sallaRefreshToken: sealForStore(
        ctx.config.keys.storeSecrets,
        store.merchantId,
        tokens.refresh_token,
      ),
      sallaTokenExpiresAt: new Date(tokens.expires * 1000),
    })
    .where(eq(merchants.id, store.merchantId));
  await setRules(ctx, store.merchantId, options.rules ?? { 'order.created': { points: 10 } });
  return store;
}

function call(
  store: SignedInStore,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return ctx.server.inject({
    method,
    url,
    headers: { authorization: store.authorization, 'accept-language': 'en' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function saveTiers(store: SignedInStore, body: TiersRequestInput) {
  const res = await call(store, 'PUT', '/api/tiers', body);
  expect(res.statusCode, res.body).toBe(200);
  // The pass that applies the programme to every customer runs in the background: wait for it.
  await ctx.app.services.tiers.runPass(store.merchantId);
  return TiersResponseSchema.parse(res.json()).data;
}

async function tierOf(merchantId: number, customerId: number) {
  const [row] = await ctx.database.db
    .select({
      tierId: customers.tierId,
      below: customers.tierBelowSince,
      value: customers.tierValue,
    })
    .from(customers)
    .where(and(eq(customers.merchantId, merchantId), eq(customers.id, customerId)));
  return row;
}

async function changesOf(merchantId: number, customerId: number) {
  return ctx.database.db
    .select()
    .from(tierChanges)
    .where(and(eq(tierChanges.merchantId, merchantId), eq(tierChanges.customerId, customerId)))
    .orderBy(tierChanges.id);
}

const order = (customer: CustomerFacts, total: number, extra: Partial<OrderFacts> = {}) =>
  ({ id: randomId(), customer, total, status: 'completed', ...extra }) satisfies OrderFacts;

describe('the tiers programme: GET/PUT /api/tiers and the preview', () => {
  test('a store without tiers reads the defaults; a saved programme reads back with counts', async () => {
    const store = await tierStore();
    const empty = await call(store, 'GET', '/api/tiers');
    expect(empty.statusCode, empty.body).toBe(200);
    expect(TiersResponseSchema.parse(empty.json()).data).toMatchObject({
      enabled: false,
      basis: 'spend',
      window: 'rolling_12_months',
      tiers: [],
      recomputing: false,
    });

    const shopper = customerFacts();
    await deliverOk(ctx, webhooks.orderCreated(store.merchantId, order(shopper, 150)));
    const saved = await saveTiers(store, programme());
    expect(saved.tiers.map((t) => [t.position, t.nameEn, t.colour, t.threshold])).toEqual([
      [1, 'Silver', '#94a3b8', 100],
      [2, 'Gold', '#eab308', 500],
    ]);
    const read = TiersResponseSchema.parse((await call(store, 'GET', '/api/tiers')).json()).data;
    expect(read.recomputing).toBe(false);
    // The shopper who spent 150 SAR before tiers existed lands in Silver with the pass.
    expect(read.tiers.map((t) => t.customers)).toEqual([1, 0]);
    expect(read.untiered).toBe(0);
    const changes = await changesOf(store.merchantId, shopper.id);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ cause: 'tiers_changed', direction: 1, basisValue: 150 });
    expect(changes[0]!.toTier).toMatchObject({ nameEn: 'Silver', position: 1 });
  });

  test('bad programmes are refused with VALIDATION_FAILED and save nothing', async () => {
    const store = await tierStore();
    const bad: unknown[] = [
      programme({ tiers: [GOLD, SILVER] }), // thresholds not rising
      programme({ tiers: [SILVER, { ...GOLD, threshold: 100 }] }), // equal thresholds
      programme({ tiers: [1, 2, 3, 4, 5, 6].map((i) => ({ ...SILVER, threshold: i * 10 })) }),
      programme({ tiers: [{ ...SILVER, multiplierPct: 99 }] }),
      programme({ tiers: [{ ...SILVER, multiplierPct: 1001 }] }),
      programme({ tiers: [{ ...SILVER, multiplierPct: 1.5 }] }),
      programme({ tiers: [{ ...SILVER, colour: 'gold' }] }),
      programme({ tiers: [{ ...SILVER, nameAr: '  ' }] }),
      programme({ tiers: [{ ...SILVER, threshold: -1 }] }),
      programme({ graceDays: 400 }),
      programme({ enabled: true, tiers: [] }),
      { ...programme(), extra: 1 },
    ];
    for (const body of bad) {
      const res = await call(store, 'PUT', '/api/tiers', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const read = TiersResponseSchema.parse((await call(store, 'GET', '/api/tiers')).json()).data;
    expect(read.tiers).toEqual([]);
  });

  test('the starter plan gets PLAN_FEATURE_REQUIRED on every tiers endpoint', async () => {
    const store = await tierStore({ plan: 'starter' });
    for (const [method, url, body] of [
      ['GET', '/api/tiers', undefined],
      ['PUT', '/api/tiers', programme()],
      ['POST', '/api/tiers/preview', programme()],
    ] as const) {
      const res = await call(store, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('PLAN_FEATURE_REQUIRED');
    }
  });

  test('another store’s tiers are out of reach: its ids are unknown here', async () => {
    const mine = await tierStore();
    const theirs = await tierStore();
    const saved = await saveTiers(theirs, programme());
    const res = await call(
      mine,
      'PUT',
      '/api/tiers',
      programme({ tiers: [{ ...SILVER, id: saved.tiers[0]!.id }] }),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('TIER_NOT_FOUND');
    // Nor can a reward be reserved for it.
    const reward = await call(mine, 'POST', '/api/rewards', {
      name: 'VIP',
      type: 'fixed_discount',
      pointsRequired: 10,
      value: 5,
      minTierId: saved.tiers[0]!.id,
    });
    expect(reward.statusCode).toBe(404);
    expect(reward.json().code).toBe('TIER_NOT_FOUND');
    // Their programme is untouched and mine is still empty.
    const read = TiersResponseSchema.parse((await call(theirs, 'GET', '/api/tiers')).json()).data;
    expect(read.tiers.map((t) => t.nameEn)).toEqual(['Silver', 'Gold']);
    const own = TiersResponseSchema.parse((await call(mine, 'GET', '/api/tiers')).json()).data;
    expect(own.tiers).toEqual([]);
    const noAuth = await ctx.server.inject({ method: 'GET', url: '/api/tiers' });
    expect(noAuth.statusCode).toBe(401);
  });

  test('the preview counts today’s customers per tier on either basis, without saving', async () => {
    const store = await tierStore({ rules: { 'order.created': { points: 120 } } });
    const big = customerFacts();
    const small = customerFacts();
    const none = customerFacts();
    await deliverOk(ctx, webhooks.orderCreated(store.merchantId, order(big, 600)));
    await deliverOk(ctx, webhooks.orderCreated(store.merchantId, order(small, 150)));
    await deliverOk(ctx, webhooks.customerCreated(store.merchantId, none));
    const preview = async (body: TiersRequestInput) => {
      const res = await call(store, 'POST', '/api/tiers/preview', body);
      expect(res.statusCode, res.body).toBe(200);
      return TiersPreviewResponseSchema.parse(res.json()).data;
    };
    expect(await preview(programme())).toEqual({ tiers: [1, 1], untiered: 1, total: 3 });
    // Points: each order earned 120 points: two shoppers in Silver (100), none in Gold (500).
    expect(await preview(programme({ basis: 'points' }))).toEqual({
      tiers: [2, 0],
      untiered: 1,
      total: 3,
    });
    expect(await preview(programme({ window: 'rolling_12_months' }))).toEqual({
      tiers: [1, 1],
      untiered: 1,
      total: 3,
    });
    const read = TiersResponseSchema.parse((await call(store, 'GET', '/api/tiers')).json()).data;
    expect(read.tiers).toEqual([]);
  });

  test('a tier that a reward is reserved for cannot be removed; a removed tier’s customers move and it is recorded', async () => {
    const store = await tierStore();
    const shopper = customerFacts();
    await deliverOk(ctx, webhooks.orderCreated(store.merchantId, order(shopper, 700)));
    const saved = await saveTiers(store, programme());
    const [silver, gold] = saved.tiers;
    expect((await tierOf(store.merchantId, shopper.id))?.tierId).toBe(gold!.id);
    const reward = await call(store, 'POST', '/api/rewards', {
      name: 'هدية الذهبي',
      type: 'fixed_discount',
      pointsRequired: 10,
      value: 50,
      minTierId: gold!.id,
    });
    expect(reward.statusCode, reward.body).toBe(201);
    const refused = await call(
      store,
      'PUT',
      '/api/tiers',
      programme({ tiers: [{ ...SILVER, id: silver!.id }] }),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('TIER_IN_USE');
    expect((await tierOf(store.merchantId, shopper.id))?.tierId).toBe(gold!.id);

    // With the reward deleted the tier goes: its customer leaves it at once and lands in Silver.
    expect((await call(store, 'DELETE', `/api/rewards/${reward.json().data.id}`)).statusCode).toBe(
      200,
    );
    await saveTiers(store, programme({ tiers: [{ ...SILVER, id: silver!.id }] }));
    expect((await tierOf(store.merchantId, shopper.id))?.tierId).toBe(silver!.id);
    const changes = await changesOf(store.merchantId, shopper.id);
    expect(
      changes.map((c) => [
        c.cause,
        c.direction,
        c.fromTier?.nameEn ?? null,
        c.toTier?.nameEn ?? null,
      ]),
    ).toEqual([
      ['tiers_changed', 1, null, 'Gold'],
      ['tiers_changed', -1, 'Gold', null],
      ['tiers_changed', 1, null, 'Silver'],
    ]);
  });
});

describe('a customer’s tier follows the events', () => {
  test('spend basis: up at once with the order that crosses the threshold, on both engine paths', async () => {
    for (const rules of [
      { 'order.created': { points: 10 } }, // the fast path
      { 'order.created': { points: 10, maxPerCustomer: 100 } }, // a cap: the general path
    ]) {
      const store = await tierStore({ rules });
      const saved = await saveTiers(store, programme());
      const shopper = customerFacts();
      await deliverOk(ctx, webhooks.orderCreated(store.merchantId, order(shopper, 60)));
      expect((await tierOf(store.merchantId, shopper.id))?.tierId).toBe(NO_TIER_ID);
      await deliverOk(ctx, webhooks.orderCreated(store.merchantId, order(shopper, 60)));
      expect((await tierOf(store.merchantId, shopper.id))?.tierId).toBe(saved.tiers[0]!.id);
      await deliverOk(ctx, webhooks.orderCreated(store.merchantId, order(shopper, 400)));
      expect((await tierOf(store.merchantId, shopper.id))?.tierId).toBe(saved.tiers[1]!.id);
      const changes = await changesOf(store.merchantId, shopper.id);
      expect(changes.map((c) => [c.cause, c.toTier?.nameEn, c.basisValue])).toEqual([
        ['activity', 'Silver', 120],
        ['activity', 'Gold', 520],
      ]);
      expect(changes[1]!.detail).toMatch(/^order:\d+$/);
    }
  });

  test('the multiplier applies to points earned after the change, once, under redelivery, on both paths', async () => {
    for (const rules of [
      { 'order.created': { points: 10 }, purchase_amount: { points: 1, spendUnitSar: 10 } },
      {
        'order.created': { points: 10, maxPerCustomer: 100 },
        purchase_amount: { points: 1, spendUnitSar: 10 },
        repeat_purchase: { points: 7, requiredPurchases: 2 },
      },
    ]) {
      const store = await tierStore({ rules });
      await saveTiers(store, programme());
      const shopper = customerFacts();
      // 200 SAR: 10 + 20 points at ×1 (the shopper had no tier when it qualified).
      // Placed a minute apart, so the second is the second in the repeat-purchase count.
      const first = order(shopper, 200, { placedAt: new Date(Date.now() - 60_000) });
      await deliverOk(ctx, webhooks.orderCreated(store.merchantId, first));
      expect(await balanceOf(ctx, store.merchantId, shopper.id)).toBe(30);
      // Now Silver (×1.5): 10 + 10 points → 15 + 15; delivered three times, earned once.
      const second = order(shopper, 100);
      const envelope = webhooks.orderCreated(store.merchantId, second);
      await deliverOk(ctx, envelope);
      await deliverOk(ctx, envelope);
      await deliverOk(ctx, webhooks.orderUpdated(store.merchantId, second));
      const repeat = 'repeat_purchase' in rules ? Math.floor((7 * 150) / 100) : 0;
      expect(await balanceOf(ctx, store.merchantId, shopper.id)).toBe(30 + 30 + repeat);
      const [row] = await ctx.database.db
        .select({
          pct: orders.tierMultiplierPct,
          earn: orders.earnPoints,
          amount: orders.amountPoints,
        })
        .from(orders)
        .where(and(eq(orders.merchantId, store.merchantId), eq(orders.id, second.id)));
      expect(row).toEqual({ pct: 150, earn: 15, amount: 15 });
      // Cancelled: exactly what it earned is taken back.
      await deliverOk(ctx, webhooks.orderCancelled(store.merchantId, second));
      expect(await balanceOf(ctx, store.merchantId, shopper.id)).toBe(30);
      await expectLedgerInvariant(ctx, store.merchantId);
    }
  });

  test('reviews and signup earn with the tier’s multiplier; the birthday bonus with its own', async () => {
    const store = await tierStore({
      rules: {
        'order.created': { points: 10 },
        product_review: { points: 10 },
        birthday: { points: 20 },
      },
    });
    await saveTiers(store, programme());
    const shopper = customerFacts({ birthday: '1990-01-01' });
    await deliverOk(ctx, webhooks.orderCreated(store.merchantId, order(shopper, 600)));
    expect(await balanceOf(ctx, store.merchantId, shopper.id)).toBe(10);
    await deliverOk(
      ctx,
      webhooks.reviewAdded(store.merchantId, {
        customer: shopper,
        rating: 5,
        productId: randomId(),
      }),
    );
    // Gold: ×2 on the review.
    expect(await balanceOf(ctx, store.merchantId, shopper.id)).toBe(30);
    // Today is their birthday (set long enough ago): Gold's birthday multiplier, ×3.
    const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(5, 10);
    await ctx.database.db
      .update(customers)
      .set({ birthday: `1990-${today}`, birthdaySetAt: new Date(Date.now() - 60 * DAY) })
      .where(and(eq(customers.merchantId, store.merchantId), eq(customers.id, shopper.id)));
    await ctx.app.services.jobs.runBirthdays({ force: true });
    await ctx.app.services.jobs.runBirthdays({ force: true });
    expect(await balanceOf(ctx, store.merchantId, shopper.id)).toBe(30 + 60);
  });

  test('points basis over 12 months: points older than a year do not count; a clawback does', async () => {
    const store = await tierStore({ rules: { 'order.created': { points: 80 } } });
    const saved = await saveTiers(
      store,
      programme({ basis: 'points', window: 'rolling_12_months' }),
    );
    const shopper = customerFacts();
    const old = order(shopper, 50, { placedAt: new Date(Date.now() - 400 * DAY) });
    await deliverOk(
      ctx,
      webhooks.orderCreated(store.merchantId, old, new Date(Date.now() - 400 * DAY)),
    );
    expect(await balanceOf(ctx, store.merchantId, shopper.id)).toBe(80);
    expect((await tierOf(store.merchantId, shopper.id))?.tierId).toBe(NO_TIER_ID);
    const recent = order(shopper, 50);
    await deliverOk(ctx, webhooks.orderCreated(store.merchantId, recent));
    // 80 recent points: still short of Silver's 100 (the old 80 left the window).
    expect(await tierOf(store.merchantId, shopper.id)).toMatchObject({
      tierId: NO_TIER_ID,
      value: 80,
    });
    const third = order(shopper, 50);
    await deliverOk(ctx, webhooks.orderCreated(store.merchantId, third));
    expect((await tierOf(store.merchantId, shopper.id))?.tierId).toBe(saved.tiers[0]!.id);
    // Cancelling the third order claws its points back: below Silver, but the grace period runs.
    await deliverOk(ctx, webhooks.orderCancelled(store.merchantId, third));
    const during = await tierOf(store.merchantId, shopper.id);
    expect(during?.tierId).toBe(saved.tiers[0]!.id);
    expect(during?.below).not.toBeNull();
  });

  test('down only when the grace period is over; catching up ends it', async () => {
    const store = await tierStore();
    const saved = await saveTiers(store, programme({ graceDays: 10 }));
    const silver = saved.tiers[0]!.id;
    const shopper = customerFacts();
    const big = order(shopper, 150);
    await deliverOk(ctx, webhooks.orderCreated(store.merchantId, big));
    expect((await tierOf(store.merchantId, shopper.id))?.tierId).toBe(silver);
    await deliverOk(ctx, webhooks.orderCancelled(store.merchantId, big));
    expect(await tierOf(store.merchantId, shopper.id)).toMatchObject({ tierId: silver });
    expect((await tierOf(store.merchantId, shopper.id))?.below).toBeInstanceOf(Date);

    // Nine days on: still Silver.
    ctx.clock.advance(9 * DAY);
    try {
      await ctx.app.services.tiers.runMaintenance();
      expect((await tierOf(store.merchantId, shopper.id))?.tierId).toBe(silver);
      // Eleven days on: down, recorded as the grace period ending.
      ctx.clock.advance(2 * DAY);
      await ctx.app.services.tiers.runMaintenance();
      expect(await tierOf(store.merchantId, shopper.id)).toMatchObject({
        tierId: NO_TIER_ID,
        below: null,
      });
      const changes = await changesOf(store.merchantId, shopper.id);
      expect(changes.at(-1)).toMatchObject({ cause: 'grace_ended', direction: -1 });
      // Running it again changes nothing.
      await ctx.app.services.tiers.runMaintenance();
      expect(await changesOf(store.merchantId, shopper.id)).toHaveLength(changes.length);
    } finally {
      ctx.clock.advance(-11 * DAY);
    }

    // A second shopper falls below and catches up before the end: the grace period is over.
    const other = customerFacts();
    const one = order(other, 150);
    await deliverOk(ctx, webhooks.orderCreated(store.merchantId, one));
    await deliverOk(ctx, webhooks.orderCancelled(store.merchantId, one));
    expect((await tierOf(store.merchantId, other.id))?.below).toBeInstanceOf(Date);
    await deliverOk(ctx, webhooks.orderCreated(store.merchantId, order(other, 120)));
    expect(await tierOf(store.merchantId, other.id)).toMatchObject({ tierId: silver, below: null });
  });

  test('moving up by their own activity puts one tier-up e-mail in the outbox; a change of the tiers mails nobody', async () => {
    const store = await tierStore();
    const early = customerFacts({ email: uniqueEmail('early') });
    await deliverOk(ctx, webhooks.orderCreated(store.merchantId, order(early, 200)));
    await saveTiers(store, programme());
    const shopper = customerFacts({ email: uniqueEmail('vip') });
    const crossing = order(shopper, 150);
    const envelope = webhooks.orderCreated(store.merchantId, crossing);
    await deliverOk(ctx, envelope);
    await deliverOk(ctx, envelope);
    const outbox = await ctx.database.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.merchantId, store.merchantId));
    // The customer moved by the pass (tiers_changed) gets nothing; the one who crossed, one mail.
    expect(outbox.map((r) => [r.customerId, r.kind])).toEqual([[shopper.id, 'tier_up']]);
    expect(outbox[0]!.payload).toEqual({ tierName: { ar: 'فضي', en: 'Silver' }, multiplier: 1.5 });
    const [change] = await changesOf(store.merchantId, shopper.id);
    expect(outbox[0]!.idempotencyKey).toBe(`tier_up:${shopper.id}:${change!.id}`);
  });

  test('switched off, nobody moves and nothing is multiplied; the starter plan freezes tiers', async () => {
    const store = await tierStore();
    await saveTiers(store, programme({ enabled: false }));
    const shopper = customerFacts();
    await deliverOk(ctx, webhooks.orderCreated(store.merchantId, order(shopper, 900)));
    await deliverOk(ctx, webhooks.orderCreated(store.merchantId, order(shopper, 100)));
    // Switched off before anyone was placed: nobody holds a tier, not even «none».
    expect((await tierOf(store.merchantId, shopper.id))?.tierId).toBeNull();
    expect(await balanceOf(ctx, store.merchantId, shopper.id)).toBe(20);
  });
});

describe('what customers and merchants see', () => {
  async function signedInShopper(store: SignedInStore, facts: CustomerFacts) {
    const after = ctx.smtp.messages.length;
    const ask = await ctx.server.inject({
      method: 'POST',
      url: '/api/customers/auth/request-code',
      payload: { merchantId: String(store.merchantId), email: facts.email },
      remoteAddress: uniqueIp(),
    });
    expect(ask.statusCode).toBe(200);
    const mail = await ctx.smtp.waitForMail(facts.email!, { after });
    const verified = await ctx.server.inject({
      method: 'POST',
      url: '/api/customers/auth/verify-code',
      payload: {
        merchantId: String(store.merchantId),
        email: facts.email,
        code: extractMailedCode(mail),
      },
      remoteAddress: uniqueIp(),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    return `Bearer ${verified.json().data.token as string}`;
  }

  test('the loyalty page shows the tier, the way up and reserved rewards; redeeming below the tier is refused', async () => {
    const store = await tierStore({ rules: { 'order.created': { points: 300 } } });
    const saved = await saveTiers(store, programme());
    const [silver, gold] = saved.tiers;
    const shopper = customerFacts({ email: uniqueEmail('tier') });
    await deliverOk(ctx, webhooks.orderCreated(store.merchantId, order(shopper, 380)));
    const reserved = await call(store, 'POST', '/api/rewards', {
      name: 'هدية الذهبي',
      type: 'fixed_discount',
      pointsRequired: 100,
      value: 50,
      minTierId: gold!.id,
    });
    expect(reserved.statusCode, reserved.body).toBe(201);
    const open = await call(store, 'POST', '/api/rewards', {
      name: 'خصم للجميع',
      type: 'fixed_discount',
      pointsRequired: 100,
      value: 10,
    });
    expect(open.statusCode).toBe(201);
    const token = await signedInShopper(store, shopper);
    const loyalty = async (lang: 'ar' | 'en') => {
      const res = await ctx.server.inject({
        method: 'GET',
        url: `/api/customers/loyalty/${store.merchantId}/${shopper.id}?lang=${lang}`,
        headers: { authorization: token },
      });
      expect(res.statusCode, res.body).toBe(200);
      return CustomerLoyaltyResponseSchema.parse(res.json()).data;
    };
    const en = await loyalty('en');
    expect(en.tier).toMatchObject({
      basis: 'spend',
      window: 'lifetime',
      value: 380,
      current: { id: silver!.id, name: 'Silver', multiplierPct: 150 },
      next: { id: gold!.id, name: 'Gold', remaining: 120 },
      graceEndsAt: null,
    });
    expect(en.tier!.levels.map((l) => l.name)).toEqual(['Silver', 'Gold']);
    expect((await loyalty('ar')).tier?.current?.name).toBe('فضي');
    const vip = en.rewards.find((r) => r.id === reserved.json().data.id)!;
    expect(vip).toMatchObject({ minTier: { id: gold!.id, name: 'Gold' }, locked: true });
    expect(en.rewards.find((r) => r.id === open.json().data.id)).toMatchObject({
      minTier: null,
      locked: false,
    });

    const redeem = (rewardId: string) =>
      ctx.server.inject({
        method: 'POST',
        url: `/api/customers/loyalty/${store.merchantId}/${shopper.id}/redeem`,
        headers: { authorization: token, 'accept-language': 'en' },
        payload: { rewardId },
      });
    const refused = await redeem(vip.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('TIER_REQUIRED');
    expect(await balanceOf(ctx, store.merchantId, shopper.id)).toBe(300);

    // 120 SAR more: Gold, and the reward is theirs to redeem.
    await deliverOk(ctx, webhooks.orderCreated(store.merchantId, order(shopper, 120)));
    const gold2 = await loyalty('en');
    expect(gold2.tier).toMatchObject({ current: { name: 'Gold' }, next: null });
    expect(gold2.rewards.find((r) => r.id === vip.id)?.locked).toBe(false);
    const ok = await redeem(vip.id);
    expect(ok.statusCode, ok.body).toBe(200);
    await expectLedgerInvariant(ctx, store.merchantId);
  });

  test('the customers list filters by tier and the account shows the changes', async () => {
    const store = await tierStore();
    const saved = await saveTiers(store, programme());
    const [silver, gold] = saved.tiers;
    const a = customerFacts();
    const b = customerFacts();
    const c = customerFacts();
    await deliverOk(ctx, webhooks.orderCreated(store.merchantId, order(a, 150)));
    await deliverOk(ctx, webhooks.orderCreated(store.merchantId, order(b, 900)));
    await deliverOk(ctx, webhooks.orderCreated(store.merchantId, order(c, 10)));
    const list = async (tier: string) => {
      const res = await call(store, 'GET', `/api/merchants/customers?tier=${tier}`);
      expect(res.statusCode, res.body).toBe(200);
      return CustomersResponseSchema.parse(res.json()).data.items;
    };
    expect((await list(silver!.id)).map((x) => x.id)).toEqual([String(a.id)]);
    const golds = await list(gold!.id);
    expect(golds.map((x) => x.id)).toEqual([String(b.id)]);
    expect(golds[0]!.tier).toMatchObject({ id: gold!.id, nameAr: 'ذهبي', position: 2 });
    expect((await list('none')).map((x) => x.id)).toEqual([String(c.id)]);
    expect((await call(store, 'GET', '/api/merchants/customers?tier=gold')).statusCode).toBe(400);

    const account = await call(store, 'GET', `/api/merchants/customers/${b.id}`);
    expect(account.statusCode, account.body).toBe(200);
    const data = CustomerAccountResponseSchema.parse(account.json()).data;
    expect(data.customer.tier?.nameEn).toBe('Gold');
    expect(data.tierChanges).toHaveLength(1);
    expect(data.tierChanges[0]).toMatchObject({
      from: null,
      to: { nameEn: 'Gold' },
      cause: 'activity',
      basis: 'spend',
      basisValue: 900,
    });
    const counts = TiersResponseSchema.parse((await call(store, 'GET', '/api/tiers')).json()).data;
    expect(counts.tiers.map((t) => t.customers)).toEqual([1, 1]);
    expect(counts.untiered).toBe(1);
    // Erased (a privacy request), a customer leaves their tier and counts in none.
    const erased = await call(store, 'POST', `/api/merchants/customers/${b.id}/erase`, {});
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await list(gold!.id)).toEqual([]);
    const after = TiersResponseSchema.parse((await call(store, 'GET', '/api/tiers')).json()).data;
    expect(after.tiers.map((t) => t.customers)).toEqual([1, 0]);
    expect(after.untiered).toBe(2);
    const preview = await call(store, 'POST', '/api/tiers/preview', programme());
    expect(TiersPreviewResponseSchema.parse(preview.json()).data).toEqual({
      tiers: [1, 0],
      untiered: 2,
      total: 3,
    });
    // Another store's filter by this store's tier finds nobody.
    const other = await tierStore();
    const res = await call(other, 'GET', `/api/merchants/customers?tier=${gold!.id}`);
    expect(CustomersResponseSchema.parse(res.json()).data.items).toEqual([]);
  });
});
