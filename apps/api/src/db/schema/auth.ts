import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { merchants } from './merchants.ts';

/** A merchant login. Tokens name their session; revoking the row ends the token at once. */
export const merchantSessions = pgTable(
  'merchant_sessions',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /**
     * How the session began: `password` (the login page) or `salla_embedded` (the Salla merchant
     * dashboard's token, exchanged by the embedded page; shorter-lived, decision 031) or
     * `demo_viewer` (the read-only demo: every change is refused, decision 044).
     */
    kind: text('kind', { enum: ['password', 'salla_embedded', 'demo_viewer'] })
      .notNull()
      .default('password'),
    /** The Salla user the dashboard's token named (an owner or an employee); embedded only. */
    sallaUserId: bigint('salla_user_id', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    check(
      'merchant_sessions_kind_known',
      sql`${t.kind} in ('password', 'salla_embedded', 'demo_viewer')`,
    ),
  ],
);

/**
 * Salla dashboard tokens already exchanged for a session: a token works once on our side
 * (decision 031). Only a SHA-256 of the token is kept, until it expires; then it is refused for
 * its expiry anyway and the row is pruned.
 */
export const sallaEmbeddedTokens = pgTable(
  'salla_embedded_tokens',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.tokenHash] }),
    index('salla_embedded_tokens_expires_idx').on(t.expiresAt),
  ],
);

/** Password-reset codes: only a keyed hash is stored; 15 minutes, 5 tries, one use. */
export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Wrong tries that named this code's request (its id, handed only to who asked for it). */
    attempts: integer('attempts').notNull().default(0),
    /** Wrong tries that named no request, aimed at the newest open code (docs/decisions/025). */
    unboundAttempts: integer('unbound_attempts').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Set when the code is used (which ends the merchant's other open codes too). */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    index('password_reset_codes_open_idx').on(t.merchantId, t.createdAt),
  ],
);

/**
 * Fixed-window counters for rate limits, shared by every API instance (the API is stateless).
 * Not tenant data: keys are IPs and e-mails seen before anyone is authenticated.
 */
export const rateLimitBuckets = pgTable(
  'rate_limit_buckets',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
    /**
     * When the row no longer counts (its window, or a back-off streak, is over) and may be
     * deleted; written with every hit. The default only covers rows written without it.
     */
    expiresAt: timestamp('expires_at', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '1 day'`),
  },
  (t) => [index('rate_limit_buckets_expires_idx').on(t.expiresAt)],
);
