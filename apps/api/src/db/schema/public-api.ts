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
import { merchants } from './merchants.ts';

/**
 * API keys of the open API (issue 31, docs/decisions/038). Only the key's HMAC is kept
 * (`keys.apiKeys`, HKDF from JWT_SECRET): a key is 32 random bytes, so a fast keyed hash is as
 * strong as a slow one and costs nothing per request.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    /** `nqk_` and the first characters of the key, shown to tell keys apart. */
    prefix: text('prefix').notNull(),
    /** Hex HMAC-SHA256 of the whole key. */
    keyHash: text('key_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute per key. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    uniqueIndex('api_keys_hash_idx').on(t.keyHash),
  ],
);

/** A merchant's HTTPS receiver and the events it wants (docs/decisions/039). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().notNull(),
    /** `whsec_…`, sealed for the store (lib/crypto sealForStore). */
    secretSealed: text('secret_sealed').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason', { enum: ['merchant', 'failing'] }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** Deleted endpoints are kept (their deliveries' log) but never get events again. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    /** The outbox triggers ask "does this store listen?" on every change. */
    index('webhook_endpoints_live_idx')
      .on(t.merchantId)
      .where(sql`${t.enabled} and ${t.deletedAt} is null`),
  ],
);

/**
 * The outbox: one row per event, written by triggers in the transaction of the change (migration
 * hand-written part), only while the store has a live endpoint for that event type. `customerSeq`
 * orders a customer's events in commit order (the counter row is locked until commit).
 */
export const outboundEvents = pgTable(
  'outbound_events',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** `evt_` and a UUID without dashes: the `webhook-id` header and the payload's `id`. */
    id: text('id').notNull(),
    type: text('type').notNull(),
    customerId: bigint('customer_id', { mode: 'number' }),
    customerSeq: bigint('customer_seq', { mode: 'number' }).notNull(),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.id] })],
);

/** The last sequence number given to a customer's events. */
export const outboundCustomerSeq = pgTable(
  'outbound_customer_seq',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.customerId] })],
);

/** One event for one endpoint: its attempts, retried with back-off for a day. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    endpointId: uuid('endpoint_id').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    customerId: bigint('customer_id', { mode: 'number' }),
    customerSeq: bigint('customer_seq', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** A worker's claim on the delivery; another worker takes it only after this passes. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    uniqueIndex('webhook_deliveries_event_idx').on(t.merchantId, t.endpointId, t.eventId),
    /** What the worker looks at: pending deliveries, due first. */
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    /** "Is an earlier event of this customer still waiting for this endpoint?" */
    index('webhook_deliveries_order_idx')
      .on(t.merchantId, t.endpointId, t.customerId, t.customerSeq)
      .where(sql`${t.status} = 'pending'`),
    /** The delivery log, newest first (keyset). */
    index('webhook_deliveries_log_idx').on(t.merchantId, t.createdAt, t.id),
    check(
      'webhook_deliveries_status_known',
      sql`${t.status} in ('pending', 'delivered', 'failed')`,
    ),
  ],
);
