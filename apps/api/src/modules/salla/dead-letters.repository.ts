import type { FieldIssue } from '@nuqat/contracts';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { pgTextArray, rowsOf, type Executor } from '../../db/client.ts';
import { webhookDeadLetters } from '../../db/schema/index.ts';

export type DeadLetterRow = typeof webhookDeadLetters.$inferSelect;

/**
 * Keeps a delivery that did not fit; the same body again (Salla's retries) counts one more
 * delivery of the same dead letter and keeps its newest error.
 */
export async function keepDeadLetter(
  db: Executor,
  values: {
    dedupeKey: string;
    body: string;
    event: string | null;
    merchantId: number | null;
    error: string;
    issues: FieldIssue[];
  },
): Promise<number> {
  const [row] = await db
    .insert(webhookDeadLetters)
    .values(values)
    .onConflictDoUpdate({
      target: webhookDeadLetters.dedupeKey,
      set: {
        deliveries: sql`${webhookDeadLetters.deliveries} + 1`,
        lastReceivedAt: sql`now()`,
        error: values.error,
        issues: values.issues,
      },
    })
    .returning({ id: webhookDeadLetters.id });
  return row!.id;
}

/**
 * Dead letters not replayed yet (or whose replays failed), oldest first, after id `after`; only
 * those of some stores when asked.
 */
export async function findPendingDeadLetters(
  db: Executor,
  options: { after: number; limit: number; merchantIds?: number[] },
): Promise<DeadLetterRow[]> {
  return db
    .select()
    .from(webhookDeadLetters)
    .where(
      and(
        isNull(webhookDeadLetters.replayedAt),
        gt(webhookDeadLetters.id, options.after),
        options.merchantIds
          ? inArray(webhookDeadLetters.merchantId, options.merchantIds)
          : undefined,
      ),
    )
    .orderBy(asc(webhookDeadLetters.id))
    .limit(options.limit);
}

export async function findDeadLetter(db: Executor, id: number): Promise<DeadLetterRow | undefined> {
  const [row] = await db.select().from(webhookDeadLetters).where(eq(webhookDeadLetters.id, id));
  return row;
}

/** How many dead letters wait for a replay (`/readyz` shows it). */
export async function countPendingDeadLetters(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(webhookDeadLetters)
    .where(isNull(webhookDeadLetters.replayedAt));
  return row?.n ?? 0;
}

/** A replay went through: the dead letter is done (unless it was already). */
export async function markReplayed(
  db: Executor,
  id: number,
  result: string,
  at: Date,
): Promise<void> {
  await db
    .update(webhookDeadLetters)
    .set({
      replayedAt: at,
      replayResult: result,
      replayAttempts: sql`${webhookDeadLetters.replayAttempts} + 1`,
    })
    .where(and(eq(webhookDeadLetters.id, id), isNull(webhookDeadLetters.replayedAt)));
}

/** A replay still did not fit: the dead letter stays, with the new error. */
export async function markReplayFailed(
  db: Executor,
  id: number,
  failure: { error: string; issues: FieldIssue[] },
): Promise<void> {
  await db
    .update(webhookDeadLetters)
    .set({
      replayResult: 'failed',
      error: failure.error,
      issues: failure.issues,
      replayAttempts: sql`${webhookDeadLetters.replayAttempts} + 1`,
    })
    .where(and(eq(webhookDeadLetters.id, id), isNull(webhookDeadLetters.replayedAt)));
}

/**
 * An erasure (docs/decisions/029): dead letters of the store (or of no readable store) naming the
 * shopper, about an order of theirs, or whose text has one of their addresses or their mobile
 * (`patterns`). A body that is JSON keeps what a replay needs (nuqat_erased_payload, migration
 * 0017: the same points when it lands); one that is not JSON can never be replayed and is replaced
 * by a note saying why. Its key stays, so Salla's retries of it still count on this row.
 */
export async function redactShopperDeadLetters(
  db: Executor,
  merchantId: number,
  shopper: { customerId: number; orderIds: number[]; patterns: string[] },
): Promise<number> {
  const result = await db.execute(sql`
    with letters as (
      select id, nuqat_try_jsonb(body) as j from webhook_dead_letters
       where merchant_id = ${merchantId}
          or (merchant_id is null and body ~* any(${pgTextArray(shopper.patterns)}::text[]))
    )
    update webhook_dead_letters d
       set body = case when jsonb_typeof(l.j) = 'object' then nuqat_erased_payload(l.j)::text
                       else '(removed: it named a customer whose data was erased)' end
      from letters l
     where d.id = l.id and not coalesce(l.j ? 'erased', false)
       and ((jsonb_typeof(l.j) = 'object'
             and (nuqat_payload_customer_id(l.j) = ${String(shopper.customerId)}
                  or nuqat_payload_order_id(l.j) = any(${pgTextArray(shopper.orderIds.map(String))}::text[])))
            or d.body ~* any(${pgTextArray(shopper.patterns)}::text[]))
    returning d.id`);
  return rowsOf(result).length;
}
