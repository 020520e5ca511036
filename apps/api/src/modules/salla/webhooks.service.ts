import { createHash } from 'node:crypto';
import {
  AppStoreAuthorizeDataSchema,
  AppSubscriptionDataSchema,
  OrderStatusUpdatedDataSchema,
  ReviewAddedDataSchema,
  SALLA_EVENTS,
  SallaCustomerSchema,
  SallaEnvelopeSchema,
  SallaOrderSchema,
  type FieldIssue,
  type SallaEnvelope,
  type SallaEvent,
} from '@nuqat/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
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
import {
  findDeadLetter,
  findPendingDeadLetters,
  keepDeadLetter,
  markReplayed,
  markReplayFailed,
  type DeadLetterRow,
} from './dead-letters.repository.ts';

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

/**
 * What is kept of an event Nuqat does not handle: which event, for which store, when, and the id
 * of its subject — not its data, which Nuqat has no use for and which is personal more often than
 * not (a customer.login carries the shopper's IP and device, a customer.otp.request their mobile
 * and code: docs/decisions/029). Its key still makes a redelivery a duplicate.
 */
function unhandledPayload(envelope: SallaEnvelope): Record<string, unknown> {
  const id = envelope.data.id;
  return {
    event: envelope.event,
    merchant: envelope.merchant,
    ...(envelope.created_at === undefined ? {} : { created_at: envelope.created_at }),
    data: typeof id === 'number' || typeof id === 'string' ? { id } : {},
  };
}

/** A signed delivery that did not fit a schema: Salla's 400, and where it was kept. */
export interface DeadLettered {
  kind: 'dead';
  error: AppError;
  deadLetterId: number;
  event: string | null;
  merchantId: number | null;
}

/** What one dead letter's replay came to (`dryRun`: what it would come to; nothing written). */
export interface ReplayReport {
  id: number;
  event: string | null;
  merchantId: number | null;
  result: WebhookOutcome | 'failed' | 'already_replayed' | 'would_land';
  issues?: FieldIssue[];
}

/** Every issue on one line, for the dead letter's summary (paths, codes, messages: no values). */
export function issuesSummary(issues: FieldIssue[] | undefined): string {
  if (!issues || issues.length === 0) return 'payload does not fit';
  const shown = issues.slice(0, 5).map((i) => `${i.path || '(root)'}: ${i.message}`);
  return `${shown.join('; ')}${issues.length > 5 ? `; and ${issues.length - 5} more` : ''}`;
}

const TOKEN_FIELDS = ['access_token', 'refresh_token'];

/**
 * The body as received, without Salla's tokens (an `app.store.authorize` carries them; they are
 * kept encrypted on the store only): unchanged when it holds none, re-serialised when it does,
 * and with the tokens' values blanked in text that is not JSON at all.
 */
export function bodyWithoutTokens(raw: Buffer): string {
  const text = raw.toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON (so no replay will take it as is): tokens blanked, and no NUL, which text refuses.
    return text
      .replace(/("(?:access|refresh)_token"\s*:\s*)"(?:[^"\\]|\\.)*"/g, '$1"[removed]"')
      .replaceAll('\0', '\uFFFD');
  }
  if (!json || typeof json !== 'object' || !('data' in json)) return text;
  const data = (json as { data: unknown }).data;
  if (!data || typeof data !== 'object' || !TOKEN_FIELDS.some((f) => f in data)) return text;
  const kept = { ...(data as Record<string, unknown>) };
  for (const field of TOKEN_FIELDS) delete kept[field];
  return JSON.stringify({ ...json, data: kept });
}

/** The event name and store id of a body that did not fit, when they can be read. */
function namesOf(raw: Buffer): { event: string | null; merchantId: number | null } {
  try {
    const json: unknown = JSON.parse(raw.toString('utf8'));
    if (!json || typeof json !== 'object') return { event: null, merchantId: null };
    const { event, merchant } = json as { event?: unknown; merchant?: unknown };
    const id =
      typeof merchant === 'string' && /^\d{1,18}$/.test(merchant) ? Number(merchant) : merchant;
    return {
      event: typeof event === 'string' ? event.slice(0, 100) : null,
      merchantId: typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null,
    };
  } catch {
    return { event: null, merchantId: null };
  }
}

/** The envelope of a signed body; a body that is not JSON or not an envelope is Salla's 400. */
function readEnvelope(raw: Buffer): SallaEnvelope {
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new AppError('WEBHOOK_PAYLOAD_INVALID', {
      issues: [{ path: 'body', code: 'invalid_json', message: 'not JSON' }],
    });
  }
  const envelope = SallaEnvelopeSchema.safeParse(json);
  if (!envelope.success) {
    throw new AppError('WEBHOOK_PAYLOAD_INVALID', {
      issues: envelope.error.issues.map((i) => ({
        path: i.path.join('.'),
        code: i.code,
        message: i.message,
      })),
    });
  }
  return envelope.data;
}

const payloadInvalid = (error: unknown): error is AppError =>
  error instanceof AppError && error.code === 'WEBHOOK_PAYLOAD_INVALID';

export function createWebhookService(deps: {
  ctx: AppContext;
  salla: SallaClient;
  authService: AuthService;
  sallaTokens: SallaTokenService;
  /**
   * The check and translation of an event's data (parseEventData). Tests replace it to stand
   * for a schema fixed after events were dead-lettered.
   */
  parseEvent?: typeof parseEventData;
  /** Told after an order event was committed (the referral engine settles the store's referrals). */
  afterOrderEvent?: (merchantId: number) => void;
  /**
   * Told after an event whose transaction queued a debt recovery committed (a clawback left
   * points owed: the debts module withdraws coupons at Salla, outside this transaction).
   */
  afterRecoveryQueued?: (merchantId: number) => void;
}) {
  const { ctx, salla, authService, sallaTokens } = deps;
  const parseEvent = deps.parseEvent ?? parseEventData;
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
  ): Promise<[WebhookOutcome, string | null, boolean?]> {
    const { event, at } = input;
    const { merchant } = config;
    if (parsed.type === 'unknown') return ['ignored', 'unknown event'];
    if (merchant.installStatus === 'uninstalled' && !event.startsWith('app.'))
      return ['ignored', 'store uninstalled'];
    switch (parsed.type) {
      case 'order': {
        const { earnStatus, recoveryDue } = await applyOrderEvent(tx, config, {
          kind: parsed.kind,
          order: parsed.order,
          at,
          now: ctx.now(),
          ...(input.refund ? { refund: input.refund } : {}),
        });
        const refundNote =
          input.refund?.kind === 'full' ? `; full refund: ${input.refund.reason}` : '';
        return ['processed', `${earnStatus}${refundNote}`, recoveryDue];
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
    const { outcome, recoveryDue } = await apply({ ...input, dedupeKey });
    remember(dedupeKey);
    if (outcome === 'processed' && input.envelope.event.startsWith('order.'))
      deps.afterOrderEvent?.(input.envelope.merchant);
    if (recoveryDue) deps.afterRecoveryQueued?.(input.envelope.merchant);
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
  }): Promise<{ outcome: WebhookOutcome; recoveryDue: boolean }> {
    const at = parseSallaTime(envelope.created_at) ?? ctx.now();
    const parsed = parseEvent(envelope.event, envelope.data);
    if (envelope.event === 'app.store.authorize')
      return { outcome: await install.authorize(envelope, dedupeKey, at), recoveryDue: false };
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
        if (fast) return { outcome: fast, recoveryDue: false };
      }
    }

    counters.generalPath += 1;
    return db.transaction(async (tx) => {
      const stored = await insertWebhookEvent(tx, {
        merchantId,
        dedupeKey,
        event: envelope.event,
        eventAt: at,
        payload: parsed.type === 'unknown' ? unhandledPayload(envelope) : envelope,
        outcome: 'received',
      });
      if (!stored) return { outcome: 'duplicate' as const, recoveryDue: false };
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
      const [outcome, note, recoveryDue = false] = await dispatch(tx, current, parsed, {
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
      return { outcome, recoveryDue };
    });
  }

  /**
   * A signed delivery, from the route or from a dead letter's replay: read, checked against
   * Salla's schemas, stored once under `dedupeKey` and applied. A body that does not fit throws
   * WEBHOOK_PAYLOAD_INVALID naming every field.
   */
  async function process(raw: Buffer, dedupeKey: string): Promise<WebhookOutcome> {
    const envelope = readEnvelope(raw);
    if (await isRedelivery(dedupeKey, envelope.event)) return 'duplicate';
    return receive({ raw, envelope, dedupeKey });
  }

  /**
   * The route's work after the signature: `process`, and a delivery that does not fit is kept
   * as a dead letter (the caller still answers Salla the 400).
   */
  async function ingest(
    raw: Buffer,
    dedupeKey: string,
  ): Promise<{ kind: 'done'; outcome: WebhookOutcome } | DeadLettered> {
    try {
      return { kind: 'done', outcome: await process(raw, dedupeKey) };
    } catch (error) {
      if (!payloadInvalid(error)) throw error;
      const names = namesOf(raw);
      const deadLetterId = await keepDeadLetter(db, {
        dedupeKey,
        body: bodyWithoutTokens(raw),
        ...names,
        error: issuesSummary(error.issues),
        issues: error.issues ?? [],
      });
      return { kind: 'dead', error, deadLetterId, ...names };
    }
  }

  /** What a replay would do now, writing nothing: the same checks as `process`. */
  async function dryRun(letter: DeadLetterRow): Promise<ReplayReport['result']> {
    const envelope = readEnvelope(Buffer.from(letter.body, 'utf8'));
    parseEvent(envelope.event, envelope.data);
    if (envelope.event === 'app.store.authorize')
      parseOrFail(AppStoreAuthorizeDataSchema, envelope.data);
    return (await deliveryExists(db, letter.dedupeKey)) ? 'duplicate' : 'would_land';
  }

  /**
   * Runs dead letters through `process` again, under the key of the delivery Salla made, so
   * each lands once (also when Salla's own retry of it got through meanwhile). One that still
   * does not fit stays, with its new error.
   */
  async function replayDeadLetters(
    options: { id?: number; dryRun?: boolean; merchantIds?: number[] } = {},
  ): Promise<ReplayReport[]> {
    const reports: ReplayReport[] = [];
    const replayOne = async (letter: DeadLetterRow) => {
      const base = { id: letter.id, event: letter.event, merchantId: letter.merchantId };
      if (letter.replayedAt) return { ...base, result: 'already_replayed' as const };
      try {
        if (options.dryRun) return { ...base, result: await dryRun(letter) };
        const result = await process(Buffer.from(letter.body, 'utf8'), letter.dedupeKey);
        await markReplayed(db, letter.id, result, ctx.now());
        return { ...base, result };
      } catch (error) {
        if (!payloadInvalid(error)) throw error;
        const failure = error.issues ?? [];
        if (!options.dryRun)
          await markReplayFailed(db, letter.id, { error: issuesSummary(failure), issues: failure });
        return { ...base, result: 'failed' as const, issues: failure };
      }
    };
    if (options.id !== undefined) {
      const letter = await findDeadLetter(db, options.id);
      if (letter) reports.push(await replayOne(letter));
      return reports;
    }
    let after = 0;
    for (;;) {
      const batch = await findPendingDeadLetters(db, {
        after,
        limit: 100,
        ...(options.merchantIds ? { merchantIds: options.merchantIds } : {}),
      });
      for (const letter of batch) {
        after = letter.id;
        reports.push(await replayOne(letter));
      }
      if (batch.length < 100) break;
    }
    return reports;
  }

  return {
    receive,
    process,
    ingest,
    replayDeadLetters,
    isRedelivery,
    recentlyAcknowledged,
    deliveryKey,
    stats: () => ({ ...counters }),
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
