import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customers, pointsLedger, pointsLots, type LedgerKind } from '../../db/schema/index.ts';

/** The ledger written or read many rows at a time: imports of opening balances, erasure's notes. */

/**
 * Credits many shoppers at once (set-based: an import of opening balances), each row under its
 * own idempotency key; a key used before is skipped. The shoppers' rows are locked first, in id
 * order. Returns the rows written.
 */
export async function creditMany(
  db: Executor,
  merchantId: number,
  entries: {
    customerId: number;
    points: number;
    kind: LedgerKind;
    sourceType: string;
    sourceId: string;
    idempotencyKey: string;
    note: string | null;
    expiresAt: Date | null;
  }[],
  at: Date,
): Promise<{ customerId: number; points: number; ledgerId: number }[]> {
  if (entries.length === 0) return [];
  const arr = (values: (string | number | null)[]) => JSON.stringify(values);
  await db.execute(sql`
    select 1 from ${customers}
     where merchant_id = ${merchantId}
       and id in (select jsonb_array_elements_text(${arr(entries.map((e) => e.customerId))}::jsonb)::bigint)
     order by id for update`);
  const result = await db.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(
        entries.map((e) => ({
          customer_id: e.customerId,
          delta: e.points,
          kind: e.kind,
          source_type: e.sourceType,
          source_id: e.sourceId,
          idempotency_key: e.idempotencyKey,
          note: e.note,
          expires_at: e.expiresAt?.toISOString() ?? null,
        })),
      )}::jsonb) as x(customer_id bigint, delta integer, kind text, source_type text,
                      source_id text, idempotency_key text, note text, expires_at timestamptz)
    ), written as (
      insert into ${pointsLedger} (merchant_id, customer_id, delta, kind, source_type, source_id,
                                   idempotency_key, note, expires_at, created_at)
      select ${merchantId}, customer_id, delta, kind, source_type, source_id, idempotency_key,
             note, expires_at, ${at.toISOString()}::timestamptz
        from input
      on conflict (merchant_id, idempotency_key) do nothing
      returning id, customer_id, delta, source_type, source_id, expires_at, created_at
    ), lots as (
      insert into ${pointsLots} (merchant_id, ledger_id, customer_id, source_type, source_id,
                                 amount, remaining, expires_at, created_at)
      select ${merchantId}, id, customer_id, source_type, source_id, delta, delta, expires_at,
             created_at
        from written
    ), moved as (
      update ${customers} c
         set points_balance = c.points_balance + w.total,
             lifetime_earned = c.lifetime_earned + w.total, updated_at = now()
        from (select customer_id, sum(delta)::int as total from written group by 1) w
       where c.merchant_id = ${merchantId} and c.id = w.customer_id
    )
    select id, customer_id, delta from written`);
  return (
    result as unknown as {
      rows: { id: string | number; customer_id: string | number; delta: number }[];
    }
  ).rows.map((r) => ({
    customerId: Number(r.customer_id),
    points: Number(r.delta),
    ledgerId: Number(r.id),
  }));
}

/** The shopper's ledger rows that carry a note (an erasure reads them: docs/decisions/029). */
export async function findNotesOf(
  db: Executor,
  merchantId: number,
  customerId: number,
): Promise<{ id: number; note: string }[]> {
  const rows = await db
    .select({ id: pointsLedger.id, note: pointsLedger.note })
    .from(pointsLedger)
    .where(
      and(
        eq(pointsLedger.merchantId, merchantId),
        eq(pointsLedger.customerId, customerId),
        isNotNull(pointsLedger.note),
      ),
    );
  return rows.map((r) => ({ id: r.id, note: r.note! }));
}

/** A row's note, and nothing else (the append-only trigger refuses any other change). */
export async function setLedgerNote(
  db: Executor,
  merchantId: number,
  id: number,
  note: string,
): Promise<void> {
  await db
    .update(pointsLedger)
    .set({ note })
    .where(and(eq(pointsLedger.merchantId, merchantId), eq(pointsLedger.id, id)));
}
