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
} from 'drizzle-orm/pg-core';
import { EARN_ACTION_EVENTS } from '@nuqat/contracts';
import { merchants } from './merchants.ts';

/**
 * Ways to earn a shopper claims (issue 29, docs/decisions/052): one row per shopper and action,
 * so each happens once. A follow waits `available_at` (pending) before its points are credited;
 * the others are credited as they are claimed. The credit itself is a ledger row with the key
 * `earn-action:<customer>:<action>`.
 */
export const earnActions = pgTable(
  'earn_actions',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    action: text('action', { enum: EARN_ACTION_EVENTS }).notNull(),
    /** The points promised when claimed: a later change of the rule does not change them. */
    points: integer('points').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    /** When the points become the shopper's. */
    availableAt: timestamp('available_at', { withTimezone: true }).notNull(),
    /** Null while pending. */
    creditedAt: timestamp('credited_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.customerId, t.action] }),
    check('earn_actions_points_positive', sql`${t.points} > 0`),
    index('earn_actions_due_idx')
      .on(t.availableAt)
      .where(sql`${t.creditedAt} is null`),
  ],
);
