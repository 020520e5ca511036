import { z } from 'zod';
import { successEnvelope } from './common.ts';

/**
 * Product rules (issue 29, docs/decisions/048), a Growth-plan feature beside campaigns.
 *
 * - GET    /api/campaigns/product-rules        the store's rules and the products Salla named
 * - POST   /api/campaigns/product-rules        a rule for one product: exclude it, or multiply it
 * - DELETE /api/campaigns/product-rules/:id    removes a rule (orders already counted keep theirs)
 *
 * An order's lines (`items[]` of Salla's order, with the product id and each line's total) drive
 * its points per riyal: an excluded product's share of the spend earns nothing, a multiplied one
 * earns ×1.1 to ×10. An order whose lines are missing earns on its total and says so.
 */

export const PRODUCT_RULE_EFFECTS = ['exclude', 'multiply'] as const;
export type ProductRuleEffect = (typeof PRODUCT_RULE_EFFECTS)[number];

/** The effect and its multiplier, checked alike for a product and a category. */
const ruleEffect = {
  effect: z.enum(PRODUCT_RULE_EFFECTS),
  /** `multiply` only: ×1.1 to ×10, one decimal (kept as percent, 110–1000). */
  multiplier: z.number().min(1.1).max(10).optional(),
};
function checkMultiplier(
  body: { effect: ProductRuleEffect; multiplier?: number | undefined },
  ctx: z.RefinementCtx,
) {
  if (body.effect === 'multiply' && body.multiplier === undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['multiplier'],
      message: 'A multiplier from 1.1 to 10 is required',
    });
  if (body.multiplier !== undefined && Math.round(body.multiplier * 10) !== body.multiplier * 10)
    ctx.addIssue({ code: 'custom', path: ['multiplier'], message: 'One decimal at most' });
}

export const ProductRuleInputSchema = z
  .object({ productId: z.number().int().positive(), ...ruleEffect })
  .superRefine(checkMultiplier);
export type ProductRuleBody = z.infer<typeof ProductRuleInputSchema>;

export const ProductRuleSchema = z.object({
  id: z.guid(),
  productId: z.number().int(),
  /** As Salla named it in an order (the rule keeps the name it had when made). */
  productName: z.string(),
  effect: z.enum(PRODUCT_RULE_EFFECTS),
  /** Percent: 0 for `exclude`, 110–1000 for `multiply`. */
  multiplierPct: z.number().int(),
  /** Made by a category rule (decision 057): the category, as Salla named it; else null. */
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  createdAt: z.string(),
});
export type ProductRule = z.infer<typeof ProductRuleSchema>;

/** A product the store's orders named (Salla's order `items[].product.id` and `items[].name`). */
export const KnownProductSchema = z.object({ id: z.number().int(), name: z.string() });

export const ProductRulesResponseSchema = successEnvelope(
  z.object({ rules: z.array(ProductRuleSchema), products: z.array(KnownProductSchema) }),
);
export type ProductRulesData = z.infer<typeof ProductRulesResponseSchema>['data'];
export const ProductRuleResponseSchema = successEnvelope(ProductRuleSchema);
export const ProductRuleIdParamsSchema = z.object({ id: z.guid() });

/**
 * Category rules (decision 057, docs/reference/salla-catalogue.md), beside product rules:
 *
 * - GET    /api/campaigns/category-rules                the store's categories (Salla's List Categories)
 * - POST   /api/campaigns/category-rules                exclude or multiply a category: its products are
 *                                                       read now (List Products by `category`) and each
 *                                                       gets a product rule marked with the category
 * - DELETE /api/campaigns/category-rules/:categoryId    removes the rules the category made
 *
 * A product with a rule of its own keeps it; a product in two ruled categories takes the rule
 * read last. Products added to the category later join when the merchant reads it again (POST).
 */
export const CategoryRuleInputSchema = z
  .object({ categoryId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER), ...ruleEffect })
  .superRefine(checkMultiplier);
export type CategoryRuleBody = z.infer<typeof CategoryRuleInputSchema>;

export const StoreCategorySchema = z.object({ id: z.number().int(), name: z.string() });
export const CategoriesResponseSchema = successEnvelope(
  z.object({ categories: z.array(StoreCategorySchema) }),
);
export type CategoriesData = z.infer<typeof CategoriesResponseSchema>['data'];

export const CategoryRuleResultSchema = z.object({
  categoryId: z.number().int(),
  categoryName: z.string(),
  effect: z.enum(PRODUCT_RULE_EFFECTS),
  multiplierPct: z.number().int(),
  /** Products the rule now covers. */
  products: z.number().int(),
  /** Products of the category left to a rule of their own. */
  keptOwnRule: z.number().int(),
});
export type CategoryRuleResult = z.infer<typeof CategoryRuleResultSchema>;
export const CategoryRuleResponseSchema = successEnvelope(CategoryRuleResultSchema);
export const CategoryIdParamsSchema = z.object({ categoryId: z.coerce.number().int().positive() });
