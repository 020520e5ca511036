import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  orderModel,
  webhooks,
  type CustomerFacts,
  type Envelope,
  type OrderFacts,
} from '@nuqat/salla-sandbox';
import {
  customers,
  merchants,
  orders,
  planUsage,
  pointsLedger,
  webhookEvents,
} from '../../db/schema/index.ts';
import {
  balanceOf,
  createEngineContext,
  deliver,
  deliverOk,
  expectLedgerInvariant,
  storeSnapshot,
  ledgerOf,
  setRules,
  setupStore,
  type EngineContext,
  customerFacts,
  randomId,
} from '../../test/engine-support.ts';
import { planPeriodStart } from './engine-rules.ts';
import { PLAN_USAGE_SLOTS, preferredSlot, slotCap } from './plan-usage.repository.ts';
import { debitPoints } from './ledger.service.ts';

let ctx: EngineContext;

const nextId = randomId;
const customer = customerFacts;

/** A small deterministic PRNG (mulberry32), so a failing shuffle can be replayed. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

// Every engine test runs twice: with the fast path for first events of orders (the default) and
// with every event on the general path. Both must end in the same rows.
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

  describe('delivery order and duplicates', () => {
    interface Rules {
      'order.created': { points: number; minOrderTotalSar: number; maxPerCustomer?: number };
      purchase_amount?: { points: number; spendUnitSar: number };
      repeat_purchase?: { points: number; requiredPurchases: number };
      signup: { points: number };
      product_review: { points: number; minRating: number };
    }
    /** Caps and repeat bonuses depend on a shopper's other orders: the general path's work. */
    const CAPPED: Rules = {
      'order.created': { points: 20, minOrderTotalSar: 50, maxPerCustomer: 6 },
      repeat_purchase: { points: 15, requiredPurchases: 3 },
      signup: { points: 10 },
      product_review: { points: 5, minRating: 3 },
    };
    /** Rules the fast path takes: fixed points per order and points per riyal. */
    const PER_ORDER: Rules = {
      'order.created': { points: 20, minOrderTotalSar: 50 },
      purchase_amount: { points: 1, spendUnitSar: 10 },
      signup: { points: 10 },
      product_review: { points: 5, minRating: 3 },
    };

    /** A store's history: customers, orders with lifecycles, reviews — each event at its own second. */
    function buildHistory(merchantId: number, seed: number) {
      const random = prng(seed);
      const events: Envelope[] = [];
      const sallaOrders: ReturnType<typeof orderModel>[] = [];
      let clock = Date.UTC(2026, 10, 1, 9, 0, 0);
      const tick = () => new Date((clock += 1000));
      type Fate =
        | 'kept'
        | 'cancelled'
        | 'deleted'
        | 'full_refund'
        | 'partial_refund'
        | 'returned'
        | 'never_paid';
      const facts: {
        customer: CustomerFacts;
        orders: { order: OrderFacts; fate: Fate; refund: number }[];
        reviews: number[];
      }[] = [];
      for (let c = 0; c < 10; c++) {
        const cust = customer({ id: (merchantId % 1_000_000) * 100 + c + 1 });
        events.push(webhooks.customerCreated(merchantId, cust, tick()));
        const entry = {
          customer: cust,
          orders: [] as { order: OrderFacts; fate: Fate; refund: number }[],
          reviews: [] as number[],
        };
        const count = 2 + Math.floor(random() * 8);
        for (let i = 0; i < count; i++) {
          const total = [30, 60, 120, 250, 80][Math.floor(random() * 5)]!;
          const order: OrderFacts = {
            id: (merchantId % 1_000_000) * 10_000 + c * 100 + i + 1,
            customer: cust,
            total,
            status: 'payment_pending',
            placedAt: tick(),
          };
          const roll = random();
          const fate: Fate =
            roll < 0.1
              ? 'cancelled'
              : roll < 0.15
                ? 'deleted'
                : roll < 0.22
                  ? 'full_refund'
                  : roll < 0.32
                    ? 'partial_refund'
                    : roll < 0.37
                      ? 'returned'
                      : roll < 0.42
                        ? 'never_paid'
                        : 'kept';
          const refund = fate === 'partial_refund' ? Math.round(total * (0.2 + random() * 0.5)) : 0;
          // Half the orders paid online arrive already completed (the fast path's common case);
          // the others go payment pending → under review → completed.
          const paidAtOnce = fate !== 'never_paid' && random() < 0.5;
          events.push(
            webhooks.orderCreated(
              merchantId,
              paidAtOnce ? { ...order, status: 'completed' } : order,
              tick(),
            ),
          );
          if (fate === 'never_paid') {
            events.push(webhooks.orderCancelled(merchantId, order, tick()));
          } else {
            if (!paidAtOnce) {
              events.push(
                webhooks.orderStatusUpdated(
                  merchantId,
                  { ...order, status: 'under_review' },
                  tick(),
                ),
              );
              events.push(
                webhooks.orderStatusUpdated(merchantId, { ...order, status: 'completed' }, tick()),
              );
            }
            if (fate === 'cancelled')
              events.push(webhooks.orderCancelled(merchantId, order, tick()));
            if (fate === 'deleted')
              events.push(
                webhooks.orderDeleted(merchantId, { ...order, status: 'completed' }, tick()),
              );
            // Salla's Merchant API knows nothing of a full refund's order here (404): the
            // engine then counts the refund as full. A partial refund shows the kept total.
            if (fate === 'full_refund')
              events.push(
                webhooks.orderRefunded(merchantId, { ...order, status: 'completed' }, tick()),
              );
            if (fate === 'partial_refund') {
              sallaOrders.push(
                orderModel({ ...order, status: 'completed', total: total - refund }),
              );
              events.push(
                webhooks.orderRefunded(merchantId, { ...order, status: 'completed' }, tick()),
              );
            }
            if (fate === 'returned')
              events.push(
                webhooks.orderStatusUpdated(merchantId, { ...order, status: 'restored' }, tick()),
              );
          }
          entry.orders.push({ order, fate, refund });
        }
        for (let r = 0; r < Math.floor(random() * 3); r++) {
          const rating = 1 + Math.floor(random() * 5);
          events.push(
            webhooks.reviewAdded(
              merchantId,
              {
                id: (merchantId % 1_000_000) * 1000 + c * 10 + r + 1,
                customer: cust,
                rating,
                productId: 500 + r,
              },
              tick(),
            ),
          );
          entry.reviews.push(rating);
        }
        facts.push(entry);
      }
      for (const order of sallaOrders) ctx.sandbox.setOrder(merchantId, order);
      return { events, facts };
    }

    /** The balances the rules call for, computed independently of the engine. */
    function expectedBalances(
      facts: ReturnType<typeof buildHistory>['facts'],
      RULES: Rules,
    ): Map<number, number> {
      const result = new Map<number, number>();
      for (const { customer: c, orders: list, reviews } of facts) {
        let points =
          RULES.signup.points +
          reviews.filter((r) => r >= RULES.product_review.minRating).length *
            RULES.product_review.points;
        const live = list.filter((o) => o.fate === 'kept' || o.fate === 'partial_refund');
        live.forEach(({ order, refund }, index) => {
          const n = index + 1;
          const rule = RULES['order.created'];
          const perRiyal = RULES.purchase_amount;
          let earned = 0;
          if (n <= (rule.maxPerCustomer ?? Infinity) && order.total >= rule.minOrderTotalSar)
            earned += rule.points;
          if (perRiyal) earned += Math.floor(order.total / perRiyal.spendUnitSar) * perRiyal.points;
          points += Math.floor((earned * (order.total - refund)) / order.total);
          if (RULES.repeat_purchase && n % RULES.repeat_purchase.requiredPurchases === 0)
            points += RULES.repeat_purchase.points;
        });
        result.set(c.id, points);
      }
      return result;
    }

    test.each([
      { name: 'caps and repeat bonuses', RULES: CAPPED },
      { name: 'points per order and per riyal', RULES: PER_ORDER },
    ])(
      '$name: every event delivered 3 times in shuffled order ends in the balances the rules call for, like in-order delivery',
      async ({ RULES }) => {
        const inOrderStore = await setupStore(ctx, { rules: RULES });
        const shuffledStore = await setupStore(ctx, { rules: RULES });
        const seed = 20261122;
        const a = buildHistory(inOrderStore, seed);
        const b = buildHistory(shuffledStore, seed);

        for (const event of a.events) await deliverOk(ctx, event);

        const random = prng(seed + 1);
        const deliveries = [...b.events, ...b.events, ...b.events];
        for (let i = deliveries.length - 1; i > 0; i--) {
          const j = Math.floor(random() * (i + 1));
          [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
        }
        const outcomes = { processed: 0, duplicate: 0, ignored: 0 };
        for (const event of deliveries)
          outcomes[(await deliverOk(ctx, event)) as keyof typeof outcomes] += 1;
        expect(outcomes.duplicate).toBe(2 * b.events.length);

        const expectedA = expectedBalances(a.facts, RULES);
        const expectedB = expectedBalances(b.facts, RULES);
        let nonZero = 0;
        for (const [index, { customer: c }] of a.facts.entries()) {
          const twin = b.facts[index]!.customer;
          expect(await balanceOf(ctx, inOrderStore, c.id), `in order, customer ${index}`).toBe(
            expectedA.get(c.id),
          );
          expect(await balanceOf(ctx, shuffledStore, twin.id), `shuffled, customer ${index}`).toBe(
            expectedB.get(twin.id),
          );
          if (expectedA.get(c.id)! > RULES.signup.points) nonZero += 1;
        }
        expect(nonZero).toBeGreaterThan(5);
        await expectLedgerInvariant(ctx, inOrderStore);
        await expectLedgerInvariant(ctx, shuffledStore);
      },
    );

    test('the fast and the general path write the same rows for the same history', async () => {
      const other = await createEngineContext({
        env: { ENGINE_FAST_PATH: env.ENGINE_FAST_PATH === '1' ? '0' : '1' },
      });
      const mine = ctx;
      try {
        const snapshots = [];
        for (const c of [mine, other]) {
          ctx = c; // buildHistory tells this context's sandbox about partial refunds
          const m = await setupStore(c, {
            rules: PER_ORDER,
            subscriptionStartedAt: new Date(Date.UTC(2026, 9, 15)),
            expiryDays: 90,
          });
          for (const event of buildHistory(m, 424242).events) await deliverOk(c, event);
          snapshots.push(await storeSnapshot(c, m));
        }
        expect(snapshots[0]!.ledger.length).toBeGreaterThan(10);
        // Both paths really ran: the fast one took first events of orders in its context.
        const fast = env.ENGINE_FAST_PATH === '1' ? mine : other;
        expect(fast.app.services.webhooks.stats().fastPath).toBeGreaterThan(10);
        expect(snapshots[1]).toEqual(snapshots[0]);
      } finally {
        ctx = mine;
        await other.close();
      }
    }, 90_000);

    test('the same event posted 20 times at once gives one ledger row', async () => {
      const merchantId = await setupStore(ctx, { rules: { 'order.created': { points: 40 } } });
      const c = customer();
      await deliverOk(ctx, webhooks.customerCreated(merchantId, c));
      const event = webhooks.orderCreated(merchantId, {
        id: nextId(),
        customer: c,
        total: 100,
        status: 'completed',
      });
      const results = await Promise.all(Array.from({ length: 20 }, () => deliver(ctx, event)));
      expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      expect(results.filter((r) => r.json().data.outcome === 'processed')).toHaveLength(1);
      const rows = await ledgerOf(ctx, merchantId);
      expect(rows).toHaveLength(1);
      expect(await balanceOf(ctx, merchantId, c.id)).toBe(40);
    });

    test('different events for one customer posted at once are all applied', async () => {
      const merchantId = await setupStore(ctx, { rules: { 'order.created': { points: 7 } } });
      const c = customer();
      await deliverOk(ctx, webhooks.customerCreated(merchantId, c));
      const events = Array.from({ length: 15 }, () =>
        webhooks.orderCreated(merchantId, {
          id: nextId(),
          customer: c,
          total: 100,
          status: 'completed',
        }),
      );
      const results = await Promise.all(events.map((e) => deliver(ctx, e)));
      expect(results.every((r) => r.statusCode === 200)).toBe(true);
      expect(await balanceOf(ctx, merchantId, c.id)).toBe(105);
      await expectLedgerInvariant(ctx, merchantId);
    });
  });

  describe('clawback', () => {
    /** 100 points earned, 80 spent, then the order cancelled (twice): 20 taken, 80 short. */
    async function spentThenCancelled(forgiveSpentClawbacks: boolean) {
      const merchantId = await setupStore(ctx, { rules: { 'order.created': { points: 100 } } });
      if (forgiveSpentClawbacks)
        await ctx.database.db
          .update(merchants)
          .set({ forgiveSpentClawbacks })
          .where(eq(merchants.id, merchantId));
      const c = customer();
      const order = { id: nextId(), customer: c, total: 300, status: 'completed' };
      await deliverOk(ctx, webhooks.orderCreated(merchantId, order));
      await ctx.database.db.transaction((tx) =>
        debitPoints(tx, {
          merchantId,
          customerId: c.id,
          points: 80,
          kind: 'redeem',
          sourceType: 'redemption',
          sourceId: 'r1',
          idempotencyKey: 'redeem:r1',
          at: new Date(),
        }),
      );
      expect(await balanceOf(ctx, merchantId, c.id)).toBe(20);
      const cancel = webhooks.orderCancelled(merchantId, order, new Date(Date.now() + 1000));
      await deliverOk(ctx, cancel);
      await deliverOk(ctx, cancel);
      await ctx.app.services.debts.idle();
      expect(await balanceOf(ctx, merchantId, c.id)).toBe(0);
      const clawbacks = (await ledgerOf(ctx, merchantId)).filter((r) => r.kind === 'clawback');
      expect(clawbacks).toHaveLength(1);
      expect(clawbacks[0]).toMatchObject({
        delta: -20,
        shortfall: 80,
        idempotencyKey: `order:${order.id}:clawback`,
      });
      // A later order's 100 points.
      await deliverOk(
        ctx,
        webhooks.orderCreated(
          merchantId,
          { id: nextId(), customer: c, total: 50, status: 'completed' },
          new Date(Date.now() + 2000),
        ),
      );
      return { merchantId, customerId: c.id, clawback: clawbacks[0]! };
    }

    test('after points were spent the balance goes to zero, never below, and the shortfall is owed until later points repay it', async () => {
      const { merchantId, customerId, clawback } = await spentThenCancelled(false);
      // The 80 spent points were owed (decision 027); the next 100 repay them first.
      expect(clawback.debtDelta).toBe(80);
      expect(await balanceOf(ctx, merchantId, customerId)).toBe(20);
      const [customerRow] = await ctx.database.db
        .select({ debt: customers.pointsDebt })
        .from(customers)
        .where(eq(customers.id, customerId));
      expect(customerRow!.debt).toBe(0);
      await expectLedgerInvariant(ctx, merchantId);
    });

    test('a store that forgives writes the shortfall off: later earnings are the shopper’s', async () => {
      const { merchantId, customerId, clawback } = await spentThenCancelled(true);
      expect(clawback.debtDelta).toBe(0);
      expect(await balanceOf(ctx, merchantId, customerId)).toBe(100);
      await expectLedgerInvariant(ctx, merchantId);
    });

    test('a clawback takes from the order’s own points first, so older points keep their expiry', async () => {
      const merchantId = await setupStore(ctx, {
        rules: { 'order.created': { points: 10 }, signup: { points: 50 } },
        expiryDays: 30,
      });
      const c = customer();
      await deliverOk(ctx, webhooks.customerCreated(merchantId, c));
      const order = { id: nextId(), customer: c, total: 100, status: 'completed' };
      await deliverOk(ctx, webhooks.orderCreated(merchantId, order, new Date(Date.now() + 1000)));
      await deliverOk(ctx, webhooks.orderCancelled(merchantId, order, new Date(Date.now() + 2000)));
      const lots = await ctx.database.db.execute(
        sql`select source_type, remaining from points_lots where merchant_id = ${merchantId} order by ledger_id`,
      );
      expect(
        (lots as unknown as { rows: { source_type: string; remaining: number }[] }).rows,
      ).toEqual([
        { source_type: 'signup', remaining: 50 },
        { source_type: 'order', remaining: 0 },
      ]);
    });
  });

  describe('plan limit', () => {
    test('a starter store earns on orders 999 and 1000 of the month, and records 1001 as over the limit', async () => {
      const merchantId = await setupStore(ctx, {
        plan: 'starter',
        rules: { 'order.created': { points: 10 } },
      });
      const [m] = await ctx.database.db
        .select()
        .from(merchants)
        .where(eq(merchants.id, merchantId));
      const now = new Date();
      const c = customer();
      // 998 of 1000 counted: every slot full but one, two short — and not the shopper's own
      // slot, so the orders spill over to it.
      const spare = (preferredSlot(c.id) + 5) % PLAN_USAGE_SLOTS;
      await ctx.database.db.insert(planUsage).values(
        Array.from({ length: PLAN_USAGE_SLOTS }, (_, slot) => ({
          merchantId,
          periodStart: planPeriodStart(m!, now),
          slot,
          ordersCounted: slotCap(1000, slot)! - (slot === spare ? 2 : 0),
        })),
      );
      const ids = [nextId(), nextId(), nextId()];
      for (const [i, id] of ids.entries()) {
        await deliverOk(
          ctx,
          webhooks.orderCreated(
            merchantId,
            { id, customer: c, total: 100, status: 'completed', placedAt: now },
            new Date(now.getTime() + i * 1000),
          ),
        );
      }
      const rows = await ctx.database.db
        .select()
        .from(orders)
        .where(eq(orders.merchantId, merchantId));
      const status = new Map(rows.map((r) => [r.id, r.earnStatus]));
      expect(ids.map((id) => status.get(id))).toEqual(['earned', 'earned', 'over_limit']);
      expect(await balanceOf(ctx, merchantId, c.id)).toBe(20);
      const usage = await ctx.database.db
        .select()
        .from(planUsage)
        .where(eq(planUsage.merchantId, merchantId));
      expect(usage.reduce((n, u) => n + u.ordersCounted, 0)).toBe(1000);
      expect(usage.reduce((n, u) => n + u.ordersOverLimit, 0)).toBe(1);
      expect(usage.every((u) => u.ordersCounted <= slotCap(1000, u.slot)!)).toBe(true);
    });

    test('orders of many shoppers at once near the limit never count beyond it', async () => {
      const merchantId = await setupStore(ctx, {
        plan: 'starter',
        rules: { 'order.created': { points: 10 } },
      });
      const [m] = await ctx.database.db
        .select()
        .from(merchants)
        .where(eq(merchants.id, merchantId));
      const now = new Date();
      // 990 of 1000 counted, the free places spread over ten slots.
      await ctx.database.db.insert(planUsage).values(
        Array.from({ length: PLAN_USAGE_SLOTS }, (_, slot) => ({
          merchantId,
          periodStart: planPeriodStart(m!, now),
          slot,
          ordersCounted: slotCap(1000, slot)! - (slot < 10 ? 1 : 0),
        })),
      );
      const shoppers = Array.from({ length: 30 }, () => customer());
      const results = await Promise.all(
        shoppers.map((c) =>
          deliver(
            ctx,
            webhooks.orderCreated(merchantId, {
              id: nextId(),
              customer: c,
              total: 100,
              status: 'completed',
              placedAt: now,
            }),
          ),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
      const rows = await ctx.database.db
        .select()
        .from(orders)
        .where(eq(orders.merchantId, merchantId));
      expect(rows.filter((o) => o.earnStatus === 'earned')).toHaveLength(10);
      expect(rows.filter((o) => o.earnStatus === 'over_limit')).toHaveLength(20);
      const usage = await ctx.database.db
        .select()
        .from(planUsage)
        .where(eq(planUsage.merchantId, merchantId));
      expect(usage.reduce((n, u) => n + u.ordersCounted, 0)).toBe(1000);
      expect(usage.reduce((n, u) => n + u.ordersOverLimit, 0)).toBe(20);
      expect(usage.every((u) => u.ordersCounted <= slotCap(1000, u.slot)!)).toBe(true);
      await expectLedgerInvariant(ctx, merchantId);
    });

    test('a growth store has no order limit', async () => {
      const merchantId = await setupStore(ctx, {
        plan: 'growth',
        rules: { 'order.created': { points: 10 } },
      });
      const [m] = await ctx.database.db
        .select()
        .from(merchants)
        .where(eq(merchants.id, merchantId));
      await ctx.database.db
        .insert(planUsage)
        .values({ merchantId, periodStart: planPeriodStart(m!, new Date()), ordersCounted: 5000 });
      const c = customer();
      await deliverOk(
        ctx,
        webhooks.orderCreated(merchantId, {
          id: nextId(),
          customer: c,
          total: 100,
          status: 'completed',
        }),
      );
      expect(await balanceOf(ctx, merchantId, c.id)).toBe(10);
    });

    test('an inactive or expired subscription earns nothing but the events are still recorded', async () => {
      const merchantId = await setupStore(ctx, {
        subscriptionStatus: 'expired',
        rules: { 'order.created': { points: 10 }, signup: { points: 5 } },
      });
      const c = customer();
      await deliverOk(ctx, webhooks.customerCreated(merchantId, c));
      const id = nextId();
      await deliverOk(
        ctx,
        webhooks.orderCreated(merchantId, { id, customer: c, total: 100, status: 'completed' }),
      );
      expect(await balanceOf(ctx, merchantId, c.id)).toBe(0);
      const [o] = await ctx.database.db.select().from(orders).where(eq(orders.id, id));
      expect(o!.earnStatus).toBe('subscription_inactive');
      const events = await ctx.database.db.execute(
        sql`select count(*)::int as n from webhook_events where merchant_id = ${merchantId}`,
      );
      expect((events as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
    });

    test('subscription months follow the subscription start date', () => {
      const merchant = { subscriptionStartedAt: new Date('2026-01-31T10:00:00Z') } as Parameters<
        typeof planPeriodStart
      >[0];
      expect(planPeriodStart(merchant, new Date('2026-03-01T00:00:00Z')).toISOString()).toBe(
        '2026-02-28T10:00:00.000Z',
      );
      expect(planPeriodStart(merchant, new Date('2026-03-31T11:00:00Z')).toISOString()).toBe(
        '2026-03-31T10:00:00.000Z',
      );
      expect(planPeriodStart(merchant, new Date('2026-01-31T10:00:00Z')).toISOString()).toBe(
        '2026-01-31T10:00:00.000Z',
      );
    });
  });

  describe('caps and repeat purchases', () => {
    test('the per-customer cap of a rule is enforced', async () => {
      const merchantId = await setupStore(ctx, {
        rules: {
          product_review: { points: 5, maxPerCustomer: 2 },
          'order.created': { points: 10, maxPerCustomer: 2 },
        },
      });
      const c = customer();
      for (let i = 0; i < 3; i++)
        await deliverOk(
          ctx,
          webhooks.reviewAdded(merchantId, {
            id: nextId(),
            customer: c,
            rating: 5,
            productId: 900 + i,
          }),
        );
      const first = {
        id: nextId(),
        customer: c,
        total: 100,
        status: 'completed',
        placedAt: new Date(Date.now() - 3000),
      };
      await deliverOk(ctx, webhooks.orderCreated(merchantId, first));
      for (let i = 0; i < 2; i++)
        await deliverOk(
          ctx,
          webhooks.orderCreated(merchantId, {
            id: nextId(),
            customer: c,
            total: 100,
            status: 'completed',
          }),
        );
      expect(await balanceOf(ctx, merchantId, c.id)).toBe(10 + 20);
      // The first order is cancelled: the next counted order moves inside the cap.
      await deliverOk(ctx, webhooks.orderCancelled(merchantId, first, new Date(Date.now() + 5000)));
      expect(await balanceOf(ctx, merchantId, c.id)).toBe(10 + 20);
      await expectLedgerInvariant(ctx, merchantId);
    });

    test('every N-th qualifying order earns the repeat-purchase bonus', async () => {
      const merchantId = await setupStore(ctx, {
        rules: { repeat_purchase: { points: 50, requiredPurchases: 2 } },
      });
      const c = customer();
      for (let i = 0; i < 5; i++) {
        await deliverOk(
          ctx,
          webhooks.orderCreated(merchantId, {
            id: nextId(),
            customer: c,
            total: 10,
            status: 'completed',
            placedAt: new Date(Date.now() + i * 1000),
          }),
        );
      }
      expect(await balanceOf(ctx, merchantId, c.id)).toBe(100);
      const bonusRows = (await ledgerOf(ctx, merchantId)).filter(
        (r) => r.sourceType === 'repeat_purchase',
      );
      expect(bonusRows).toHaveLength(2);
    });
  });

  describe('expiry', () => {
    // The expiry job walks every store, 45 days ahead here: on a database of its own, so that it
    // expires no other suite's points.
    let shared: EngineContext;
    beforeAll(async () => {
      shared = ctx;
      ctx = await createEngineContext({ env, ownDatabase: true });
    });
    afterAll(async () => {
      await ctx.close();
      ctx = shared;
    });

    test('expiry takes the oldest credits first and never points already spent', async () => {
      const merchantId = await setupStore(ctx, {
        rules: { 'order.created': { points: 50 }, signup: { points: 30 } },
        expiryDays: 30,
      });
      const c = customer();
      const t0 = ctx.clock.now();
      await deliverOk(
        ctx,
        webhooks.orderCreated(
          merchantId,
          { id: nextId(), customer: c, total: 100, status: 'completed' },
          t0,
        ),
      );
      await deliverOk(
        ctx,
        webhooks.customerCreated(merchantId, c, new Date(t0.getTime() + 10 * 86_400_000)),
      );
      expect(await balanceOf(ctx, merchantId, c.id)).toBe(80);
      await ctx.database.db.transaction((tx) =>
        debitPoints(tx, {
          merchantId,
          customerId: c.id,
          points: 60,
          kind: 'redeem',
          sourceType: 'redemption',
          sourceId: 'x',
          idempotencyKey: `redeem:${c.id}`,
          at: t0,
        }),
      );
      expect(await balanceOf(ctx, merchantId, c.id)).toBe(20);
      const day = 86_400_000;
      try {
        // Day 35: the order's lot (spent in full) expired with nothing left to take.
        ctx.clock.advance(35 * day);
        await ctx.app.services.jobs.runExpiry();
        expect(await balanceOf(ctx, merchantId, c.id)).toBe(20);
        // Day 45: what is left of the signup lot expires.
        ctx.clock.advance(10 * day);
        await ctx.app.services.jobs.runExpiry();
        expect(await balanceOf(ctx, merchantId, c.id)).toBe(0);
        await ctx.app.services.jobs.runExpiry();
      } finally {
        ctx.clock.advance(-45 * day);
      }
      const expired = (await ledgerOf(ctx, merchantId)).filter((r) => r.kind === 'expire');
      expect(expired.map((r) => r.delta)).toEqual([-20]);
      await expectLedgerInvariant(ctx, merchantId);
    });
  });

  describe('birthdays', () => {
    test('birthday points once a year, not for a birthday set within 30 days, and a second run the same day does nothing', async () => {
      const merchantId = await setupStore(ctx, { rules: { birthday: { points: 100 } } });
      const now = ctx.clock.now();
      const riyadh = new Date(now.getTime() + 3 * 3_600_000);
      const today = `1990-${String(riyadh.getUTCMonth() + 1).padStart(2, '0')}-${String(riyadh.getUTCDate()).padStart(2, '0')}`;
      const longKnown = customer({ birthday: today });
      const justSet = customer({ birthday: today });
      const otherDay = customer({ birthday: '1990-01-01' === today ? '1990-01-02' : '1990-01-01' });
      await deliverOk(
        ctx,
        webhooks.customerCreated(merchantId, longKnown, new Date(now.getTime() - 40 * 86_400_000)),
      );
      await deliverOk(
        ctx,
        webhooks.customerCreated(merchantId, justSet, new Date(now.getTime() - 5 * 86_400_000)),
      );
      await deliverOk(
        ctx,
        webhooks.customerCreated(merchantId, otherDay, new Date(now.getTime() - 90 * 86_400_000)),
      );
      const jobs = ctx.app.services.jobs;
      // On a database another run already used today, the day is claimed: force the first run then.
      const first = await jobs.runBirthdays();
      if (!first.ran) await jobs.runBirthdays({ force: true });
      const second = await jobs.runBirthdays();
      expect(second).toEqual({ ran: false, awarded: 0 });
      const forced = await jobs.runBirthdays({ force: true });
      expect(forced.awarded).toBe(0);
      expect(await balanceOf(ctx, merchantId, longKnown.id)).toBe(100);
      expect(await balanceOf(ctx, merchantId, justSet.id)).toBe(0);
      expect(await balanceOf(ctx, merchantId, otherDay.id)).toBe(0);
      const rows = await ctx.database.db
        .select()
        .from(pointsLedger)
        .where(eq(pointsLedger.merchantId, merchantId));
      expect(rows.map((r) => r.idempotencyKey)).toEqual([
        `birthday:${longKnown.id}:${riyadh.getUTCFullYear()}`,
      ]);
    });
  });

  describe('uninstalled stores', () => {
    test('a store uninstalled and silent for more than 90 days is deleted with all its data; a recent or reinstalled one is kept', async () => {
      const db = ctx.database.db;
      const day = 86_400_000;
      const now = ctx.clock.now().getTime();
      const stores = {
        gone: await setupStore(ctx, { rules: { signup: { points: 10 } } }),
        recent: await setupStore(ctx, { rules: { signup: { points: 10 } } }),
        back: await setupStore(ctx, { rules: { signup: { points: 10 } } }),
      };
      for (const merchantId of Object.values(stores)) {
        await deliverOk(
          ctx,
          webhooks.customerCreated(merchantId, customer(), new Date(now - 120 * day)),
        );
      }
      await deliverOk(ctx, webhooks.appUninstalled(stores.gone, new Date(now - 91 * day)));
      await deliverOk(ctx, webhooks.appUninstalled(stores.recent, new Date(now - 89 * day)));
      await deliverOk(ctx, webhooks.appUninstalled(stores.back, new Date(now - 100 * day)));
      await deliverOk(ctx, webhooks.appInstalled(stores.back, new Date(now - 95 * day)));
      // Received back then too: the purge wants the store silent for the grace period.
      await db
        .update(webhookEvents)
        .set({ receivedAt: sql`${webhookEvents.receivedAt} - interval '91 days'` })
        .where(inArray(webhookEvents.merchantId, Object.values(stores)));

      const storePurge = ctx.app.services.storePurge;
      // On a database another run already used today, the day is claimed: force the first run then.
      // Only these stores: other suites' stores share the database.
      const merchantIds = Object.values(stores);
      let first = await storePurge.run({ merchantIds });
      if (!first.ran) first = await storePurge.run({ force: true, merchantIds });
      expect(first.purged).toContain(stores.gone);
      expect(first.purged).not.toContain(stores.recent);
      expect(first.purged).not.toContain(stores.back);
      expect(await storePurge.run({ merchantIds })).toEqual({ ran: false, purged: [] });

      const left = async (merchantId: number) => {
        const result = await db.execute(sql`
        select (select count(*) from merchants where id = ${merchantId})::int as merchants,
               (select count(*) from customers where merchant_id = ${merchantId})::int as customers,
               (select count(*) from points_ledger where merchant_id = ${merchantId})::int as ledger,
               (select count(*) from webhook_events where merchant_id = ${merchantId})::int as events`);
        return (result as unknown as { rows: Record<string, number>[] }).rows[0];
      };
      expect(await left(stores.gone)).toEqual({ merchants: 0, customers: 0, ledger: 0, events: 0 });
      for (const merchantId of [stores.recent, stores.back]) {
        expect(await left(merchantId)).toMatchObject({ merchants: 1, customers: 1, ledger: 1 });
        await expectLedgerInvariant(ctx, merchantId);
      }
    });
  });

  describe('when points count', () => {
    test('held points: spendable only after the chosen status and the holding period; the release job credits them once', async () => {
      const merchantId = await setupStore(ctx, {
        rules: { 'order.created': { points: 30 } },
        spendableOn: ['delivered'],
        holdDays: 7,
        expiryDays: 30,
      });
      const c = customer();
      const t0 = Math.floor(Date.now() / 1000) * 1000;
      const kept = { id: nextId(), customer: c, total: 100, status: 'completed' };
      const returned = { id: nextId(), customer: c, total: 100, status: 'completed' };
      for (const o of [kept, returned]) {
        await deliverOk(ctx, webhooks.orderCreated(merchantId, o, new Date(t0)));
        await deliverOk(
          ctx,
          webhooks.orderStatusUpdated(
            merchantId,
            { ...o, status: 'delivered' },
            new Date(t0 + 1000),
          ),
        );
      }
      expect(await balanceOf(ctx, merchantId, c.id)).toBe(0);
      // Returned inside the holding period: it never earns, nothing to take back.
      await deliverOk(
        ctx,
        webhooks.orderStatusUpdated(
          merchantId,
          { ...returned, status: 'restored' },
          new Date(t0 + 2000),
        ),
      );
      expect((await ctx.app.services.jobs.runReleases()).released).toBe(0);
      const week = 7 * 86_400_000 + 5000;
      ctx.clock.advance(week);
      try {
        expect((await ctx.app.services.jobs.runReleases()).released).toBeGreaterThanOrEqual(1);
        expect((await ctx.app.services.jobs.runReleases()).released).toBe(0);
      } finally {
        ctx.clock.advance(-week);
      }
      expect(await balanceOf(ctx, merchantId, c.id)).toBe(30);
      const ledger = await ledgerOf(ctx, merchantId);
      expect(ledger.map((r) => [r.kind, r.delta])).toEqual([['earn', 30]]);
      // The 30 days of validity start when the points became spendable.
      expect(ledger[0]!.expiresAt!.getTime()).toBe(t0 + 1000 + 37 * 86_400_000);
      await expectLedgerInvariant(ctx, merchantId);
    });

    test('a store may count points from under review on', async () => {
      const merchantId = await setupStore(ctx, {
        rules: { 'order.created': { points: 10 } },
        spendableOn: ['under_review', 'completed'],
      });
      const c = customer();
      const o = { id: nextId(), customer: c, total: 100, status: 'under_review' };
      await deliverOk(ctx, webhooks.orderCreated(merchantId, o));
      expect(await balanceOf(ctx, merchantId, c.id)).toBe(10);
    });
  });

  describe('ledger', () => {
    test('ledger rows cannot be changed or deleted', async () => {
      const merchantId = await setupStore(ctx, { rules: { signup: { points: 5 } } });
      const c = customer();
      await deliverOk(ctx, webhooks.customerCreated(merchantId, c));
      await expect(
        ctx.database.db.execute(
          sql`update points_ledger set delta = 500 where merchant_id = ${merchantId}`,
        ),
      ).rejects.toThrow();
      await expect(
        ctx.database.db.execute(sql`delete from points_ledger where merchant_id = ${merchantId}`),
      ).rejects.toThrow();
      expect(await balanceOf(ctx, merchantId, c.id)).toBe(5);
    });

    test('rules changed later do not change what an order already earned', async () => {
      const merchantId = await setupStore(ctx, { rules: { 'order.created': { points: 10 } } });
      const c = customer();
      const order = { id: nextId(), customer: c, total: 100, status: 'completed' };
      await deliverOk(ctx, webhooks.orderCreated(merchantId, order));
      await setRules(ctx, merchantId, { 'order.created': { points: 99 } });
      await deliverOk(
        ctx,
        webhooks.orderUpdated(
          merchantId,
          { ...order, status: 'delivered' },
          new Date(Date.now() + 1000),
        ),
      );
      expect(await balanceOf(ctx, merchantId, c.id)).toBe(10);
      await deliverOk(ctx, webhooks.orderCancelled(merchantId, order, new Date(Date.now() + 2000)));
      expect(await balanceOf(ctx, merchantId, c.id)).toBe(0);
    });
  });
});
