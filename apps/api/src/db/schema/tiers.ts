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
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { TIER_BASES, TIER_CHANGE_CAUSES, TIER_WINDOWS, type TierBrief } from '@nuqat/contracts';
import { merchants } from './merchants.ts';

/**
 * A store's VIP tier programme (docs/decisions/024): one basis and window for all its tiers, and
 * how long a customer keeps a tier after falling below it. No row: tiers were never set up.
 * `recomputeAfter` is the cursor of the store-wide pass a change starts (null when none runs).
 */
export const tierSettings = pgTable(
  'tier_settings',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .primaryKey()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    basis: text('basis', { enum: TIER_BASES }).notNull(),
    window: text('window', { enum: TIER_WINDOWS }).notNull(),
    graceDays: integer('grace_days').notNull(),
    recomputeAfter: bigint('recompute_after', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('tier_settings_grace_days_range', sql`${t.graceDays} between 0 and 365`)],
);

/** The tiers themselves; `position` 1 is the lowest. Thresholds are points or whole SAR. */
export const tiers = pgTable(
  'tiers',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    position: integer('position').notNull(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    colour: text('colour').notNull(),
    threshold: bigint('threshold', { mode: 'number' }).notNull(),
    multiplierPct: integer('multiplier_pct').notNull().default(100),
    birthdayMultiplierPct: integer('birthday_multiplier_pct'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    index('tiers_threshold_idx').on(t.merchantId, t.threshold),
    check('tiers_position_range', sql`${t.position} between 1 and 5`),
    check('tiers_threshold_min', sql`${t.threshold} >= 0`),
    check('tiers_multiplier_range', sql`${t.multiplierPct} between 100 and 1000`),
    check(
      'tiers_birthday_multiplier_range',
      sql`${t.birthdayMultiplierPct} is null or ${t.birthdayMultiplierPct} between 100 and 1000`,
    ),
  ],
);

/**
 * Every move of a customer between tiers, with its cause. The tiers are kept as they were (a
 * tier renamed or removed later does not rewrite the history).
 */
export const tierChanges = pgTable(
  'tier_changes',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    fromTier: jsonb('from_tier').$type<TierBrief | null>(),
    toTier: jsonb('to_tier').$type<TierBrief | null>(),
    /** 1 up, -1 down. */
    direction: integer('direction').notNull(),
    cause: text('cause', { enum: TIER_CHANGE_CAUSES }).notNull(),
    detail: text('detail'),
    /** What `basisValue` counts (the programme's basis then): points, or whole SAR. */
    basis: text('basis', { enum: TIER_BASES }),
    basisValue: bigint('basis_value', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    index('tier_changes_customer_idx').on(t.merchantId, t.customerId, t.id),
  ],
);

/**
 * How many customers each tier holds, kept by a trigger on `customers.tier_id` (migration 0015)
 * in the transaction that moves them: the /tiers screen reads a handful of rows, not the store.
 * Spread over slots (customer id mod 8) so customers moving at once rarely wait on one row.
 */
export const tierCounts = pgTable(
  'tier_counts',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    tierId: uuid('tier_id').notNull(),
    slot: integer('slot').notNull(),
    customers: bigint('customers', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.tierId, t.slot] })],
);

/**
 * What the tiers preview counts, kept ahead (issue 28, decision 064): how many of a store's
 * shoppers have each value, for the values the preview reads from the shopper row. `kind` 1: whole
 * SAR of lifetime spend (`spend_halalas / 100`); 2: the kept tier value as it is (points);
 * 3: the kept tier value in whole SAR (`tier_value / 100`). An erased shopper counts at -1 (below
 * every threshold, as the preview placed them). Differences are appended to `tier_value_pending`
 * by a trigger on `customers` (and by the pass, grouped); `nuqat_tier_values_fold()` moves them
 * here; the preview sums both in one statement, so it is exact at every commit.
 */
export const tierValueCounts = pgTable(
  'tier_value_counts',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    kind: smallint('kind').notNull(),
    units: bigint('units', { mode: 'number' }).notNull(),
    customers: bigint('customers', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.kind, t.units] }),
    check('tier_value_counts_kind', sql`${t.kind} between 1 and 3`),
  ],
);

/**
 * Differences not folded yet into `tier_value_counts`: an INSERT without a unique key, so no
 * store-wide row is hot and no two writers wait on each other (the `roi_pending` pattern,
 * decision 058). No foreign key: a store being deleted still appends while its rows go; the fold
 * drops them.
 */
export const tierValuePending = pgTable(
  'tier_value_pending',
  {
    merchantId: bigint('merchant_id', { mode: 'number' }).notNull(),
    kind: smallint('kind').notNull(),
    units: bigint('units', { mode: 'number' }).notNull(),
    customers: bigint('customers', { mode: 'number' }).notNull(),
  },
  (t) => [index('tier_value_pending_merchant_idx').on(t.merchantId, t.kind)],
);

/**
 * The tier id of a customer who is in no tier of a store with tiers (NULL stays for stores that
 * never had tiers): the customers list finds them through the same partial tier indexes.
 */
export const NO_TIER_ID = '00000000-0000-0000-0000-000000000000';
