import {
  AppStoreAuthorizeDataSchema,
  SallaOrderSchema,
  type SallaEnvelope,
  type SallaEvent,
} from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import type { SallaClient } from '../../lib/salla-client.ts';
import type { AuthService } from '../auth/index.ts';
import {
  applyInstalled,
  applySubscriptionEvent,
  applyUninstalled,
  STALE_LIFECYCLE,
} from './app-events.ts';
import {
  deliveryExists,
  type EventIntake,
  type RefundFacts,
  type StoreEvent,
} from '../engine/index.ts';
import { parseSallaTime } from './salla-values.ts';
import { createInstallService } from './install.service.ts';
import { orderFacts } from './order-facts.ts';
import { parseOrFail, type WebhookOutcome } from './payload.ts';
import type { SallaTokenService } from './salla-tokens.service.ts';
import {
  findDeadLetter,
  findPendingDeadLetters,
  keepDeadLetter,
  markReplayed,
  markReplayFailed,
  type DeadLetterRow,
} from './dead-letters.repository.ts';

import { ORDER_KINDS, parseEventData, type Parsed } from './event-translation.ts';
import {
  bodyWithoutTokens,
  issuesSummary,
  namesOf,
  payloadInvalid,
  readEnvelope,
  sha256,
  unhandledPayload,
  type DeadLettered,
  type ReplayReport,
} from './delivery-body.ts';

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
  /** The engine's entry for store events (engine/intake.ts). */
  intake: EventIntake;
}) {
  const { ctx, salla, authService, sallaTokens } = deps;
  const parseEvent = deps.parseEvent ?? parseEventData;
  const { db, log } = ctx;
  const { intake } = deps;
  const install = createInstallService({ ctx, salla, authService });
  /** Deliveries answered as redeliveries since start (the benchmark and the tests read it). */
  const counters = { redeliveries: 0 };

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

  /** The event in the engine's words; the store's lifecycle events apply themselves here. */
  async function storeEventOf(
    parsed: Parsed,
    input: { merchantId: number; event: string; at: Date },
  ): Promise<StoreEvent> {
    const { event, at } = input;
    switch (parsed.type) {
      case 'order':
        return {
          type: 'order',
          kind: parsed.kind,
          order: parsed.order,
          ...(parsed.kind === 'refunded'
            ? { refund: await refundFacts(input.merchantId, parsed.order.id) }
            : {}),
        };
      case 'customer':
        return { type: 'customer', created: parsed.created, customer: parsed.customer };
      case 'review':
        return { type: 'review', review: parsed.review };
      case 'subscription':
        return {
          type: 'store',
          apply: async (tx, merchant) => ({
            outcome: 'processed',
            note: await applySubscriptionEvent(tx, merchant, { event, data: parsed.data, at }),
          }),
        };
      case 'app':
        return {
          type: 'store',
          apply: async (tx, merchant) => {
            const applied =
              parsed.event === 'app.installed'
                ? await applyInstalled(tx, merchant, at)
                : parsed.event === 'app.uninstalled'
                  ? await applyUninstalled(tx, merchant, at)
                  : 'applied';
            if (applied !== 'stale') return { outcome: 'processed', note: null };
            log.info(
              { merchantId: merchant.id, event, eventAt: at, newest: merchant.lifecycleEventAt },
              "webhook ignored: older than the store's newest install lifecycle event",
            );
            return { outcome: 'ignored', note: STALE_LIFECYCLE };
          },
        };
      case 'unknown':
        return { type: 'unknown' };
    }
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
    const kind =
      ORDER_KINDS[event as SallaEvent] ?? (event === 'order.status.updated' ? 'status' : null);
    if (kind && intake.takesFastPath(kind)) return false;
    const seen = await deliveryExists(db, key);
    if (seen) counters.redeliveries += 1;
    return seen;
  }

  /** Stores the event (once) and applies it: the engine's entry, called once. */
  async function receive(input: {
    raw: Buffer;
    envelope: SallaEnvelope;
    dedupeKey?: string;
  }): Promise<WebhookOutcome> {
    const { raw, envelope } = input;
    const dedupeKey = input.dedupeKey ?? sha256(raw);
    const at = parseSallaTime(envelope.created_at) ?? ctx.now();
    const parsed = parseEvent(envelope.event, envelope.data);
    let outcome: WebhookOutcome;
    if (envelope.event === 'app.store.authorize')
      outcome = await install.authorize(envelope, dedupeKey, at);
    else {
      const merchantId = envelope.merchant;
      const event = await storeEventOf(parsed, { merchantId, event: envelope.event, at });
      ({ outcome } = await intake.receive(event, {
        merchantId,
        dedupeKey,
        event: envelope.event,
        at,
        body: raw.toString('utf8'),
        payload: parsed.type === 'unknown' ? unhandledPayload(envelope) : envelope,
      }));
    }
    remember(dedupeKey);
    return outcome;
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
    stats: () => ({ ...intake.stats(), ...counters }),
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
