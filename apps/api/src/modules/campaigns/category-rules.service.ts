import type { CategoriesData, CategoryRuleBody, CategoryRuleResult } from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { createCategoryCatalogue, type CatalogueDeps } from './category-catalogue.ts';
import {
  deleteCategoryRules,
  ownRuleProducts,
  writeCategoryRules,
} from './category-rules.repository.ts';
import { requireGrowth } from './product-rules.service.ts';

/**
 * Category rules (issue 29, decision 057): a category of the store excluded from earning or
 * multiplied, resolved to its products when the catalogue is read (Salla's List Categories and
 * List Products by `category`, docs/reference/salla-catalogue.md) and kept as product rules
 * marked with the category. The engine never calls Salla: it reads product rules as before.
 */
export function createCategoryRulesService(
  ctx: Pick<AppContext, 'db' | 'log'>,
  deps: CatalogueDeps,
) {
  const { db } = ctx;
  const catalogue = createCategoryCatalogue(ctx, deps);

  return {
    async categories({ merchantId }: { merchantId: number }): Promise<CategoriesData> {
      await requireGrowth(db, merchantId);
      return { categories: await catalogue.categories(merchantId) };
    },

    /** Adds the rule, or reads the category again: its products as Salla lists them now. */
    async save({
      merchantId,
      body,
    }: {
      merchantId: number;
      body: CategoryRuleBody;
    }): Promise<CategoryRuleResult> {
      await requireGrowth(db, merchantId);
      const [resolved] = await catalogue.resolve(
        merchantId,
        [body.categoryId],
        () => 'body.categoryId',
      );
      const { category, products: unique } = resolved!;
      const multiplierPct = body.effect === 'exclude' ? 0 : Math.round(body.multiplier! * 100);
      return db.transaction(async (tx) => {
        // Read again: the category's products now, not the ones it had before.
        await deleteCategoryRules(tx, merchantId, category.id);
        const own = await ownRuleProducts(
          tx,
          merchantId,
          unique.map((p) => p.id),
        );
        const covered = unique.filter((p) => !own.has(p.id));
        await writeCategoryRules(
          tx,
          covered.map((p) => ({
            merchantId,
            productId: p.id,
            productName: p.name,
            effect: body.effect,
            multiplierPct,
            categoryId: category.id,
            categoryName: category.name,
          })),
        );
        return {
          categoryId: category.id,
          categoryName: category.name,
          effect: body.effect,
          multiplierPct,
          products: covered.length,
          keptOwnRule: unique.length - covered.length,
        };
      });
    },

    async remove({ merchantId, categoryId }: { merchantId: number; categoryId: number }) {
      await requireGrowth(db, merchantId);
      const removed = await db.transaction((tx) => deleteCategoryRules(tx, merchantId, categoryId));
      if (removed === 0) throw new AppError('PRODUCT_RULE_NOT_FOUND');
    },
  };
}
export type CategoryRulesService = ReturnType<typeof createCategoryRulesService>;
