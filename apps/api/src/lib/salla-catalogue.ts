import type { createSallaRequest } from './salla-http.ts';

/**
 * The store's catalogue as Salla's Merchant API lists it (docs/reference/salla-catalogue.md),
 * read when the merchant asks for a category rule (decision 057) — never by the engine.
 */

/** A category of the store (List Categories) or a product of one (List Products): its id and name. */
export interface SallaCategory {
  id: number;
  name: string;
}

/** At most this many pages of a catalogue list are read (65 products a page: 6,500 products). */
const MAX_CATALOGUE_PAGES = 100;

interface CataloguePage {
  data?: unknown;
  pagination?: { currentPage?: unknown; totalPages?: unknown };
}

const morePages = (p: CataloguePage['pagination']) =>
  Number(p?.currentPage) > 0 && Number(p?.currentPage) < Number(p?.totalPages);

function toCategory(row: unknown): SallaCategory[] {
  const r = (row ?? {}) as Record<string, unknown>;
  const id = Number(r.id);
  return Number.isSafeInteger(id) && id > 0
    ? [{ id, name: typeof r.name === 'string' ? r.name : '' }]
    : [];
}

export function catalogueReads(request: ReturnType<typeof createSallaRequest>, apiBase: string) {
  return {
    /**
     * List Categories, `GET /categories` (scope `categories.read`; docs/reference/salla-catalogue.md
     * §2): every category of the store, `{id, name}`, page by page while a page comes back with
     * categories and a `pagination` that says there are more (the docs show none: one page).
     */
    async listCategories(accessToken: string): Promise<SallaCategory[]> {
      const all: SallaCategory[] = [];
      for (let page = 1; page <= MAX_CATALOGUE_PAGES; page += 1) {
        const body = await request<CataloguePage>(`${apiBase}/categories?page=${page}`, {
          method: 'GET',
          token: accessToken,
        });
        const rows = Array.isArray(body.data) ? body.data : [];
        all.push(...rows.flatMap(toCategory));
        if (rows.length === 0 || !morePages(body.pagination)) break;
      }
      return all;
    },

    /**
     * List Products in one category, `GET /products?category=<id>` (scope `products.read`;
     * salla-catalogue.md §1): `{id, name}` of each, 65 a page (Salla's documented maximum).
     */
    async listCategoryProducts(
      accessToken: string,
      categoryId: number,
    ): Promise<{ id: number; name: string }[]> {
      const all: { id: number; name: string }[] = [];
      for (let page = 1; page <= MAX_CATALOGUE_PAGES; page += 1) {
        const body = await request<CataloguePage>(
          `${apiBase}/products?category=${encodeURIComponent(String(categoryId))}&per_page=65&page=${page}`,
          { method: 'GET', token: accessToken },
        );
        const rows = Array.isArray(body.data) ? body.data : [];
        all.push(...rows.flatMap(toCategory));
        if (rows.length === 0 || !morePages(body.pagination)) break;
      }
      return all;
    },
  };
}
