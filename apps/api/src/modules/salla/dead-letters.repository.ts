import type { FieldIssue } from '@nuqat/contracts';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
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
