import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dateToRiyadhMinute, type CampaignInput } from '@nuqat/contracts';
import { orderModel, webhooks, type CustomerFacts, type OrderFacts } from '@nuqat/salla-sandbox';
import { customers, merchants, orders } from '../../db/schema/index.ts';
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

/**
 * Campaigns in the engine (issue 29, docs/decisions/047), on both paths: each effect, the overlap
 * rule, the order's placing time against its arrival, and an order that keeps what it earned
 * after its campaign ended (redelivery, status change, partial refund, cancellation).
 */

let ctx: EngineContext;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const minute = (at: Date) => dateToRiyadhMinute(at);

describe.each([
  { path: 'fast', env: { ENGINE_FAST_PATH: '1' } },
  { path: 'general', env: { ENGINE_FAST_PATH: '0' } },
])('$path path', ({ path, env }) => {
  beforeAll(async () => {
    ctx = await createEngineContext({ env });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** A Growth store earning 10 points an order and 1 point per 10 SAR, spendable on completion. */
  async function store(plan: 'growth' | 'starter' = 'growth'): Promise<SignedInStore> {
    const s = await signedInStore(ctx, {
      plan,
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
    return s;
  }

  async function campaign(s: SignedInStore, body: Partial<CampaignInput>) {
    const res = await ctx.server.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: { authorization: s.authorization },
      payload: {
        nameAr: 'نقاط مضاعفة',
        nameEn: 'Double points',
        startsAt: minute(new Date(Date.now() - 2 * DAY)),
        endsAt: minute(new Date(Date.now() + 2 * DAY)),
        effect: 'multiplier',
        multiplierPct: 200,
        ...body,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: string };
  }

  /**
   * Delivers events and checks which path took them: on the fast path a campaign that does not
   * depend on the shopper (multiplier, bonus, overlaps) must not fall back to the general one,
   * or "both paths" would test one path twice.
   */
  async function deliverOn(fast: boolean, ...bodies: Parameters<typeof deliverOk>[1][]) {
    const before = ctx.app.services.webhooks.stats().fastPath;
    for (const body of bodies) await deliverOk(ctx, body);
    const taken = ctx.app.services.webhooks.stats().fastPath - before;
    expect(taken).toBe(path === 'fast' && fast ? bodies.length : 0);
  }

  function order(shopper: CustomerFacts, total: number, placedAt: Date): OrderFacts {
    return { id: randomId(), customer: shopper, total, status: 'completed', placedAt };
  }

  async function orderRow(merchantId: number, id: number) {
    const [row] = await ctx.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.merchantId, merchantId), eq(orders.id, id)));
    return row!;
  }

  // 200 SAR: 10 (order) + 20 (per riyal) = 30 points without a campaign.
  test('a multiplier campaign multiplies the order’s points and is kept with the order', async () => {
    const s = await store();
    const c = await campaign(s, { multiplierPct: 250 });
    const shopper = customerFacts();
    const o = order(shopper, 200, new Date(Date.now() - HOUR));
    await deliverOn(true, webhooks.orderCreated(s.merchantId, o));
    const row = await orderRow(s.merchantId, o.id);
    expect([row.earnPoints, row.amountPoints, row.campaignMultiplierPct]).toEqual([25, 50, 250]);
    expect(row.campaignIds).toEqual([c.id]);
    expect(await balanceOf(ctx, s.merchantId, shopper.id)).toBe(75);
    await expectLedgerInvariant(ctx, s.merchantId);
  });

  test('a bonus campaign adds its points above its minimum, never multiplied', async () => {
    const s = await store();
    await campaign(s, {
      effect: 'bonus',
      multiplierPct: null,
      bonusPoints: 40,
      minOrderTotal: 150,
    });
    const shopper = customerFacts();
    const small = order(shopper, 100, new Date(Date.now() - HOUR));
    const big = order(shopper, 200, new Date(Date.now() - HOUR));
    await deliverOn(
      true,
      webhooks.orderCreated(s.merchantId, small),
      webhooks.orderCreated(s.merchantId, big),
    );
    expect((await orderRow(s.merchantId, small.id)).campaignBonusPoints).toBe(0);
    expect((await orderRow(s.merchantId, big.id)).campaignBonusPoints).toBe(40);
    // 100 SAR: 10 + 10; 200 SAR: 10 + 20 + 40.
    expect(await balanceOf(ctx, s.merchantId, shopper.id)).toBe(20 + 70);
    await expectLedgerInvariant(ctx, s.merchantId);
  });

  test('overlaps: the highest multiplier wins and the bonuses add', async () => {
    const s = await store();
    const x2 = await campaign(s, { multiplierPct: 200 });
    const x3 = await campaign(s, { multiplierPct: 300 });
    const b1 = await campaign(s, { effect: 'bonus', multiplierPct: null, bonusPoints: 5 });
    const b2 = await campaign(s, { effect: 'bonus', multiplierPct: null, bonusPoints: 7 });
    const shopper = customerFacts();
    const o = order(shopper, 200, new Date(Date.now() - HOUR));
    await deliverOn(true, webhooks.orderCreated(s.merchantId, o));
    const row = await orderRow(s.merchantId, o.id);
    expect(row.campaignMultiplierPct).toBe(300);
    expect(row.campaignBonusPoints).toBe(12);
    expect(new Set(row.campaignIds)).toEqual(new Set([x3.id, b1.id, b2.id]));
    expect(row.campaignIds).not.toContain(x2.id);
    expect(await balanceOf(ctx, s.merchantId, shopper.id)).toBe(30 * 3 + 12);
  });

  test('an order counts by the time Salla says it was placed, not when its webhook arrives', async () => {
    const s = await store();
    await campaign(s, {
      startsAt: minute(new Date(Date.now() - DAY)),
      endsAt: minute(new Date(Date.now() + DAY)),
    });
    const shopper = customerFacts();
    // Placed before the window opened, delivered now, inside it: no campaign.
    const before = order(shopper, 200, new Date(Date.now() - 2 * DAY));
    await deliverOn(true, webhooks.orderCreated(s.merchantId, before));
    expect((await orderRow(s.merchantId, before.id)).campaignMultiplierPct).toBe(100);
    expect(await balanceOf(ctx, s.merchantId, shopper.id)).toBe(30);
  });

  test('an order placed in a campaign that has since ended still gets it, and keeps it through redelivery, status changes, refunds and cancellation', async () => {
    const s = await store();
    const c = await campaign(s, { multiplierPct: 200 });
    const shopper = customerFacts();
    const placed = new Date(Date.now() - HOUR);
    // Placed while the campaign ran, awaiting payment: it qualifies after the campaign ended.
    const o: OrderFacts = { ...order(shopper, 200, placed), status: 'payment_pending' };
    const created = webhooks.orderCreated(s.merchantId, o);
    await deliverOk(ctx, created);
    const ended = await ctx.server.inject({
      method: 'POST',
      url: `/api/campaigns/${c.id}/end`,
      headers: { authorization: s.authorization },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().data.status).toBe('ended');
    const paid = { ...o, status: 'completed' };
    await deliverOk(ctx, webhooks.orderStatusUpdated(s.merchantId, paid));
    expect(await balanceOf(ctx, s.merchantId, shopper.id)).toBe(60);
    // The same delivery again, and a status move: nothing changes.
    await deliverOk(ctx, created);
    await deliverOk(
      ctx,
      webhooks.orderStatusUpdated(s.merchantId, { ...paid, status: 'delivered' }),
    );
    expect(await balanceOf(ctx, s.merchantId, shopper.id)).toBe(60);
    // A refund of a quarter takes back a quarter of what was earned (with the campaign).
    ctx.sandbox.setOrder(s.merchantId, orderModel({ ...paid, total: 150 }));
    await deliverOk(ctx, webhooks.orderRefunded(s.merchantId, paid));
    expect(await balanceOf(ctx, s.merchantId, shopper.id)).toBe(45);
    // An order placed after the end is not in it.
    const later = order(shopper, 200, new Date(Date.now() + 1000));
    await deliverOk(ctx, webhooks.orderCreated(s.merchantId, later));
    expect((await orderRow(s.merchantId, later.id)).campaignMultiplierPct).toBe(100);
    expect(await balanceOf(ctx, s.merchantId, shopper.id)).toBe(45 + 30);
    // Cancelled: exactly what the campaign order gave is taken back.
    await deliverOk(ctx, webhooks.orderCancelled(s.merchantId, paid));
    expect(await balanceOf(ctx, s.merchantId, shopper.id)).toBe(30);
    await expectLedgerInvariant(ctx, s.merchantId);
  });

  test('results: the campaign’s orders, points and sales next to the same days before it', async () => {
    const s = await store();
    // Two days in so far: "before" is the two days just before its start.
    const c = await campaign(s, { multiplierPct: 200 });
    const shopper = customerFacts();
    const before = order(shopper, 100, new Date(Date.now() - 3 * DAY));
    const during = order(shopper, 200, new Date(Date.now() - HOUR));
    const cancelled = order(shopper, 500, new Date(Date.now() - HOUR));
    const tooEarly = order(shopper, 300, new Date(Date.now() - 5 * DAY));
    for (const o of [before, during, cancelled, tooEarly])
      await deliverOk(ctx, webhooks.orderCreated(s.merchantId, o));
    await deliverOk(ctx, webhooks.orderCancelled(s.merchantId, cancelled));
    const res = await ctx.server.inject({
      method: 'GET',
      url: `/api/campaigns/${c.id}/results`,
      headers: { authorization: s.authorization },
    });
    expect(res.statusCode, res.body).toBe(200);
    // 100 SAR before: 10 + 10; 200 SAR during at ×2: 60. A cancelled order counts in neither.
    expect(res.json().data).toMatchObject({
      during: { orders: 1, points: 60, sales: 200 },
      before: { orders: 1, points: 20, sales: 100 },
      campaignOrders: 2,
    });
  });

  test('a first-order campaign gives its bonus once per shopper', async () => {
    const s = await store();
    await campaign(s, {
      effect: 'bonus',
      multiplierPct: null,
      bonusPoints: 50,
      firstOrderOnly: true,
    });
    const shopper = customerFacts();
    const first = order(shopper, 200, new Date(Date.now() - 2 * HOUR));
    const second = order(shopper, 200, new Date(Date.now() - HOUR));
    // It depends on the shopper's earlier orders: the general path decides it (decision 047).
    await deliverOn(
      false,
      webhooks.orderCreated(s.merchantId, first),
      webhooks.orderCreated(s.merchantId, second),
    );
    expect((await orderRow(s.merchantId, first.id)).campaignBonusPoints).toBe(50);
    expect((await orderRow(s.merchantId, second.id)).campaignBonusPoints).toBe(0);
    expect(await balanceOf(ctx, s.merchantId, shopper.id)).toBe(30 + 50 + 30);
  });

  test('a campaign for some tiers composes with the tier multiplier; others earn without it', async () => {
    const s = await store();
    const saved = await ctx.server.inject({
      method: 'PUT',
      url: '/api/tiers',
      headers: { authorization: s.authorization },
      payload: {
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
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const gold = saved.json().data.tiers[0].id as string;
    await campaign(s, { multiplierPct: 200, tierIds: [gold] });
    const vip = customerFacts();
    const other = customerFacts();
    // The first order (1,000 SAR) lifts the shopper into Gold; the second earns in it.
    await deliverOk(
      ctx,
      webhooks.orderCreated(s.merchantId, order(vip, 1000, new Date(Date.now() - 2 * HOUR))),
    );
    await ctx.app.services.tiers.runPass(s.merchantId);
    const [tier] = await ctx.database.db
      .select({ tierId: customers.tierId })
      .from(customers)
      .where(and(eq(customers.merchantId, s.merchantId), eq(customers.id, vip.id)));
    expect(tier?.tierId).toBe(gold);
    const vipOrder = order(vip, 200, new Date(Date.now() - HOUR));
    const otherOrder = order(other, 200, new Date(Date.now() - HOUR));
    await deliverOk(ctx, webhooks.orderCreated(s.merchantId, vipOrder));
    await deliverOk(ctx, webhooks.orderCreated(s.merchantId, otherOrder));
    // 10 × 1.5 × 2 = 30 and 20 × 1.5 × 2 = 60; the shopper outside the tier earns 10 + 20.
    const v = await orderRow(s.merchantId, vipOrder.id);
    expect([v.earnPoints, v.amountPoints, v.tierMultiplierPct, v.campaignMultiplierPct]).toEqual([
      30, 60, 150, 200,
    ]);
    const w = await orderRow(s.merchantId, otherOrder.id);
    expect([w.earnPoints, w.amountPoints, w.campaignMultiplierPct]).toEqual([10, 20, 100]);
    await expectLedgerInvariant(ctx, s.merchantId);
  });

  test('a store without the Growth plan earns no campaign (its campaigns are not read)', async () => {
    const s = await store();
    await campaign(s, { multiplierPct: 500 });
    await ctx.database.db
      .update(merchants)
      .set({ plan: 'starter' })
      .where(eq(merchants.id, s.merchantId));
    const shopper = customerFacts();
    const o = order(shopper, 200, new Date(Date.now() - HOUR));
    await deliverOk(ctx, webhooks.orderCreated(s.merchantId, o));
    expect((await orderRow(s.merchantId, o.id)).campaignMultiplierPct).toBe(100);
    expect(await balanceOf(ctx, s.merchantId, shopper.id)).toBe(30);
  });
});
