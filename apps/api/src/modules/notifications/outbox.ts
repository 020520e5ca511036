import { randomUUID } from 'node:crypto';
import type { NotificationChannelChoice, NotificationKind } from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { findCustomer } from '../engine/index.ts';
import { earningBlock, heldOut, RIYADH_OFFSET_MS } from '../engine/index.ts';
import { findMerchantById } from '../merchants/index.ts';
import { EMAIL_CHANNEL, IMMEDIATE_KINDS, type NotificationChannel } from './channels.ts';
import { SMS_CHANNEL } from './notification-sms.ts';
import {
  NOTIFICATION_PAYLOADS,
  parseNotificationContent,
  type NotificationPayloads,
} from './notification-payloads.ts';
import {
  findNotificationChannel,
  findNotificationSettings,
} from './notification-settings.repository.ts';
import {
  claimDueOutboxRows,
  insertOutboxRow,
  settleOutboxRow,
  skipPendingForCustomer,
  type OutboxRow,
} from './notifications.repository.ts';
import { unsubscribeToken, unsubscribeUrl } from './unsubscribe.ts';
import { storeMailBrand } from '../../lib/mail-brand.ts';

/** Tries before a row is given up as failed: 1 + 2 + 4 + … + 60 min ≈ 4 hours of retries. */
export const OUTBOX_MAX_ATTEMPTS = 8;
export const OUTBOX_FIRST_RETRY_MS = 60_000;
export const OUTBOX_MAX_RETRY_MS = 60 * 60_000;
/**
 * A claimed row belongs to its worker this long. A send takes seconds; a worker that died with
 * a claim leaves the row to be taken again after the lease (decision 023).
 */
export const OUTBOX_LEASE_MS = 10 * 60_000;
const BATCH = 50;
/** Batches per tick at most, so one tick never runs for ever behind a huge backlog. */
const MAX_BATCHES = 20;

/** The channels of each store choice, in the order they are tried for a customer. */
const CHANNEL_ORDER: Record<NotificationChannelChoice, string[]> = {
  email: [EMAIL_CHANNEL],
  email_or_sms: [EMAIL_CHANNEL, SMS_CHANNEL],
  sms: [SMS_CHANNEL, EMAIL_CHANNEL],
};

/** Quiet hours in Riyadh (UTC+3, no daylight saving): nothing but immediate kinds 22:00–08:00. */
export const QUIET_HOURS = { from: 22, until: 8 } as const;

export function riyadhHour(at: Date): number {
  return new Date(at.getTime() + RIYADH_OFFSET_MS).getUTCHours();
}

export function inQuietHours(at: Date): boolean {
  const hour = riyadhHour(at);
  return hour >= QUIET_HOURS.from || hour < QUIET_HOURS.until;
}

/** The back-off after `attempts` failed tries: 1 min, 2, 4, … at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(OUTBOX_FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), OUTBOX_MAX_RETRY_MS);
}

export interface EnqueueNotificationInput<K extends NotificationKind = NotificationKind> {
  merchantId: number;
  customerId: number;
  kind: K;
  /** One per cause: a second row with the same key for the store is never written. */
  idempotencyKey: string;
  payload: NotificationPayloads[K];
  /** When the cause happened (the service clock); now by default. */
  at?: Date;
}

/**
 * Writes a notification to the outbox, once per (store, key), on the caller's executor — inside
 * the caller's transaction when it has one, so the notification exists exactly when the cause
 * committed. Never sends: the worker does, outside any transaction. Answers whether the row is
 * new. Whether the customer is reachable, subscribed and the template on is checked when sending.
 */
export async function enqueueNotification<K extends NotificationKind>(
  executor: Executor,
  input: EnqueueNotificationInput<K>,
): Promise<boolean> {
  const id = await insertOutboxRow(executor, outboxRowOf(input));
  return id !== null;
}

/**
 * The outbox row `enqueueNotification` writes, its payload checked: for a caller that writes it
 * in a statement of its own (a redemption's `nuqat_redeem_issued`, docs/decisions/059), with
 * the same columns `insertOutboxRow` gives it (next try, created and updated at `at`).
 */
export function outboxRowOf<K extends NotificationKind>(input: EnqueueNotificationInput<K>) {
  return {
    merchantId: input.merchantId,
    customerId: input.customerId,
    kind: input.kind,
    idempotencyKey: input.idempotencyKey,
    payload: NOTIFICATION_PAYLOADS[input.kind].parse(input.payload),
    channel: EMAIL_CHANNEL,
    ...(input.at ? { createdAt: input.at } : {}),
  };
}

/** A failure as a short code for the row and the log: never the server's text (it may name the address). */
function describeError(error: unknown): string {
  if (error && typeof error === 'object') {
    const e = error as { responseCode?: unknown; code?: unknown };
    if (typeof e.responseCode === 'number') return `smtp ${e.responseCode}`;
    if (typeof e.code === 'string') return e.code.slice(0, 40);
  }
  return 'error';
}

/**
 * An erased customer is mailed nothing more (docs/decisions/029): their rows still waiting are
 * skipped now, with the reason, in the erasure's transaction. (The rows hold no address.)
 */
export function skipNotificationsOfErased(
  tx: Executor,
  input: { merchantId: number; customerId: number; at: Date },
): Promise<number> {
  return skipPendingForCustomer(tx, input.merchantId, input.customerId, input.at, 'erased');
}

export interface DeliveryResult {
  sent: number;
  retried: number;
  failed: number;
  skipped: number;
}

/**
 * The outbox worker: claims due rows (a lease under a random token, SKIP LOCKED), sends each
 * through its channel, marks it. Any number of instances may run it at once. A crash after the
 * send and before the mark sends that row again after the lease: the one at-least-once window.
 */
export function createOutboxWorker(ctx: AppContext, channels: NotificationChannel[]) {
  const { db, log, config } = ctx;
  const byName = new Map(channels.map((c) => [c.name, c]));

  async function deliverRow(row: OutboxRow, token: string): Promise<keyof DeliveryResult> {
    const now = ctx.now();
    const claim = { merchantId: row.merchantId, id: row.id, token };
    const skip = async (reason: string) => {
      await settleOutboxRow(db, claim, { status: 'skipped', at: now, skipReason: reason });
      log.info(
        { merchantId: row.merchantId, outboxId: row.id, kind: row.kind, reason },
        'notification skipped',
      );
      return 'skipped' as const;
    };
    const fail = async (reason: string) => {
      await settleOutboxRow(db, claim, { status: 'failed', at: now, lastError: reason });
      log.warn(
        { merchantId: row.merchantId, outboxId: row.id, kind: row.kind, error: reason },
        'notification failed',
      );
      return 'failed' as const;
    };

    const merchant = await findMerchantById(db, row.merchantId);
    if (!merchant || merchant.installStatus !== 'installed') return skip('store_gone');
    const switched = (await findNotificationSettings(db, row.merchantId)).find(
      (s) => s.kind === row.kind,
    );
    if (switched && !switched.enabled) return skip('switched_off');
    if (!IMMEDIATE_KINDS.includes(row.kind) && earningBlock(merchant, now))
      return skip('not_earning');
    const customer = await findCustomer(db, row.merchantId, row.customerId);
    if (!customer || customer.erasedAt) return skip('erased');
    if (customer.notificationsUnsubscribedAt) return skip('unsubscribed');
    // The store's control group gets no loyalty mail (docs/decisions/049).
    if (heldOut(customer, now)) return skip('held_out');
    const recipient = {
      email: customer.email,
      mobile: customer.mobile,
      language: customer.language,
    };
    // The store's choice, read at send time (docs/decisions/032): the first of its channels that
    // reaches this customer.
    const choice = (await findNotificationChannel(db, row.merchantId))?.channel ?? 'email';
    const candidates = CHANNEL_ORDER[choice].map((name) => byName.get(name));
    if (candidates.every((c) => !c)) return fail('no_channel');
    const channel = candidates.find((c) => c?.reaches(recipient));
    if (!channel) return skip('no_address');
    let content;
    try {
      content = parseNotificationContent(row.kind, row.payload);
    } catch {
      return fail('bad_payload');
    }
    if (content.kind === 'coupon_issued' && content.payload.lang)
      recipient.language = content.payload.lang;

    try {
      await channel.send({
        content,
        store: storeMailBrand(merchant),
        recipient,
        unsubscribe: {
          url: unsubscribeUrl(
            config.publicUrl,
            unsubscribeToken(config.keys.unsubscribeLinks.current, row.merchantId, row.customerId),
          ),
        },
      });
    } catch (error) {
      const reason = describeError(error);
      if (row.attempts >= OUTBOX_MAX_ATTEMPTS) return fail(reason);
      const nextAttemptAt = new Date(ctx.now().getTime() + retryDelayMs(row.attempts));
      await settleOutboxRow(db, claim, {
        status: 'pending',
        at: ctx.now(),
        nextAttemptAt,
        lastError: reason,
      });
      log.warn(
        {
          merchantId: row.merchantId,
          outboxId: row.id,
          kind: row.kind,
          attempts: row.attempts,
          error: reason,
          nextAttemptAt,
        },
        'notification not sent; will retry',
      );
      return 'retried';
    }
    // The accepted window: the mail is out; if this mark is lost the row goes again after the lease.
    await settleOutboxRow(db, claim, {
      status: 'sent',
      at: ctx.now(),
      lastError: null,
      channel: channel.name,
    });
    log.info(
      { merchantId: row.merchantId, outboxId: row.id, kind: row.kind, channel: channel.name },
      'notification sent',
    );
    return 'sent';
  }

  /**
   * One tick: every due row, batch by batch. In quiet hours only the immediate kinds go; the
   * others stay pending (due) and leave with the first tick at 08:00 Riyadh.
   */
  async function deliverDue(
    options: { only?: { merchantId: number; idempotencyKey: string } } = {},
  ): Promise<DeliveryResult> {
    const result: DeliveryResult = { sent: 0, retried: 0, failed: 0, skipped: 0 };
    for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
      const now = ctx.now();
      const token = randomUUID();
      const rows = await claimDueOutboxRows(db, {
        now,
        leaseUntil: new Date(now.getTime() + OUTBOX_LEASE_MS),
        token,
        limit: BATCH,
        ...(inQuietHours(now) ? { kinds: IMMEDIATE_KINDS } : {}),
        ...(options.only ? { only: options.only } : {}),
      });
      for (const row of rows) {
        try {
          result[await deliverRow(row, token)] += 1;
        } catch (error) {
          // A database error on one row: its lease runs out and a later tick takes it again.
          log.error(
            { err: error, merchantId: row.merchantId, outboxId: row.id },
            'notification delivery broke',
          );
        }
      }
      if (rows.length < BATCH) break;
    }
    return result;
  }

  return { deliverDue };
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
