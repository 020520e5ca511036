import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { merchants } from './merchants.ts';

/**
 * One-time sign-in codes mailed to a shopper's e-mail (docs/decisions/006). Only a keyed hash is
 * stored; 10 minutes, 5 tries, one use; a newer code ends the older ones.
 */
export const shopperCodes = pgTable(
  'shopper_codes',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    /** The mailbox the code was asked for: `emailKey()` of the typed address (decision 028). */
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Wrong tries that named this code's request (its id, handed only to who asked for it). */
    attempts: integer('attempts').notNull().default(0),
    /** Wrong tries that named no request, aimed at the newest open code (docs/decisions/025). */
    unboundAttempts: integer('unbound_attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    index('shopper_codes_open_idx').on(t.merchantId, t.email, t.createdAt),
  ],
);

/** A shopper's signed-in device. Tokens name their session; revoking the row ends the token. */
export const shopperSessions = pgTable(
  'shopper_sessions',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    index('shopper_sessions_customer_idx').on(t.merchantId, t.customerId),
  ],
);
