import type { CampaignBody } from '@nuqat/contracts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CategoryCatalogue } from './category-catalogue.ts';
import { knownProducts } from './product-rules.repository.ts';

/**
 * What a products campaign multiplies (decisions 057, 061): the products the merchant chose — each
 * one the store's orders named — and the products of the categories it chose, read from Salla's
 * catalogue now (as category rules are), each kept with its name so the engine reads only the
 * product ids. A product both chosen and in a category is kept as chosen; a product in two
 * categories is marked with the first.
 */
export interface CampaignScope {
  products: { id: number; name: string; categoryId?: number }[];
  categories: { id: number; name: string }[];
}

const field = (path: string, code: string, message: string) =>
  new AppError('VALIDATION_FAILED', { issues: [{ path, code, message }] });

export async function campaignScope(
  db: Executor,
  catalogue: CategoryCatalogue,
  merchantId: number,
  body: CampaignBody,
): Promise<CampaignScope> {
  const productIds = [...new Set(body.productIds)];
  const named = productIds.length > 0 ? await knownProducts(db, merchantId, productIds) : [];
  const names = new Map(named.map((p) => [p.id, p.name]));
  const missing = body.productIds.findIndex((id) => !names.has(id));
  if (missing >= 0)
    throw field(
      `body.productIds.${missing}`,
      'unknown_product',
      'No order of the store named this product',
    );
  // Salla is read before anything is written: it failing is a 502 and the campaign is untouched.
  const categoryIds = [...new Set(body.categoryIds)];
  const resolved = await catalogue.resolve(
    merchantId,
    categoryIds,
    (index) => `body.categoryIds.${body.categoryIds.indexOf(categoryIds[index]!)}`,
  );
  const products: CampaignScope['products'] = productIds.map((id) => ({
    id,
    name: names.get(id)!,
  }));
  const seen = new Set(productIds);
  for (const { category, products: inCategory } of resolved)
    for (const p of inCategory) {
      if (seen.has(p.id)) continue;
      seen.add(p.id);
      products.push({ id: p.id, name: p.name, categoryId: category.id });
    }
  if (body.effect === 'products' && products.length === 0)
    throw field(
      'body.categoryIds',
      'empty_category',
      'Salla lists no products in these categories yet',
    );
  return {
    products,
    categories: resolved.map(({ category }) => ({ id: category.id, name: category.name })),
  };
}
