import type { Executor } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import {
  fastOutcomeOf,
  runFastOrder,
  shortPathParams,
  type FastOrderPlan,
  type FastOutcome,
  type ShortPathDelivery,
} from './fast-order.ts';
import {
  eventOutcomeOf,
  runOrderEvent,
  type EventPathOutcome,
  type OrderEventPlan,
} from './order-event.ts';

/**
 * Order events that arrive together go to the database together (decision 066): the fast path's
 * statements gathered in one turn of the event loop are sent as one statement
 * (`nuqat_fast_orders`), and so are the event path's (`nuqat_order_events`, decision 062), each
 * committed at once instead of a round trip and a commit per event. Nothing
 * waits on a timer: a lone order goes out as soon as the turn that received it ends, as before.
 * Every order's answer still waits for its commit, so a 200 still means the points are stored.
 *
 * A batch holds at most one order per store, in the stores' order, so two batches in flight take
 * the rows they share in the same order and cannot deadlock; a second order of a store goes in a
 * batch of its own, beside. When the batch statement fails (a lost connection, a serialization
 * failure, an order the fast path cannot store), each order is run again on its own, exactly as
 * it was before batching: the delivery's key makes that safe even if the batch did commit.
 */

interface Waiting<P, O> {
  plan: P;
  delivery: ShortPathDelivery;
  resolve: (outcome: O) => void;
  reject: (error: unknown) => void;
}

/** One kind of statement to batch: the function that takes a batch, and how one runs alone. */
interface BatchKind<P, O> {
  /** `select <fn>($1::jsonb)`, answering text[] in the batch's order. */
  fn: string;
  alone: (db: Executor, plan: P, delivery: ShortPathDelivery) => Promise<O>;
  outcome: (answer: string) => O;
}

/** Well under PostgreSQL's 64 cached subtransactions per transaction (one per order). */
export const FAST_BATCH_MAX = 32;

const FAST_ORDERS: BatchKind<FastOrderPlan, FastOutcome> = {
  fn: 'nuqat_fast_orders',
  alone: runFastOrder,
  outcome: fastOutcomeOf,
};

const ORDER_EVENTS: BatchKind<OrderEventPlan, EventPathOutcome> = {
  fn: 'nuqat_order_events',
  alone: runOrderEvent,
  outcome: eventOutcomeOf,
};

/** `[plan, body]` per order as one JSON text; the body is the delivery's own JSON, untouched. */
function batchText<P, O>(batch: Waiting<P, O>[]): string {
  let text = '[';
  for (let i = 0; i < batch.length; i++) {
    const { plan, delivery } = batch[i]!;
    const p = shortPathParams(plan as object, delivery);
    text += `${i === 0 ? '' : ','}[${p},${delivery.body}]`;
  }
  return `${text}]`;
}

function createBatcher<P extends { merchantId: number }, O>(db: Executor, kind: BatchKind<P, O>) {
  type Item = Waiting<P, O>;
  let waiting: Item[] = [];
  let scheduled = false;
  const stats = { batches: 0, batchedOrders: 0, alone: 0, batchFailures: 0 };

  async function runAlone(item: Item): Promise<void> {
    stats.alone += 1;
    try {
      item.resolve(await kind.alone(db, item.plan, item.delivery));
    } catch (error) {
      item.reject(error);
    }
  }

  async function runBatch(batch: Item[]): Promise<void> {
    stats.batches += 1;
    stats.batchedOrders += batch.length;
    let answers: string[];
    try {
      const rows = await preparedQuery<{ r: string[] }>(
        db,
        kind.fn,
        `select ${kind.fn}($1::jsonb) as r`,
        [batchText(batch)],
      );
      answers = rows[0]?.r ?? [];
    } catch {
      stats.batchFailures += 1;
      await Promise.all(batch.map(runAlone));
      return;
    }
    batch.forEach((item, i) => {
      try {
        const answer = answers[i];
        if (answer === undefined) throw new Error(`${kind.fn}: an event without its answer`);
        item.resolve(kind.outcome(answer));
      } catch (error) {
        item.reject(error);
      }
    });
  }

  /** Sends what this turn gathered: batches of one order per store, each in store order. */
  function flush() {
    scheduled = false;
    let rest = waiting;
    waiting = [];
    while (rest.length > 0) {
      const stores = new Set<number>();
      const batch: Item[] = [];
      const later: Item[] = [];
      for (const item of rest) {
        if (batch.length < FAST_BATCH_MAX && !stores.has(item.plan.merchantId)) {
          stores.add(item.plan.merchantId);
          batch.push(item);
        } else later.push(item);
      }
      rest = later;
      if (batch.length === 1) void runAlone(batch[0]!);
      else void runBatch(batch.sort((a, b) => a.plan.merchantId - b.plan.merchantId));
    }
  }

  /** The order's outcome once the statement that carried it has committed (or failed). */
  function run(plan: P, delivery: ShortPathDelivery): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      waiting.push({ plan, delivery, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
  }

  return { run, stats: () => ({ ...stats }) };
}

/** New orders (the fast path) batched. */
export const createFastOrderBatcher = (db: Executor) => createBatcher(db, FAST_ORDERS);

/** An order's later events (the event path) batched. */
export const createOrderEventBatcher = (db: Executor) => createBatcher(db, ORDER_EVENTS);
