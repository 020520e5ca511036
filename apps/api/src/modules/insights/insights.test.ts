import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { webhooks, type CustomerFacts, type OrderFacts } from '@nuqat/salla-sandbox';
import { AnalyticsSchema, DashboardSchema } from '@nuqat/contracts';
import { merchants, pointsLedger, rewards } from '../../db/schema/index.ts';
import { creditPoints } from '../engine/index.ts';
import { hashPassword } from '../../lib/crypto.ts';
import {
  balanceOf,
  createEngineContext,
  deliverOk,
  expectLedgerInvariant,
  randomId,
  setupStore,
  type EngineContext,
} from '../../test/engine-support.ts';
import { uniqueIp } from '../../test/test-app.ts';
import { ROLLUP_COLUMNS } from './insights.repository.ts';

let ctx: EngineContext;

/** A store set up through the sandbox's webhooks, and its owner logged in. */
async function store(rules = { 'order.created': { points: 10 } }) {
  const merchantId = await setupStore(ctx, { rules, spendableOn: ['completed'] });
  const password = 'insights-pass-123';
  await ctx.database.db
    .update(merchants)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(merchants.id, merchantId));
  const [row] = await ctx.database.db
    .select({ email: merchants.email })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  const res = await ctx.server.inject({
    method: 'POST',
    url: '/api/merchants/auth/login',
    payload: { email: row!.email, password },
    remoteAddress: uniqueIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { merchantId, authorization: `Bearer ${res.json().data.token as string}` };
}

async function get(authorization: string, url: string) {
  return ctx.server.inject({ method: 'GET', url, headers: { authorization } });
}

/** The rollups as the triggers kept them, against a rebuild from the store's rows. */
async function rollupsAgainstRebuild(merchantId: number) {
  const sums = ROLLUP_COLUMNS.map((c) => `coalesce(sum(${c}), 0)::float8 as ${c}`).join(', ');
  const read = async () => {
    const r = await ctx.database.db.execute(
      sql.raw(`select ${sums} from (select * from insights_daily where merchant_id = ${merchantId}
        union all select * from insights_pending where merchant_id = ${merchantId}) x`),
    );
    return (r as unknown as { rows: Record<string, number>[] }).rows[0]!;
  };
  const incremental = await read();
  await ctx.database.db.execute(sql`select nuqat_insights_rebuild(${merchantId})`);
  const rebuilt = await read();
  return { incremental, rebuilt };
}

const at = (iso: string) => new Date(`${iso}T09:00:00Z`);

describe.each([
  { path: 'fast', env: { ENGINE_FAST_PATH: '1' } },
  { path: 'general', env: { ENGINE_FAST_PATH: '0' } },
])('insights, $path path', ({ path, env }) => {
  beforeAll(async () => {
    ctx = await createEngineContext({ env });
    // The service's "now": 20 November 2026, noon in Riyadh.
    ctx.clock.advance(Date.parse('2026-11-20T09:00:00Z') - Date.now());
  });
  afterAll(async () => {
    await ctx?.close();
  });

  test('an empty store answers zeros, not errors', async () => {
    const { authorization } = await store();
    const dash = await get(authorization, '/api/merchants/dashboard');
    expect(dash.statusCode, dash.body).toBe(200);
    const d = DashboardSchema.parse(dash.json().data);
    expect(d).toMatchObject({
      totalMembers: 0,
      totalPoints: 0,
      redeemedPoints: 0,
      totalOrders: 0,
      totalSales: 0,
      couponsUsed: 0,
      activities: [],
      recentOrders: [],
      topCustomers: [],
    });
    expect(d.subscription).toMatchObject({ status: 'active', type: 'premium', isActive: true });
    const res = await get(authorization, '/api/merchants/analytics');
    expect(res.statusCode, res.body).toBe(200);
    const a = AnalyticsSchema.parse(res.json().data);
    expect(a.totals).toMatchObject({
      members: 0,
      pointsOutstanding: 0,
      sales: 0,
      liabilitySar: null,
    });
    expect(a.impact).toEqual({
      repeatCustomerRate: null,
      averageOrderValue: null,
      retentionRate: null,
      revenueGrowth: null,
      redemptionRate: null,
    });
    expect(a.distribution.map((b) => b.customers)).toEqual([0, 0, 0, 0, 0]);
    expect(a.monthlyTrends.map((m) => m.month)).toEqual([
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(a.range).toEqual({
      from: '2026-10-22',
      to: '2026-11-20',
      previousFrom: '2026-09-22',
      previousTo: '2026-10-21',
    });
    const coupons = await get(authorization, '/api/merchants/coupons');
    expect(coupons.json().data).toEqual({ items: [], nextCursor: null });
  });

  test('recent activity is newest first by when it happened, not by row number', async () => {
    const { merchantId, authorization } = await store();
    const customerId = randomId() % 1_000_000_000;
    await deliverOk(
      ctx,
      webhooks.customerCreated(merchantId, { id: customerId, firstName: 'Huda', lastName: 'N' }),
    );
    // An imported opening balance written after a manual adjustment but dated a month before it,
    // credited as the ledger credits (rows, lots and balance together: the suite's invariant).
    const credit = (key: string, kind: 'adjust' | 'import', createdAt: Date) =>
      ctx.database.db.transaction((tx) =>
        creditPoints(tx, {
          merchantId,
          customerId,
          points: 5,
          kind,
          sourceType: kind === 'adjust' ? 'manual' : 'import',
          sourceId: key,
          idempotencyKey: `${kind}:${key}`,
          at: createdAt,
        }),
      );
    await credit('a', 'adjust', at('2026-11-10'));
    await credit('b', 'import', at('2026-10-10'));
    await credit('c', 'adjust', at('2026-11-19'));
    const dash = DashboardSchema.parse(
      (await get(authorization, '/api/merchants/dashboard')).json().data,
    );
    expect(dash.activities.map((a) => [a.cause, a.date.slice(0, 10)])).toEqual([
      ['adjustment', '2026-11-19'],
      ['adjustment', '2026-11-10'],
      ['import', '2026-10-10'],
    ]);
  });

  test('each figure matches the hand-computed fixture, only for the caller store', async () => {
    const shop = await store();
    const other = await store();
    const { merchantId } = shop;
    const [reward] = await ctx.database.db
      .insert(rewards)
      .values({
        merchantId,
        name: '5 SAR off',
        type: 'fixed_discount',
        pointsRequired: 10,
        value: 5,
      })
      .returning();
    const base = randomId() % 1_000_000_000;
    const c1: CustomerFacts = { id: base + 1, firstName: 'سارة', lastName: 'العتيبي' };
    const c2: CustomerFacts = { id: base + 2, firstName: 'Omar', lastName: 'Ali' };
    const c3: CustomerFacts = { id: base + 3, firstName: 'Lina', lastName: 'Saad' };
    for (const c of [c1, c2, c3])
      await deliverOk(ctx, webhooks.customerCreated(merchantId, c, at('2026-09-01')));
    const order = (
      id: number,
      customer: CustomerFacts | null,
      total: number,
      day: string,
      extra: Partial<OrderFacts> = {},
    ): OrderFacts => ({ id, customer, total, status: 'completed', placedAt: at(day), ...extra });
    const o1 = order(base + 11, c1, 100, '2026-09-20');
    const o2 = order(base + 12, c1, 200, '2026-10-15');
    const o3 = order(base + 13, c2, 300, '2026-10-15');
    const o4 = order(base + 14, null, 50, '2026-10-15');
    const o5 = order(base + 15, c3, 80, '2026-10-15');
    for (const o of [o1, o2, o3, o4, o5])
      await deliverOk(ctx, webhooks.orderCreated(merchantId, o, o.placedAt));
    await deliverOk(ctx, webhooks.orderCancelled(merchantId, o5, at('2026-10-16')));
    // Another store's shopper and order, which no figure of this store may show.
    await deliverOk(
      ctx,
      webhooks.orderCreated(
        other.merchantId,
        order(base + 99, c1, 9999, '2026-10-15'),
        at('2026-10-15'),
      ),
    );

    // c1 redeems 10 points and uses the coupon on o6; c2 redeems and the merchant cancels it.
    const redeem = (customerId: number) =>
      ctx.app.services.redemptions.redeemReward({
        merchantId,
        customerId,
        rewardId: reward!.id,
        lang: 'en',
      });
    const used = await redeem(c1.id);
    const cancelled = await redeem(c2.id);
    const o6 = order(base + 16, c1, 120, '2026-11-05', { discount: 5, couponCode: used.code! });
    await deliverOk(ctx, webhooks.orderCreated(merchantId, o6, o6.placedAt));
    const cancel = () =>
      ctx.server.inject({
        method: 'POST',
        url: `/api/merchants/coupons/${cancelled.id}/cancel`,
        headers: { authorization: shop.authorization },
      });
    const [first, second] = await Promise.all([cancel(), cancel()]);
    expect([first.statusCode, second.statusCode], first.body + second.body).toEqual([200, 200]);
    expect(first.json().data).toMatchObject({ status: 'cancelled', points: 10 });
    const third = await cancel();
    expect(third.json().data.status).toBe('cancelled');
    const returned = await ctx.database.db
      .select()
      .from(pointsLedger)
      .where(eq(pointsLedger.idempotencyKey, `coupon_cancel:${cancelled.id}`));
    expect(returned).toHaveLength(1);
    expect(ctx.sandbox.coupons.find((c) => c.code === cancelled.code)?.status).toBe('deleted');
    // A used coupon cannot be cancelled; another store's coupon is not found.
    const usedCancel = await ctx.server.inject({
      method: 'POST',
      url: `/api/merchants/coupons/${used.id}/cancel`,
      headers: { authorization: shop.authorization },
    });
    expect(usedCancel.statusCode).toBe(409);
    expect(usedCancel.json().code).toBe('COUPON_NOT_CANCELLABLE');
    const foreign = await ctx.server.inject({
      method: 'POST',
      url: `/api/merchants/coupons/${used.id}/cancel`,
      headers: { authorization: other.authorization },
    });
    expect(foreign.statusCode).toBe(404);

    expect(await balanceOf(ctx, merchantId, c1.id)).toBe(20);
    expect(await balanceOf(ctx, merchantId, c2.id)).toBe(10);
    expect(await balanceOf(ctx, merchantId, c3.id)).toBe(0);
    await expectLedgerInvariant(ctx, merchantId);
    if (path === 'fast') expect(ctx.app.services.webhooks.stats().fastPath).toBeGreaterThan(0);

    // Dashboard: hand-computed. Orders o1–o4 and o6 count (o5 was cancelled): 770 SAR.
    const dash = DashboardSchema.parse(
      (await get(shop.authorization, '/api/merchants/dashboard')).json().data,
    );
    expect(dash).toMatchObject({
      totalMembers: 3,
      totalPoints: 30,
      redeemedPoints: 10,
      totalOrders: 5,
      totalSales: 770,
      couponsUsed: 1,
      performanceStats: {
        pointsEarned: 50,
        pointsRedeemed: 10,
        totalOrders: 5,
        couponsUsed: 1,
        totalSales: 770,
      },
    });
    expect(dash.topCustomers).toEqual([
      { id: String(c1.id), name: 'سارة العتيبي', points: 20, orders: 3, totalSpent: 420 },
      { id: String(c2.id), name: 'Omar Ali', points: 10, orders: 1, totalSpent: 300 },
      { id: String(c3.id), name: 'Lina Saad', points: 0, orders: 0, totalSpent: 0 },
    ]);
    expect(dash.recentOrders.map((o) => o.id)).toEqual(
      [o6, o5, o4, o3, o2, o1].map((o) => String(o.id)),
    );
    expect(dash.recentOrders[1]).toMatchObject({
      status: 'canceled',
      total: 80,
      customer: 'Lina Saad',
    });
    expect(dash.recentOrders[2]).toMatchObject({ customer: '', total: 50 });
    // Each order carries Salla's order number (reference_id) besides its internal id.
    expect(dash.recentOrders[0]!.reference).toBe(String(40_000_000 + (o6.id % 1_000_000)));
    // The newest ledger row first: the cancelled coupon's points coming back, with its coupon.
    expect(dash.activities[0]).toMatchObject({
      action: 'redeem_rollback',
      cause: 'coupon_cancelled',
      couponCode: cancelled.code,
      orderReference: null,
      points: 10,
      source: 'redemption',
      customerName: 'Omar Ali',
    });
    const earned = dash.activities.filter((x) => x.action === 'earn' && x.source === 'order');
    expect(earned).toHaveLength(5);
    // Every order's points say which order, by the number the merchant sees in Salla.
    for (const row of earned) {
      expect(row.cause).toBe('order');
      expect(row.orderReference).toMatch(/^40\d{6}$/);
    }
    expect(dash.activities.some((x) => x.cause === 'refund' && x.orderReference !== null)).toBe(
      true,
    );
    // The other store (same Salla customer id c1, its own order) sees only its own rows.
    const otherDash = DashboardSchema.parse(
      (await get(other.authorization, '/api/merchants/dashboard')).json().data,
    );
    expect(otherDash.activities.map((a) => [a.cause, a.orderReference, a.couponCode])).toEqual([
      ['order', String(40_000_000 + ((base + 99) % 1_000_000)), null],
    ]);
    expect(otherDash.recentOrders.map((o) => o.id)).toEqual([String(base + 99)]);

    // Analytics over 14 Oct – 30 Nov (48 days; the previous range, 27 Aug – 13 Oct, holds o1).
    const res = await get(
      shop.authorization,
      '/api/merchants/analytics?from=2026-10-14&to=2026-11-30',
    );
    expect(res.statusCode, res.body).toBe(200);
    const a = AnalyticsSchema.parse(res.json().data);
    expect(a.range).toEqual({
      from: '2026-10-14',
      to: '2026-11-30',
      previousFrom: '2026-08-27',
      previousTo: '2026-10-13',
    });
    expect(a.totals).toEqual({
      members: 3,
      pointsOutstanding: 30,
      pointsEarned: 50,
      pointsRedeemed: 10,
      orders: 5,
      sales: 770,
      pointValueSar: 0.5,
      liabilitySar: 15,
    });
    // Members count on the day their customer.created says they joined (1 September, issue 27):
    // before the period.
    expect(a.period).toEqual({
      newMembers: 0,
      pointsEarned: 40,
      pointsRedeemed: 10,
      pointsExpired: 0,
      pointsClawedBack: 10,
      orders: 4,
      sales: 670,
      couponsIssued: 2,
      couponsUsed: 1,
      couponsCancelled: 1,
    });
    expect(a.impact).toEqual({
      repeatCustomerRate: 50, // c1 of c1, c2
      averageOrderValue: 167.5, // 670 / 4
      retentionRate: 66.7, // Oct: c1 back of 1 earlier buyer; Nov: c1 back of 2 → 2 / 3
      revenueGrowth: 570, // 670 against 100
      redemptionRate: 25, // 10 / 40
    });
    expect(a.membersVsNonMembers).toEqual({
      members: { orders: 3, sales: 620, averageOrderValue: 206.67, repeatRate: 50 },
      nonMembers: { orders: 1, sales: 50, averageOrderValue: 50, repeatRate: null },
    });
    expect(a.couponRevenue).toEqual({ orders: 1, sales: 120, share: 17.9 });
    expect(a.distribution.map((b) => b.customers)).toEqual([3, 0, 0, 0, 0]);
    expect(a.monthlyTrends).toEqual([
      {
        month: '2026-06',
        pointsEarned: 0,
        pointsRedeemed: 0,
        orders: 0,
        revenue: 0,
        newMembers: 0,
        couponsUsed: 0,
      },
      {
        month: '2026-07',
        pointsEarned: 0,
        pointsRedeemed: 0,
        orders: 0,
        revenue: 0,
        newMembers: 0,
        couponsUsed: 0,
      },
      {
        month: '2026-08',
        pointsEarned: 0,
        pointsRedeemed: 0,
        orders: 0,
        revenue: 0,
        newMembers: 0,
        couponsUsed: 0,
      },
      {
        month: '2026-09',
        pointsEarned: 10,
        pointsRedeemed: 0,
        orders: 1,
        revenue: 100,
        newMembers: 3,
        couponsUsed: 0,
      },
      {
        month: '2026-10',
        pointsEarned: 30,
        pointsRedeemed: 0,
        orders: 3,
        revenue: 550,
        newMembers: 0,
        couponsUsed: 0,
      },
      {
        month: '2026-11',
        pointsEarned: 10,
        pointsRedeemed: 10,
        orders: 1,
        revenue: 120,
        newMembers: 0,
        couponsUsed: 1,
      },
    ]);

    // Coupons: both, newest first; filters; keyset pages of one.
    const list = (await get(shop.authorization, '/api/merchants/coupons')).json().data;
    expect(list.items.map((c: { id: string }) => c.id)).toEqual([cancelled.id, used.id]);
    expect(list.items[1]).toMatchObject({
      status: 'used',
      usedOrderId: String(o6.id),
      source: 'reward',
    });
    const onlyUsed = (await get(shop.authorization, '/api/merchants/coupons?status=used')).json()
      .data;
    expect(onlyUsed.items.map((c: { id: string }) => c.id)).toEqual([used.id]);
    const byName = (
      await get(shop.authorization, `/api/merchants/coupons?q=CUSTOMER${c2.id}@Example.com`)
    ).json().data;
    expect(byName.items.map((c: { id: string }) => c.id)).toEqual([cancelled.id]);
    const byCode = (
      await get(
        shop.authorization,
        `/api/merchants/coupons?q=${used.code!.slice(0, 6).toLowerCase()}`,
      )
    ).json().data;
    expect(byCode.items.map((c: { id: string }) => c.id)).toContain(used.id);
    const byId = (await get(shop.authorization, `/api/merchants/coupons?q=${c1.id}`)).json().data;
    expect(byId.items.map((c: { id: string }) => c.id)).toEqual([used.id]);
    const page1 = (await get(shop.authorization, '/api/merchants/coupons?limit=1')).json().data;
    expect(page1.items).toHaveLength(1);
    const page2 = (
      await get(shop.authorization, `/api/merchants/coupons?limit=1&cursor=${page1.nextCursor}`)
    ).json().data;
    expect(page2.items.map((c: { id: string }) => c.id)).toEqual([used.id]);
    expect(page2.nextCursor).toBeNull();
    const badCursor = await get(shop.authorization, '/api/merchants/coupons?cursor=abc');
    expect(badCursor.statusCode).toBe(400);

    // The other store sees only its own order and shopper.
    const theirs = DashboardSchema.parse(
      (await get(other.authorization, '/api/merchants/dashboard')).json().data,
    );
    expect(theirs).toMatchObject({
      totalMembers: 1,
      totalOrders: 1,
      totalSales: 9999,
      couponsUsed: 0,
    });
    expect((await get(other.authorization, '/api/merchants/coupons')).json().data.items).toEqual(
      [],
    );

    // The triggers' rollups equal a rebuild from the rows, and folding changes no figure.
    const { incremental, rebuilt } = await rollupsAgainstRebuild(merchantId);
    expect(incremental).toEqual(rebuilt);
    await ctx.app.services.insightsFold.run();
    const after = DashboardSchema.parse(
      (await get(shop.authorization, '/api/merchants/dashboard')).json().data,
    );
    expect(after.totalSales).toBe(770);
  });

  test('a cancel that Salla refuses changes nothing; the next one goes through', async () => {
    const shop = await store();
    const { merchantId } = shop;
    const [reward] = await ctx.database.db
      .insert(rewards)
      .values({
        merchantId,
        name: '5 SAR off',
        type: 'fixed_discount',
        pointsRequired: 10,
        value: 5,
      })
      .returning();
    const shopper: CustomerFacts = {
      id: randomId() % 1_000_000_000,
      firstName: 'Huda',
      lastName: 'Nasser',
    };
    await deliverOk(
      ctx,
      webhooks.orderCreated(
        merchantId,
        {
          id: randomId(),
          customer: shopper,
          total: 100,
          status: 'completed',
          placedAt: at('2026-11-10'),
        },
        at('2026-11-10'),
      ),
    );
    const coupon = await ctx.app.services.redemptions.redeemReward({
      merchantId,
      customerId: shopper.id,
      rewardId: reward!.id,
      lang: 'ar',
    });
    expect(await balanceOf(ctx, merchantId, shopper.id)).toBe(0);
    const cancel = () =>
      ctx.server.inject({
        method: 'POST',
        url: `/api/merchants/coupons/${coupon.id}/cancel`,
        headers: { authorization: shop.authorization },
      });
    ctx.sandbox.fail({ mode: '500', path: '/admin/v2/coupons', count: 10 });
    const refused = await cancel();
    expect(refused.statusCode, refused.body).toBe(502);
    expect(refused.json().code).toBe('SALLA_UNAVAILABLE');
    expect(await balanceOf(ctx, merchantId, shopper.id)).toBe(0);
    const listed = (await get(shop.authorization, '/api/merchants/coupons')).json().data;
    expect(listed.items[0]).toMatchObject({ id: coupon.id, status: 'issued' });
    ctx.sandbox.clearFaults();
    const done = await cancel();
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'cancelled', code: coupon.code });
    expect(await balanceOf(ctx, merchantId, shopper.id)).toBe(10);
    await expectLedgerInvariant(ctx, merchantId);
    const missing = await ctx.server.inject({
      method: 'POST',
      url: '/api/merchants/coupons/not-a-uuid/cancel',
      headers: { authorization: shop.authorization },
    });
    expect(missing.statusCode).toBe(400);
  });

  test('a date range is validated', async () => {
    const { authorization } = await store();
    for (const q of [
      'from=2026-11-02&to=2026-11-01',
      'from=2020-01-01&to=2026-01-01',
      'from=junk',
      'x=1',
    ]) {
      const res = await get(authorization, `/api/merchants/analytics?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const unauth = await ctx.server.inject({ method: 'GET', url: '/api/merchants/analytics' });
    expect(unauth.statusCode).toBe(401);
  });
});
