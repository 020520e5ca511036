import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dateToRiyadhMinute, type CampaignInput } from '@nuqat/contracts';
import { orderModel, webhooks, type CustomerFacts, type OrderFacts } from '@nuqat/salla-sandbox';
import { merchants, orders, pointsLedger } from '../../db/schema/index.ts';
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
 * Products campaigns in the engine (issue 29, docs/decisions/057), on both paths: the chosen
 * products' lines earn the campaign's multiplier in its window (by Salla's placing time), the
 * overlap rule per line, an order without lines on its total, and an order that keeps what it
 * earned after the campaign ended (redelivery, status change, refund, cancellation's clawback).
 * On the fast path an order placed in such a window goes to the general path (it reads lines);
 * one placed outside it stays on the fast path.
 */

let ctx: EngineContext;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const OUD = { productId: 720881993, name: 'عطر العود' };
const MUSK = { productId: 720881994, name: 'مسك' };

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

  /** A Growth store earning 10 points an order and 1 point per 10 SAR, whose orders named OUD and MUSK. */
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
    const earlier: OrderFacts = {
      id: randomId(),
      customer: customerFacts(),
      total: 20,
      status: 'completed',
      placedAt: new Date(Date.now() - 3 * DAY),
      lines: [
        { ...OUD, amount: 10 },
        { ...MUSK, amount: 10 },
      ],
    };
    await deliverOk(ctx, webhooks.orderCreated(s.merchantId, earlier));
    return s;
  }

  async function campaign(s: SignedInStore, body: Partial<CampaignInput>) {
    const res = await ctx.server.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: { authorization: s.authorization },
      payload: {
        nameAr: 'العود مضاعف',
        nameEn: 'Oud ×3',
        startsAt: dateToRiyadhMinute(new Date(Date.now() - 2 * DAY)),
        endsAt: dateToRiyadhMinute(new Date(Date.now() + 2 * DAY)),
        effect: 'products',
        multiplierPct: 300,
        productIds: [OUD.productId],
        ...body,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: string };
  }

  /** Delivers events and checks how many the fast path took (none when `fast` is false). */
  async function deliverOn(fast: boolean, ...bodies: Parameters<typeof deliverOk>[1][]) {
    const before = ctx.app.services.webhooks.stats().fastPath;
    for (const body of bodies) await deliverOk(ctx, body);
    const taken = ctx.app.services.webhooks.stats().fastPath - before;
    expect(taken).toBe(path === 'fast' && fast ? bodies.length : 0);
  }

  function order(shopper: CustomerFacts, lines: OrderFacts['lines'], placedAt: Date): OrderFacts {
    const total = (lines ?? []).reduce((sum, l) => sum + l.amount, 0) || 200;
    return { id: randomId(), customer: shopper, total, status: 'completed', placedAt, lines };
  }

  async function orderRow(merchantId: number, id: number) {
    const [row] = await ctx.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.merchantId, merchantId), eq(orders.id, id)));
    return row!;
  }

  // Without a campaign, 200 SAR earns 10 (order) + 20 (per riyal) = 30 points.
  test('the chosen products’ lines earn the multiplier in the window; outside it the fast path stays', async () => {
    const s = await store();
    const c = await campaign(s, {});
    const shopper = customerFacts();
    const lines = [
      { ...OUD, amount: 100 },
      { ...MUSK, amount: 100 },
    ];
    const o = order(shopper, lines, new Date(Date.now() - HOUR));
    await deliverOn(false, webhooks.orderCreated(s.merchantId, o));
    const row = await orderRow(s.merchantId, o.id);
    // 100 × 3 + 100 = 400 SAR → 40 points; the order's 10 is not multiplied.
    expect([row.earnPoints, row.amountPoints, row.campaignMultiplierPct]).toEqual([10, 40, 100]);
    expect([row.campaignIds, row.earningBasis]).toEqual([[c.id], 'lines']);
    expect(await balanceOf(ctx, s.merchantId, shopper.id)).toBe(50);
    // Placed before the window: no campaign, and the fast path takes it as before.
    const before = order(shopper, lines, new Date(Date.now() - 3 * DAY));
    await deliverOn(true, webhooks.orderCreated(s.merchantId, before));
    const beforeRow = await orderRow(s.merchantId, before.id);
    expect([beforeRow.earnPoints + beforeRow.amountPoints, beforeRow.campaignIds]).toEqual([
      30,
      [],
    ]);
    // In the window without a chosen product: the general path, nothing more than usual.
    const musk = order(shopper, [{ ...MUSK, amount: 200 }], new Date(Date.now() - HOUR));
    await deliverOn(false, webhooks.orderCreated(s.merchantId, musk));
    const muskRow = await orderRow(s.merchantId, musk.id);
    expect([muskRow.earnPoints + muskRow.amountPoints, muskRow.campaignIds]).toEqual([30, []]);
    await expectLedgerInvariant(ctx, s.merchantId);
  });

  test('overlaps per line: the highest multiplier wins, the order-wide one included', async () => {
    const s = await store();
    const wide = await campaign(s, { effect: 'multiplier', multiplierPct: 200, productIds: [] });
    const oud = await campaign(s, {});
    // ×1.5 on musk is below the order-wide ×2: it gives nothing.
    const low = await campaign(s, { multiplierPct: 150, productIds: [MUSK.productId] });
    const shopper = customerFacts();
    const o = order(
      shopper,
      [
        { ...OUD, amount: 100 },
        { ...MUSK, amount: 100 },
      ],
      new Date(Date.now() - HOUR),
    );
    await deliverOn(false, webhooks.orderCreated(s.merchantId, o));
    const row = await orderRow(s.merchantId, o.id);
    // Oud 100 × 3 + musk 100 × 2 = 500 SAR → 50; the order's 10 × 2 (order-wide) = 20.
    expect([row.earnPoints, row.amountPoints, row.campaignMultiplierPct]).toEqual([20, 50, 200]);
    expect(row.campaignIds).toEqual([wide.id, oud.id]);
    expect(row.campaignIds).not.toContain(low.id);
  });

  test('an order without lines earns on its total and says so', async () => {
    const s = await store();
    await campaign(s, {});
    const shopper = customerFacts();
    const o = order(shopper, null, new Date(Date.now() - HOUR));
    await deliverOn(false, webhooks.orderCreated(s.merchantId, o));
    const row = await orderRow(s.merchantId, o.id);
    expect([row.earnPoints, row.amountPoints, row.earningBasis, row.campaignIds]).toEqual([
      10,
      20,
      'total',
      [],
    ]);
  });

  test('an order placed in the window keeps what it earned after the campaign ended: redelivery, status change, refund, clawback', async () => {
    const s = await store();
    const c = await campaign(s, {});
    const shopper = customerFacts();
    // Placed in the window, awaiting payment, with its lines.
    const o: OrderFacts = {
      ...order(shopper, [{ ...OUD, amount: 200 }], new Date(Date.now() - HOUR)),
      status: 'payment_pending',
    };
    const created = webhooks.orderCreated(s.merchantId, o);
    await deliverOn(false, created);
    const ended = await ctx.server.inject({
      method: 'POST',
      url: `/api/campaigns/${c.id}/end`,
      headers: { authorization: s.authorization },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    const paid = { ...o, status: 'completed' };
    await deliverOk(ctx, webhooks.orderStatusUpdated(s.merchantId, paid));
    // 200 SAR × 3 → 60 points, and 10 for the order.
    expect(await balanceOf(ctx, s.merchantId, shopper.id)).toBe(70);
    await deliverOk(ctx, created);
    await deliverOk(
      ctx,
      webhooks.orderStatusUpdated(s.merchantId, { ...paid, status: 'delivered' }),
    );
    const row = await orderRow(s.merchantId, o.id);
    expect([row.earnPoints, row.amountPoints, row.campaignIds]).toEqual([10, 60, [c.id]]);
    expect(await balanceOf(ctx, s.merchantId, shopper.id)).toBe(70);
    // A refund of a quarter keeps three quarters of what it earned then: 10 → 7, 60 → 45.
    ctx.sandbox.setOrder(s.merchantId, orderModel({ ...paid, total: 150 }));
    await deliverOk(ctx, webhooks.orderRefunded(s.merchantId, paid));
    expect(await balanceOf(ctx, s.merchantId, shopper.id)).toBe(52);
    // Cancelled: the clawbacks take back exactly what it gave, campaign included.
    await deliverOk(ctx, webhooks.orderCancelled(s.merchantId, paid));
    expect(await balanceOf(ctx, s.merchantId, shopper.id)).toBe(0);
    const [taken] = await ctx.database.db
      .select({ points: sql<number>`coalesce(sum(${pointsLedger.delta}), 0)::int` })
      .from(pointsLedger)
      .where(
        and(
          eq(pointsLedger.merchantId, s.merchantId),
          eq(pointsLedger.kind, 'clawback'),
          eq(pointsLedger.customerId, shopper.id),
        ),
      );
    expect(taken?.points).toBe(-70);
    await expectLedgerInvariant(ctx, s.merchantId);
  });
});
