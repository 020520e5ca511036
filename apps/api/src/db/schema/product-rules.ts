import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { PRODUCT_RULE_EFFECTS } from '@nuqat/contracts';
import { merchants } from './merchants.ts';

/**
 * Product rules (issue 29, docs/decisions/048): a product of the store that earns nothing, or
 * earns ×1.1 to ×10, on its share of an order's spend. The engine reads them (the config version
 * follows them, migration hand-written part) and keeps what an order got with the order
 * (`orders.earning_basis`, its points), so a rule changed later never changes a counted order.
 */
export const productRules = pgTable(
  'product_rules',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    /** Salla's product id (`items[].product.id` of its orders). */
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    /** The product's name as an order named it when the rule was made. */
    productName: text('product_name').notNull(),
    effect: text('effect', { enum: PRODUCT_RULE_EFFECTS }).notNull(),
    /** 0 for `exclude`; 110–1000 (percent) for `multiply`. */
    multiplierPct: integer('multiplier_pct').notNull(),
    /**
     * Set when a category rule made it (decision 057): the category read from Salla's List
     * Products `category` filter; null for a rule made for the product itself (which a category
     * rule never replaces).
     */
    categoryId: bigint('category_id', { mode: 'number' }),
    categoryName: text('category_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    unique('product_rules_product_unique').on(t.merchantId, t.productId),
    index('product_rules_category_idx').on(t.merchantId, t.categoryId),
    check(
      'product_rules_multiplier_range',
      sql`(${t.effect} = 'exclude' and ${t.multiplierPct} = 0) or (${t.effect} = 'multiply' and ${t.multiplierPct} between 110 and 1000)`,
    ),
  ],
);

/** The jsonb of `orders.lines`: what an order's lines said when Nuqat last saw them. */
export type StoredOrderLine = { productId: number; name: string; amountHalalas: number };
export const orderLinesColumn = () => jsonb('lines').$type<StoredOrderLine[]>();
/**
 * How a counted order's purchase points were worked out (decision 048): `lines` — from its lines
 * under the store's product rules; `total` — the store had rules but the order's lines were
 * missing, so its total earned as if there were none. Null: the store had no product rules.
 */
export const ORDER_EARNING_BASES = ['lines', 'total'] as const;
export const earningBasisColumn = () => text('earning_basis', { enum: ORDER_EARNING_BASES });
