import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { productRules } from '../../db/schema/index.ts';

/**
 * Category rules are product rules marked with their category (decision 057): written here in
 * one statement per category read, removed by the category's id. Products with a rule of their
 * own (no category) are never touched.
 */

/** The products among these that have a rule of their own. */
export async function ownRuleProducts(tx: Executor, merchantId: number, productIds: number[]) {
  if (productIds.length === 0) return new Set<number>();
  const rows = await tx
    .select({ productId: productRules.productId })
    .from(productRules)
    .where(
      and(
        eq(productRules.merchantId, merchantId),
        inArray(productRules.productId, productIds),
        isNull(productRules.categoryId),
      ),
    )
    .for('update');
  return new Set(rows.map((r) => r.productId));
}

/** Removes the rules a category made; how many. */
export async function deleteCategoryRules(tx: Executor, merchantId: number, categoryId: number) {
  const rows = await tx
    .delete(productRules)
    .where(and(eq(productRules.merchantId, merchantId), eq(productRules.categoryId, categoryId)))
    .returning({ id: productRules.id });
  return rows.length;
}

/**
 * The category's rule on each of these products: a product another category ruled takes this
 * one (the category read last); a product with a rule of its own is left out by the caller.
 */
export async function writeCategoryRules(
  tx: Executor,
  rows: {
    merchantId: number;
    productId: number;
    productName: string;
    effect: 'exclude' | 'multiply';
    multiplierPct: number;
    categoryId: number;
    categoryName: string;
  }[],
) {
  if (rows.length === 0) return;
  await tx
    .insert(productRules)
    .values(rows)
    .onConflictDoUpdate({
      target: [productRules.merchantId, productRules.productId],
      set: {
        productName: sql`excluded.product_name`,
        effect: sql`excluded.effect`,
        multiplierPct: sql`excluded.multiplier_pct`,
        categoryId: sql`excluded.category_id`,
        categoryName: sql`excluded.category_name`,
        createdAt: sql`now()`,
      },
      // Never over a rule made for the product itself (checked under lock by the caller too).
      setWhere: sql`${productRules.categoryId} is not null`,
    });
}
