import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';
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

/** Forgets every delivery of a store (the uninstall purge, once its grace period is over). */
export async function deleteJournal(db: Executor, merchantId: number): Promise<void> {
  await db.delete(webhookEvents).where(eq(webhookEvents.merchantId, merchantId));
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

/**
 * The stored events of one shopper (docs/decisions/029): customer events about them, any event
 * whose customer (`data.customer`, `data.order.customer`, `data.cart.customer`) is them, and
 * order events about one of their orders. Ids arrive as numbers or strings (`$c`, `$o` hold
 * both). One JSON path per row, so each payload is read once.
 */
const SHOPPER_EVENTS_PATH = `$ ? (!exists(@.erased) && (
  (@.event starts with "customer." && @.data.id == $c[*])
  || @.data.customer.id == $c[*] || @.data.order.customer.id == $c[*]
  || @.data.cart.customer.id == $c[*]
  || (@.event starts with "order." && (@.data.order.id == $o[*]
                                       || (!exists(@.data.order) && @.data.id == $o[*])))))`;

/** Both spellings of each id, for a JSON path variable. */
const idsBothWays = (ids: number[]) => ids.flatMap((id) => [id, String(id)]);

/** Stored events read per statement by an erasure's pass: each statement stays short. */
export const REDACT_BATCH = 5000;

/**
 * An erasure: the store's stored events of the shopper keep only what the ledger needs
 * (nuqat_erased_payload, migration 0017). One pass over the store's events in id order, a batch
 * per statement, so a store with millions of events neither hits the statement timeout nor holds
 * anything for long (about 20 µs an event: 4 s for 200,000 on the 2-core dev machine). Events Nuqat does not handle hold no data to find
 * (they are stored without it). Running it again finds nothing more.
 */
export async function redactShopperEvents(
  db: Executor,
  merchantId: number,
  shopper: { customerId: number; orderIds: number[] },
): Promise<number> {
  const vars = JSON.stringify({
    c: idsBothWays([shopper.customerId]),
    o: idsBothWays(shopper.orderIds),
  });
  let after = 0;
  let redacted = 0;
  for (;;) {
    const [row] = rowsOf<{ last: string | number | null; hits: string | number }>(
      await db.execute(sql`
        with batch as (
          select id, payload from webhook_events
           where merchant_id = ${merchantId} and id > ${after}
           order by id limit ${REDACT_BATCH}
        ), hit as (
          update webhook_events e set payload = nuqat_erased_payload(e.payload)
            from batch b
           where e.merchant_id = ${merchantId} and e.id = b.id
             and jsonb_path_exists(b.payload, ${SHOPPER_EVENTS_PATH}::jsonpath, ${vars}::jsonb)
          returning e.id
        )
        select (select max(id) from batch) as last, (select count(*) from hit) as hits`),
    );
    redacted += Number(row?.hits ?? 0);
    if (row?.last === null || row?.last === undefined) return redacted;
    after = Number(row.last);
  }
}
