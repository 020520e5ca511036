import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
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
import { LANGUAGE_CODES, LEDGER_KINDS } from '@nuqat/contracts';
import { merchants } from './merchants.ts';
import { ORDER_EARN_STATUSES, ORDER_STAGES } from './order-states.ts';
import { customerHoldoutColumns, customerHoldoutIndexes, orderCostColumns } from './holdout.ts';
import { earningBasisColumn, orderLinesColumn } from './product-rules.ts';
import { customerSearchIndexes } from './customer-search.ts';

/** A store's shopper, mirrored from Salla's webhooks. `pointsBalance` is a cached ledger sum. */
export const customers = pgTable(
  'customers',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    id: bigint('id', { mode: 'number' }).notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email'),
    mobile: text('mobile'),
    avatar: text('avatar'),
    birthday: date('birthday', { mode: 'string' }),
    /** When the current birthday was first seen; birthday points wait 30 days after it (anti-gaming). */
    birthdaySetAt: timestamp('birthday_set_at', { withTimezone: true }),
    pointsBalance: integer('points_balance').notNull().default(0),
    /**
     * Points the shopper owes (docs/decisions/027): a clawback their balance could not cover
     * after the points were spent, less what withdrawn coupons and later credits repaid. A cached
     * sum of the ledger's `debt_delta`, kept in the same transaction. While it is above zero the
     * balance is zero: every credit repays it first.
     */
    pointsDebt: integer('points_debt').notNull().default(0),
    /**
     * Kept with each ledger row by the ledger module and the fast path (migration 0009): every
     * credit except a redemption rolled back, and redemptions less their rollbacks.
     */
    lifetimeEarned: bigint('lifetime_earned', { mode: 'number' }).notNull().default(0),
    lifetimeRedeemed: bigint('lifetime_redeemed', { mode: 'number' }).notNull().default(0),
    /**
     * Kept by a trigger on orders (migration 0009): counted orders (not cancelled, deleted,
     * returned or fully refunded) and their value less refunds, the newest order placed (any
     * status), and the points of earned orders not released yet.
     */
    ordersCount: integer('orders_count').notNull().default(0),
    spendHalalas: bigint('spend_halalas', { mode: 'number' }).notNull().default(0),
    lastOrderAt: timestamp('last_order_at', { withTimezone: true }),
    pendingPoints: integer('pending_points').notNull().default(0),
    /**
     * The language the customer reads (set when they sign in on the loyalty page): the first
     * block of every e-mail to them.
     */
    language: text('language', { enum: LANGUAGE_CODES }).notNull().default('ar'),
    /** One-click unsubscribe from this store's e-mails (docs/decisions/023); null = subscribed. */
    notificationsUnsubscribedAt: timestamp('notifications_unsubscribed_at', { withTimezone: true }),
    /** Personal fields removed on request (privacy); the profile is never mirrored again. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /**
     * The VIP tier (docs/decisions/024), kept by nuqat_tier_recompute (migration 0013): the tier,
     * since when, since when the customer is below it (the grace period runs from there), when
     * it was last worked out and the basis value then (points, or halalas spent).
     */
    tierId: uuid('tier_id'),
    tierSince: timestamp('tier_since', { withTimezone: true }),
    tierBelowSince: timestamp('tier_below_since', { withTimezone: true }),
    tierCheckedAt: timestamp('tier_checked_at', { withTimezone: true }),
    tierValue: bigint('tier_value', { mode: 'number' }).notNull().default(0),
    /** The store's control group (docs/decisions/049): schema/holdout.ts. */
    ...customerHoldoutColumns(),
    /** Timestamp of the newest Salla event applied to the profile (out-of-order updates lose). */
    profileEventAt: timestamp('profile_event_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    check('customers_points_balance_non_negative', sql`${t.pointsBalance} >= 0`),
    check('customers_points_debt_non_negative', sql`${t.pointsDebt} >= 0`),
    check('customers_language_known', sql`${t.language} in ('ar', 'en')`),
    index('customers_birthday_idx').on(t.merchantId, t.birthday),
    /** The shopper code login finds a customer by e-mail, whatever its case. */
    index('customers_email_idx').on(t.merchantId, sql`lower(${t.email})`),
    /**
     * Every "same shopper?" check by e-mail (sign-in, referral claims, imports) compares the
     * address's key: nuqat_email_key(), the SQL twin of contracts' emailKey() (migration 0016).
     */
    index('customers_email_key_idx').on(t.merchantId, sql`nuqat_email_key(${t.email})`),
    /** Top customers by balance, read from the index's end (no scan of the store's shoppers). */
    index('customers_top_idx').on(t.merchantId, t.pointsBalance.desc(), t.id),
    /** The customers list's sort orders, read either way with a keyset (docs/decisions/017). */
    index('customers_balance_idx').on(t.merchantId, t.pointsBalance, t.id),
    index('customers_joined_idx').on(t.merchantId, t.createdAt, t.id),
    index('customers_spend_idx').on(t.merchantId, t.spendHalalas, t.id),
    index('customers_last_order_idx').on(
      t.merchantId,
      sql`coalesce(${t.lastOrderAt}, '-infinity'::timestamptz)`,
      t.id,
    ),
    /**
     * The customers list filtered by a VIP tier, in each of its sorts, and the count per tier
     * (docs/decisions/024). Partial: a customer in no tier — every customer of a store without
     * tiers — costs these indexes nothing.
     */
    index('customers_tier_joined_idx')
      .on(t.merchantId, t.tierId, t.createdAt, t.id)
      .where(sql`${t.tierId} is not null`),
    index('customers_tier_balance_idx')
      .on(t.merchantId, t.tierId, t.pointsBalance, t.id)
      .where(sql`${t.tierId} is not null`),
    index('customers_tier_spend_idx')
      .on(t.merchantId, t.tierId, t.spendHalalas, t.id)
      .where(sql`${t.tierId} is not null`),
    index('customers_tier_last_order_idx')
      .on(t.merchantId, t.tierId, sql`coalesce(${t.lastOrderAt}, '-infinity'::timestamptz)`, t.id)
      .where(sql`${t.tierId} is not null`),
    ...customerHoldoutIndexes(t),
    /** Customers whose grace period below their tier is running (the tier job). */
    index('customers_tier_grace_idx')
      .on(t.merchantId, t.tierBelowSince)
      .where(sql`${t.tierBelowSince} is not null`),
    /** A mobile by its last nine digits, however it was written (+966 5…, 05…, 5…). */
    index('customers_mobile_idx').on(
      t.merchantId,
      sql`right(regexp_replace(coalesce(${t.mobile}, ''), '[^0-9]', '', 'g'), 9)`,
    ),
    /** Search by any part of name, e-mail or mobile: trigrams (pg_trgm) within the store (btree_gin). */
    index('customers_search_idx').using(
      'gin',
      t.merchantId,
      sql`(lower(${t.firstName} || ' ' || ${t.lastName} || ' ' || coalesce(${t.email}, '') || ' ' || coalesce(${t.mobile}, ''))) gin_trgm_ops`,
    ),
    ...customerSearchIndexes(t),
  ],
);

export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * The points ledger: append-only (a trigger refuses UPDATE and DELETE). Every balance change is
 * one row, and `(merchant_id, idempotency_key)` makes every trigger happen once.
 */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    delta: integer('delta').notNull(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    /**
     * What caused it: order, repeat_purchase, signup, birthday, review, redemption, lot, manual
     * (an adjustment: source_id is its key in customer_adjustments), import (the file's hash).
     */
    sourceType: text('source_type').notNull(),
    sourceId: text('source_id').notNull(),
    /** The earning rule that produced an earn row (for per-customer caps and reports). */
    ruleEvent: text('rule_event'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** For credits: when the points expire (null = never). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** For debits that could not take all they asked for (balance never goes below zero). */
    shortfall: integer('shortfall').notNull().default(0),
    /**
     * How the row moved what the shopper owes (docs/decisions/027): a clawback's shortfall owed
     * (+), a repayment from a credit or a debt forgiven by the merchant (−). A shortfall not owed
     * (shortfall − debt_delta on a debit) was forgiven.
     */
    debtDelta: integer('debt_delta').notNull().default(0),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    uniqueIndex('points_ledger_idempotency_key').on(t.merchantId, t.idempotencyKey),
    index('points_ledger_customer_idx').on(t.merchantId, t.customerId, t.createdAt),
    /** The dashboard's recent activity: the store's newest rows by time (issue 27). */
    index('points_ledger_recent_idx').on(t.merchantId, t.createdAt, t.id),
    index('points_ledger_source_idx').on(t.merchantId, t.sourceType, t.sourceId),
    check(
      'points_ledger_delta_nonzero_or_shortfall',
      sql`${t.delta} <> 0 or ${t.shortfall} > 0 or ${t.debtDelta} <> 0`,
    ),
    check('points_ledger_shortfall_non_negative', sql`${t.shortfall} >= 0`),
  ],
);

/**
 * Lots: what is left of each credit, consumed oldest-expiry first by debits; expiry takes only
 * what is left, so points already spent are never expired twice.
 */
export const pointsLots = pgTable(
  'points_lots',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    ledgerId: bigint('ledger_id', { mode: 'number' }).notNull(),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    sourceType: text('source_type').notNull(),
    sourceId: text('source_id').notNull(),
    amount: integer('amount').notNull(),
    remaining: integer('remaining').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.ledgerId] }),
    index('points_lots_open_idx').on(t.merchantId, t.customerId, t.expiresAt),
    index('points_lots_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.remaining} > 0`),
    check(
      'points_lots_remaining_range',
      sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.amount}`,
    ),
  ],
);

/** An order's stage and what it earned: schema/order-states.ts. */
export { ORDER_EARN_STATUSES, ORDER_STAGES } from './order-states.ts';
export type { OrderEarnStatus, OrderStage } from './order-states.ts';

/** Salla orders as the engine sees them: facts merged from every event, in any order. */
export const orders = pgTable(
  'orders',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    id: bigint('id', { mode: 'number' }).notNull(),
    customerId: bigint('customer_id', { mode: 'number' }),
    referenceId: text('reference_id'),
    /** Salla's name for the status: a label the merchant reads and picks spendable statuses by. */
    statusSlug: text('status_slug'),
    statusStage: text('status_stage', { enum: ORDER_STAGES }),
    /** Event time of the status above; an older event never overwrites a newer status. */
    statusAt: timestamp('status_at', { withTimezone: true }),
    totalHalalas: bigint('total_halalas', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull().default('SAR'),
    placedAt: timestamp('placed_at', { withTimezone: true }),
    /** Sticky facts: once seen they stay, whatever order the events arrive in. */
    cancelled: boolean('cancelled').notNull().default(false),
    deleted: boolean('deleted').notNull().default(false),
    restored: boolean('restored').notNull().default(false),
    refundedHalalas: bigint('refunded_halalas', { mode: 'number' }).notNull().default(0),
    fullyRefunded: boolean('fully_refunded').notNull().default(false),
    /** The decision taken when the order first qualified (placed, not pending, not cancelled). */
    earnStatus: text('earn_status', { enum: ORDER_EARN_STATUSES }).notNull().default('pending'),
    qualifiedAt: timestamp('qualified_at', { withTimezone: true }),
    /** Points the order rule granted at qualification (a later rule change does not alter it). */
    earnPoints: integer('earn_points').notNull().default(0),
    /** Total at qualification, the base for proportional partial-refund clawback. */
    earnBaseHalalas: bigint('earn_base_halalas', { mode: 'number' }).notNull().default(0),
    /** Spend for the points-per-riyal rule: sub-total less discounts, without shipping and tax. */
    spendHalalas: bigint('spend_halalas', { mode: 'number' }).notNull().default(0),
    /** Points the purchase_amount rule granted at qualification. */
    amountPoints: integer('amount_points').notNull().default(0),
    /**
     * When the points become spendable: the first time the order reached a status the merchant
     * chose, plus the holding period. Null while no such status was seen (points are pending).
     */
    releaseAt: timestamp('release_at', { withTimezone: true }),
    /** When the points were credited (at or after releaseAt). */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /** Subscription month the order was counted in against the plan's order limit. */
    planPeriodStart: timestamp('plan_period_start', { withTimezone: true }),
    /** The Nuqat coupon (redemption) the order used, if any (its code among the discounts). */
    couponRedemptionId: uuid('coupon_redemption_id'),
    /** What Nuqat's coupons took off the order (docs/decisions/049): schema/holdout.ts. */
    ...orderCostColumns(),
    /**
     * The VIP tier multiplier (percent) of the customer when the order qualified: its points
     * above include it, and its repeat-purchase bonus is multiplied by it (docs/decisions/024).
     */
    tierMultiplierPct: integer('tier_multiplier_pct').notNull().default(100),
    /**
     * Campaigns (docs/decisions/047) as they stood when the order qualified: the multiplier its
     * points above include (percent, with the tier's), the fixed bonus it earns beside them, and
     * which campaigns gave them. Redeliveries, refunds and clawbacks read these, never the
     * campaigns of the day.
     */
    campaignMultiplierPct: integer('campaign_multiplier_pct').notNull().default(100),
    campaignBonusPoints: integer('campaign_bonus_points').notNull().default(0),
    campaignIds: uuid('campaign_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** The order's lines as its events last said them while it waited (decision 048). */
    lines: orderLinesColumn(),
    /** Whether its points came from its lines or, lines missing, its total (decision 048). */
    earningBasis: earningBasisColumn(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    index('orders_customer_idx').on(t.merchantId, t.customerId, t.placedAt),
    /** The release job: orders whose holding period is over and whose points wait. */
    index('orders_release_due_idx')
      .on(t.releaseAt)
      .where(sql`${t.releasedAt} is null and ${t.releaseAt} is not null`),
  ],
);

/** Orders counted against the plan's monthly order limit, per subscription month. */
export const planUsage = pgTable(
  'plan_usage',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    /**
     * The month's count is split over slots, each with its share of the limit, so concurrent
     * orders of one store rarely update the same row (engine/plan-usage.repository.ts).
     */
    slot: integer('slot').notNull().default(0),
    ordersCounted: integer('orders_counted').notNull().default(0),
    ordersOverLimit: integer('orders_over_limit').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.periodStart, t.slot] })],
);

/** Every webhook received, stored before it is processed; the dedupe key makes redeliveries no-ops. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    merchantId: bigint('merchant_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    dedupeKey: text('dedupe_key').notNull(),
    event: text('event').notNull(),
    eventAt: timestamp('event_at', { withTimezone: true }),
    payload: jsonb('payload').notNull(),
    /** processed | ignored (unknown event, uninstalled store) */
    outcome: text('outcome').notNull(),
    note: text('note'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    /** SHA-256 of the raw body (which names the store): a redelivery is found before parsing. */
    uniqueIndex('webhook_events_dedupe_key').on(t.dedupeKey),
  ],
);

/**
 * Signed deliveries that did not fit Salla's schemas (the sender got the 400 it always got):
 * kept here instead of being lost after Salla's retries, and replayed through the webhook path
 * with `npm run webhooks:replay` once the schema is fixed. Salla's tokens are never kept.
 */
export const webhookDeadLetters = pgTable(
  'webhook_dead_letters',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** SHA-256 of the body as received: the key a replay lands under, so it lands once. */
    dedupeKey: text('dedupe_key').notNull(),
    /** The body as received, except Salla's access and refresh tokens. */
    body: text('body').notNull(),
    /** From the body when it could be read, else null. */
    event: text('event'),
    merchantId: bigint('merchant_id', { mode: 'number' }),
    /** What did not fit: a one-line summary, and the issues (paths, codes, messages). */
    error: text('error').notNull(),
    issues: jsonb('issues').notNull(),
    /** Salla retries a refused delivery: each one counts here. */
    deliveries: integer('deliveries').notNull().default(1),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    lastReceivedAt: timestamp('last_received_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a replay got it through (null while it is dead); the outcome of the last replay. */
    replayedAt: timestamp('replayed_at', { withTimezone: true }),
    /** processed | duplicate | ignored, or failed (still does not fit: `error` is the new one). */
    replayResult: text('replay_result'),
    replayAttempts: integer('replay_attempts').notNull().default(0),
  },
  (t) => [
    uniqueIndex('webhook_dead_letters_dedupe_key').on(t.dedupeKey),
    index('webhook_dead_letters_pending_idx')
      .on(t.id)
      .where(sql`${t.replayedAt} is null`),
    index('webhook_dead_letters_merchant_idx').on(t.merchantId),
  ],
);

/**
 * A merchant's manual adjustment: who made it, why, and the balance it left, under the form's
 * idempotency key (one submit, one ledger row `adjust:<key>`). A repeat with the same body gets
 * this row's answer again; with another body, 409.
 */
export const customerAdjustments = pgTable(
  'customer_adjustments',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    idempotencyKey: uuid('idempotency_key').notNull(),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    points: integer('points').notNull(),
    reason: text('reason').notNull(),
    ledgerId: bigint('ledger_id', { mode: 'number' }).notNull(),
    balanceAfter: integer('balance_after').notNull(),
    /** The merchant session that made it (the store's back-office login). */
    sessionId: uuid('session_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.idempotencyKey] }),
    index('customer_adjustments_customer_idx').on(t.merchantId, t.customerId, t.createdAt),
    check('customer_adjustments_points_nonzero', sql`${t.points} <> 0`),
  ],
);
