import type { CategoriesData, CategoryRuleBody, CategoryRuleResult } from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SallaClient } from '../../lib/salla-client.ts';
import type { SallaTokenService } from '../salla/index.ts';
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
  deps: {
    salla: Pick<SallaClient, 'listCategories' | 'listCategoryProducts'>;
    sallaTokens: Pick<SallaTokenService, 'getAccessToken'>;
  },
) {
  const { db, log } = ctx;

  /** A Salla read; Salla failing is a 502 the screen can say (a reinstall is its own error). */
  async function fromSalla<T>(merchantId: number, read: (token: string) => Promise<T>) {
    const token = await deps.sallaTokens.getAccessToken({ merchantId });
    try {
      return await read(token);
    } catch (error) {
      log.warn({ err: error, merchantId }, "category rules: Salla's catalogue could not be read");
      throw new AppError('SALLA_UNAVAILABLE', { cause: error });
    }
  }

  return {
    async categories({ merchantId }: { merchantId: number }): Promise<CategoriesData> {
      await requireGrowth(db, merchantId);
      const categories = await fromSalla(merchantId, (t) => deps.salla.listCategories(t));
      return { categories };
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
      const categories = await fromSalla(merchantId, (t) => deps.salla.listCategories(t));
      const category = categories.find((c) => c.id === body.categoryId);
      if (!category)
        throw new AppError('VALIDATION_FAILED', {
          issues: [
            {
              path: 'body.categoryId',
              code: 'unknown_category',
              message: 'Salla lists no such category in this store',
            },
          ],
        });
      const products = await fromSalla(merchantId, (t) =>
        deps.salla.listCategoryProducts(t, category.id),
      );
      const multiplierPct = body.effect === 'exclude' ? 0 : Math.round(body.multiplier! * 100);
      const unique = [...new Map(products.map((p) => [p.id, p])).values()];
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
