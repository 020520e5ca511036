import { and, eq, gte, sql } from 'drizzle-orm';
import type { NotificationKind, NotificationStatus } from '@nuqat/contracts';
import type { Executor } from '../../db/client.ts';
import { notificationOutbox } from '../../db/schema/index.ts';

export type OutboxRow = typeof notificationOutbox.$inferSelect;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface NewOutboxRow {
  merchantId: number;
  customerId: number;
  kind: NotificationKind;
  idempotencyKey: string;
  payload: unknown;
  channel?: string;
  nextAttemptAt?: Date;
  createdAt?: Date;
}

/** Once per key: a second insert with the same (store, key) changes nothing and answers null. */
export async function insertOutboxRow(db: Executor, row: NewOutboxRow): Promise<number | null> {
  const at = row.createdAt ?? new Date();
  const [inserted] = await db
    .insert(notificationOutbox)
    .values({
      merchantId: row.merchantId,
      customerId: row.customerId,
      kind: row.kind,
      idempotencyKey: row.idempotencyKey,
      payload: row.payload,
      channel: row.channel ?? 'email',
      nextAttemptAt: row.nextAttemptAt ?? at,
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing({
      target: [notificationOutbox.merchantId, notificationOutbox.idempotencyKey],
    })
    .returning({ id: notificationOutbox.id });
  return inserted?.id ?? null;
}

/**
 * Claims up to `limit` due rows for one worker: a lease until `leaseUntil` under `token`. The
 * inner select skips rows another worker holds (SKIP LOCKED) and rows under a live lease, so two
 * instances never claim one row. `kinds` limits the claim (quiet hours let only some through);
 * `only` claims just the rows of these keys (coupons sent right after their redemptions).
 */
export async function claimDueOutboxRows(
  db: Executor,
  options: {
    now: Date;
    leaseUntil: Date;
    token: string;
    limit: number;
    kinds?: readonly NotificationKind[];
    only?: readonly { merchantId: number; idempotencyKey: string }[];
  },
): Promise<OutboxRow[]> {
  const now = options.now.toISOString();
  const kinds = options.kinds
    ? sql`and o.kind in (${sql.join(
        options.kinds.map((k) => sql`${k}`),
        sql`, `,
      )})`
    : sql``;
  // The keys as one parameter: (store, key) pairs, each found through the unique key index.
  const only = options.only
    ? sql`and (o.merchant_id, o.idempotency_key) in (
        select (e->>'m')::bigint, e->>'k'
        from jsonb_array_elements(${JSON.stringify(
          options.only.map((o) => ({ m: o.merchantId, k: o.idempotencyKey })),
        )}::jsonb) e)`
    : sql``;
  const result = await db.execute(sql`
    update ${notificationOutbox} t
    set locked_until = ${options.leaseUntil.toISOString()}::timestamptz,
        claim_token = ${options.token}::uuid,
        attempts = t.attempts + 1,
        updated_at = ${now}::timestamptz
    where (t.merchant_id, t.id) in (
      select o.merchant_id, o.id from ${notificationOutbox} o
      where o.status = 'pending'
        and o.next_attempt_at <= ${now}::timestamptz
        and (o.locked_until is null or o.locked_until <= ${now}::timestamptz)
        ${kinds} ${only}
      order by o.next_attempt_at, o.id
      limit ${options.limit}
      for update skip locked
    )
    returning t.merchant_id, t.id, t.customer_id, t.kind, t.idempotency_key, t.payload, t.channel,
      t.attempts, t.created_at`);
  return rowsOf<{
    merchant_id: string | number;
    id: string | number;
    customer_id: string | number;
    kind: NotificationKind;
    idempotency_key: string;
    payload: unknown;
    channel: string;
    attempts: number;
    created_at: string | Date;
  }>(result).map((r) => ({
    merchantId: Number(r.merchant_id),
    id: Number(r.id),
    customerId: Number(r.customer_id),
    kind: r.kind,
    idempotencyKey: r.idempotency_key,
    payload: typeof r.payload === 'string' ? (JSON.parse(r.payload) as unknown) : r.payload,
    channel: r.channel,
    status: 'pending',
    attempts: Number(r.attempts),
    nextAttemptAt: options.now,
    lockedUntil: options.leaseUntil,
    claimToken: options.token,
    lastError: null,
    skipReason: null,
    sentAt: null,
    createdAt: r.created_at instanceof Date ? r.created_at : new Date(r.created_at),
    updatedAt: options.now,
  }));
}

/**
 * Settles a claimed row, only while this worker still holds its claim (a lease that ran out and
 * was taken over belongs to the other worker now).
 */
export async function settleOutboxRow(
  db: Executor,
  row: { merchantId: number; id: number; token: string },
  change: {
    status: NotificationStatus;
    at: Date;
    nextAttemptAt?: Date;
    lastError?: string | null;
    skipReason?: string | null;
    /** The channel the row went by, when the store's choice sent it another way. */
    channel?: string;
  },
): Promise<boolean> {
  const rows = await db
    .update(notificationOutbox)
    .set({
      status: change.status,
      lockedUntil: null,
      claimToken: null,
      updatedAt: change.at,
      ...(change.status === 'sent' ? { sentAt: change.at } : {}),
      ...(change.nextAttemptAt ? { nextAttemptAt: change.nextAttemptAt } : {}),
      ...(change.lastError !== undefined ? { lastError: change.lastError } : {}),
      ...(change.skipReason !== undefined ? { skipReason: change.skipReason } : {}),
      ...(change.channel ? { channel: change.channel } : {}),
    })
    .where(
      and(
        eq(notificationOutbox.merchantId, row.merchantId),
        eq(notificationOutbox.id, row.id),
        eq(notificationOutbox.claimToken, row.token),
        eq(notificationOutbox.status, 'pending'),
      ),
    )
    .returning({ id: notificationOutbox.id });
  return rows.length > 0;
}

/**
 * An unsubscribe (or an erasure) is honoured at once: the customer's rows still waiting are
 * skipped with that reason.
 */
export async function skipPendingForCustomer(
  db: Executor,
  merchantId: number,
  customerId: number,
  at: Date,
  reason: 'unsubscribed' | 'erased' = 'unsubscribed',
): Promise<number> {
  const rows = await db
    .update(notificationOutbox)
    .set({ status: 'skipped', skipReason: reason, updatedAt: at, lockedUntil: null })
    .where(
      and(
        eq(notificationOutbox.merchantId, merchantId),
        eq(notificationOutbox.customerId, customerId),
        eq(notificationOutbox.status, 'pending'),
      ),
    )
    .returning({ id: notificationOutbox.id });
  return rows.length;
}

/** Counts per kind and status of the rows made since `since`. */
export async function countOutboxByKind(
  db: Executor,
  merchantId: number,
  since: Date,
): Promise<{ kind: NotificationKind; status: NotificationStatus; count: number }[]> {
  const rows = await db
    .select({
      kind: notificationOutbox.kind,
      status: notificationOutbox.status,
      count: sql<number>`count(*)::int`,
    })
    .from(notificationOutbox)
    .where(
      and(eq(notificationOutbox.merchantId, merchantId), gte(notificationOutbox.createdAt, since)),
    )
    .groupBy(notificationOutbox.kind, notificationOutbox.status);
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

export async function findOutboxRows(db: Executor, merchantId: number): Promise<OutboxRow[]> {
  return db
    .select()
    .from(notificationOutbox)
    .where(eq(notificationOutbox.merchantId, merchantId))
    .orderBy(notificationOutbox.id);
}
