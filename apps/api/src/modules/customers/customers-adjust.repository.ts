import { and, eq, inArray } from 'drizzle-orm';
import { type Executor } from '../../db/client.ts';
import { customerAdjustments } from '../../db/schema/index.ts';
import type { AdjustmentRow } from './customers.repository.ts';

export async function findAdjustment(
  db: Executor,
  merchantId: number,
  idempotencyKey: string,
): Promise<AdjustmentRow | undefined> {
  const [row] = await db
    .select()
    .from(customerAdjustments)
    .where(
      and(
        eq(customerAdjustments.merchantId, merchantId),
        eq(customerAdjustments.idempotencyKey, idempotencyKey),
      ),
    );
  return row;
}

export async function insertAdjustment(
  db: Executor,
  row: typeof customerAdjustments.$inferInsert,
): Promise<AdjustmentRow> {
  const [inserted] = await db.insert(customerAdjustments).values(row).returning();
  return inserted!;
}

/** Adjustments by the keys of their ledger rows' source ids (who made each). */
export async function findAdjustmentsByKeys(
  db: Executor,
  merchantId: number,
  keys: string[],
): Promise<Map<string, AdjustmentRow>> {
  const uuids = keys.filter((k) => /^[0-9a-f-]{36}$/i.test(k));
  if (uuids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(customerAdjustments)
    .where(
      and(
        eq(customerAdjustments.merchantId, merchantId),
        inArray(customerAdjustments.idempotencyKey, uuids),
      ),
    );
  return new Map(rows.map((r) => [r.idempotencyKey, r]));
}
