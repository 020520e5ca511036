import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  NOTIFICATION_CHANNEL_CHOICES,
  NOTIFICATION_KINDS,
  NOTIFICATION_STATUSES,
} from '@nuqat/contracts';
import { merchants } from './merchants.ts';

/**
 * The durable outbox of e-mails to customers (docs/decisions/023). A cause inserts a row under
 * its idempotency key (once per cause, whatever retries); a worker claims due rows with a lease,
 * sends them through the row's channel and marks them, retrying failures with back-off. No
 * address is stored: the customer's e-mail is read at send time (erasure leaves nothing here).
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    /** Per cause: `digest:{customer}:{date}`, `expiry:{customer}:{days}:{date}`, `coupon:{id}`… */
    idempotencyKey: text('idempotency_key').notNull(),
    /** What the template needs (amounts, dates, names); never an address. */
    payload: jsonb('payload').notNull(),
    channel: text('channel').notNull().default('email'),
    status: text('status', { enum: NOTIFICATION_STATUSES }).notNull().default('pending'),
    /** Sends tried so far (a claim counts as a try). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The lease of the worker sending it: nobody else claims it before this time. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    claimToken: uuid('claim_token'),
    /** The last failure as a code ("smtp 451", "ECONNREFUSED"); no address, no secret. */
    lastError: text('last_error'),
    /** Why it was skipped: unsubscribed, switched_off, erased, no_address, not_earning. */
    skipReason: text('skip_reason'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    uniqueIndex('notification_outbox_idempotency_key').on(t.merchantId, t.idempotencyKey),
    /** The worker's queue: pending rows by due time, across stores. */
    index('notification_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    /** The merchant's 30-day counts. */
    index('notification_outbox_recent_idx').on(t.merchantId, t.createdAt),
    /** An unsubscribe skips the customer's pending rows at once. */
    index('notification_outbox_customer_idx')
      .on(t.merchantId, t.customerId)
      .where(sql`${t.status} = 'pending'`),
    check('notification_outbox_attempts_non_negative', sql`${t.attempts} >= 0`),
    check(
      'notification_outbox_status_known',
      sql`${t.status} in ('pending', 'sent', 'failed', 'skipped')`,
    ),
    check(
      'notification_outbox_kind_known',
      sql`${t.kind} in ('points_digest', 'points_expiring', 'reward_ready', 'coupon_issued', 'tier_up')`,
    ),
  ],
);

/** A template the merchant switched; a kind with no row is on. */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.kind] })],
);

/**
 * The channel a store's notifications go by (docs/decisions/032); a store without a row uses
 * e-mail. The worker reads it when it sends, so causes never know the channel.
 */
export const notificationChannels = pgTable(
  'notification_channels',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .primaryKey()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: NOTIFICATION_CHANNEL_CHOICES }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'notification_channels_known',
      sql`${t.channel} in (${sql.raw(NOTIFICATION_CHANNEL_CHOICES.map((c) => `'${c}'`).join(', '))})`,
    ),
  ],
);
