import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { webhooks, type CustomerFacts } from '@nuqat/salla-sandbox';
import { customers, merchants, orders } from '../../db/schema/index.ts';
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
import { uniqueEmail, uniqueIp } from '../../test/test-app.ts';
import { enqueueNotification } from '../notifications/index.ts';

let ctx: EngineContext;

async function signedIn(merchantId: number) {
  const password = 'holdout-pass-123';
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
  return `Bearer ${res.json().data.token as string}`;
}

const call = (
  authorization: string,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: object,
) =>
  ctx.server.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });

/** The bucket (0–9999) the database gives a shopper of a store. */
async function bucketOf(merchantId: number, customerId: number): Promise<number> {
  const r = await ctx.database.db.execute(
    sql`select nuqat_holdout_bucket(${merchantId}, ${customerId}) as b`,
  );
  return Number((r as unknown as { rows: { b: number }[] }).rows[0]!.b);
}

/** Shoppers' ids that land in the control group (bucket below percent × 100), and some that do not. */
async function pickIds(merchantId: number, percent: number, each: number) {
  const control: number[] = [];
  const member: number[] = [];
  while (control.length < each || member.length < each) {
    const id = randomId();
    const b = await bucketOf(merchantId, id);
    if (b < percent * 100) {
      if (control.length < each) control.push(id);
    } else if (member.length < each) member.push(id);
  }
  return { control, member };
}

const armOf = async (merchantId: number, id: number) => {
  const [row] = await ctx.database.db
    .select({ arm: customers.holdoutArm, at: customers.holdoutAssignedAt })
    .from(customers)
    .where(and(eq(customers.merchantId, merchantId), eq(customers.id, id)));
  return row;
};

describe('the assignment', () => {
  beforeAll(async () => {
    ctx = await createEngineContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  test('the hash is uniform over 100,000 ids: binomial and chi-square bounds', async () => {
    const merchantId = 4_242_424_242;
    const r = await ctx.database.db.execute(sql`
      select (nuqat_holdout_bucket(${merchantId}, g) / 500) as bin, count(*)::int as n
        from generate_series(1, 100000) g group by 1 order by 1`);
    const bins = (r as unknown as { rows: { bin: number; n: number }[] }).rows;
    expect(bins).toHaveLength(20);
    // A 10 % holdout = buckets 0–999 = the first two bins. Binomial(100000, 0.1): mean 10,000,
    // sd √(100000 · 0.1 · 0.9) = 94.87; within ±5 sd (±474), a miss has probability < 1e-6.
    const tenPercent = bins[0]!.n + bins[1]!.n;
    expect(Math.abs(tenPercent - 10_000)).toBeLessThan(474);
    // Pearson's chi-square over 20 equal bins (5,000 expected each), 19 degrees of freedom: the
    // 0.999 quantile is 43.82; a uniform hash stays below it but once in a thousand.
    const chi = bins.reduce((s, b) => s + (b.n - 5000) ** 2 / 5000, 0);
    expect(chi).toBeLessThan(43.82);
    expect(bins.reduce((s, b) => s + b.n, 0)).toBe(100_000);
  });

  test('stable: the same store and shopper always land in the same bucket', async () => {
    const merchantId = randomId();
    const ids = Array.from({ length: 50 }, () => randomId());
    const first = await Promise.all(ids.map((id) => bucketOf(merchantId, id)));
    const again = await Promise.all(ids.map((id) => bucketOf(merchantId, id)));
    expect(again).toEqual(first);
    // Another store places the same shopper independently.
    const other = await Promise.all(ids.map((id) => bucketOf(merchantId + 1, id)));
    expect(other).not.toEqual(first);
  });

  test('only NEW shoppers, once, with the time; a share change or an end never moves them', async () => {
    const merchantId = await setupStore(ctx, { rules: { 'order.created': { points: 10 } } });
    const auth = await signedIn(merchantId);
    const before: CustomerFacts = { id: randomId(), firstName: 'قديم', lastName: 'م' };
    await deliverOk(ctx, webhooks.customerCreated(merchantId, before, new Date()));

    const off = await call(auth, 'GET', '/api/merchants/holdout');
    expect(off.json().data).toMatchObject({ available: true, status: 'off', percent: null });
    const start = await call(auth, 'PUT', '/api/merchants/holdout', { percent: 20 });
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json().data).toMatchObject({ status: 'running', percent: 20 });

    const { control, member } = await pickIds(merchantId, 20, 2);
    for (const id of [...control, ...member])
      await deliverOk(
        ctx,
        webhooks.customerCreated(merchantId, { id, firstName: 'ن', lastName: 'ج' }, new Date()),
      );
    expect((await armOf(merchantId, before.id))?.arm).toBeNull();
    for (const id of control) expect((await armOf(merchantId, id))?.arm).toBe('control');
    for (const id of member) expect((await armOf(merchantId, id))?.arm).toBe('member');
    const placed = await armOf(merchantId, control[0]!);
    expect(placed?.at).toBeInstanceOf(Date);

    // 1 % now: a shopper of bucket ≥ 100 placed in control stays there.
    expect((await call(auth, 'PUT', '/api/merchants/holdout', { percent: 1 })).statusCode).toBe(
      200,
    );
    await deliverOk(
      ctx,
      webhooks.customerUpdated(
        merchantId,
        { id: control[0]!, firstName: 'ب', lastName: 'ج' },
        new Date(),
      ),
    );
    expect(await armOf(merchantId, control[0]!)).toEqual(placed);
    const settings = (await call(auth, 'GET', '/api/merchants/holdout')).json().data;
    expect(settings).toMatchObject({
      status: 'running',
      percent: 1,
      assigned: { control: 2, member: 2 },
      heldOut: 2,
    });
  });

  test('Growth only, 1–20 %, and tenant isolation', async () => {
    const starter = await setupStore(ctx, { plan: 'starter' });
    const auth = await signedIn(starter);
    const refused = await call(auth, 'PUT', '/api/merchants/holdout', { percent: 10 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PLAN_FEATURE_REQUIRED');
    const growth = await setupStore(ctx);
    const g = await signedIn(growth);
    for (const percent of [0, 21, 5.5, '10'])
      expect((await call(g, 'PUT', '/api/merchants/holdout', { percent })).statusCode).toBe(400);
    expect(
      (await call(g, 'PUT', '/api/merchants/holdout', { percent: 10, extra: 1 })).statusCode,
    ).toBe(400);
    const ending = await call(g, 'POST', '/api/merchants/holdout/end', { backPay: false });
    expect(ending.statusCode).toBe(409);
    expect(ending.json().code).toBe('HOLDOUT_NOT_RUNNING');
    // Store A's holdout is not store B's.
    expect((await call(g, 'PUT', '/api/merchants/holdout', { percent: 10 })).statusCode).toBe(200);
    expect((await call(auth, 'GET', '/api/merchants/holdout')).json().data.status).toBe('off');
    expect(
      (await call(auth, 'POST', '/api/merchants/holdout/end', { backPay: false })).statusCode,
    ).toBe(409);
    expect((await call(g, 'GET', '/api/merchants/holdout')).json().data.status).toBe('running');
    expect((await call(g, 'GET', '/api/merchants/roi?month=2026-13')).statusCode).toBe(400);
  });
});

// Held-out shoppers earn nothing on either engine path; their orders still count.
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

  test('held-out shoppers earn nothing, see the neutral page, get no mail; their orders count; the end enrols them', async () => {
    const merchantId = await setupStore(ctx, {
      rules: {
        'order.created': { points: 20 },
        purchase_amount: { points: 1, spendUnitSar: 10 },
        signup: { points: 5 },
      },
      spendableOn: ['completed'],
    });
    const auth = await signedIn(merchantId);
    expect((await call(auth, 'PUT', '/api/merchants/holdout', { percent: 20 })).statusCode).toBe(
      200,
    );
    const { control, member } = await pickIds(merchantId, 20, 3);
    let orderId = randomId();
    const facts = (id: number): CustomerFacts => ({
      id,
      firstName: 'س',
      lastName: 'ع',
      email: uniqueEmail('shopper'),
    });
    for (const id of [...control, ...member]) {
      await deliverOk(ctx, webhooks.customerCreated(merchantId, facts(id), new Date()));
      await deliverOk(
        ctx,
        webhooks.orderCreated(
          merchantId,
          {
            id: orderId++,
            customer: facts(id),
            total: 200,
            status: 'completed',
            placedAt: new Date(),
          },
          new Date(),
        ),
      );
    }
    for (const id of member) expect(await balanceOf(ctx, merchantId, id)).toBe(5 + 20 + 20);
    for (const id of control) {
      expect(await balanceOf(ctx, merchantId, id)).toBe(0);
      const [row] = await ctx.database.db
        .select({ earnStatus: orders.earnStatus, points: orders.earnPoints })
        .from(orders)
        .where(and(eq(orders.merchantId, merchantId), eq(orders.customerId, id)));
      expect(row).toEqual({ earnStatus: 'held_out', points: 0 });
      // Still counted: the shopper's row and the store's figures.
      const [c] = await ctx.database.db
        .select({ n: customers.ordersCount })
        .from(customers)
        .where(and(eq(customers.merchantId, merchantId), eq(customers.id, id)));
      expect(c!.n).toBe(1);
    }
    const dash = (await call(auth, 'GET', '/api/merchants/dashboard')).json().data;
    expect(dash.totalOrders).toBe(6);

    // The shopper page: nothing of the programme.
    const page = await ctx.app.services.shopper.getLoyaltyData({
      merchantId,
      customerId: control[0]!,
      lang: 'en',
    });
    expect(page).toMatchObject({
      heldOut: true,
      availablePoints: 0,
      rewards: [],
      pointsMethods: [],
      referral: null,
    });
    const memberPage = await ctx.app.services.shopper.getLoyaltyData({
      merchantId,
      customerId: member[0]!,
      lang: 'en',
    });
    expect(memberPage.heldOut).toBeUndefined();

    // No loyalty mail: a notification queued for a held-out shopper is skipped at send time.
    const key = randomUUID();
    for (const id of [control[0]!, member[0]!])
      await enqueueNotification(ctx.database.db, {
        merchantId,
        customerId: id,
        // A coupon's mail goes at any hour (a tier mail waits out Riyadh's quiet hours).
        kind: 'coupon_issued',
        idempotencyKey: `tier:${key}:${id}`,
        payload: {
          rewardName: 'خصم',
          points: 100,
          code: 'NQ-HOLDOUT',
          expiresOn: '2099-01-01',
          minOrderAmount: 0,
          lang: 'en',
        },
      });
    // The suites share one database: this test delivers its own two rows only (a deliverer of
    // every due row would also take other suites' rows, whose clocks may lie in the past, from
    // under their own deliverers), and counts only its own coupon mails (their code).
    const ours = () => ctx.smtp.messages.filter((m) => m.text.includes('NQ-HOLDOUT')).length;
    const sent = ours();
    await ctx.app.services.notifications.deliverDue({
      only: [control[0]!, member[0]!].map((id) => ({
        merchantId,
        idempotencyKey: `tier:${key}:${id}`,
      })),
    });
    const outbox = await ctx.database.db.execute(
      sql`select customer_id, status, skip_reason from notification_outbox
           where merchant_id = ${merchantId} and idempotency_key like ${`tier:${key}:%`}`,
    );
    const byCustomer = new Map(
      (
        outbox as unknown as {
          rows: { customer_id: string; status: string; skip_reason: string | null }[];
        }
      ).rows.map((r) => [Number(r.customer_id), r]),
    );
    expect(byCustomer.get(control[0]!)).toMatchObject({
      status: 'skipped',
      skip_reason: 'held_out',
    });
    expect(byCustomer.get(member[0]!)).toMatchObject({ status: 'sent' });
    expect(ours()).toBe(sent + 1);

    // The end, without back-pay: enrolled from now; the held-out orders stay unpaid.
    const end = await call(auth, 'POST', '/api/merchants/holdout/end', { backPay: false });
    expect(end.statusCode, end.body).toBe(200);
    expect(end.json().data).toMatchObject({
      enrolled: 3,
      ordersPaid: 0,
      settings: { status: 'ended', heldOut: 0 },
    });
    expect(await balanceOf(ctx, merchantId, control[0]!)).toBe(0);
    await deliverOk(
      ctx,
      webhooks.orderCreated(
        merchantId,
        {
          id: orderId++,
          customer: facts(control[0]!),
          total: 100,
          status: 'completed',
          placedAt: new Date(Date.now() + 1000),
        },
        new Date(Date.now() + 1000),
      ),
    );
    expect(await balanceOf(ctx, merchantId, control[0]!)).toBe(20 + 10);
    // A shopper first seen after the end is in no group.
    const late = randomId();
    await deliverOk(ctx, webhooks.customerCreated(merchantId, facts(late), new Date()));
    expect((await armOf(merchantId, late))?.arm).toBeNull();
    await expectLedgerInvariant(ctx, merchantId);
  });

  test('back-pay: ending with it pays the held-out orders once', async () => {
    const merchantId = await setupStore(ctx, {
      rules: { 'order.created': { points: 20 } },
      spendableOn: ['completed'],
    });
    const auth = await signedIn(merchantId);
    expect((await call(auth, 'PUT', '/api/merchants/holdout', { percent: 20 })).statusCode).toBe(
      200,
    );
    const { control } = await pickIds(merchantId, 20, 2);
    let orderId = randomId();
    for (const id of control)
      for (let i = 0; i < 2; i++)
        await deliverOk(
          ctx,
          webhooks.orderCreated(
            merchantId,
            {
              id: orderId++,
              customer: { id, firstName: 'س', lastName: 'ع' },
              total: 100,
              status: 'completed',
              placedAt: new Date(),
            },
            new Date(),
          ),
        );
    for (const id of control) expect(await balanceOf(ctx, merchantId, id)).toBe(0);
    const end = await call(auth, 'POST', '/api/merchants/holdout/end', { backPay: true });
    expect(end.statusCode, end.body).toBe(200);
    expect(end.json().data).toMatchObject({ enrolled: 2, ordersPaid: 4 });
    for (const id of control) expect(await balanceOf(ctx, merchantId, id)).toBe(40);
    // Ending twice is refused; nothing is paid twice.
    expect(
      (await call(auth, 'POST', '/api/merchants/holdout/end', { backPay: true })).statusCode,
    ).toBe(409);
    for (const id of control) expect(await balanceOf(ctx, merchantId, id)).toBe(40);
    await expectLedgerInvariant(ctx, merchantId);
  });
});
