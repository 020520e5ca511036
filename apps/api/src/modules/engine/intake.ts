import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { ensureMerchant, lockMerchant, type MerchantRow } from '../merchants/index.ts';
import { createEngineConfigCache } from './config.ts';
import { applyCustomerCreated, applyReview } from './engine.service.ts';
import { applyOrderEvent, type OrderEventInput } from './orders.service.ts';
import type { EngineConfig } from './points-rules.ts';
import { upsertCustomer } from './profile.service.ts';
import type {
  CustomerFacts,
  OrderEventKind,
  OrderFacts,
  RefundFacts,
  ReviewFacts,
} from './facts.ts';
import { planFastOrder, type FastOrderPlan, type ShortPathDelivery } from './fast-order.ts';
import { createFastOrderBatcher, createOrderEventBatcher } from './fast-order-batch.ts';
import { planOrderEvent, type EventPathOutcome, type OrderEventPlan } from './order-event.ts';
import { insertWebhookEvent, setWebhookOutcome } from './journal.repository.ts';

/**
 * The engine's one entry for what happens in a store (docs/decisions/016): salla/ verifies a
 * delivery and translates it into an event in the engine's words, then calls `receive` once.
 * The engine owns the rest — the stores' configuration in memory, the fast-or-general choice,
 * the transaction, recording the delivery exactly once, and telling the other modules after the
 * commit (lib/events.ts).
 */

/** A store event in the engine's words. */
export type StoreEvent =
  | { type: 'order'; kind: OrderEventKind; order: OrderFacts; refund?: RefundFacts }
  | { type: 'customer'; created: boolean; customer: CustomerFacts }
  | { type: 'review'; review: ReviewFacts }
  /**
   * The store's own lifecycle (install, uninstall, subscription): applied by the module that
   * knows it, on the store's row locked in the engine's transaction.
   */
  | { type: 'store'; apply: (tx: Executor, merchant: MerchantRow) => Promise<EventResult> }
  | { type: 'unknown' };

export type EventOutcome = 'processed' | 'duplicate' | 'ignored';

export interface EventResult {
  outcome: EventOutcome;
  note: string | null;
}

/** One delivery of an event: recorded once under `dedupeKey`, so a redelivery changes nothing. */
export interface Delivery {
  merchantId: number;
  dedupeKey: string;
  /** The event's name as delivered (kept in the journal). */
  event: string;
  /** When the event happened (the sender's clock). */
  at: Date;
  /** The body as received, kept by the fast path as is. */
  body: string;
  /** What the general path keeps of the delivery. */
  payload: unknown;
}

/** Order events whose first delivery the fast path may take. */
const FAST_KINDS: ReadonlySet<OrderEventKind> = new Set([
  'created',
  'updated',
  'status',
  'amounts',
]);

export function createEventIntake(ctx: AppContext) {
  const { db, log, config, events } = ctx;
  const configs = createEngineConfigCache();
  // Order events that arrive together share a statement and a commit (decision 066).
  const fastOrders = createFastOrderBatcher(db);
  const orderEvents = createOrderEventBatcher(db);
  /**
   * How events were taken since start (the benchmark and the tests read it): the fast path (an
   * order's first event), the event path (a later one, decision 062), the general path.
   */
  const counters = { fastPath: 0, eventPath: 0, generalPath: 0 };

  /**
   * Whether a delivery of this order event may take a short path, whose one statement begins with
   * the redelivery check (webhooks then skip their own). Not order.refunded: sizing it asks
   * Salla's Merchant API first, which a redelivery should not.
   */
  const takesFastPath = (kind: OrderEventKind) =>
    config.engineFastPath && (FAST_KINDS.has(kind) || kind === 'cancelled' || kind === 'deleted');

  type OrderEvent = Extract<StoreEvent, { type: 'order' }>;
  type ShortOutcome = EventOutcome | 'unknown' | null;

  /** What a short path is: its plan from the store's configuration, its statement, its counter. */
  interface ShortPath<P> {
    plan: (config: EngineConfig, input: OrderEventInput) => P | null;
    run: (plan: P, delivery: ShortPathDelivery) => Promise<EventPathOutcome>;
    counter: 'fastPath' | 'eventPath';
  }
  const FAST: ShortPath<FastOrderPlan> = {
    plan: planFastOrder,
    run: (plan, delivery) => fastOrders.run(plan, delivery),
    counter: 'fastPath',
  };
  const LATER: ShortPath<OrderEventPlan> = {
    plan: planOrderEvent,
    run: (plan, delivery) => orderEvents.run(plan, delivery),
    counter: 'eventPath',
  };

  /**
   * The event in a short path's one statement, planned from the store's configuration in memory
   * (read again, and tried once more, when the statement finds it stale). 'unknown': the event
   * path does not know the order; null: the general path's.
   */
  async function tryShortPath<P>(
    path: ShortPath<P>,
    event: OrderEvent,
    delivery: Delivery,
  ): Promise<ShortOutcome> {
    const { merchantId } = delivery;
    const input: OrderEventInput = {
      kind: event.kind,
      order: event.order,
      at: delivery.at,
      now: ctx.now(),
      ...(event.refund ? { refund: event.refund } : {}),
    };
    const statement = {
      dedupeKey: delivery.dedupeKey,
      event: delivery.event,
      eventAt: delivery.at,
      body: delivery.body,
    };
    let current = configs.cached(merchantId) ?? (await configs.current(db, merchantId));
    for (let attempt = 0; current && attempt < 2; attempt++) {
      const plan = path.plan(current, input);
      if (!plan) return null;
      const outcome = await path.run(plan, statement);
      if (outcome.kind === 'done') {
        counters[path.counter] += 1;
        return 'processed';
      }
      if (outcome.kind === 'duplicate' || outcome.kind === 'unknown') return outcome.kind;
      if (outcome.kind === 'fallback') return null;
      current = await configs.current(db, merchantId);
    }
    return null;
  }

  /** The first event of an order in one statement, when the fast path can take it. */
  function tryFastPath(event: OrderEvent, delivery: Delivery): Promise<ShortOutcome> {
    if (event.refund || !config.engineFastPath || !FAST_KINDS.has(event.kind))
      return Promise.resolve(null);
    return tryShortPath(FAST, event, delivery);
  }

  /** A later event of a known order in one statement, when the event path can take it. */
  function tryEventPath(event: OrderEvent, delivery: Delivery): Promise<ShortOutcome> {
    if (!config.engineFastPath) return Promise.resolve(null);
    return tryShortPath(LATER, event, delivery);
  }

  /**
   * An order event in one statement when a short path takes it: an order.created first tries the
   * fast path (a new order), any other event the event path (a known one); the fast path's
   * 'fallback' may be an order already known, the event path's 'unknown' a new one, so each then
   * tries the other. Null: the general path's.
   */
  async function tryShortPaths(
    event: OrderEvent,
    delivery: Delivery,
  ): Promise<EventOutcome | null> {
    if (event.kind === 'created') {
      const fast = await tryFastPath(event, delivery);
      if (fast !== null && fast !== 'unknown') return fast;
      const later = await tryEventPath(event, delivery);
      return later === 'unknown' ? null : later;
    }
    const later = await tryEventPath(event, delivery);
    if (later !== 'unknown') return later;
    const fast = await tryFastPath(event, delivery);
    return fast === 'unknown' ? null : fast;
  }

  async function apply(
    tx: Executor,
    current: EngineConfig,
    event: StoreEvent,
    delivery: Delivery,
  ): Promise<EventResult & { recoveryDue: boolean }> {
    const done = (note: string | null = null) => ({
      outcome: 'processed' as const,
      note,
      recoveryDue: false,
    });
    if (event.type === 'unknown')
      return { outcome: 'ignored', note: 'unknown event', recoveryDue: false };
    if (event.type === 'store')
      return { ...(await event.apply(tx, current.merchant)), recoveryDue: false };
    if (current.merchant.installStatus === 'uninstalled')
      return { outcome: 'ignored', note: 'store uninstalled', recoveryDue: false };
    const { at } = delivery;
    switch (event.type) {
      case 'order': {
        const { earnStatus, recoveryDue } = await applyOrderEvent(tx, current, {
          kind: event.kind,
          order: event.order,
          at,
          now: ctx.now(),
          ...(event.refund ? { refund: event.refund } : {}),
        });
        const refundNote =
          event.refund?.kind === 'full' ? `; full refund: ${event.refund.reason}` : '';
        return { outcome: 'processed', note: `${earnStatus}${refundNote}`, recoveryDue };
      }
      case 'customer':
        if (event.created)
          await applyCustomerCreated(tx, current, { customer: event.customer, at });
        else await upsertCustomer(tx, current.merchant.id, event.customer, at);
        return done();
      case 'review':
        return done(
          (await applyReview(tx, current, { review: event.review, at }))
            ? 'awarded'
            : 'not awarded',
        );
    }
  }

  /** The general path: one transaction that records the delivery and applies the event. */
  async function inTransaction(
    event: StoreEvent,
    delivery: Delivery,
  ): Promise<EventResult & { recoveryDue: boolean }> {
    counters.generalPath += 1;
    const { merchantId } = delivery;
    return db.transaction(async (tx) => {
      const stored = await insertWebhookEvent(tx, {
        merchantId,
        dedupeKey: delivery.dedupeKey,
        event: delivery.event,
        eventAt: delivery.at,
        payload: delivery.payload,
        outcome: 'received',
      });
      if (!stored) return { outcome: 'duplicate' as const, note: null, recoveryDue: false };
      let current = await configs.current(tx, merchantId);
      if (!current) {
        // Events arrive in any order: the first one to name a store creates its row.
        await ensureMerchant(tx, merchantId);
        current = (await configs.current(tx, merchantId))!;
      }
      if (event.type === 'store' || current.merchant.installStatus === 'uninstalled') {
        // Only the store's own lifecycle events change its row: they alone lock it. Any event of
        // an uninstalled store locks it too, as the uninstall purge does before it deletes one:
        // an event either lands before the purge looks (and keeps the store) or after it.
        let locked = await lockMerchant(tx, merchantId);
        if (!locked) {
          // Purged while this waited: the event names the store anew, as a first event does.
          configs.forget(merchantId);
          await ensureMerchant(tx, merchantId);
          current = (await configs.current(tx, merchantId))!;
          locked = (await lockMerchant(tx, merchantId))!;
        }
        current = { ...current, merchant: locked };
      }
      const result = await apply(tx, current, event, delivery);
      await setWebhookOutcome(tx, merchantId, stored.id, result.outcome, result.note);
      if (result.outcome === 'ignored')
        log.info({ merchantId, event: delivery.event, note: result.note }, 'webhook ignored');
      return result;
    });
  }

  /**
   * Applies one delivery of a store event exactly once: the fast path's or the event path's one
   * statement for an order event when one can take it, else one transaction. After the commit, the modules that
   * care hear of it.
   */
  async function receive(event: StoreEvent, delivery: Delivery): Promise<EventResult> {
    let result: (EventResult & { recoveryDue?: boolean }) | null = null;
    if (event.type === 'order') {
      const short = await tryShortPaths(event, delivery);
      if (short) result = { outcome: short, note: null };
    }
    result ??= await inTransaction(event, delivery);
    if (result.outcome === 'processed' && event.type === 'order')
      events.emit('order.applied', { merchantId: delivery.merchantId });
    if (result.recoveryDue)
      events.emit('debt.recovery-queued', { merchantId: delivery.merchantId });
    return { outcome: result.outcome, note: result.note };
  }

  return {
    receive,
    takesFastPath,
    /** The store's configuration is about to change outside an event (tests, the purge). */
    forget: (merchantId: number) => configs.forget(merchantId),
    stats: () => {
      const [fast, later] = [fastOrders.stats(), orderEvents.stats()];
      return {
        ...counters,
        ...fast,
        eventBatches: later.batches,
        eventsBatched: later.batchedOrders,
        eventsAlone: later.alone,
        eventBatchFailures: later.batchFailures,
      };
    },
  };
}

export type EventIntake = ReturnType<typeof createEventIntake>;
