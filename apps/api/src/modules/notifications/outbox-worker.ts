import { randomUUID } from 'node:crypto';
import type { NotificationChannelChoice, NotificationKind } from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import { earningBlock, findCustomersByIds, heldOut } from '../engine/index.ts';
import { findMerchantById, type MerchantRow } from '../merchants/index.ts';
import { EMAIL_CHANNEL, IMMEDIATE_KINDS, type NotificationChannel } from './channels.ts';
import { SMS_CHANNEL } from './notification-sms.ts';
import { parseNotificationContent } from './notification-payloads.ts';
import {
  findNotificationChannel,
  findNotificationSettings,
} from './notification-settings.repository.ts';
import { claimDueOutboxRows, settleOutboxRow, type OutboxRow } from './notifications.repository.ts';
import { inQuietHours, OUTBOX_LEASE_MS, OUTBOX_MAX_ATTEMPTS, retryDelayMs } from './outbox.ts';
import { unsubscribeToken, unsubscribeUrl } from './unsubscribe.ts';
import { storeMailBrand } from '../../lib/mail-brand.ts';

/** Rows claimed at once by one worker (and keys handed to one immediate delivery). */
export const OUTBOX_BATCH = 50;
const BATCH = OUTBOX_BATCH;
/** Rows of a batch being sent at the same moment, at most (each an SMTP session or an SMS call). */
const SENDS_AT_ONCE = 16;
/** Batches per tick at most, so one tick never runs for ever behind a huge backlog. */
const MAX_BATCHES = 20;

/** The channels of each store choice, in the order they are tried for a customer. */
const CHANNEL_ORDER: Record<NotificationChannelChoice, string[]> = {
  email: [EMAIL_CHANNEL],
  email_or_sms: [EMAIL_CHANNEL, SMS_CHANNEL],
  sms: [SMS_CHANNEL, EMAIL_CHANNEL],
};

/** A failure as a short code for the row and the log: never the server's text (it may name the address). */
function describeError(error: unknown): string {
  if (error && typeof error === 'object') {
    const e = error as { responseCode?: unknown; code?: unknown };
    if (typeof e.responseCode === 'number') return `smtp ${e.responseCode}`;
    if (typeof e.code === 'string') return e.code.slice(0, 40);
  }
  return 'error';
}

export interface DeliveryResult {
  sent: number;
  retried: number;
  failed: number;
  skipped: number;
}

/** A row's key: what a redemption hands over to have its coupon mail sent at once. */
export interface OutboxKey {
  merchantId: number;
  idempotencyKey: string;
}

type Customer = Awaited<ReturnType<typeof findCustomersByIds>>[number];

/** What the rows of one store in a batch are sent with: read once per batch, not per row. */
interface StoreFacts {
  merchant: MerchantRow | undefined;
  switchedOff: Set<NotificationKind>;
  choice: NotificationChannelChoice;
  customers: Map<number, Customer>;
}

/**
 * The outbox worker: claims due rows (a lease under a random token, SKIP LOCKED), reads what
 * they need once per store of the batch (the store, its switches, its channel, the customers:
 * at send time, as before), sends each through its channel, marks it. Any number of instances
 * may run it at once. A crash after a send and before its mark sends that row again after the
 * lease: the one at-least-once window.
 */
export function createOutboxWorker(ctx: AppContext, channels: NotificationChannel[]) {
  const { db, log, config } = ctx;
  const byName = new Map(channels.map((c) => [c.name, c]));

  async function readStoreFacts(merchantId: number, rows: OutboxRow[]): Promise<StoreFacts> {
    const [merchant, settings, channel, found] = await Promise.all([
      findMerchantById(db, merchantId),
      findNotificationSettings(db, merchantId),
      findNotificationChannel(db, merchantId),
      findCustomersByIds(db, merchantId, [...new Set(rows.map((r) => r.customerId))]),
    ]);
    return {
      merchant,
      switchedOff: new Set(settings.filter((s) => !s.enabled).map((s) => s.kind)),
      choice: channel?.channel ?? 'email',
      customers: new Map(found.map((c) => [c.id, c])),
    };
  }

  async function deliverRow(
    row: OutboxRow,
    token: string,
    facts: StoreFacts,
  ): Promise<keyof DeliveryResult> {
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

    const { merchant } = facts;
    if (!merchant || merchant.installStatus !== 'installed') return skip('store_gone');
    if (facts.switchedOff.has(row.kind)) return skip('switched_off');
    if (!IMMEDIATE_KINDS.includes(row.kind) && earningBlock(merchant, now))
      return skip('not_earning');
    const customer = facts.customers.get(row.customerId);
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
    const candidates = CHANNEL_ORDER[facts.choice].map((name) => byName.get(name));
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
   * One claimed batch: each store's facts read once (the stores at once), then the rows, up to
   * SENDS_AT_ONCE of them in flight (a mail is mostly waiting on the SMTP server; one after the
   * other, a batch of coupons would keep the last shopper waiting for the whole batch).
   */
  async function deliverBatch(rows: OutboxRow[], token: string, result: DeliveryResult) {
    const byStore = new Map<number, OutboxRow[]>();
    for (const row of rows)
      byStore.set(row.merchantId, [...(byStore.get(row.merchantId) ?? []), row]);
    const facts = new Map<number, StoreFacts>();
    await Promise.all(
      [...byStore].map(async ([merchantId, storeRows]) => {
        try {
          facts.set(merchantId, await readStoreFacts(merchantId, storeRows));
        } catch (error) {
          // The store's rows stay claimed until the lease runs out; a later tick takes them again.
          log.error({ err: error, merchantId }, 'notification delivery broke');
        }
      }),
    );
    const ready = rows.filter((row) => facts.has(row.merchantId));
    let next = 0;
    const sender = async () => {
      while (next < ready.length) {
        const row = ready[next++]!;
        try {
          result[await deliverRow(row, token, facts.get(row.merchantId)!)] += 1;
        } catch (error) {
          // A database error on one row: its lease runs out and a later tick takes it again.
          log.error(
            { err: error, merchantId: row.merchantId, outboxId: row.id },
            'notification delivery broke',
          );
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(SENDS_AT_ONCE, ready.length) }, sender));
  }

  /**
   * One tick: every due row, batch by batch. In quiet hours only the immediate kinds go; the
   * others stay pending (due) and leave with the first tick at 08:00 Riyadh. `only`: just the
   * rows of these keys (coupon mails right after their redemptions), if they are still due.
   */
  async function deliverDue(
    options: { only?: OutboxKey | readonly OutboxKey[] } = {},
  ): Promise<DeliveryResult> {
    const result: DeliveryResult = { sent: 0, retried: 0, failed: 0, skipped: 0 };
    const only = options.only === undefined ? undefined : [options.only].flat();
    for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
      const now = ctx.now();
      const token = randomUUID();
      const keys = only?.slice(batch * BATCH, (batch + 1) * BATCH);
      if (keys?.length === 0) break;
      const rows = await claimDueOutboxRows(db, {
        now,
        leaseUntil: new Date(now.getTime() + OUTBOX_LEASE_MS),
        token,
        limit: BATCH,
        ...(inQuietHours(now) ? { kinds: IMMEDIATE_KINDS } : {}),
        ...(keys ? { only: keys } : {}),
      });
      await deliverBatch(rows, token, result);
      if (!keys && rows.length < BATCH) break;
    }
    return result;
  }

  return { deliverDue };
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
