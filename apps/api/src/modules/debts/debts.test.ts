import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { webhooks, type CustomerFacts, type OrderFacts } from '@nuqat/salla-sandbox';
import { debtRecoveries, merchants, pointsLedger, redemptions } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/crypto.ts';
import {
  balanceOf,
  createEngineContext,
  customerFacts,
  debtOf,
  deliverOk,
  expectLedgerInvariant,
  randomId,
  setupStore,
  type EngineContext,
} from '../../test/engine-support.ts';
import { uniqueIp } from '../../test/test-app.ts';
import { creditPoints, debitPoints } from '../engine/index.ts';
import { insertReward } from '../rewards/index.ts';
import { nextCouponToWithdraw } from './debt-recovery.service.ts';

/**
 * Issue 22, decision 027: points that were spent and then clawed back do not become free money.
 * Every scenario runs through Salla's webhooks and the sandbox's Merchant API.
 */

let ctx: EngineContext;

beforeAll(async () => {
  // Salla's retries inside one call wait for nothing here (the sandbox answers at once).
  ctx = await createEngineContext({ salla: { sleep: async () => {} } });
});
afterAll(async () => {
  await ctx?.close();
});

const ORDER_POINTS = 70;

interface Shop {
  merchantId: number;
  rewardId: string;
  authorization: string;
}

/** A store earning 70 points per completed order, a 20 SAR reward for 200 points, its owner signed in. */
async function shop(): Promise<Shop> {
  const merchantId = await setupStore(ctx, {
    rules: { 'order.created': { points: ORDER_POINTS } },
    spendableOn: ['completed'],
  });
  const reward = await insertReward(ctx.database.db, merchantId, {
    name: 'خصم 20 ريال',
    type: 'fixed_discount',
    pointsRequired: 200,
    value: 20,
    description: '',
    isActive: true,
    maxUsage: null,
    minOrderAmount: 0,
    freeProducts: [],
    couponValidDays: 30,
  });
  const password = 'clawback-pass-123';
  const [row] = await ctx.database.db
    .update(merchants)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(merchants.id, merchantId))
    .returning({ email: merchants.email });
  const res = await ctx.server.inject({
    method: 'POST',
    url: '/api/merchants/auth/login',
    payload: { email: row!.email, password },
    remoteAddress: uniqueIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return {
    merchantId,
    rewardId: reward.id,
    authorization: `Bearer ${res.json().data.token as string}`,
  };
}

let clock = Date.now();
/** Event times one second apart, in the order the test sends them. */
const tick = () => new Date((clock += 1000));

/** A shopper with three completed orders (210 points) who redeemed 200 for a 20 SAR coupon. */
async function shopperWithCoupon(s: Shop) {
  const customer = customerFacts({ email: `${randomUUID().slice(0, 8)}@example.com` });
  await deliverOk(ctx, webhooks.customerCreated(s.merchantId, customer, tick()));
  const orders: OrderFacts[] = [];
  for (let i = 0; i < 3; i++) {
    const order = { id: randomId(), customer, total: 100, status: 'completed' };
    await deliverOk(ctx, webhooks.orderCreated(s.merchantId, order, tick()));
    orders.push(order);
  }
  expect(await balanceOf(ctx, s.merchantId, customer.id)).toBe(210);
  const coupon = await ctx.app.services.redemptions.redeemReward({
    merchantId: s.merchantId,
    customerId: customer.id,
    rewardId: s.rewardId,
    lang: 'ar',
  });
  expect(coupon.status).toBe('issued');
  expect(await balanceOf(ctx, s.merchantId, customer.id)).toBe(10);
  return { customer, orders, coupon: { id: coupon.id, code: coupon.code! } };
}

async function cancelAll(s: Shop, orders: OrderFacts[]) {
  for (const order of orders)
    await deliverOk(ctx, webhooks.orderCancelled(s.merchantId, order, tick()));
  await ctx.app.services.debts.idle();
}

const sallaCoupon = (merchantId: number, code: string) =>
  ctx.sandbox.coupons.find((c) => c.merchantId === merchantId && c.code === code);

async function redemptionRow(merchantId: number, id: string) {
  const [row] = await ctx.database.db
    .select()
    .from(redemptions)
    .where(and(eq(redemptions.merchantId, merchantId), eq(redemptions.id, id)));
  return row!;
}

async function ledgerKeys(merchantId: number, pattern: string) {
  return ctx.database.db
    .select()
    .from(pointsLedger)
    .where(and(eq(pointsLedger.merchantId, merchantId), like(pointsLedger.idempotencyKey, pattern)))
    .orderBy(pointsLedger.id);
}

async function ledgerOfCustomer(merchantId: number, customerId: number) {
  return ctx.database.db
    .select()
    .from(pointsLedger)
    .where(and(eq(pointsLedger.merchantId, merchantId), eq(pointsLedger.customerId, customerId)))
    .orderBy(pointsLedger.id);
}

function account(s: Shop, customerId: number, authorization = s.authorization) {
  return ctx.server.inject({
    method: 'GET',
    url: `/api/merchants/customers/${customerId}`,
    headers: { authorization },
  });
}

describe('redeem, then cancel', () => {
  test('the unused coupon is withdrawn at Salla and what it cost covers the clawback: nothing owed, nothing free', async () => {
    const s = await shop();
    const { customer, orders, coupon } = await shopperWithCoupon(s);
    expect(sallaCoupon(s.merchantId, coupon.code)?.status).toBe('active');

    await cancelAll(s, orders);

    // The coupon is gone from Salla and cancelled here, as withdrawn for a clawback.
    expect(sallaCoupon(s.merchantId, coupon.code)?.status).toBe('deleted');
    const row = await redemptionRow(s.merchantId, coupon.id);
    expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'clawback' });
    // 210 earned, 200 spent and given back, 210 clawed back: 0 left and 0 owed.
    expect(await balanceOf(ctx, s.merchantId, customer.id)).toBe(0);
    expect(await debtOf(ctx, s.merchantId, customer.id)).toBe(0);
    const withdrawals = await ledgerKeys(s.merchantId, `coupon_withdraw:${coupon.id}`);
    expect(withdrawals).toMatchObject([{ kind: 'redeem_rollback', delta: 200 }]);
    const rows = await ledgerOfCustomer(s.merchantId, customer.id);
    const owed = rows.filter((r) => r.debtDelta > 0).reduce((n, r) => n + r.debtDelta, 0);
    const repaid = rows.filter((r) => r.debtDelta < 0).reduce((n, r) => n - r.debtDelta, 0);
    expect(owed).toBeGreaterThan(0);
    expect(repaid).toBe(owed);
    // Every clawed-back point is accounted for: taken from the balance or owed and repaid.
    const clawed = rows
      .filter((r) => r.kind === 'clawback' && r.sourceType === 'order')
      .reduce((n, r) => n - r.delta + r.debtDelta, 0);
    expect(clawed).toBe(210);
    expect(rows.every((r) => r.shortfall === Math.max(0, r.debtDelta))).toBe(true);

    // The shopper reads it: the coupon withdrawn, nothing owed.
    const loyalty = await ctx.app.services.shopper.getLoyaltyData({
      merchantId: s.merchantId,
      customerId: customer.id,
      lang: 'en',
    });
    expect(loyalty).toMatchObject({ availablePoints: 0, pointsOwed: 0 });
    expect(loyalty.coupons[0]).toMatchObject({ status: 'cancelled', cancelReason: 'clawback' });
    expect(loyalty.history.map((h) => h.description)).toContain(
      'Points returned from the "خصم 20 ريال" coupon, withdrawn because the orders whose points bought it were cancelled',
    );
    // And the merchant.
    const res = await account(s, customer.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.customer.pointsOwed).toBe(0);
    expect(res.json().data.coupons[0]).toMatchObject({
      status: 'cancelled',
      cancelReason: 'clawback',
    });
    expect(res.json().data.couponRecovery).toBeNull();
    await expectLedgerInvariant(ctx, s.merchantId);
  });

  test('a coupon already used is not withdrawn: the clawback is owed, and the next points repay it first', async () => {
    const s = await shop();
    const { customer, orders, coupon } = await shopperWithCoupon(s);
    // The shopper uses the coupon on an order still being prepared (its points are pending).
    await deliverOk(
      ctx,
      webhooks.orderCreated(
        s.merchantId,
        {
          id: randomId(),
          customer,
          total: 80,
          discount: 20,
          couponCode: coupon.code,
          status: 'in_progress',
        },
        tick(),
      ),
    );
    expect((await redemptionRow(s.merchantId, coupon.id)).status).toBe('used');

    await cancelAll(s, orders);

    expect(sallaCoupon(s.merchantId, coupon.code)?.status).toBe('active');
    expect((await redemptionRow(s.merchantId, coupon.id)).status).toBe('used');
    // 10 taken from the balance, 200 owed.
    expect(await balanceOf(ctx, s.merchantId, customer.id)).toBe(0);
    expect(await debtOf(ctx, s.merchantId, customer.id)).toBe(200);
    const clawbacks = await ledgerKeys(s.merchantId, 'order:%:clawback');
    expect(clawbacks.map((r) => [r.delta, r.shortfall, r.debtDelta])).toEqual([
      [-10, 60, 60],
      [0, 70, 70],
      [0, 70, 70],
    ]);
    const seen = await ctx.app.services.shopper.getLoyaltyData({
      merchantId: s.merchantId,
      customerId: customer.id,
      lang: 'ar',
    });
    expect(seen).toMatchObject({ availablePoints: 0, pointsOwed: 200 });
    expect(
      seen.history
        .filter((h) => h.owed > 0)
        .map((h) => [h.points, h.owed])
        .sort((a, b) => a[0]! - b[0]!),
    ).toEqual([
      [-10, 60],
      [0, 70],
      [0, 70],
    ]);
    expect((await account(s, customer.id)).json().data.customer).toMatchObject({
      balance: 0,
      pointsOwed: 200,
    });

    // Later orders (the first event of each takes the fast path unless it would credit a
    // shopper who owes points) repay the 200 first: 70, 70, then 60 of 70.
    for (const expected of [
      { balance: 0, owed: 130 },
      { balance: 0, owed: 60 },
      { balance: 10, owed: 0 },
    ]) {
      await deliverOk(
        ctx,
        webhooks.orderCreated(
          s.merchantId,
          { id: randomId(), customer, total: 100, status: 'completed' },
          tick(),
        ),
      );
      expect({
        balance: await balanceOf(ctx, s.merchantId, customer.id),
        owed: await debtOf(ctx, s.merchantId, customer.id),
      }).toEqual(expected);
    }
    const repayments = await ledgerKeys(s.merchantId, 'debt_repay:%');
    expect(repayments.map((r) => [r.kind, r.delta, r.debtDelta])).toEqual([
      ['clawback', -70, -70],
      ['clawback', -70, -70],
      ['clawback', -60, -60],
    ]);
    // A redelivered earning changes nothing.
    await expectLedgerInvariant(ctx, s.merchantId);
  });

  test('Salla says the coupon was used before its order reached us: it stays spent and the rest is owed', async () => {
    const s = await shop();
    const { customer, orders, coupon } = await shopperWithCoupon(s);
    ctx.sandbox.useCoupon(s.merchantId, coupon.code);

    await cancelAll(s, orders);

    expect(sallaCoupon(s.merchantId, coupon.code)?.status).toBe('active');
    expect(await redemptionRow(s.merchantId, coupon.id)).toMatchObject({
      status: 'used',
      usedOrderId: null,
    });
    expect(await debtOf(ctx, s.merchantId, customer.id)).toBe(200);
    // Its order arrives later: the coupon keeps its use and learns the order.
    const orderId = randomId();
    await deliverOk(
      ctx,
      webhooks.orderCreated(
        s.merchantId,
        {
          id: orderId,
          customer,
          total: 80,
          discount: 20,
          couponCode: coupon.code,
          status: 'in_progress',
        },
        tick(),
      ),
    );
    expect((await redemptionRow(s.merchantId, coupon.id)).usedOrderId).toBe(orderId);
    expect(await debtOf(ctx, s.merchantId, customer.id)).toBe(200);
    await expectLedgerInvariant(ctx, s.merchantId);
  });

  test('a withdrawn coupon used all the same (its order raced the withdrawal): its points are taken again and owed', async () => {
    const s = await shop();
    const { customer, orders, coupon } = await shopperWithCoupon(s);
    await cancelAll(s, orders);
    expect((await redemptionRow(s.merchantId, coupon.id)).status).toBe('cancelled');

    const orderId = randomId();
    const used = webhooks.orderCreated(
      s.merchantId,
      {
        id: orderId,
        customer,
        total: 80,
        discount: 20,
        couponCode: coupon.code,
        status: 'in_progress',
      },
      tick(),
    );
    await deliverOk(ctx, used);
    await deliverOk(ctx, used);
    await ctx.app.services.debts.idle();

    expect(await redemptionRow(s.merchantId, coupon.id)).toMatchObject({
      status: 'used',
      usedOrderId: orderId,
      cancelReason: 'clawback',
    });
    expect(await ledgerKeys(s.merchantId, `coupon_reclaim:${coupon.id}`)).toMatchObject([
      { kind: 'redeem', delta: 0, shortfall: 200, debtDelta: 200 },
    ]);
    expect(await balanceOf(ctx, s.merchantId, customer.id)).toBe(0);
    expect(await debtOf(ctx, s.merchantId, customer.id)).toBe(200);
    await ctx.app.services.debts.recoverDue({ merchantId: s.merchantId });
    expect(await ledgerKeys(s.merchantId, 'coupon_reclaim:%')).toHaveLength(1);
    await expectLedgerInvariant(ctx, s.merchantId);
  });

  test('points that expired rather than bought anything are not owed', async () => {
    const s = await shop();
    const customer = customerFacts();
    const order = { id: randomId(), customer, total: 100, status: 'completed' };
    await deliverOk(ctx, webhooks.orderCreated(s.merchantId, order, tick()));
    // The order's 70 points: 30 spent on a coupon, 40 expired.
    await ctx.database.db.transaction(async (tx) => {
      await debitPoints(tx, {
        merchantId: s.merchantId,
        customerId: customer.id,
        points: 30,
        kind: 'redeem',
        sourceType: 'redemption',
        sourceId: randomUUID(),
        idempotencyKey: `redeem:${randomUUID()}`,
        at: new Date(),
      });
      await debitPoints(tx, {
        merchantId: s.merchantId,
        customerId: customer.id,
        points: 40,
        kind: 'expire',
        sourceType: 'lot',
        sourceId: '0',
        idempotencyKey: `expire:test:${randomUUID()}`,
        at: new Date(),
      });
    });
    await deliverOk(ctx, webhooks.orderCancelled(s.merchantId, order, tick()));
    await ctx.app.services.debts.idle();
    expect(await debtOf(ctx, s.merchantId, customer.id)).toBe(30);
    const [clawback] = await ledgerKeys(s.merchantId, `order:${order.id}:clawback`);
    expect(clawback).toMatchObject({ delta: 0, shortfall: 70, debtDelta: 30 });
    const entries = await ctx.server.inject({
      method: 'GET',
      url: `/api/merchants/customers/${customer.id}/ledger`,
      headers: { authorization: s.authorization },
    });
    expect(entries.json().data.items[0]).toMatchObject({
      cause: 'refund',
      shortfall: 70,
      owed: 30,
      forgiven: 40,
    });
    expect((await account(s, customer.id)).json().data.pointsForgiven).toBe(40);
  });
});

describe('the store forgives instead', () => {
  test('the setting is off by default, saved on /settings, and checked', async () => {
    const s = await shop();
    const get = await ctx.server.inject({
      method: 'GET',
      url: '/api/merchants/settings',
      headers: { authorization: s.authorization },
    });
    expect(get.json().data.forgiveSpentClawbacks).toBe(false);
    for (const body of [{ forgiveSpentClawbacks: 'yes' }, { forgiveSpentClawbacks: null }]) {
      const bad = await ctx.server.inject({
        method: 'PUT',
        url: '/api/merchants/settings',
        headers: { authorization: s.authorization },
        payload: body,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('VALIDATION_FAILED');
    }
    const put = await ctx.server.inject({
      method: 'PUT',
      url: '/api/merchants/settings',
      headers: { authorization: s.authorization },
      payload: { forgiveSpentClawbacks: true },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ forgiveSpentClawbacks: true, pointsHoldDays: 0 });
  });

  test('with it on, what the balance cannot cover is written off as forgiven and the coupon stays', async () => {
    const s = await shop();
    await ctx.server.inject({
      method: 'PUT',
      url: '/api/merchants/settings',
      headers: { authorization: s.authorization },
      payload: { forgiveSpentClawbacks: true },
    });
    const { customer, orders, coupon } = await shopperWithCoupon(s);

    await cancelAll(s, orders);

    expect(sallaCoupon(s.merchantId, coupon.code)?.status).toBe('active');
    expect((await redemptionRow(s.merchantId, coupon.id)).status).toBe('issued');
    expect(await balanceOf(ctx, s.merchantId, customer.id)).toBe(0);
    expect(await debtOf(ctx, s.merchantId, customer.id)).toBe(0);
    const clawbacks = await ledgerKeys(s.merchantId, 'order:%:clawback');
    expect(clawbacks.reduce((n, r) => n + r.shortfall, 0)).toBe(200);
    expect(clawbacks.every((r) => r.debtDelta === 0)).toBe(true);
    // Visible to the merchant: 200 forgiven.
    const res = await account(s, customer.id);
    expect(res.json().data).toMatchObject({ pointsForgiven: 200, couponRecovery: null });
    expect(res.json().data.customer.pointsOwed).toBe(0);
    expect(
      await ctx.database.db
        .select()
        .from(debtRecoveries)
        .where(eq(debtRecoveries.merchantId, s.merchantId)),
    ).toEqual([]);
    await expectLedgerInvariant(ctx, s.merchantId);
  });
});

describe('Salla failing', () => {
  test('a failed withdrawal waits and is tried again; two workers at once withdraw the coupon once', async () => {
    const s = await shop();
    const { customer, orders, coupon } = await shopperWithCoupon(s);
    // Coupon Details fails on every try (the client tries three times per run).
    ctx.sandbox.fail({ mode: '500', path: '/admin/v2/coupons/', count: 1000 });

    await cancelAll(s, orders);
    ctx.sandbox.clearFaults();

    expect(sallaCoupon(s.merchantId, coupon.code)?.status).toBe('active');
    expect(await debtOf(ctx, s.merchantId, customer.id)).toBe(200);
    const [queued] = await ctx.database.db
      .select()
      .from(debtRecoveries)
      .where(eq(debtRecoveries.merchantId, s.merchantId));
    expect(queued).toMatchObject({ status: 'pending', attempts: 1, lastError: 'salla 500 error' });
    expect(queued!.nextAttemptAt.getTime()).toBeGreaterThan(ctx.clock.now().getTime() + 50_000);
    expect((await account(s, customer.id)).json().data.couponRecovery).toMatchObject({
      status: 'pending',
    });
    // Not due yet: nothing happens.
    await ctx.app.services.debts.recoverDue();
    expect(await debtOf(ctx, s.merchantId, customer.id)).toBe(200);

    ctx.clock.advance(2 * 60_000);
    const deletesBefore = ctx.sandbox.stats.couponDeletes;
    const runs = await Promise.all([
      ctx.app.services.debts.recoverDue({ merchantId: s.merchantId }),
      ctx.app.services.debts.recoverDue({ merchantId: s.merchantId }),
    ]);
    expect(runs.reduce((n, r) => n + r.done, 0)).toBe(1);
    expect(ctx.sandbox.stats.couponDeletes - deletesBefore).toBe(1);
    expect(sallaCoupon(s.merchantId, coupon.code)?.status).toBe('deleted');
    expect(await ledgerKeys(s.merchantId, 'coupon_withdraw:%')).toHaveLength(1);
    expect(await balanceOf(ctx, s.merchantId, customer.id)).toBe(0);
    expect(await debtOf(ctx, s.merchantId, customer.id)).toBe(0);
    expect((await account(s, customer.id)).json().data.couponRecovery).toBeNull();
    await expectLedgerInvariant(ctx, s.merchantId);
  });

  test('a worker that died after Salla deleted the coupon: the next run finds it gone and gives its points back once', async () => {
    const s = await shop();
    const { customer, orders, coupon } = await shopperWithCoupon(s);
    ctx.sandbox.fail({ mode: '500', path: '/admin/v2/coupons/', method: 'GET', count: 1000 });
    await cancelAll(s, orders);
    ctx.sandbox.clearFaults();
    // What the dead worker did at Salla before it could write anything.
    sallaCoupon(s.merchantId, coupon.code)!.status = 'deleted';
    ctx.clock.advance(2 * 60_000);
    await ctx.app.services.debts.recoverDue({ merchantId: s.merchantId });
    expect(await redemptionRow(s.merchantId, coupon.id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'clawback',
    });
    expect(await debtOf(ctx, s.merchantId, customer.id)).toBe(0);
    expect(await ledgerKeys(s.merchantId, 'coupon_withdraw:%')).toHaveLength(1);
    await expectLedgerInvariant(ctx, s.merchantId);
  });
});

describe('the merchant cancels a coupon whose Salla id was never learnt', () => {
  async function lostId(s: Shop) {
    const { customer, coupon } = await shopperWithCoupon(s);
    await ctx.database.db
      .update(redemptions)
      .set({ sallaCouponId: null })
      .where(and(eq(redemptions.merchantId, s.merchantId), eq(redemptions.id, coupon.id)));
    return { customer, coupon };
  }
  const cancel = (s: Shop, id: string) =>
    ctx.server.inject({
      method: 'POST',
      url: `/api/merchants/coupons/${id}/cancel`,
      headers: { authorization: s.authorization },
    });

  test('it is found at Salla by its code and deleted before the points go back', async () => {
    const s = await shop();
    const { customer, coupon } = await lostId(s);
    const res = await cancel(s, coupon.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', cancelReason: 'merchant' });
    expect(sallaCoupon(s.merchantId, coupon.code)?.status).toBe('deleted');
    const row = await redemptionRow(s.merchantId, coupon.id);
    expect(row.sallaCouponId).toBe(String(sallaCoupon(s.merchantId, coupon.code)!.id));
    expect(await balanceOf(ctx, s.merchantId, customer.id)).toBe(210);
  });

  test('Salla says it was used: refused with COUPON_USED_AT_SALLA, the points stay spent', async () => {
    const s = await shop();
    const { customer, coupon } = await lostId(s);
    ctx.sandbox.useCoupon(s.merchantId, coupon.code);
    const res = await cancel(s, coupon.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('COUPON_USED_AT_SALLA');
    expect(await balanceOf(ctx, s.merchantId, customer.id)).toBe(10);
    expect((await redemptionRow(s.merchantId, coupon.id)).status).toBe('used');
    expect(sallaCoupon(s.merchantId, coupon.code)?.status).toBe('active');
  });

  test('Salla cannot be asked: refused with SALLA_UNAVAILABLE, the points stay spent and the coupon issued', async () => {
    const s = await shop();
    const { customer, coupon } = await lostId(s);
    ctx.sandbox.fail({ mode: '429', retryAfter: 60, path: '/admin/v2/coupons', method: 'GET' });
    const res = await cancel(s, coupon.id);
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('SALLA_UNAVAILABLE');
    expect(await balanceOf(ctx, s.merchantId, customer.id)).toBe(10);
    expect((await redemptionRow(s.merchantId, coupon.id)).status).toBe('issued');
    expect(sallaCoupon(s.merchantId, coupon.code)?.status).toBe('active');
  });

  test('Salla has no coupon with its code any more: nothing can use it, so the points go back', async () => {
    const s = await shop();
    const { customer, coupon } = await lostId(s);
    sallaCoupon(s.merchantId, coupon.code)!.status = 'deleted';
    const res = await cancel(s, coupon.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceOf(ctx, s.merchantId, customer.id)).toBe(210);
    await expectLedgerInvariant(ctx, s.merchantId);
  });
});

describe('forgiving what a customer owes', () => {
  /** A customer owing 150 points, written straight to the ledger. */
  async function debtor(s: Shop): Promise<CustomerFacts> {
    const customer = customerFacts();
    await deliverOk(ctx, webhooks.customerCreated(s.merchantId, customer, tick()));
    await ctx.database.db.transaction(async (tx) => {
      const entry = {
        merchantId: s.merchantId,
        customerId: customer.id,
        sourceId: randomUUID(),
        at: new Date(),
      };
      await creditPoints(tx, {
        ...entry,
        points: 150,
        sourceType: 'order',
        idempotencyKey: `test:${randomUUID()}`,
      });
      await debitPoints(tx, {
        ...entry,
        points: 150,
        kind: 'redeem',
        sourceType: 'redemption',
        idempotencyKey: `test:${randomUUID()}`,
      });
      await debitPoints(tx, {
        ...entry,
        points: 150,
        kind: 'clawback',
        sourceType: 'order',
        shortfall: 'owe_spent',
        idempotencyKey: `test:${randomUUID()}`,
      });
    });
    expect(await debtOf(ctx, s.merchantId, customer.id)).toBe(150);
    return customer;
  }
  const forgive = (
    s: Shop,
    customerId: number | string,
    payload: unknown,
    authorization?: string,
  ) =>
    ctx.server.inject({
      method: 'POST',
      url: `/api/merchants/customers/${customerId}/forgive-debt`,
      headers: { authorization: authorization ?? s.authorization },
      payload: payload as Record<string, unknown>,
    });

  test('the merchant forgives it once per key; it is recorded as forgiven', async () => {
    const s = await shop();
    const customer = await debtor(s);
    const key = randomUUID();
    const res = await forgive(s, customer.id, { idempotencyKey: key });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      forgiven: 150,
      customer: { pointsOwed: 0, balance: 0 },
    });
    const again = await forgive(s, customer.id, { idempotencyKey: key });
    expect(again.json().data.forgiven).toBe(0);
    expect(await ledgerKeys(s.merchantId, 'debt_forgive:%')).toMatchObject([
      { kind: 'adjust', delta: 0, debtDelta: -150 },
    ]);
    expect((await account(s, customer.id)).json().data.pointsForgiven).toBe(150);
    // Later points are the customer's again.
    await deliverOk(
      ctx,
      webhooks.orderCreated(
        s.merchantId,
        { id: randomId(), customer, total: 100, status: 'completed' },
        tick(),
      ),
    );
    expect(await balanceOf(ctx, s.merchantId, customer.id)).toBe(70);
    await expectLedgerInvariant(ctx, s.merchantId);
  });

  test('points added by hand or imported repay what is owed first', async () => {
    const s = await shop();
    const customer = await debtor(s);
    const adjusted = await ctx.server.inject({
      method: 'POST',
      url: `/api/merchants/customers/${customer.id}/adjust`,
      headers: { authorization: s.authorization },
      payload: { points: 100, reason: 'goodwill', idempotencyKey: randomUUID() },
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    expect(adjusted.json().data.balanceAfter).toBe(0);
    expect(await debtOf(ctx, s.merchantId, customer.id)).toBe(50);
    const imported = await ctx.server.inject({
      method: 'POST',
      url: '/api/merchants/customers/import?dryRun=0',
      headers: { authorization: s.authorization, 'content-type': 'text/csv' },
      payload: `customer_id,points\r\n${customer.id},80\r\n`,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(await debtOf(ctx, s.merchantId, customer.id)).toBe(0);
    expect(await balanceOf(ctx, s.merchantId, customer.id)).toBe(30);
    expect((await ledgerKeys(s.merchantId, 'debt_repay:%')).map((r) => r.delta)).toEqual([
      -100, -50,
    ]);
    await expectLedgerInvariant(ctx, s.merchantId);
  });

  test("another store's customer is 404 and nothing is forgiven", async () => {
    const mine = await shop();
    const theirs = await shop();
    const customer = await debtor(theirs);
    const res = await forgive(mine, customer.id, { idempotencyKey: randomUUID() });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect(await debtOf(ctx, theirs.merchantId, customer.id)).toBe(150);
    expect((await account(mine, customer.id)).statusCode).toBe(404);
  });

  test('bad input is a 4xx with the error body, never a 500', async () => {
    const s = await shop();
    const customer = await debtor(s);
    for (const payload of [
      {},
      { idempotencyKey: 'not-a-uuid' },
      { idempotencyKey: randomUUID(), points: 10 },
      [],
    ]) {
      const res = await forgive(s, customer.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await forgive(s, 'abc', { idempotencyKey: randomUUID() })).statusCode).toBe(400);
    expect((await forgive(s, '999999999999', { idempotencyKey: randomUUID() })).statusCode).toBe(
      404,
    );
    const anonymous = await ctx.server.inject({
      method: 'POST',
      url: `/api/merchants/customers/${customer.id}/forgive-debt`,
      payload: { idempotencyKey: randomUUID() },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await debtOf(ctx, s.merchantId, customer.id)).toBe(150);
  });
});

test('the next coupon to withdraw is the cheapest that covers what is owed, else the dearest', () => {
  const coupons = [
    { id: 'new-500', points: 500 },
    { id: 'mid-200', points: 200 },
    { id: 'old-200', points: 200 },
    { id: 'old-100', points: 100 },
  ];
  expect(nextCouponToWithdraw(coupons, 150)?.id).toBe('mid-200');
  expect(nextCouponToWithdraw(coupons, 300)?.id).toBe('new-500');
  expect(nextCouponToWithdraw(coupons, 900)?.id).toBe('new-500');
  expect(nextCouponToWithdraw([], 10)).toBeUndefined();
});
