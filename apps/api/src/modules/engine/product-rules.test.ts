import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orderModel, webhooks, type CustomerFacts, type OrderFacts } from '@nuqat/salla-sandbox';
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
import { applyProductRules } from './product-rules.ts';

/**
 * Product rules in the engine (issue 29, docs/decisions/048), on both paths: lines drive the
 * points per riyal, an order without lines earns on its total and says so, and an order keeps
 * what it earned when a rule changes after it was counted (redelivery, status change, partial
 * refund, cancellation).
 */

let ctx: EngineContext;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const OUD = { productId: 720881993, name: 'عطر العود' };
const MUSK = { productId: 720881994, name: 'مسك' };
const GIFT = { productId: 720881995, name: 'بطاقة هدية' };

describe('applyProductRules (pure)', () => {
  const rules = new Map([
    [OUD.productId, 300],
    [GIFT.productId, 0],
  ]);
  const line = (p: { productId: number; name: string }, amountHalalas: number) => ({
    ...p,
    amountHalalas,
  });
  test('no rules: nothing to say; no lines: the total', () => {
    expect(applyProductRules(new Map(), null, 5000)).toEqual({
      basis: null,
      spendHalalas: 5000,
      allExcluded: false,
    });
    expect(applyProductRules(rules, null, 5000).basis).toBe('total');
    expect(applyProductRules(rules, [line(OUD, 0)], 5000).basis).toBe('total');
  });
  test('the spend is shared by the lines’ totals, rounded down once', () => {
    // 1/3 oud ×3, 1/3 gift excluded, 1/3 musk ×1 → (3 + 0 + 1) / 3 of 10001 halalas.
    const out = applyProductRules(rules, [line(OUD, 100), line(GIFT, 100), line(MUSK, 100)], 10001);
    expect(out).toEqual({ basis: 'lines', spendHalalas: 13334, allExcluded: false });
    expect(applyProductRules(rules, [line(GIFT, 100)], 10001)).toEqual({
      basis: 'lines',
      spendHalalas: 0,
      allExcluded: true,
    });
  });
});

describe.each([
  { path: 'fast', env: { ENGINE_FAST_PATH: '1' } },
  { path: 'general', env: { ENGINE_FAST_PATH: '0' } },
])('$path path', ({ env }) => {
  beforeAll(async () => {
    ctx = await createEngineContext({ env });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** A Growth store earning 10 points an order and 1 point per 10 SAR, whose orders named OUD, MUSK and GIFT. */
  async function store(): Promise<SignedInStore> {
    const s = await signedInStore(ctx, {
      plan: 'growth',
      subscriptionStatus: 'active',
      subscriptionExpiresAt: new Date(Date.now() + 365 * DAY),
    });
    const tokens = ctx.sandbox.registerStore({ merchantId: s.merchantId });
    await ctx.database.db
      .update(merchants)
      .set({
        installStatus: 'installed',
        subscriptionStartedAt: new Date(Date.now() - 30 * DAY),
        sallaAccessToken: sealForStore(
          ctx.config.keys.storeSecrets,
          s.merchantId,
          tokens.access_token,
        ),
        sallaRefreshToken: sealForStore(
          ctx.config.keys.storeSecrets,
          s.merchantId,
          tokens.refresh_token,
        ),
        sallaTokenExpiresAt: new Date(tokens.expires * 1000),
      })
      .where(eq(merchants.id, s.merchantId));
    await setRules(ctx, s.merchantId, {
      'order.created': { points: 10 },
      purchase_amount: { points: 1, spendUnitSar: 10 },
    });
    // An earlier order names the products (the rules screen offers what orders named).
    const earlier: OrderFacts = {
      id: randomId(),
      customer: customerFacts(),
      total: 30,
      status: 'completed',
      placedAt: new Date(Date.now() - 2 * HOUR),
      lines: [
        { ...OUD, amount: 10 },
        { ...MUSK, amount: 10 },
        { ...GIFT, amount: 10 },
      ],
    };
    await deliverOk(ctx, webhooks.orderCreated(s.merchantId, earlier));
    return s;
  }

  async function rule(s: SignedInStore, body: Record<string, unknown>) {
    const res = await ctx.server.inject({
      method: 'POST',
      url: '/api/campaigns/product-rules',
      headers: { authorization: s.authorization },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: string };
  }

  function order(shopper: CustomerFacts, lines: OrderFacts['lines'], total = 200): OrderFacts {
    return {
      id: randomId(),
      customer: shopper,
      total,
      status: 'completed',
      placedAt: new Date(Date.now() - HOUR),
      lines,
    };
  }

  async function orderRow(merchantId: number, id: number) {
    const [row] = await ctx.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.merchantId, merchantId), eq(orders.id, id)));
    return row!;
  }

  // 200 SAR without rules: 10 (order) + 20 (per riyal) = 30 points.
  test('lines drive the points: an excluded product earns nothing, a multiplied one ×3', async () => {
    const s = await store();
    await rule(s, { productId: OUD.productId, effect: 'multiply', multiplier: 3 });
    await rule(s, { productId: GIFT.productId, effect: 'exclude' });
    const shopper = customerFacts();
    const o = order(shopper, [
      { ...OUD, amount: 100 },
      { ...GIFT, amount: 100 },
    ]);
    await deliverOk(ctx, webhooks.orderCreated(s.merchantId, o));
    const row = await orderRow(s.merchantId, o.id);
    // Spend 200 SAR shared: 100 × 3 + 100 × 0 = 300 SAR → 30 points, and 10 for the order.
    expect([row.earnPoints, row.amountPoints, row.earningBasis]).toEqual([10, 30, 'lines']);
    expect(row.lines).toEqual([
      { ...OUD, amountHalalas: 10000 },
      { ...GIFT, amountHalalas: 10000 },
    ]);
    expect(await balanceOf(ctx, s.merchantId, shopper.id)).toBe(40);
    // Only excluded products: no points at all.
    const gifts = order(shopper, [{ ...GIFT, amount: 200 }]);
    await deliverOk(ctx, webhooks.orderCreated(s.merchantId, gifts));
    const giftRow = await orderRow(s.merchantId, gifts.id);
    expect([giftRow.earnStatus, giftRow.earnPoints, giftRow.amountPoints]).toEqual([
      'earned',
      0,
      0,
    ]);
    expect(await balanceOf(ctx, s.merchantId, shopper.id)).toBe(40);
    await expectLedgerInvariant(ctx, s.merchantId);
  });

  test('an order without lines earns on its total and says so; a store without rules says nothing', async () => {
    const s = await store();
    await rule(s, { productId: GIFT.productId, effect: 'exclude' });
    const shopper = customerFacts();
    const o = order(shopper, null);
    await deliverOk(ctx, webhooks.orderCreated(s.merchantId, o));
    const row = await orderRow(s.merchantId, o.id);
    expect([row.earnPoints, row.amountPoints, row.earningBasis, row.lines]).toEqual([
      10,
      20,
      'total',
      null,
    ]);
    // Lines without product ids are not lines either.
    const bare = order(shopper, undefined);
    await deliverOk(ctx, webhooks.orderCreated(s.merchantId, bare));
    expect((await orderRow(s.merchantId, bare.id)).earningBasis).toBe('total');
    expect(await balanceOf(ctx, s.merchantId, shopper.id)).toBe(60);
    // The merchant sees it on the order, in the customer's account.
    const account = await ctx.server.inject({
      method: 'GET',
      url: `/api/merchants/customers/${shopper.id}`,
      headers: { authorization: s.authorization },
    });
    expect(account.statusCode, account.body).toBe(200);
    const shown = account.json().data.orders as { id: string; earningBasis: string | null }[];
    expect(shown.find((x) => x.id === String(o.id))?.earningBasis).toBe('total');

    const plain = await store();
    const p = order(shopper, [{ ...GIFT, amount: 200 }]);
    await deliverOk(ctx, webhooks.orderCreated(plain.merchantId, p));
    const plainRow = await orderRow(plain.merchantId, p.id);
    expect([plainRow.earnPoints + plainRow.amountPoints, plainRow.earningBasis]).toEqual([
      30,
      null,
    ]);
  });

  test('a rule composes with the tier and campaign multipliers like the rest of the spend', async () => {
    const s = await store();
    await rule(s, { productId: OUD.productId, effect: 'multiply', multiplier: 1.5 });
    const res = await ctx.server.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: { authorization: s.authorization },
      payload: {
        nameAr: 'نقاط مضاعفة',
        nameEn: 'Double points',
        startsAt: new Date(Date.now() + 3 * HOUR - 2 * DAY).toISOString().slice(0, 16),
        endsAt: new Date(Date.now() + 3 * HOUR + 2 * DAY).toISOString().slice(0, 16),
        effect: 'multiplier',
        multiplierPct: 200,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const shopper = customerFacts();
    const o = order(shopper, [{ ...OUD, amount: 200 }]);
    await deliverOk(ctx, webhooks.orderCreated(s.merchantId, o));
    const row = await orderRow(s.merchantId, o.id);
    // 200 SAR × 1.5 = 300 SAR → 30 points, ×2 campaign → 60; the order's 10 ×2 → 20.
    expect([row.earnPoints, row.amountPoints, row.campaignMultiplierPct]).toEqual([20, 60, 200]);
  });

  test('an order keeps what it earned after its rule changed: redelivery, status change, refund, cancellation', async () => {
    const s = await store();
    const r = await rule(s, { productId: OUD.productId, effect: 'multiply', multiplier: 2 });
    const shopper = customerFacts();
    // Awaiting payment with its lines; the status event that pays it carries them too.
    const o: OrderFacts = {
      ...order(shopper, [{ ...OUD, amount: 200 }]),
      status: 'payment_pending',
    };
    const created = webhooks.orderCreated(s.merchantId, o);
    await deliverOk(ctx, created);
    const paid = { ...o, status: 'completed' };
    await deliverOk(ctx, webhooks.orderStatusUpdated(s.merchantId, paid));
    // 200 SAR × 2 → 40 points, and 10 for the order.
    expect(await balanceOf(ctx, s.merchantId, shopper.id)).toBe(50);
    // The rule goes: the counted order keeps its points through everything that follows.
    const removed = await ctx.server.inject({
      method: 'DELETE',
      url: `/api/campaigns/product-rules/${r.id}`,
      headers: { authorization: s.authorization },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await rule(s, { productId: OUD.productId, effect: 'exclude' });
    await deliverOk(ctx, created);
    await deliverOk(
      ctx,
      webhooks.orderStatusUpdated(s.merchantId, { ...paid, status: 'delivered' }),
    );
    const row = await orderRow(s.merchantId, o.id);
    expect([row.earnPoints, row.amountPoints, row.earningBasis]).toEqual([10, 40, 'lines']);
    expect(await balanceOf(ctx, s.merchantId, shopper.id)).toBe(50);
    // A refund of a quarter keeps three quarters of what it earned then, each part rounded down:
    // 10 → 7 and 40 → 30 (today's rule, excluding the product, would have left 7).
    ctx.sandbox.setOrder(s.merchantId, orderModel({ ...paid, total: 150 }));
    await deliverOk(ctx, webhooks.orderRefunded(s.merchantId, paid));
    expect(await balanceOf(ctx, s.merchantId, shopper.id)).toBe(37);
    // Cancelled: exactly what it gave is taken back.
    await deliverOk(ctx, webhooks.orderCancelled(s.merchantId, paid));
    expect(await balanceOf(ctx, s.merchantId, shopper.id)).toBe(0);
    await expectLedgerInvariant(ctx, s.merchantId);
  });
});
