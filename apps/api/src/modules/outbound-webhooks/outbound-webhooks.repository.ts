import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';
import {
  merchants,
  outboundEvents,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema/index.ts';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export async function insertEndpoint(db: Executor, row: typeof webhookEndpoints.$inferInsert) {
  const [saved] = await db.insert(webhookEndpoints).values(row).returning();
  return saved!;
}

export async function listEndpoints(db: Executor, merchantId: number): Promise<EndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.merchantId, merchantId), isNull(webhookEndpoints.deletedAt)))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
}

export async function countEndpoints(db: Executor, merchantId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.merchantId, merchantId), isNull(webhookEndpoints.deletedAt)));
  return row?.n ?? 0;
}

export async function findEndpoint(db: Executor, merchantId: number, id: string) {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.merchantId, merchantId),
        eq(webhookEndpoints.id, id),
        isNull(webhookEndpoints.deletedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function updateEndpoint(
  db: Executor,
  merchantId: number,
  id: string,
  set: Partial<typeof webhookEndpoints.$inferInsert>,
) {
  const [row] = await db
    .update(webhookEndpoints)
    .set(set)
    .where(
      and(
        eq(webhookEndpoints.merchantId, merchantId),
        eq(webhookEndpoints.id, id),
        isNull(webhookEndpoints.deletedAt),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Switches a failing endpoint off, once: only the call that finds it on gets the row back (and
 * sends the merchant's e-mail).
 */
export async function switchOffFailing(db: Executor, merchantId: number, id: string, at: Date) {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: 'failing', disabledAt: at })
    .where(
      and(
        eq(webhookEndpoints.merchantId, merchantId),
        eq(webhookEndpoints.id, id),
        eq(webhookEndpoints.enabled, true),
      ),
    )
    .returning();
  return row ?? null;
}

export async function findMerchantContact(db: Executor, merchantId: number) {
  const [row] = await db
    .select({ email: merchants.email, storeName: merchants.storeName })
    .from(merchants)
    .where(eq(merchants.id, merchantId))
    .limit(1);
  return row ?? null;
}

// ---- Deliveries --------------------------------------------------------------------------------

export interface DueDelivery {
  merchant_id: string;
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  attempts: number;
  url: string;
  secret_sealed: string;
  data: unknown;
  event_created_at: string;
}

/**
 * Claims up to `limit` deliveries that are due, each the oldest waiting one of its customer for
 * its endpoint (a later event of that customer waits until the earlier one is delivered or given
 * up: order per customer), on a live endpoint, not claimed by another worker; the claim is a
 * lease that runs out if this worker dies.
 */
export async function claimDueDeliveries(
  db: Executor,
  now: Date,
  limit: number,
  leaseMs: number,
): Promise<DueDelivery[]> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    with due as (
      select d.merchant_id, d.id
        from webhook_deliveries d
        join webhook_endpoints e on e.merchant_id = d.merchant_id and e.id = d.endpoint_id
       where d.status = 'pending'
         and (d.next_attempt_at is null or d.next_attempt_at <= ${at}::timestamptz)
         and (d.lease_until is null or d.lease_until < ${at}::timestamptz)
         and e.enabled and e.deleted_at is null
         and not exists (
           select 1 from webhook_deliveries p
            where p.merchant_id = d.merchant_id and p.endpoint_id = d.endpoint_id
              and p.customer_id is not distinct from d.customer_id
              and p.status = 'pending' and p.customer_seq < d.customer_seq)
       order by d.next_attempt_at nulls first, d.created_at
       limit ${limit}
       for update of d skip locked
    )
    update webhook_deliveries w
       set lease_until = ${at}::timestamptz + make_interval(secs => ${leaseMs / 1000})
      from due, webhook_endpoints e, outbound_events ev
     where w.merchant_id = due.merchant_id and w.id = due.id
       and e.merchant_id = w.merchant_id and e.id = w.endpoint_id
       and ev.merchant_id = w.merchant_id and ev.id = w.event_id
    returning w.merchant_id, w.id, w.endpoint_id, w.event_id, w.event_type, w.attempts,
              e.url, e.secret_sealed, ev.data,
              to_char(ev.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as event_created_at`);
  return rowsOf<DueDelivery>(result);
}

export async function settleDelivery(
  db: Executor,
  merchantId: number,
  id: string,
  outcome: {
    status: 'pending' | 'delivered' | 'failed';
    attempts: number;
    statusCode: number | null;
    error: string | null;
    nextAttemptAt: Date | null;
    deliveredAt: Date | null;
  },
) {
  await db
    .update(webhookDeliveries)
    .set({
      status: outcome.status,
      attempts: outcome.attempts,
      lastStatusCode: outcome.statusCode,
      lastError: outcome.error,
      nextAttemptAt: outcome.nextAttemptAt,
      deliveredAt: outcome.deliveredAt,
      leaseUntil: null,
    })
    .where(and(eq(webhookDeliveries.merchantId, merchantId), eq(webhookDeliveries.id, id)));
}

export async function findDeliveriesPage(
  db: Executor,
  merchantId: number,
  filter: { endpointId?: string | undefined; status?: string | undefined },
  after: { at: string; id: string } | undefined,
  limit: number,
) {
  return db
    .select({
      delivery: webhookDeliveries,
      url: webhookEndpoints.url,
      atKey: sql<string>`to_char(${webhookDeliveries.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(webhookDeliveries)
    .innerJoin(
      webhookEndpoints,
      and(
        eq(webhookEndpoints.merchantId, webhookDeliveries.merchantId),
        eq(webhookEndpoints.id, webhookDeliveries.endpointId),
      ),
    )
    .where(
      and(
        eq(webhookDeliveries.merchantId, merchantId),
        filter.endpointId ? eq(webhookDeliveries.endpointId, filter.endpointId) : undefined,
        filter.status ? eq(webhookDeliveries.status, filter.status as 'pending') : undefined,
        after
          ? sql`(${webhookDeliveries.createdAt}, ${webhookDeliveries.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}

export async function findDelivery(db: Executor, merchantId: number, id: string) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, url: webhookEndpoints.url })
    .from(webhookDeliveries)
    .innerJoin(
      webhookEndpoints,
      and(
        eq(webhookEndpoints.merchantId, webhookDeliveries.merchantId),
        eq(webhookEndpoints.id, webhookDeliveries.endpointId),
      ),
    )
    .where(and(eq(webhookDeliveries.merchantId, merchantId), eq(webhookDeliveries.id, id)))
    .limit(1);
  return row ?? null;
}

/** A delivered or given-up delivery goes out again (same event id); a pending one is left as it is. */
export async function replayDelivery(db: Executor, merchantId: number, id: string) {
  await db
    .update(webhookDeliveries)
    // A fresh day of retries: the count and the last answer start over.
    .set({
      status: 'pending',
      nextAttemptAt: null,
      leaseUntil: null,
      attempts: 0,
      lastStatusCode: null,
      lastError: null,
    })
    .where(
      and(
        eq(webhookDeliveries.merchantId, merchantId),
        eq(webhookDeliveries.id, id),
        sql`${webhookDeliveries.status} <> 'pending'`,
      ),
    );
}

export async function findEvent(db: Executor, merchantId: number, id: string) {
  const [row] = await db
    .select()
    .from(outboundEvents)
    .where(and(eq(outboundEvents.merchantId, merchantId), eq(outboundEvents.id, id)))
    .limit(1);
  return row ?? null;
}
