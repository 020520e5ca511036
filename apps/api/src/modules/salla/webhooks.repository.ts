import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { webhookEvents } from '../../db/schema/index.ts';

/** Stores the event unless the same delivery was stored before; null means a redelivery. */
export async function insertWebhookEvent(
  db: Executor,
  values: typeof webhookEvents.$inferInsert,
): Promise<{ id: number } | null> {
  const [row] = await db
    .insert(webhookEvents)
    .values(values)
    .onConflictDoNothing({ target: webhookEvents.dedupeKey })
    .returning({ id: webhookEvents.id });
  return row ?? null;
}

/** A delivery stored before: found by the body's hash alone, before the body is parsed. */
export async function deliveryExists(db: Executor, dedupeKey: string): Promise<boolean> {
  const rows = await preparedQuery(
    db,
    'nuqat_delivery_exists',
    'select 1 from webhook_events where dedupe_key = $1 limit 1',
    [dedupeKey],
  );
  return rows.length > 0;
}

export async function setWebhookOutcome(
  db: Executor,
  merchantId: number,
  id: number,
  outcome: string,
  note: string | null,
): Promise<void> {
  await db
    .update(webhookEvents)
    .set({ outcome, note })
    .where(and(eq(webhookEvents.merchantId, merchantId), eq(webhookEvents.id, id)));
}
