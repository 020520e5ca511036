import {
  planHasFeature,
  type ProductRule,
  type ProductRuleBody,
  type ProductRulesData,
} from '@nuqat/contracts';
import { findMerchantById } from '../merchants/index.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  deleteProductRule,
  knownProducts,
  listProductRules,
  upsertProductRule,
  type ProductRuleRow,
} from './product-rules.repository.ts';

/**
 * Product rules (issue 29, docs/decisions/048): a product that earns nothing, or ×1.1 to ×10, on
 * its share of an order's spend. The engine reads the table itself (its configuration follows
 * every change); a counted order keeps what it earned.
 */

export const productRuleView = (row: ProductRuleRow): ProductRule => ({
  id: row.id,
  productId: row.productId,
  productName: row.productName,
  effect: row.effect,
  multiplierPct: row.multiplierPct,
  categoryId: row.categoryId,
  categoryName: row.categoryName,
  createdAt: row.createdAt.toISOString(),
});

/** Like campaigns, a Growth-plan feature. */
export async function requireGrowth(db: Executor, merchantId: number) {
  const merchant = await findMerchantById(db, merchantId);
  if (!merchant) throw new AppError('NOT_FOUND');
  if (merchant.plan && planHasFeature(merchant.plan, 'campaigns')) return;
  throw new AppError('PLAN_FEATURE_REQUIRED', {
    issues: [{ path: 'plan', code: 'plan_feature_required', message: 'campaigns' }],
  });
}

export function createProductRulesService(ctx: Pick<AppContext, 'db'>) {
  const { db } = ctx;

  const growthMerchant = (merchantId: number) => requireGrowth(db, merchantId);

  return {
    async list({ merchantId }: { merchantId: number }): Promise<ProductRulesData> {
      await growthMerchant(merchantId);
      const [rules, products] = [
        await listProductRules(db, merchantId),
        await knownProducts(db, merchantId),
      ];
      return { rules: rules.map(productRuleView), products };
    },

    async create({ merchantId, body }: { merchantId: number; body: ProductRuleBody }) {
      await growthMerchant(merchantId);
      const row = await db.transaction(async (tx) => {
        const [product] = await knownProducts(tx, merchantId, body.productId);
        if (!product)
          throw new AppError('VALIDATION_FAILED', {
            issues: [
              {
                path: 'body.productId',
                code: 'unknown_product',
                message: 'No order of the store named this product',
              },
            ],
          });
        return upsertProductRule(tx, {
          merchantId,
          productId: product.id,
          productName: product.name,
          effect: body.effect,
          multiplierPct: body.effect === 'exclude' ? 0 : Math.round(body.multiplier! * 100),
        });
      });
      return productRuleView(row);
    },

    async remove({ merchantId, id }: { merchantId: number; id: string }) {
      await growthMerchant(merchantId);
      const removed = await db.transaction((tx) => deleteProductRule(tx, merchantId, id));
      if (!removed) throw new AppError('PRODUCT_RULE_NOT_FOUND');
    },
  };
}
export type ProductRulesService = ReturnType<typeof createProductRulesService>;
