import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SallaClient } from '../../lib/salla-client.ts';
import type { SallaTokenService } from '../salla/index.ts';

/**
 * The store's catalogue as Salla lists it (decision 057, docs/reference/salla-catalogue.md): its
 * categories (List Categories) and a category's products (List Products by `category`). Category
 * rules and products campaigns naming categories (decision 061) resolve a category here, when the
 * merchant saves; the engine never calls Salla.
 */
export interface CatalogueDeps {
  salla: Pick<SallaClient, 'listCategories' | 'listCategoryProducts'>;
  sallaTokens: Pick<SallaTokenService, 'getAccessToken'>;
}

type StoreCategory = { id: number; name: string };

export interface ResolvedCategory {
  category: StoreCategory;
  /** Its products, each once, as Salla lists them now. */
  products: { id: number; name: string }[];
}

const unknownCategory = (path: string) =>
  new AppError('VALIDATION_FAILED', {
    issues: [
      { path, code: 'unknown_category', message: 'Salla lists no such category in this store' },
    ],
  });

export function createCategoryCatalogue(ctx: Pick<AppContext, 'log'>, deps: CatalogueDeps) {
  /** A Salla read; Salla failing is a 502 the screen can say (a reinstall is its own error). */
  async function fromSalla<T>(merchantId: number, read: (token: string) => Promise<T>) {
    const token = await deps.sallaTokens.getAccessToken({ merchantId });
    try {
      return await read(token);
    } catch (error) {
      ctx.log.warn({ err: error, merchantId }, "Salla's catalogue could not be read");
      throw new AppError('SALLA_UNAVAILABLE', { cause: error });
    }
  }

  return {
    categories: (merchantId: number) => fromSalla(merchantId, (t) => deps.salla.listCategories(t)),

    /**
     * These categories of the store with their products. A category Salla does not list is a 400
     * `unknown_category` on `${path}` (with `.N` when `path` names a list).
     */
    async resolve(
      merchantId: number,
      categoryIds: number[],
      path: (index: number) => string,
    ): Promise<ResolvedCategory[]> {
      if (categoryIds.length === 0) return [];
      const listed = await fromSalla(merchantId, (t) => deps.salla.listCategories(t));
      const categories = categoryIds.map((id, index) => {
        const category = listed.find((c) => c.id === id);
        if (!category) throw unknownCategory(path(index));
        return category;
      });
      const resolved: ResolvedCategory[] = [];
      for (const category of categories) {
        const products = await fromSalla(merchantId, (t) =>
          deps.salla.listCategoryProducts(t, category.id),
        );
        const unique = [...new Map(products.map((p) => [p.id, p])).values()];
        resolved.push({ category, products: unique.map((p) => ({ id: p.id, name: p.name })) });
      }
      return resolved;
    },
  };
}
export type CategoryCatalogue = ReturnType<typeof createCategoryCatalogue>;
