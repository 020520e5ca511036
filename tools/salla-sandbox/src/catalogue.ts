import { type ServerResponse } from 'node:http';
import { json, UNHANDLED } from './sandbox-http.ts';

/**
 * A store's catalogue as Salla's Merchant API lists it (docs/reference/salla-catalogue.md): List
 * Products (`GET /admin/v2/products`, its `category`, `page` and `per_page` query, products with
 * `categories[]`, a `pagination`) and List Categories (`GET /admin/v2/categories`, `page`). Only
 * the fields that reference documents; nothing else of the catalogue.
 */

export interface SandboxCategory {
  id: number;
  name: string;
  parentId?: number;
}
export interface SandboxProduct {
  id: number;
  name: string;
  /** The ids of its categories. */
  categoryIds: number[];
  status?: 'sale' | 'hidden' | 'out';
}
export interface SandboxCatalogue {
  categories: SandboxCategory[];
  products: SandboxProduct[];
}

/** Salla's documented `perPage` maximum (the reference's Pagination schema). */
const MAX_PER_PAGE = 65;

function categoryModel(c: SandboxCategory, host: string) {
  return {
    id: c.id,
    name: c.name,
    image: null,
    urls: { customer: `http://${host}/c${c.id}`, admin: '/categories' },
    parent_id: c.parentId ?? 0,
    sort_order: 0,
    status: 'active',
    show_in: { app: true, salla_points: false },
    has_hidden_products: false,
    update_at: '2026-01-01 00:00:00',
    metadata: { title: null, description: null, url: null },
    sub_categories: [],
  };
}

function page<T>(all: T[], url: URL, perPage: number) {
  const current = Math.max(1, Number(url.searchParams.get('page')) || 1);
  const items = all.slice((current - 1) * perPage, current * perPage);
  return {
    items,
    pagination: {
      count: items.length,
      total: all.length,
      perPage,
      currentPage: current,
      totalPages: Math.max(1, Math.ceil(all.length / perPage)),
      links: {},
    },
  };
}

/** Answers the two catalogue reads for a store; UNHANDLED when the path is not one of them. */
export function answerCatalogue(
  res: ServerResponse,
  url: URL,
  method: string,
  catalogue: SandboxCatalogue,
  host: string,
  headers: Record<string, string>,
): unknown {
  if (method !== 'GET') return UNHANDLED;
  const byId = new Map(catalogue.categories.map((c) => [c.id, c]));
  if (url.pathname === '/admin/v2/products') {
    const category = url.searchParams.get('category');
    const perPage = Math.min(
      MAX_PER_PAGE,
      Math.max(1, Number(url.searchParams.get('per_page')) || 15),
    );
    const found = catalogue.products.filter(
      (p) => category === null || p.categoryIds.includes(Number(category)),
    );
    const { items, pagination } = page(found, url, perPage);
    return json(
      res,
      200,
      {
        status: 200,
        success: true,
        data: items.map((p) => ({
          id: p.id,
          type: 'product',
          name: p.name,
          status: p.status ?? 'sale',
          categories: p.categoryIds.flatMap((id) => {
            const c = byId.get(id);
            return c ? [categoryModel(c, host)] : [];
          }),
        })),
        pagination,
      },
      headers,
    );
  }
  // The docs page's example shows no `pagination` here: every category on the first page.
  if (url.pathname === '/admin/v2/categories') {
    const first = (Number(url.searchParams.get('page')) || 1) <= 1;
    const data = first ? catalogue.categories.map((c) => categoryModel(c, host)) : [];
    return json(res, 200, { status: 200, success: true, data }, headers);
  }
  return UNHANDLED;
}
