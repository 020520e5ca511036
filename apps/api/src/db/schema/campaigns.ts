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
  uuid,
} from 'drizzle-orm/pg-core';
import { CAMPAIGN_EFFECTS } from '@nuqat/contracts';
import { merchants } from './merchants.ts';

/**
 * Campaigns (issue 29, docs/decisions/047): a window of time in which purchases earn more — a
 * multiplier on the order's points, or a fixed bonus per order above a minimum. The engine reads
 * them (the config version follows them, migration hand-written part) and keeps what an order got
 * with the order (`orders.campaign_*`), so nothing here is read again for an order once counted.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    /** The window: an order placed (Salla's `date`) at or after `starts_at` and before `ends_at`. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    effect: text('effect', { enum: CAMPAIGN_EFFECTS }).notNull(),
    /** `multiplier`: percent (100–1000) applied to the order's purchase points. */
    multiplierPct: integer('multiplier_pct').notNull().default(100),
    /** `bonus`: points added once per order whose total reaches the minimum. */
    bonusPoints: integer('bonus_points').notNull().default(0),
    minOrderTotalHalalas: bigint('min_order_total_halalas', { mode: 'number' })
      .notNull()
      .default(0),
    /** Only customers in these tiers; empty: everyone. */
    tierIds: uuid('tier_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Only a shopper's first order that counts in the campaign. */
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    /**
     * `products` (decision 057): the products whose share of an order's spend it multiplies, with
     * the name an order gave each when chosen; empty for the other effects.
     */
    products: jsonb('products')
      .$type<{ id: number; name: string; categoryId?: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * `products` (decision 061): the store's categories it was made from, as Salla named them when
     * saved; their products are in `products` (marked with `categoryId`), so the engine reads
     * only `products`. Empty for the other effects.
     */
    categories: jsonb('categories')
      .$type<{ id: number; name: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Set when the merchant ended it before `ends_at` (which then moves to that moment). */
    endedEarlyAt: timestamp('ended_early_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    index('campaigns_window_idx').on(t.merchantId, t.endsAt),
    check('campaigns_window_order', sql`${t.endsAt} > ${t.startsAt}`),
    check('campaigns_multiplier_range', sql`${t.multiplierPct} between 100 and 1000`),
    check('campaigns_bonus_range', sql`${t.bonusPoints} between 0 and 1000000`),
    check(
      'campaigns_products_effect',
      sql`(${t.effect} = 'products') = (jsonb_array_length(${t.products}) > 0)`,
    ),
    check(
      'campaigns_categories_effect',
      sql`${t.effect} = 'products' or jsonb_array_length(${t.categories}) = 0`,
    ),
  ],
);
