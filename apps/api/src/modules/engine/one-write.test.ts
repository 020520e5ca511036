import { webhooks } from '@nuqat/salla-sandbox';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { customers } from '../../db/schema/index.ts';
import {
  balanceOf,
  createEngineContext,
  customerFacts,
  deliverOk,
  randomId,
  setupStore,
  type EngineContext,
} from '../../test/engine-support.ts';
import { createEngineConfigCache } from './config.ts';
import { planFastOrder, shortPathParams, type ShortPathDelivery } from './fast-order.ts';
import { planOrderEvent } from './order-event.ts';

/**
 * Decision 067: a new order, or a later event of one, writes the shopper's row once — every new
 * version of it goes into all of `customers`' indexes. Before, the fast path wrote up to three
 * (the profile, the figures through the orders trigger, the points). Counted in the statement's
 * own transaction (pg_stat_get_xact_tuples_updated), then committed: the suites' closing checks
 * hold the figures the functions wrote to the orders.
 */

let ctx: EngineContext;
const RULES = { 'order.created': { points: 40 } } as const;

beforeAll(async () => {
  ctx = await createEngineContext();
});
afterAll(async () => {
  await ctx.close();
});

/**
 * Runs one short path statement in a transaction: its answer and the shopper rows it wrote. The
 * counters are read before and after it in that transaction (a backend's pending counts also hold
 * its earlier transactions' until they are flushed, at most once a second).
 */
async function runCounted(
  fn: 'nuqat_fast_order' | 'nuqat_order_event',
  plan: object,
  delivery: ShortPathDelivery,
) {
  return ctx.database.db.transaction(async (tx) => {
    const counters = async () => {
      const result = await tx.execute(
        sql`select pg_stat_get_xact_tuples_updated('customers'::regclass)::int as updated,
                   pg_stat_get_xact_tuples_inserted('customers'::regclass)::int as inserted`,
      );
      return (result as unknown as { rows: { updated: number; inserted: number }[] }).rows[0]!;
    };
    const before = await counters();
    const answer = await tx.execute(
      sql`select ${sql.raw(fn)}(${shortPathParams(plan, delivery)}::jsonb, ${delivery.body}::jsonb) as r`,
    );
    const after = await counters();
    return {
      answer: (answer as unknown as { rows: { r: string }[] }).rows[0]!.r,
      updated: after.updated - before.updated,
      inserted: after.inserted - before.inserted,
    };
  });
}

const delivery = (key: string, event: string, at: Date): ShortPathDelivery => ({
  dedupeKey: `one-write:${key}`,
  event,
  eventAt: at,
  body: JSON.stringify({ event, key }),
});

describe("the shopper's row, written once per order event", () => {
  test('a new order, then its completion, then an event that changes nothing', async () => {
    const merchantId = await setupStore(ctx, { rules: RULES });
    const shopper = customerFacts();
    await deliverOk(ctx, webhooks.customerCreated(merchantId, shopper));
    const configs = createEngineConfigCache();
    const db = ctx.database.db;
    const orderId = randomId();
    const placedAt = new Date();
    const facts = (statusSlug: string, withCustomer: boolean) => ({
      id: orderId,
      referenceId: null,
      customer: withCustomer
        ? { id: shopper.id, firstName: 'سارة', lastName: 'الأحمد', email: shopper.email }
        : null,
      totalHalalas: 25_000,
      spendHalalas: 25_000,
      currency: 'SAR',
      statusSlug,
      statusStage: 'placed' as const,
      placedAt,
      couponCodes: [],
      lines: null,
    });

    // A new order under review: it qualifies (placed) and its points wait for completion. Its
    // profile is newer than the customer.created one, so it is mirrored too — still one write.
    const config = (await configs.current(db, merchantId))!;
    const created = planFastOrder(config, {
      kind: 'created',
      order: facts('under_review', true),
      at: placedAt,
      now: placedAt,
    });
    expect(created).not.toBeNull();
    const first = await runCounted(
      'nuqat_fast_order',
      created!,
      delivery(`${orderId}:created`, 'order.created', placedAt),
    );
    expect(first).toEqual({ answer: 'earned', updated: 1, inserted: 0 });
    const [afterCreated] = await db
      .select()
      .from(customers)
      .where(and(eq(customers.merchantId, merchantId), eq(customers.id, shopper.id)));
    expect(afterCreated).toMatchObject({
      firstName: 'سارة',
      lastName: 'الأحمد',
      ordersCount: 1,
      spendHalalas: 25_000,
      pointsBalance: 0,
    });

    // A status update minutes later, planned and run as the event path runs it.
    const statusUpdate = (minutes: number, withCustomer: boolean) => {
      const at = new Date(placedAt.getTime() + minutes * 60_000);
      const plan = planOrderEvent(config, {
        kind: 'status',
        order: facts('completed', withCustomer),
        at,
        now: at,
      });
      expect(plan).not.toBeNull();
      return runCounted(
        'nuqat_order_event',
        plan!,
        delivery(`${orderId}:${minutes}`, 'order.status.updated', at),
      );
    };

    // Completed: the order's points are released; its figures and the credit, one write.
    expect(await statusUpdate(1, true)).toEqual({ answer: 'earned', updated: 1, inserted: 0 });
    expect(await balanceOf(ctx, merchantId, shopper.id)).toBe(40);

    // The same status again, later, without a profile: nothing of the shopper moves, no write.
    expect(await statusUpdate(2, false)).toEqual({ answer: 'earned', updated: 0, inserted: 0 });
    expect(await balanceOf(ctx, merchantId, shopper.id)).toBe(40);
  });
});
