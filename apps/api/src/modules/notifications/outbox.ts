import type { NotificationKind } from '@nuqat/contracts';
import type { Executor } from '../../db/client.ts';
import { RIYADH_OFFSET_MS } from '../engine/index.ts';
import { EMAIL_CHANNEL } from './channels.ts';
import { NOTIFICATION_PAYLOADS, type NotificationPayloads } from './notification-payloads.ts';
import { insertOutboxRow, skipPendingForCustomer } from './notifications.repository.ts';

/** Tries before a row is given up as failed: 1 + 2 + 4 + … + 60 min ≈ 4 hours of retries. */
export const OUTBOX_MAX_ATTEMPTS = 8;
export const OUTBOX_FIRST_RETRY_MS = 60_000;
export const OUTBOX_MAX_RETRY_MS = 60 * 60_000;
/**
 * A claimed row belongs to its worker this long. A send takes seconds; a worker that died with
 * a claim leaves the row to be taken again after the lease (decision 023).
 */
export const OUTBOX_LEASE_MS = 10 * 60_000;
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
