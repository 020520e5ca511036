import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type {
  NotificationChannelChoice,
  NotificationKind,
  NotificationStatus,
} from '@nuqat/contracts';
import type { Executor } from '../../db/client.ts';
import {
  customers,
  merchants,
  notificationChannels,
  notificationOutbox,
  notificationSettings,
  pointsLedger,
  pointsLots,
  rewards,
} from '../../db/schema/index.ts';

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
 * `only` claims one row by its key (a coupon sent right after the redemption).
 */
export async function claimDueOutboxRows(
  db: Executor,
  options: {
    now: Date;
    leaseUntil: Date;
    token: string;
    limit: number;
    kinds?: readonly NotificationKind[];
    only?: { merchantId: number; idempotencyKey: string };
  },
): Promise<OutboxRow[]> {
  const now = options.now.toISOString();
  const kinds = options.kinds
    ? sql`and o.kind in (${sql.join(
        options.kinds.map((k) => sql`${k}`),
        sql`, `,
      )})`
    : sql``;
  const only = options.only
    ? sql`and o.merchant_id = ${options.only.merchantId} and o.idempotency_key = ${options.only.idempotencyKey}`
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

/** Marks the customer unsubscribed from the store's e-mails (the first time counts). */
export async function setCustomerUnsubscribed(
  db: Executor,
  merchantId: number,
  customerId: number,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(customers)
    .set({
      notificationsUnsubscribedAt: sql`coalesce(${customers.notificationsUnsubscribedAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(and(eq(customers.merchantId, merchantId), eq(customers.id, customerId)))
    .returning({ id: customers.id });
  return rows.length > 0;
}

export interface NotificationSettingRow {
  kind: NotificationKind;
  enabled: boolean;
  updatedAt: Date;
}

export async function findNotificationSettings(
  db: Executor,
  merchantId: number,
): Promise<NotificationSettingRow[]> {
  return db
    .select({
      kind: notificationSettings.kind,
      enabled: notificationSettings.enabled,
      updatedAt: notificationSettings.updatedAt,
    })
    .from(notificationSettings)
    .where(eq(notificationSettings.merchantId, merchantId));
}

export async function upsertNotificationSettings(
  db: Executor,
  merchantId: number,
  changes: { kind: NotificationKind; enabled: boolean }[],
  at: Date,
): Promise<void> {
  if (changes.length === 0) return;
  await db
    .insert(notificationSettings)
    .values(changes.map((c) => ({ merchantId, kind: c.kind, enabled: c.enabled, updatedAt: at })))
    .onConflictDoUpdate({
      target: [notificationSettings.merchantId, notificationSettings.kind],
      set: { enabled: sql`excluded.enabled`, updatedAt: sql`excluded.updated_at` },
    });
}

/** The store's channel choice, with when it was saved; null: never chosen (e-mail). */
export async function findNotificationChannel(
  db: Executor,
  merchantId: number,
): Promise<{ channel: NotificationChannelChoice; updatedAt: Date } | null> {
  const [row] = await db
    .select({ channel: notificationChannels.channel, updatedAt: notificationChannels.updatedAt })
    .from(notificationChannels)
    .where(eq(notificationChannels.merchantId, merchantId));
  return row ?? null;
}

export async function upsertNotificationChannel(
  db: Executor,
  merchantId: number,
  channel: NotificationChannelChoice,
  at: Date,
): Promise<void> {
  await db
    .insert(notificationChannels)
    .values({ merchantId, channel, updatedAt: at })
    .onConflictDoUpdate({
      target: notificationChannels.merchantId,
      set: { channel, updatedAt: at },
    });
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

// ---- Causes ------------------------------------------------------------------------------------

/** Installed stores with the programme on; the subscription is checked by the caller. */
export async function findActiveStoreIds(db: Executor): Promise<number[]> {
  const rows = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(and(eq(merchants.installStatus, 'installed'), eq(merchants.programmeEnabled, true)))
    .orderBy(merchants.id);
  return rows.map((r) => r.id);
}

/** A customer we may write to: an address, not erased, not unsubscribed. */
const reachable = sql`c.email is not null and c.email <> '' and c.erased_at is null and c.notifications_unsubscribed_at is null`;

/** Points each reachable customer earned in [from, to) (earning and referral credits), and their balance. */
export async function findDailyEarners(
  db: Executor,
  merchantId: number,
  from: Date,
  to: Date,
): Promise<{ customerId: number; points: number; balance: number }[]> {
  const result = await db.execute(sql`
    select l.customer_id, sum(l.delta)::int as points, c.points_balance as balance
    from ${pointsLedger} l
    join ${customers} c on c.merchant_id = l.merchant_id and c.id = l.customer_id
    where l.merchant_id = ${merchantId}
      and l.kind in ('earn', 'referral')
      and l.delta > 0
      and l.created_at >= ${from.toISOString()}::timestamptz
      and l.created_at < ${to.toISOString()}::timestamptz
      and ${reachable}
    group by l.customer_id, c.points_balance
    order by l.customer_id`);
  return rowsOf<{ customer_id: string | number; points: number; balance: number }>(result).map(
    (r) => ({
      customerId: Number(r.customer_id),
      points: Number(r.points),
      balance: Number(r.balance),
    }),
  );
}

/** What is left of each reachable customer's lots expiring in [from, to). */
export async function findPointsExpiringBetween(
  db: Executor,
  merchantId: number,
  from: Date,
  to: Date,
): Promise<{ customerId: number; points: number; expiresAt: Date }[]> {
  const result = await db.execute(sql`
    select t.customer_id, sum(t.remaining)::int as points, min(t.expires_at) as expires_at
    from ${pointsLots} t
    join ${customers} c on c.merchant_id = t.merchant_id and c.id = t.customer_id
    where t.merchant_id = ${merchantId}
      and t.remaining > 0
      and t.expires_at >= ${from.toISOString()}::timestamptz
      and t.expires_at < ${to.toISOString()}::timestamptz
      and ${reachable}
    group by t.customer_id
    order by t.customer_id`);
  return rowsOf<{ customer_id: string | number; points: number; expires_at: string | Date }>(
    result,
  ).map((r) => ({
    customerId: Number(r.customer_id),
    points: Number(r.points),
    expiresAt: r.expires_at instanceof Date ? r.expires_at : new Date(r.expires_at),
  }));
}

/** The store's active rewards, cheapest first (the caller drops the types its plan lacks). */
export async function findActiveRewardCosts(
  db: Executor,
  merchantId: number,
): Promise<{ id: string; name: string; type: string; pointsRequired: number }[]> {
  return db
    .select({
      id: rewards.id,
      name: rewards.name,
      type: rewards.type,
      pointsRequired: rewards.pointsRequired,
    })
    .from(rewards)
    .where(
      and(
        eq(rewards.merchantId, merchantId),
        eq(rewards.isActive, true),
        isNull(rewards.deletedAt),
      ),
    )
    .orderBy(rewards.pointsRequired, rewards.id);
}

/**
 * Reachable customers whose balance crossed `cost` during [from, to): below it at `from`, at or
 * above it at `to`, and still at or above it now. Balances at those times are the balance now
 * less the ledger rows written since.
 */
export async function findRewardCrossings(
  db: Executor,
  merchantId: number,
  cost: number,
  from: Date,
  to: Date,
): Promise<{ customerId: number; balance: number }[]> {
  const result = await db.execute(sql`
    with moved as (
      select l.customer_id,
        sum(l.delta)::int as since_from,
        coalesce(sum(l.delta) filter (where l.created_at >= ${to.toISOString()}::timestamptz), 0)::int as since_to
      from ${pointsLedger} l
      where l.merchant_id = ${merchantId}
        and l.created_at >= ${from.toISOString()}::timestamptz
      group by l.customer_id
    )
    select c.id as customer_id, c.points_balance as balance
    from moved m
    join ${customers} c on c.merchant_id = ${merchantId} and c.id = m.customer_id
    where ${reachable}
      and c.points_balance >= ${cost}
      and c.points_balance - m.since_to >= ${cost}
      and c.points_balance - m.since_from < ${cost}
    order by c.id`);
  return rowsOf<{ customer_id: string | number; balance: number }>(result).map((r) => ({
    customerId: Number(r.customer_id),
    balance: Number(r.balance),
  }));
}

export async function findCustomersByIds(
  db: Executor,
  merchantId: number,
  ids: number[],
): Promise<(typeof customers.$inferSelect)[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(customers)
    .where(and(eq(customers.merchantId, merchantId), inArray(customers.id, ids)));
}
