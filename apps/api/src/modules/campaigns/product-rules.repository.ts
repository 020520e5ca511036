import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { productRules } from '../../db/schema/index.ts';

export type ProductRuleRow = typeof productRules.$inferSelect;

export async function listProductRules(db: Executor, merchantId: number) {
  return db
    .select()
    .from(productRules)
    .where(eq(productRules.merchantId, merchantId))
    .orderBy(asc(productRules.createdAt), asc(productRules.id));
}

/** A rule per product: a second one for the same product replaces the first. */
export async function upsertProductRule(
  tx: Executor,
  values: Omit<typeof productRules.$inferInsert, 'id' | 'createdAt'>,
): Promise<ProductRuleRow> {
  const [row] = await tx
    .insert(productRules)
    .values(values)
    .onConflictDoUpdate({
      target: [productRules.merchantId, productRules.productId],
      set: {
        productName: values.productName,
        effect: values.effect,
        multiplierPct: values.multiplierPct,
        // A rule made for the product itself is no longer the category's.
        categoryId: values.categoryId ?? null,
        categoryName: values.categoryName ?? null,
        createdAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

export async function deleteProductRule(tx: Executor, merchantId: number, id: string) {
  const rows = await tx
    .delete(productRules)
    .where(and(eq(productRules.merchantId, merchantId), eq(productRules.id, id)))
    .returning({ id: productRules.id });
  return rows.length > 0;
}

/** How many of the store's latest order events are read for the products they name. */
const RECENT_ORDER_EVENTS = 2000;

/**
 * The products the store's orders named, newest name first: `items[].product.id` and
 * `items[].name` of the order webhooks Salla sent (reference §2.7; `data.items`, or
 * `data.order.items` in `order.status.updated`), from the latest order events kept.
 */
export async function knownProducts(
  db: Executor,
  merchantId: number,
  productId?: number | readonly number[],
): Promise<{ id: number; name: string }[]> {
  const ids = productId === undefined ? null : [productId].flat();
  const only =
    ids === null
      ? sql``
      : sql`and item.product_id in (${sql.join(
          ids.map((id) => sql`${id}::bigint`),
          sql`, `,
        )})`;
  const result = await db.execute(sql`
    select distinct on (item.product_id) item.product_id as id, item.name
    from (
      select e.id, e.payload from webhook_events e
      where e.merchant_id = ${merchantId} and e.event like 'order.%'
      order by e.id desc limit ${RECENT_ORDER_EVENTS}
    ) recent,
    lateral (
      select (i->'product'->>'id')::bigint as product_id, coalesce(i->>'name', '') as name
      from jsonb_array_elements(
        case
          when jsonb_typeof(recent.payload->'data'->'items') = 'array' then recent.payload->'data'->'items'
          when jsonb_typeof(recent.payload->'data'->'order'->'items') = 'array' then recent.payload->'data'->'order'->'items'
          else '[]'::jsonb
        end) i
      where jsonb_typeof(i) = 'object' and (i->'product'->>'id') ~ '^[0-9]{1,18}$'
    ) item
    where true ${only}
    order by item.product_id, recent.id desc
    limit 500`);
  const { rows } = result as unknown as { rows: { id: string | number; name: string }[] };
  return rows
    .map((r) => ({ id: Number(r.id), name: r.name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'ar') || a.id - b.id);
}
