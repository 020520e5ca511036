import { createHash } from 'node:crypto';
import {
  AppStoreAuthorizeDataSchema,
  AppSubscriptionDataSchema,
  OrderStatusUpdatedDataSchema,
  ReviewAddedDataSchema,
  SALLA_EVENTS,
  SallaCustomerSchema,
  SallaOrderSchema,
  type SallaEnvelope,
  type SallaEvent,
} from '@nuqat/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { SallaClient } from '../../lib/salla-client.ts';
import type { AuthService } from '../auth/auth.service.ts';
import {
  applyInstalled,
  applySubscriptionEvent,
  applyUninstalled,
  isSubscriptionEvent,
  STALE_LIFECYCLE,
} from './app-events.ts';
import { createEngineConfigCache } from '../engine/config.ts';
import { ensureMerchant, lockMerchant } from '../merchants/merchants.repository.ts';
import { parseSallaTime } from './salla-values.ts';
import {
  applyCustomerCreated,
  applyOrderEvent,
  applyReview,
  upsertCustomer,
  type EngineConfig,
  type OrderEventInput,
} from '../engine/engine.service.ts';
import type {
  CustomerFacts,
  OrderEventKind,
  OrderFacts,
  RefundFacts,
  ReviewFacts,
} from '../engine/facts.ts';
import { planFastOrder, runFastOrder } from '../engine/fast-order.ts';
import { createInstallService } from './install.service.ts';
import { customerFacts, orderFacts, reviewFacts } from './order-facts.ts';
import { parseOrFail, type WebhookOutcome } from './payload.ts';
import type { SallaTokenService } from './salla-tokens.service.ts';
import { deliveryExists, insertWebhookEvent, setWebhookOutcome } from './webhooks.repository.ts';

const ORDER_KINDS: Partial<Record<SallaEvent, OrderEventKind>> = {
  'order.created': 'created',
  'order.updated': 'updated',
  'order.cancelled': 'cancelled',
  'order.refunded': 'refunded',
  'order.deleted': 'deleted',
  'order.total.price.updated': 'amounts',
  'order.products.updated': 'amounts',
};

type Parsed =
  | { type: 'order'; kind: OrderEventKind; order: OrderFacts }
  | { type: 'customer'; created: boolean; customer: CustomerFacts }
  | { type: 'review'; review: ReviewFacts }
  | { type: 'subscription'; data: z.infer<typeof AppSubscriptionDataSchema> }
  | { type: 'app'; event: SallaEvent }
  | { type: 'unknown' };

/**
 * Checks the event's data against its schema before anything is stored, and translates it into
 * the engine's plain facts: the engine never sees Salla's wire format.
 */
export function parseEventData(event: string, data: unknown): Parsed {
  if (!(SALLA_EVENTS as readonly string[]).includes(event)) return { type: 'unknown' };
  const known = event as SallaEvent;
  const orderKind = ORDER_KINDS[known];
  if (orderKind)
    return {
      type: 'order',
      kind: orderKind,
      order: orderFacts(parseOrFail(SallaOrderSchema, data)),
    };
  if (known === 'order.status.updated') {
    return {
      type: 'order',
      kind: 'status',
      order: orderFacts(parseOrFail(OrderStatusUpdatedDataSchema, data).order),
    };
  }
  if (known === 'customer.created' || known === 'customer.updated') {
    return {
      type: 'customer',
      created: known === 'customer.created',
      customer: customerFacts(parseOrFail(SallaCustomerSchema, data)),
    };
  }
  if (known === 'review.added')
    return { type: 'review', review: reviewFacts(parseOrFail(ReviewAddedDataSchema, data)) };
  if (isSubscriptionEvent(known))
    return { type: 'subscription', data: parseOrFail(AppSubscriptionDataSchema, data) };
  if (known === 'app.store.authorize') parseOrFail(AppStoreAuthorizeDataSchema, data);
  return { type: 'app', event: known };
}

/** Events whose first delivery the fast path may take (engine/fast-order.ts). */
const FAST_EVENTS = new Set([
  'order.created',
  'order.updated',
  'order.status.updated',
  'order.total.price.updated',
  'order.products.updated',
]);

const sha256 = (raw: Buffer) => createHash('sha256').update(raw).digest('hex');

export function createWebhookService(deps: {
  ctx: AppContext;
  salla: SallaClient;
  authService: AuthService;
  sallaTokens: SallaTokenService;
}) {
  const { ctx, salla, authService, sallaTokens } = deps;
  const { db, log, config } = ctx;
  const install = createInstallService({ ctx, salla, authService });
  const configs = createEngineConfigCache();
  /** How events were taken since start (the benchmark and the tests read it). */
  const counters = { fastPath: 0, generalPath: 0, redeliveries: 0 };

  /**
   * `order.refunded` says nothing of the amount (reference, review section): ask Salla's Merchant
   * API what the order keeps now. Outside any transaction; on failure the refund counts as full.
   */
  async function refundFacts(merchantId: number, orderId: number): Promise<RefundFacts> {
    try {
      const token = await sallaTokens.getAccessToken({ merchantId });
      const parsed = SallaOrderSchema.safeParse(await salla.getOrder(token, orderId));
      if (!parsed.success) return { kind: 'full', reason: "Salla's order could not be read" };
      const { totalHalalas } = orderFacts(parsed.data);
      return totalHalalas === null
        ? { kind: 'full', reason: "Salla's order has no total" }
        : { kind: 'remaining', totalHalalas };
    } catch (error) {
      log.warn(
        { err: error, merchantId, orderId },
        "refund: Salla's order could not be fetched; counting a full refund",
      );
      return { kind: 'full', reason: "Salla's order could not be fetched" };
    }
  }

  async function dispatch(
    tx: Executor,
    config: EngineConfig,
    parsed: Parsed,
    input: { event: string; at: Date; refund?: RefundFacts },
  ): Promise<[WebhookOutcome, string | null]> {
    const { event, at } = input;
    const { merchant } = config;
    if (parsed.type === 'unknown') return ['ignored', 'unknown event'];
    if (merchant.installStatus === 'uninstalled' && !event.startsWith('app.'))
      return ['ignored', 'store uninstalled'];
    switch (parsed.type) {
      case 'order': {
        const { earnStatus } = await applyOrderEvent(tx, config, {
          kind: parsed.kind,
          order: parsed.order,
          at,
          now: ctx.now(),
          ...(input.refund ? { refund: input.refund } : {}),
        });
        const refundNote =
          input.refund?.kind === 'full' ? `; full refund: ${input.refund.reason}` : '';
        return ['processed', `${earnStatus}${refundNote}`];
      }
      case 'customer':
        if (parsed.created)
          await applyCustomerCreated(tx, config, { customer: parsed.customer, at });
        else await upsertCustomer(tx, merchant.id, parsed.customer, at);
        return ['processed', null];
      case 'review':
        return [
          'processed',
          (await applyReview(tx, config, { review: parsed.review, at }))
            ? 'awarded'
            : 'not awarded',
        ];
      case 'subscription':
        return [
          'processed',
          await applySubscriptionEvent(tx, merchant, { event, data: parsed.data, at }),
        ];
      case 'app': {
        const applied =
          parsed.event === 'app.installed'
            ? await applyInstalled(tx, merchant, at)
            : parsed.event === 'app.uninstalled'
              ? await applyUninstalled(tx, merchant, at)
              : 'applied';
        return applied === 'stale' ? ['ignored', STALE_LIFECYCLE] : ['processed', null];
      }
    }
  }

  /** The first event of an order in one statement, when the fast path can take it. */
  async function tryFastPath(
    merchantId: number,
    input: OrderEventInput,
    delivery: { dedupeKey: string; event: string; eventAt: Date; body: string },
  ): Promise<WebhookOutcome | null> {
    let current = configs.cached(merchantId) ?? (await configs.current(db, merchantId));
    for (let attempt = 0; current && attempt < 2; attempt++) {
      const plan = planFastOrder(current, input);
      if (!plan) return null;
      const outcome = await runFastOrder(db, plan, delivery);
      if (outcome.kind === 'done') {
        counters.fastPath += 1;
        return 'processed';
      }
      if (outcome.kind === 'duplicate') return 'duplicate';
      if (outcome.kind === 'fallback') return null;
      current = await configs.current(db, merchantId);
    }
    return null;
  }

  /**
   * Deliveries acknowledged by this instance lately (SHA-256 of the body → when to forget it):
   * Salla retries within minutes, so most redeliveries are answered here without the database.
   * Only what was committed is remembered, so a hit is always a true duplicate.
   */
  const acknowledged = new Map<string, number>();
  const REMEMBER_MS = 24 * 3_600_000;
  const REMEMBER_MAX = 100_000;
  function remember(key: string): void {
    acknowledged.delete(key);
    acknowledged.set(key, Date.now() + REMEMBER_MS);
    if (acknowledged.size > REMEMBER_MAX) acknowledged.delete(acknowledged.keys().next().value!);
  }

  /** The delivery's key: the SHA-256 of its raw body (which names the store). */
  const deliveryKey = (raw: Buffer) => sha256(raw);

  /**
   * A delivery seen before, recognised from the body's hash alone, before the body is parsed:
   * in memory, else by a read-only lookup. Events the fast path takes skip the lookup — the fast
   * path's one statement begins with the same check, so a new order costs one round trip.
   */
  function recentlyAcknowledged(key: string): boolean {
    const until = acknowledged.get(key);
    const seen = until !== undefined && until > Date.now();
    if (seen) counters.redeliveries += 1;
    return seen;
  }

  async function isRedelivery(key: string, event: string): Promise<boolean> {
    if (recentlyAcknowledged(key)) return true;
    if (config.engineFastPath && FAST_EVENTS.has(event)) return false;
    const seen = await deliveryExists(db, key);
    if (seen) counters.redeliveries += 1;
    return seen;
  }

  /** Stores the event (once) and applies it: the fast path, or one transaction. */
  async function receive(input: {
    raw: Buffer;
    envelope: SallaEnvelope;
    dedupeKey?: string;
  }): Promise<WebhookOutcome> {
    const dedupeKey = input.dedupeKey ?? sha256(input.raw);
    const outcome = await apply({ ...input, dedupeKey });
    remember(dedupeKey);
    return outcome;
  }

  async function apply({
    raw,
    envelope,
    dedupeKey,
  }: {
    raw: Buffer;
    envelope: SallaEnvelope;
    dedupeKey: string;
  }): Promise<WebhookOutcome> {
    const at = parseSallaTime(envelope.created_at) ?? ctx.now();
    const parsed = parseEventData(envelope.event, envelope.data);
    if (envelope.event === 'app.store.authorize') return install.authorize(envelope, dedupeKey, at);
    const merchantId = envelope.merchant;

    let refund: RefundFacts | undefined;
    if (parsed.type === 'order') {
      if (parsed.kind === 'refunded') refund = await refundFacts(merchantId, parsed.order.id);
      else if (config.engineFastPath) {
        const fast = await tryFastPath(
          merchantId,
          { kind: parsed.kind, order: parsed.order, at, now: ctx.now() },
          { dedupeKey, event: envelope.event, eventAt: at, body: raw.toString('utf8') },
        );
        if (fast) return fast;
      }
    }

    counters.generalPath += 1;
    return db.transaction(async (tx) => {
      const stored = await insertWebhookEvent(tx, {
        merchantId,
        dedupeKey,
        event: envelope.event,
        eventAt: at,
        payload: envelope,
        outcome: 'received',
      });
      if (!stored) return 'duplicate' as const;
      let current = await configs.current(tx, merchantId);
      if (!current) {
        // Events arrive in any order: the first one to name a store creates its row.
        await ensureMerchant(tx, merchantId);
        current = (await configs.current(tx, merchantId))!;
      }
      if (
        parsed.type === 'subscription' ||
        parsed.type === 'app' ||
        current.merchant.installStatus === 'uninstalled'
      ) {
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
      const [outcome, note] = await dispatch(tx, current, parsed, {
        event: envelope.event,
        at,
        ...(refund ? { refund } : {}),
      });
      await setWebhookOutcome(tx, merchantId, stored.id, outcome, note);
      if (note === STALE_LIFECYCLE)
        log.info(
          {
            merchantId,
            event: envelope.event,
            eventAt: at,
            newest: current.merchant.lifecycleEventAt,
          },
          "webhook ignored: older than the store's newest install lifecycle event",
        );
      else if (outcome === 'ignored')
        log.info({ merchantId, event: envelope.event, note }, 'webhook ignored');
      return outcome;
    });
  }

  return {
    receive,
    isRedelivery,
    recentlyAcknowledged,
    deliveryKey,
    stats: () => ({ ...counters }),
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
