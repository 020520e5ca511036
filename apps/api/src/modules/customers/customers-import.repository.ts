import { and, eq, inArray, sql } from 'drizzle-orm';
import { pgTextArray, type Executor, rowsOf } from '../../db/client.ts';
import { pointsLedger } from '../../db/schema/index.ts';

/**
 * Shoppers of the store by Salla id and by the key of their e-mail (`emailKeys` come from
 * contracts' emailKey; nuqat_email_key is its SQL twin, indexed per store), for an import.
 */
export async function findShoppersForImport(
  db: Executor,
  merchantId: number,
  ids: number[],
  emailKeys: string[],
): Promise<{ id: number; emailKey: string | null; erased: boolean }[]> {
  if (ids.length === 0 && emailKeys.length === 0) return [];
  const result = await db.execute(sql`
    select id, nuqat_email_key(email) as email_key, erased_at is not null as erased from customers
     where merchant_id = ${merchantId}
       and (id = any(${`{${ids.join(',')}}`}::bigint[])
            or nuqat_email_key(email) = any(${pgTextArray(emailKeys)}::text[]))`);
  return rowsOf<{ id: string | number; email_key: string | null; erased: boolean }>(result).map(
    (r) => ({ id: Number(r.id), emailKey: r.email_key, erased: r.erased }),
  );
}

/**
 * Locks the import's shoppers, in id order (pass them sorted: two imports then never deadlock),
 * and says which are erased now.
 */
export async function lockShoppersForImport(
  db: Executor,
  merchantId: number,
  sortedIds: number[],
): Promise<{ id: number; erased: boolean }[]> {
  if (sortedIds.length === 0) return [];
  const result = await db.execute(sql`
    select id, erased_at is not null as erased from customers
     where merchant_id = ${merchantId} and id = any(${`{${sortedIds.join(',')}}`}::bigint[])
     order by id for update`);
  return rowsOf<{ id: string | number; erased: boolean }>(result).map((r) => ({
    id: Number(r.id),
    erased: r.erased,
  }));
}

/** Shoppers (of the list) who already have an opening balance (an `import` ledger row). */
export async function findImported(
  db: Executor,
  merchantId: number,
  customerIds: number[],
): Promise<Set<number>> {
  if (customerIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: pointsLedger.customerId })
    .from(pointsLedger)
    .where(
      and(
        eq(pointsLedger.merchantId, merchantId),
        inArray(pointsLedger.customerId, customerIds),
        eq(pointsLedger.kind, 'import'),
      ),
    );
  return new Set(rows.map((r) => r.id));
}
