import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orderModel, webhooks, type Envelope, type OrderFacts } from '@nuqat/salla-sandbox';
import {
  balanceOf,
  createEngineContext,
  customerFacts,
  deliverOk,
  expectLedgerInvariant,
  randomId,
  setupStore,
  storeSnapshot,
  type EngineContext,
} from '../../test/engine-support.ts';
import { debitPoints } from './ledger.service.ts';

/**
 * The event path (decision 062): later events of a known order in one statement. Every history
 * below is played in a context with the short paths on and in one with every event on the general
 * path; both must end in the same order, shopper, ledger and lot rows, and the short-path context
 * must have taken each event by the path named for it.
 */

type Step =
  | { kind: 'created'; status: string }
  | { kind: 'status'; status: string }
  | { kind: 'cancelled' }
  | { kind: 'deleted' }
  /** Salla's Merchant API shows this total (SAR) after the refund; 0: nothing left. */
  | { kind: 'refunded'; remaining: number }
  /** The shopper spends this many points on a coupon (not an order event). */
  | { kind: 'spend'; points: number };

interface History {
  name: string;
  steps: Step[];
  /** The path each order event takes with the short paths on. */
  paths: ('fast' | 'event' | 'general')[];
  /** The shopper's balance at the end (order rules: 20 per order + 1 per 10 SAR, total 300). */
  balance: number;
}

const created = (status: string): Step => ({ kind: 'created', status });
const status = (s: string): Step => ({ kind: 'status', status: s });
const EARNED = 20 + 30;

const HISTORIES: History[] = [
  // bench/lib/scenarios.mjs LIFECYCLES, the realistic mix.
  {
    name: 'paid, completed, delivered',
    steps: [created('in_progress'), status('completed'), status('delivered')],
    paths: ['fast', 'event', 'event'],
    balance: EARNED,
  },
  { name: 'completed at once', steps: [created('completed')], paths: ['fast'], balance: EARNED },
  {
    name: 'bank transfer: under_review → in_progress → completed',
    steps: [created('under_review'), status('in_progress'), status('completed')],
    paths: ['fast', 'event', 'event'],
    balance: EARNED,
  },
  {
    name: 'cancelled while under review',
    steps: [created('under_review'), { kind: 'cancelled' }],
    paths: ['fast', 'event'],
    balance: 0,
  },
  {
    name: 'cancelled after completion',
    steps: [created('completed'), { kind: 'cancelled' }],
    paths: ['fast', 'event'],
    balance: 0,
  },
  {
    name: 'delivered, then refunded in full',
    steps: [created('completed'), status('delivered'), { kind: 'refunded', remaining: 0 }],
    paths: ['fast', 'event', 'event'],
    balance: 0,
  },
  // Beyond the bench's mix.
  {
    name: 'refunded in part, then in full (a clawback, then an adjustment)',
    steps: [
      created('completed'),
      { kind: 'refunded', remaining: 180 },
      { kind: 'refunded', remaining: 0 },
    ],
    paths: ['fast', 'event', 'event'],
    balance: 0,
  },
  {
    name: 'the status before the order: the fast path takes the first, the event path the other',
    steps: [status('completed'), created('in_progress')],
    paths: ['fast', 'event'],
    balance: EARNED,
  },
  {
    name: 'returned after completion',
    steps: [created('completed'), status('restored')],
    paths: ['fast', 'event'],
    balance: 0,
  },
  {
    name: 'deleted while pending, then completed (stays reversed)',
    steps: [created('under_review'), { kind: 'deleted' }, status('completed')],
    paths: ['fast', 'event', 'event'],
    balance: 0,
  },
  {
    name: 'cancelled after its points were spent: the clawback is not covered, general path',
    steps: [created('completed'), { kind: 'spend', points: 40 }, { kind: 'cancelled' }],
    paths: ['fast', 'general'],
    balance: 0,
  },
];

let on: EngineContext;
let off: EngineContext;

beforeAll(async () => {
  on = await createEngineContext({ env: { ENGINE_FAST_PATH: '1' } });
  off = await createEngineContext({ env: { ENGINE_FAST_PATH: '0' } });
});
afterAll(async () => {
  await on?.close();
  await off?.close();
});

/** Plays one history in a fresh store of `ctx`; answers the store and the paths its events took. */
async function play(ctx: EngineContext, history: History) {
  const merchantId = await setupStore(ctx, {
    rules: {
      'order.created': { points: 20, minOrderTotalSar: 50 },
      purchase_amount: { points: 1, spendUnitSar: 10 },
    },
    expiryDays: 90,
  });
  const customer = customerFacts();
  const t0 = Date.UTC(2026, 10, 20, 9, 0, 0);
  const order: OrderFacts = {
    id: randomId(),
    customer,
    total: 300,
    status: 'pending',
    placedAt: new Date(t0),
  };
  const paths: string[] = [];
  for (const [i, step] of history.steps.entries()) {
    const at = new Date(t0 + (i + 1) * 1000);
    if (step.kind === 'spend') {
      await ctx.database.db.transaction((tx) =>
        debitPoints(tx, {
          merchantId,
          customerId: customer.id,
          points: step.points,
          kind: 'redeem',
          sourceType: 'redemption',
          sourceId: `r${order.id}`,
          idempotencyKey: `redeem:r${order.id}`,
          at,
        }),
      );
      continue;
    }
    let envelope: Envelope;
    if (step.kind === 'created')
      envelope = webhooks.orderCreated(merchantId, { ...order, status: step.status }, at);
    else if (step.kind === 'status')
      envelope = webhooks.orderStatusUpdated(merchantId, { ...order, status: step.status }, at);
    else if (step.kind === 'cancelled') envelope = webhooks.orderCancelled(merchantId, order, at);
    else if (step.kind === 'deleted') envelope = webhooks.orderDeleted(merchantId, order, at);
    else {
      const shown = { ...order, status: 'completed', total: step.remaining };
      ctx.sandbox.setOrder(merchantId, orderModel(shown));
      envelope = webhooks.orderRefunded(merchantId, { ...order, status: 'completed' }, at);
    }
    const before = ctx.app.services.webhooks.stats();
    expect(await deliverOk(ctx, envelope)).toBe('processed');
    // A redelivery changes nothing and is answered as one, whichever path took the event.
    expect(await deliverOk(ctx, envelope)).toBe('duplicate');
    const after = ctx.app.services.webhooks.stats();
    if (after.fastPath > before.fastPath) paths.push('fast');
    else if (after.eventPath > before.eventPath) paths.push('event');
    else if (after.generalPath > before.generalPath) paths.push('general');
    else paths.push('none');
  }
  return { merchantId, customerId: customer.id, paths };
}

describe('the event path', () => {
  test.each(HISTORIES)('$name: the same rows as the general path', async (history) => {
    const short = await play(on, history);
    const general = await play(off, history);
    expect(short.paths).toEqual(history.paths);
    expect(general.paths).toEqual(history.paths.map(() => 'general'));
    expect(await balanceOf(on, short.merchantId, short.customerId)).toBe(history.balance);
    expect(await storeSnapshot(on, short.merchantId)).toEqual(
      await storeSnapshot(off, general.merchantId),
    );
    await expectLedgerInvariant(on, short.merchantId);
  });

  test('a store with a repeat-purchase bonus leaves later events to the general path', async () => {
    const merchantId = await setupStore(on, {
      rules: {
        'order.created': { points: 20 },
        repeat_purchase: { points: 15, requiredPurchases: 2 },
      },
    });
    const customer = customerFacts();
    const order = { id: randomId(), customer, total: 100, status: 'under_review' };
    const t0 = Date.now();
    await deliverOk(on, webhooks.orderCreated(merchantId, order, new Date(t0)));
    const before = on.app.services.webhooks.stats();
    await deliverOk(
      on,
      webhooks.orderStatusUpdated(merchantId, { ...order, status: 'completed' }, new Date(t0 + 1)),
    );
    const after = on.app.services.webhooks.stats();
    expect(after.eventPath).toBe(before.eventPath);
    expect(after.generalPath).toBe(before.generalPath + 1);
    expect(await balanceOf(on, merchantId, customer.id)).toBe(20);
  });
});
