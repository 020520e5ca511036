import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ErrorBodySchema,
  LANGUAGE_CODES,
  LEDGER_KINDS,
  LoyaltyRuleResponseSchema,
  LoyaltyRulesResponseSchema,
  PLAN_IDS,
  ProgrammeStatusResponseSchema,
  REDEMPTION_STATUSES,
  REWARD_TYPES,
  RULE_EVENTS,
  SUBSCRIPTION_STATUSES,
} from '@nuqat/contracts';
import {
  customers,
  loyaltyRules,
  merchants,
  pointsLedger,
  redemptions,
  rewards,
} from '../../db/schema/index.ts';
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

const newStore = () => signedInStore(ctx, { plan: 'starter' });

const getRules = (store: Store) =>
  ctx.server.inject({
    method: 'GET',
    url: '/api/loyalty',
    headers: { authorization: store.authorization },
  });

const saveRule = (store: Store, payload: unknown, language = 'ar') =>
  ctx.server.inject({
    method: 'POST',
    url: '/api/loyalty',
    headers: { authorization: store.authorization, 'accept-language': language },
    payload: payload as Record<string, unknown>,
  });

const ruleOf = async (store: Store, event: string) => {
  const body = LoyaltyRulesResponseSchema.parse((await getRules(store)).json());
  return body.data.find((rule) => rule.event === event)!;
};

test('the enum columns take the contracts’ lists, in the contracts’ order (one source)', () => {
  expect(loyaltyRules.event.enumValues).toEqual([...RULE_EVENTS]);
  expect(rewards.type.enumValues).toEqual([...REWARD_TYPES]);
  expect(redemptions.status.enumValues).toEqual([...REDEMPTION_STATUSES]);
  expect(merchants.plan.enumValues).toEqual([...PLAN_IDS]);
  expect(merchants.subscriptionStatus.enumValues).toEqual([...SUBSCRIPTION_STATUSES]);
  expect(pointsLedger.kind.enumValues).toEqual([...LEDGER_KINDS]);
  expect(customers.language.enumValues).toEqual([...LANGUAGE_CODES]);
});

describe('GET /api/loyalty', () => {
  test('a new store lists the six collection methods and points per riyal, all off with 0 points', async () => {
    const store = await newStore();
    const res = await getRules(store);
    expect(res.statusCode).toBe(200);
    const body = LoyaltyRulesResponseSchema.parse(res.json());
    expect(body.data.map((rule) => rule.event)).toEqual([...RULE_EVENTS]);
    for (const rule of body.data) {
      expect(rule).toMatchObject({
        points: 0,
        enabled: false,
        maxPerCustomer: null,
        spendUnit: null,
        updatedAt: null,
      });
    }
    // Points per riyal after the spec's six, then the ways to earn beyond buying (decision 052).
    expect(body.data.at(6)?.event).toBe('purchase_amount');
  });

  test('without a session every loyalty endpoint is 401', async () => {
    for (const [method, url] of [
      ['GET', '/api/loyalty'],
      ['POST', '/api/loyalty'],
      ['GET', '/api/loyalty/programme'],
      ['PUT', '/api/loyalty/programme'],
    ] as const) {
      const res = await ctx.server.inject({
        method,
        url,
        payload: method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
  });
});

describe('POST /api/loyalty', () => {
  test('saving a method with points turns it on, with a translated success message', async () => {
    const store = await newStore();
    const res = await saveRule(store, { event: 'signup', points: 50 }, 'en');
    expect(res.statusCode).toBe(200);
    const body = LoyaltyRuleResponseSchema.parse(res.json());
    expect(body.message).toBe('Settings saved successfully');
    expect(body.data).toMatchObject({ event: 'signup', points: 50, enabled: true });
    expect(body.data.updatedAt).not.toBeNull();
    expect(await ruleOf(store, 'signup')).toMatchObject({ points: 50, enabled: true });
  });

  test('each method keeps its own extra field, with the spec defaults when it is left out', async () => {
    const store = await newStore();
    await saveRule(store, { event: 'product_review', points: 10 });
    await saveRule(store, { event: 'order_review', points: 10, minRating: 4 });
    await saveRule(store, { event: 'repeat_purchase', points: 10 });
    await saveRule(store, { event: 'order.created', points: 10 });
    await saveRule(store, { event: 'birthday', points: 10 });
    const rules = LoyaltyRulesResponseSchema.parse((await getRules(store)).json()).data;
    const byEvent = Object.fromEntries(rules.map((rule) => [rule.event, rule]));
    expect(byEvent.product_review).toMatchObject({
      minRating: 1,
      requiredPurchases: null,
      minOrderTotal: null,
    });
    expect(byEvent.order_review).toMatchObject({ minRating: 4 });
    expect(byEvent.repeat_purchase).toMatchObject({ requiredPurchases: 1, minRating: null });
    expect(byEvent['order.created']).toMatchObject({ minOrderTotal: 0, minRating: null });
    expect(byEvent.birthday).toMatchObject({
      minRating: null,
      requiredPurchases: null,
      minOrderTotal: null,
    });
  });

  test('the minimum order total crosses the wire in riyals and is stored in halalas', async () => {
    const store = await newStore();
    const res = await saveRule(store, { event: 'order.created', points: 25, minOrderTotal: 150 });
    expect(res.json().data.minOrderTotal).toBe(150);
    const [row] = await ctx.database.db
      .select()
      .from(loyaltyRules)
      .where(
        and(eq(loyaltyRules.merchantId, store.merchantId), eq(loyaltyRules.event, 'order.created')),
      );
    expect(row?.minOrderTotalHalalas).toBe(15_000);
  });

  test('the per-customer cap is saved (the spec forgot to send it) and can be lifted again', async () => {
    const store = await newStore();
    await saveRule(store, { event: 'order_review', points: 20, minRating: 3, maxPerCustomer: 2 });
    expect(await ruleOf(store, 'order_review')).toMatchObject({ maxPerCustomer: 2, minRating: 3 });
    const [row] = await ctx.database.db
      .select()
      .from(loyaltyRules)
      .where(
        and(eq(loyaltyRules.merchantId, store.merchantId), eq(loyaltyRules.event, 'order_review')),
      );
    expect(row?.maxPerCustomer).toBe(2);
    await saveRule(store, {
      event: 'order_review',
      points: 20,
      minRating: 3,
      maxPerCustomer: null,
    });
    expect((await ruleOf(store, 'order_review')).maxPerCustomer).toBeNull();
  });

  test('saving 0 points is the spec’s delete: the method is off and says so', async () => {
    const store = await newStore();
    await saveRule(store, { event: 'repeat_purchase', points: 40, requiredPurchases: 3 });
    const res = await saveRule(
      store,
      { event: 'repeat_purchase', points: 0, requiredPurchases: 3 },
      'en',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('The collection method was turned off');
    expect(await ruleOf(store, 'repeat_purchase')).toMatchObject({
      points: 0,
      enabled: false,
      requiredPurchases: 3,
    });
  });

  test('saving a method again replaces it: one rule per event', async () => {
    const store = await newStore();
    await saveRule(store, { event: 'birthday', points: 10 });
    await saveRule(store, { event: 'birthday', points: 70, maxPerCustomer: 5 });
    const rows = await ctx.database.db
      .select()
      .from(loyaltyRules)
      .where(eq(loyaltyRules.merchantId, store.merchantId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event: 'birthday', points: 70, maxPerCustomer: 5 });
  });

  test('an unknown event name is 400', async () => {
    const store = await newStore();
    for (const event of ['order.paid', 'Birthday', '', 'referral']) {
      const res = await saveRule(store, { event, points: 10 });
      expect(res.statusCode, event).toBe(400);
      expect(ErrorBodySchema.parse(res.json()).code).toBe('VALIDATION_FAILED');
    }
    expect((await saveRule(store, { points: 10 })).statusCode).toBe(400);
  });

  test('unknown fields, and another method’s extra field, are 400', async () => {
    const store = await newStore();
    for (const payload of [
      { event: 'signup', points: 10, bonus: 1 },
      { event: 'birthday', points: 10, minRating: 3 },
      { event: 'product_review', points: 10, requiredPurchases: 2 },
      { event: 'order.created', points: 10, minOrderTotalHalalas: 100 },
      { event: 'signup', points: 10, enabled: true },
      { event: 'order.created', points: 10, spendUnit: 1 },
      { event: 'purchase_amount', points: 1, spendUnitHalalas: 100 },
      { event: 'purchase_amount', points: 1, minRating: 2 },
    ]) {
      const res = await saveRule(store, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await ruleOf(store, 'signup')).points).toBe(0);
  });

  test.each([
    ['points', 'signup', { points: -1 }, false],
    ['points', 'signup', { points: 0 }, true],
    ['points', 'signup', { points: 1_000_000 }, true],
    ['points', 'signup', { points: 1_000_001 }, false],
    ['points', 'signup', { points: 1.5 }, false],
    ['points', 'signup', { points: '30' }, false],
    ['points', 'signup', { points: null }, false],
    ['minRating', 'product_review', { points: 5, minRating: 0 }, false],
    ['minRating', 'product_review', { points: 5, minRating: 1 }, true],
    ['minRating', 'product_review', { points: 5, minRating: 5 }, true],
    ['minRating', 'product_review', { points: 5, minRating: 6 }, false],
    ['minRating', 'order_review', { points: 5, minRating: 2.5 }, false],
    ['requiredPurchases', 'repeat_purchase', { points: 5, requiredPurchases: 0 }, false],
    ['requiredPurchases', 'repeat_purchase', { points: 5, requiredPurchases: 1 }, true],
    ['requiredPurchases', 'repeat_purchase', { points: 5, requiredPurchases: 1000 }, true],
    ['requiredPurchases', 'repeat_purchase', { points: 5, requiredPurchases: 1001 }, false],
    ['minOrderTotal', 'order.created', { points: 5, minOrderTotal: -1 }, false],
    ['minOrderTotal', 'order.created', { points: 5, minOrderTotal: 0 }, true],
    ['minOrderTotal', 'order.created', { points: 5, minOrderTotal: 1_000_000 }, true],
    ['minOrderTotal', 'order.created', { points: 5, minOrderTotal: 1_000_001 }, false],
    ['maxPerCustomer', 'birthday', { points: 5, maxPerCustomer: 0 }, false],
    ['maxPerCustomer', 'birthday', { points: 5, maxPerCustomer: 1 }, true],
    ['maxPerCustomer', 'birthday', { points: 5, maxPerCustomer: 10_000 }, true],
    ['maxPerCustomer', 'birthday', { points: 5, maxPerCustomer: 10_001 }, false],
    ['maxPerCustomer', 'birthday', { points: 5, maxPerCustomer: null }, true],
    ['spendUnit', 'purchase_amount', { points: 1, spendUnit: 0 }, false],
    ['spendUnit', 'purchase_amount', { points: 1, spendUnit: -5 }, false],
    ['spendUnit', 'purchase_amount', { points: 1, spendUnit: 1 }, true],
    ['spendUnit', 'purchase_amount', { points: 1, spendUnit: 100_000 }, true],
    ['spendUnit', 'purchase_amount', { points: 1, spendUnit: 100_001 }, false],
    ['spendUnit', 'purchase_amount', { points: 1, spendUnit: 0.5 }, false],
    ['spendUnit', 'purchase_amount', { points: 1, spendUnit: '10' }, false],
    ['spendUnit', 'purchase_amount', { points: 1, spendUnit: null }, false],
    ['minOrderTotal', 'purchase_amount', { points: 1, minOrderTotal: -1 }, false],
    ['minOrderTotal', 'purchase_amount', { points: 1, minOrderTotal: 200 }, true],
    ['maxPerCustomer', 'purchase_amount', { points: 1, maxPerCustomer: 0 }, false],
    ['maxPerCustomer', 'purchase_amount', { points: 1, maxPerCustomer: 12 }, true],
  ] as const)('%s on %s: %j is accepted: %s', async (field, event, fields, ok) => {
    const store = await newStore();
    const res = await saveRule(store, { event, ...fields });
    expect(res.statusCode).toBe(ok ? 200 : 400);
    if (!ok) {
      const body = ErrorBodySchema.parse(res.json());
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.issues?.some((issue) => issue.path.includes(field))).toBe(true);
    } else {
      expect(res.json().data[field]).toBe((fields as Record<string, unknown>)[field]);
    }
  });

  test('points per riyal is saved in whole riyals and stored as halalas, beside the order rule', async () => {
    const store = await newStore();
    const res = await saveRule(
      store,
      { event: 'purchase_amount', points: 3, spendUnit: 10, minOrderTotal: 50 },
      'en',
    );
    expect(res.statusCode).toBe(200);
    const body = LoyaltyRuleResponseSchema.parse(res.json());
    expect(body.message).toBe('Settings saved successfully');
    expect(body.data).toMatchObject({
      event: 'purchase_amount',
      points: 3,
      enabled: true,
      spendUnit: 10,
      minOrderTotal: 50,
      maxPerCustomer: null,
      minRating: null,
      requiredPurchases: null,
    });
    const [row] = await ctx.database.db
      .select()
      .from(loyaltyRules)
      .where(
        and(
          eq(loyaltyRules.merchantId, store.merchantId),
          eq(loyaltyRules.event, 'purchase_amount'),
        ),
      );
    expect(row).toMatchObject({ points: 3, spendUnitHalalas: 1000, minOrderTotalHalalas: 5000 });

    // The order rule is its own row: both work together.
    await saveRule(store, { event: 'order.created', points: 20 });
    expect(await ruleOf(store, 'purchase_amount')).toMatchObject({ points: 3, spendUnit: 10 });
    expect(await ruleOf(store, 'order.created')).toMatchObject({ points: 20, spendUnit: null });
  });

  test('points per riyal defaults to every 1 SAR with no minimum, and 0 points turns it off keeping the unit', async () => {
    const store = await newStore();
    const saved = (await saveRule(store, { event: 'purchase_amount', points: 1 })).json().data;
    expect(saved).toMatchObject({ spendUnit: 1, minOrderTotal: 0, enabled: true });
    await saveRule(store, { event: 'purchase_amount', points: 2, spendUnit: 5 });
    const off = await saveRule(store, { event: 'purchase_amount', points: 0, spendUnit: 5 }, 'en');
    expect(off.json().message).toBe('The collection method was turned off');
    expect(await ruleOf(store, 'purchase_amount')).toMatchObject({
      points: 0,
      enabled: false,
      spendUnit: 5,
    });
  });

  test('a spend unit stored in halalas off the riyal reads as the nearest whole riyal', async () => {
    const store = await newStore();
    await ctx.database.db.insert(loyaltyRules).values({
      merchantId: store.merchantId,
      event: 'purchase_amount',
      points: 1,
      spendUnitHalalas: 50,
    });
    expect((await ruleOf(store, 'purchase_amount')).spendUnit).toBe(1);
  });

  test('one store’s points per riyal never shows in, or changes, another store', async () => {
    const a = await newStore();
    const b = await newStore();
    await saveRule(a, { event: 'purchase_amount', points: 2, spendUnit: 10 });
    expect(await ruleOf(b, 'purchase_amount')).toMatchObject({ points: 0, spendUnit: null });
    await saveRule(b, { event: 'purchase_amount', points: 7, spendUnit: 1 });
    expect(await ruleOf(a, 'purchase_amount')).toMatchObject({ points: 2, spendUnit: 10 });
  });

  test('one store’s rules never show in, or change, another store', async () => {
    const a = await newStore();
    const b = await newStore();
    await saveRule(a, { event: 'order.created', points: 99, minOrderTotal: 10, maxPerCustomer: 3 });
    expect(await ruleOf(b, 'order.created')).toMatchObject({ points: 0, enabled: false });
    await saveRule(b, { event: 'order.created', points: 1 });
    expect(await ruleOf(a, 'order.created')).toMatchObject({
      points: 99,
      minOrderTotal: 10,
      maxPerCustomer: 3,
    });
    expect(await ruleOf(b, 'order.created')).toMatchObject({ points: 1, maxPerCustomer: null });
  });
});

describe('the programme switch', () => {
  const getProgramme = (store: Store) =>
    ctx.server.inject({
      method: 'GET',
      url: '/api/loyalty/programme',
      headers: { authorization: store.authorization },
    });
  const putProgramme = (store: Store, payload: unknown, language = 'ar') =>
    ctx.server.inject({
      method: 'PUT',
      url: '/api/loyalty/programme',
      headers: { authorization: store.authorization, 'accept-language': language },
      payload: payload as Record<string, unknown>,
    });

  test('a store starts with its programme running', async () => {
    const store = await newStore();
    const body = ProgrammeStatusResponseSchema.parse((await getProgramme(store)).json());
    expect(body.data).toEqual({ enabled: true });
  });

  test('pausing and resuming set merchants.programme_enabled, which the engine reads', async () => {
    const store = await newStore();
    const paused = await putProgramme(store, { enabled: false }, 'en');
    expect(paused.statusCode).toBe(200);
    expect(ProgrammeStatusResponseSchema.parse(paused.json())).toMatchObject({
      data: { enabled: false },
      message: 'The points programme is paused',
    });
    const [row] = await ctx.database.db
      .select({ enabled: merchants.programmeEnabled })
      .from(merchants)
      .where(eq(merchants.id, store.merchantId));
    expect(row?.enabled).toBe(false);
    expect((await getProgramme(store)).json().data.enabled).toBe(false);

    const resumed = await putProgramme(store, { enabled: true });
    expect(resumed.json()).toMatchObject({ data: { enabled: true } });
    expect((await getProgramme(store)).json().data.enabled).toBe(true);
  });

  test('pausing keeps the methods as they were', async () => {
    const store = await newStore();
    await saveRule(store, { event: 'signup', points: 15 });
    await putProgramme(store, { enabled: false });
    expect(await ruleOf(store, 'signup')).toMatchObject({ points: 15, enabled: true });
  });

  test('the switch takes exactly { enabled: boolean }', async () => {
    const store = await newStore();
    for (const payload of [
      {},
      { enabled: 'false' },
      { enabled: 0 },
      { enabled: false, reason: 'x' },
    ]) {
      expect((await putProgramme(store, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await getProgramme(store)).json().data.enabled).toBe(true);
  });

  test('pausing one store leaves every other store running', async () => {
    const a = await newStore();
    const b = await newStore();
    await putProgramme(a, { enabled: false });
    expect((await getProgramme(b)).json().data.enabled).toBe(true);
    expect((await getProgramme(a)).json().data.enabled).toBe(false);
  });
});
