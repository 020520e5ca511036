import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { webhooks, type CustomerFacts } from '@nuqat/salla-sandbox';
import { customers, holdoutSettings, orders, pointsLedger } from '../../db/schema/index.ts';
import {
  balanceOf,
  createEngineContext,
  customerFacts,
  deliver,
  deliverOk,
  expectLedgerInvariant,
  randomId,
  setupStore,
  type EngineContext,
} from '../../test/engine-support.ts';
import { createEngineConfigCache } from './config.ts';
import { createFastOrderBatcher } from './fast-order-batch.ts';
import { planFastOrder } from './fast-order.ts';

/**
 * First order events that arrive together share one statement and one commit (decision 066):
 * what they store must be exactly what each would store alone, an order the fast path gives up
 * on must fall back alone, and a batch that fails must leave every order to be run on its own.
 */

let ctx: EngineContext;
const RULES = { 'order.created': { points: 40 } } as const;

beforeAll(async () => {
  ctx = await createEngineContext();
});
afterAll(async () => {
  await ctx.close();
});

const stats = () => ctx.app.services.webhooks.stats();

async function storeWithShoppers(count: number) {
  const merchantId = await setupStore(ctx, { rules: RULES });
  const shoppers: CustomerFacts[] = [];
  for (let i = 0; i < count; i++) {
    const c = customerFacts();
    await deliverOk(ctx, webhooks.customerCreated(merchantId, c));
    shoppers.push(c);
  }
  return { merchantId, shoppers };
}

const created = (merchantId: number, customer: CustomerFacts, status = 'completed') =>
  webhooks.orderCreated(merchantId, { id: randomId(), customer, total: 100, status });

describe('new orders arriving together', () => {
  test('are stored in batches, each order exactly as alone, across stores and at once', async () => {
    const stores = await Promise.all([1, 2, 3, 4, 5, 6].map(() => storeWithShoppers(5)));
    const before = stats();
    // Every shopper places two orders, one completed (its points spendable at once) and one under
    // review (counted, its points pending until it completes); all delivered at once.
    const events = stores.flatMap(({ merchantId, shoppers }) =>
      shoppers.flatMap((c) => [created(merchantId, c), created(merchantId, c, 'under_review')]),
    );
    const answers = await Promise.all(events.map((e) => deliver(ctx, e)));
    expect(answers.map((a) => a.statusCode)).toEqual(events.map(() => 200));
    expect(answers.map((a) => a.json().data.outcome)).toEqual(events.map(() => 'processed'));

    const after = stats();
    expect(after.fastPath - before.fastPath).toBe(events.length);
    expect(after.generalPath).toBe(before.generalPath);
    // They did go together: several orders per statement, not one statement each.
    expect(after.batches - before.batches).toBeGreaterThan(0);
    expect(after.batchedOrders - before.batchedOrders).toBeGreaterThanOrEqual(12);
    expect(after.batchFailures).toBe(before.batchFailures);

    for (const { merchantId, shoppers } of stores) {
      for (const c of shoppers) expect(await balanceOf(ctx, merchantId, c.id)).toBe(40);
      const rows = await ctx.database.db
        .select({
          earnStatus: orders.earnStatus,
          released: sql<boolean>`${orders.releasedAt} is not null`,
          n: sql<number>`count(*)::int`,
        })
        .from(orders)
        .where(eq(orders.merchantId, merchantId))
        .groupBy(orders.earnStatus, sql`2`)
        .orderBy(sql`2`);
      expect(rows).toEqual([
        { earnStatus: 'earned', released: false, n: 5 },
        { earnStatus: 'earned', released: true, n: 5 },
      ]);
      await expectLedgerInvariant(ctx, merchantId);
    }

    // Redelivered, together again: nothing moves.
    const again = await Promise.all(events.map((e) => deliver(ctx, e)));
    expect(again.map((a) => a.json().data.outcome)).toEqual(events.map(() => 'duplicate'));
    for (const { merchantId, shoppers } of stores)
      for (const c of shoppers) expect(await balanceOf(ctx, merchantId, c.id)).toBe(40);
  }, 60_000);

  test("an order's later events arriving together are batched too, each exactly as alone", async () => {
    const stores = await Promise.all([1, 2, 3, 4, 5].map(() => storeWithShoppers(3)));
    const placed = stores.flatMap(({ merchantId, shoppers }) =>
      shoppers.map((customer) => ({
        merchantId,
        customer,
        facts: { id: randomId(), customer, total: 100, status: 'under_review' },
      })),
    );
    for (const o of placed) await deliverOk(ctx, webhooks.orderCreated(o.merchantId, o.facts));
    const before = stats();
    const completed = placed.map((o) =>
      webhooks.orderStatusUpdated(o.merchantId, { ...o.facts, status: 'completed' }),
    );
    const answers = await Promise.all(completed.map((e) => deliver(ctx, e)));
    expect(answers.map((a) => a.json().data.outcome)).toEqual(completed.map(() => 'processed'));
    const mid = stats();
    expect(mid.eventPath - before.eventPath).toBe(placed.length);
    expect(mid.eventsBatched - before.eventsBatched).toBeGreaterThanOrEqual(10);
    expect(mid.eventBatchFailures).toBe(before.eventBatchFailures);
    for (const o of placed) expect(await balanceOf(ctx, o.merchantId, o.customer.id)).toBe(40);

    // Cancelled together: every point comes back out, once.
    const cancelled = placed.map((o) => webhooks.orderCancelled(o.merchantId, o.facts));
    const again = await Promise.all(cancelled.map((e) => deliver(ctx, e)));
    expect(again.map((a) => a.json().data.outcome)).toEqual(cancelled.map(() => 'processed'));
    expect(stats().eventsBatched - mid.eventsBatched).toBeGreaterThanOrEqual(10);
    for (const o of placed) expect(await balanceOf(ctx, o.merchantId, o.customer.id)).toBe(0);
    for (const { merchantId } of stores) await expectLedgerInvariant(ctx, merchantId);
  }, 60_000);

  test('an order the fast path gives up on falls back alone; the rest of its batch stays', async () => {
    // A store keeping a control group: its control shoppers' orders go to the general path
    // (nuqat_fast_order raises NQ001 for them), which records them as held out.
    const held = await storeWithShoppers(0);
    await ctx.database.db.insert(holdoutSettings).values({
      merchantId: held.merchantId,
      percent: 20,
      startedAt: new Date(Date.now() - 86_400_000),
    });
    const others = await Promise.all([1, 2, 3].map(() => storeWithShoppers(1)));
    // Shoppers join the held store until one lands in the control group.
    let control: CustomerFacts | undefined;
    for (let tries = 0; !control && tries < 100; tries++) {
      const c = customerFacts();
      await deliverOk(ctx, webhooks.customerCreated(held.merchantId, c));
      const [row] = await ctx.database.db
        .select({ arm: customers.holdoutArm })
        .from(customers)
        .where(and(eq(customers.merchantId, held.merchantId), eq(customers.id, c.id)));
      if (row?.arm === 'control') control = c;
    }
    expect(control).toBeDefined();
    const events = [
      created(held.merchantId, control!),
      ...others.map((o) => created(o.merchantId, o.shoppers[0]!)),
    ];
    const before = stats();
    const answers = await Promise.all(events.map((e) => deliver(ctx, e)));
    expect(answers.map((a) => a.json().data.outcome)).toEqual(events.map(() => 'processed'));
    const after = stats();
    // All four went in one statement; the held-out one fell back from it without failing it.
    expect(after.batchedOrders - before.batchedOrders).toBe(4);
    expect(after.batchFailures).toBe(before.batchFailures);
    expect(after.fastPath - before.fastPath).toBe(3);
    expect(after.generalPath - before.generalPath).toBe(1);
    const [order] = await ctx.database.db
      .select({ earnStatus: orders.earnStatus })
      .from(orders)
      .where(and(eq(orders.merchantId, held.merchantId), eq(orders.customerId, control!.id)));
    expect(order?.earnStatus).toBe('held_out');
    expect(await balanceOf(ctx, held.merchantId, control!.id)).toBe(0);
    for (const o of others) {
      expect(await balanceOf(ctx, o.merchantId, o.shoppers[0]!.id)).toBe(40);
      await expectLedgerInvariant(ctx, o.merchantId);
    }
    await expectLedgerInvariant(ctx, held.merchantId);
  }, 60_000);

  test('a batch that fails is run order by order: the bad one fails alone', async () => {
    const stores = await Promise.all([1, 2, 3].map(() => storeWithShoppers(1)));
    const configs = createEngineConfigCache();
    const db = ctx.database.db;
    const batcher = createFastOrderBatcher(db);
    const now = new Date();
    const plans = await Promise.all(
      stores.map(async ({ merchantId, shoppers }) => {
        const config = await configs.current(db, merchantId);
        const event = created(merchantId, shoppers[0]!);
        const data = event.data as { id: number };
        const plan = planFastOrder(config!, {
          kind: 'created',
          order: {
            id: data.id,
            referenceId: null,
            customer: { id: shoppers[0]!.id },
            totalHalalas: 10_000,
            spendHalalas: 10_000,
            currency: 'SAR',
            statusSlug: 'completed',
            statusStage: 'placed',
            placedAt: now,
            couponCodes: [],
            lines: null,
          },
          at: now,
          now,
        });
        expect(plan).not.toBeNull();
        return { plan: plan!, orderId: data.id, merchantId };
      }),
    );
    // The middle one names no shopper: the customers insert refuses it (not null), which is not
    // the fast path's own "fall back" — the whole statement fails.
    const broken = { ...plans[1]!.plan, customer: { ...plans[1]!.plan.customer, id: null } };
    const delivery = (i: number) => ({
      dedupeKey: `batch-test:${plans[i]!.orderId}`,
      event: 'order.created',
      eventAt: now,
      body: JSON.stringify({ event: 'order.created', merchant: plans[i]!.merchantId }),
    });
    const settled = await Promise.allSettled([
      batcher.run(plans[0]!.plan, delivery(0)),
      batcher.run(broken as unknown as (typeof plans)[1]['plan'], delivery(1)),
      batcher.run(plans[2]!.plan, delivery(2)),
    ]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(settled[0]).toEqual({
      status: 'fulfilled',
      value: { kind: 'done', earnStatus: 'earned' },
    });
    expect(batcher.stats()).toEqual({ batches: 1, batchedOrders: 3, alone: 3, batchFailures: 1 });
    const keys = await db
      .select({ key: pointsLedger.idempotencyKey })
      .from(pointsLedger)
      .where(
        inArray(
          pointsLedger.merchantId,
          stores.map((s) => s.merchantId),
        ),
      )
      .orderBy(pointsLedger.merchantId);
    expect(keys.map((k) => k.key).sort()).toEqual(
      [`order:${plans[0]!.orderId}:earn`, `order:${plans[2]!.orderId}:earn`].sort(),
    );
    expect(await db.$count(orders, and(eq(orders.merchantId, plans[1]!.merchantId)))).toBe(0);
  });

  test('two orders of one store in one turn go in separate statements, both stored', async () => {
    const { merchantId, shoppers } = await storeWithShoppers(2);
    const before = stats();
    const events = shoppers.map((c) => created(merchantId, c));
    const answers = await Promise.all(events.map((e) => deliver(ctx, e)));
    expect(answers.map((a) => a.json().data.outcome)).toEqual(['processed', 'processed']);
    const after = stats();
    expect(after.batchedOrders - before.batchedOrders).toBe(0);
    expect(after.alone - before.alone).toBe(2);
    for (const c of shoppers) expect(await balanceOf(ctx, merchantId, c.id)).toBe(40);
  });
});
