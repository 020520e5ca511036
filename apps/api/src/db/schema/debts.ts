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

export const DEBT_RECOVERY_STATUSES = ['pending', 'done', 'failed'] as const;
export type DebtRecoveryStatus = (typeof DEBT_RECOVERY_STATUSES)[number];

/**
 * A shopper whose debt may be recovered from their unused coupons at Salla (docs/decisions/027):
 * written in the transaction that made the debt (or that found a returned coupon used anyway),
 * worked after the commit by whichever instance claims it, under a lease. One row per shopper:
 * a new cause bumps `generation`, so a run that began before it does not close the row.
 */
export const debtRecoveries = pgTable(
  'debt_recoveries',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    status: text('status', { enum: DEBT_RECOVERY_STATUSES }).notNull().default('pending'),
    generation: integer('generation').notNull().default(1),
    /** Runs that failed (Salla down, a refused token) since the last cause; each backs off. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The lease of the worker on it: nobody else claims it before this time. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    claimToken: uuid('claim_token'),
    /** The last failure as a short code (`salla 500 error`, `STORE_NEEDS_REINSTALL`). */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.customerId] }),
    /** The worker's queue: pending rows by due time, across stores. */
    index('debt_recoveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    check('debt_recoveries_status_known', sql`${t.status} in ('pending', 'done', 'failed')`),
  ],
);
