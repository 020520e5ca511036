import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  customers,
  jobRuns,
  loyaltyRules,
  merchants,
  orders,
  webhookDeadLetters,
  webhookEvents,
} from '../../db/schema/index.ts';

/**
 * Claims (job, period); only one caller across all instances gets true. With `staleAfterMs`, a
 * claim that never finished and has not been touched for that long (its instance failed or was
 * restarted mid-run) is taken over: `started_at` moves to `at`, so one taker wins.
 */
export async function claimJobRun(
  db: Executor,
  job: string,
  period: string,
  options: { at?: Date; staleAfterMs?: number } = {},
): Promise<boolean> {
  const at = options.at ?? new Date();
  const insert = db.insert(jobRuns).values({ job, period, startedAt: at });
  const rows = await (
    options.staleAfterMs === undefined
      ? insert.onConflictDoNothing()
      : insert.onConflictDoUpdate({
          target: [jobRuns.job, jobRuns.period],
          set: { startedAt: at },
          setWhere: and(
            isNull(jobRuns.finishedAt),
            lt(jobRuns.startedAt, new Date(at.getTime() - options.staleAfterMs)),
          ),
        })
  ).returning({ job: jobRuns.job });
  return rows.length > 0;
}

/** A run still working says so, so that nobody takes its claim over. */
export async function touchJobRun(
  db: Executor,
  job: string,
  period: string,
  at: Date,
): Promise<void> {
  await db
    .update(jobRuns)
    .set({ startedAt: at })
    .where(and(eq(jobRuns.job, job), eq(jobRuns.period, period), isNull(jobRuns.finishedAt)));
}

export async function finishJobRun(
  db: Executor,
  job: string,
  period: string,
  result: unknown,
): Promise<void> {
  await db
    .update(jobRuns)
    .set({ finishedAt: sql`now()`, result })
    .where(and(eq(jobRuns.job, job), eq(jobRuns.period, period)));
}

/** Stores whose birthday rule gives points. */
export async function findMerchantsWithBirthdayRule(db: Executor): Promise<number[]> {
  const rows = await db
    .select({ id: merchants.id })
    .from(merchants)
    .innerJoin(loyaltyRules, eq(loyaltyRules.merchantId, merchants.id))
    .where(
      and(
        eq(loyaltyRules.event, 'birthday'),
        sql`${loyaltyRules.points} > 0`,
        eq(merchants.installStatus, 'installed'),
      ),
    );
  return rows.map((r) => r.id);
}

/** Customers whose birthday (MM-DD) is one of `monthDays`, set at least `setBefore`. */
export async function findBirthdayCustomers(
  db: Executor,
  merchantId: number,
  monthDays: string[],
  setBefore: Date,
): Promise<{ id: number; tierId: string | null }[]> {
  return db
    .select({ id: customers.id, tierId: customers.tierId })
    .from(customers)
    .where(
      and(
        eq(customers.merchantId, merchantId),
        isNotNull(customers.birthday),
        inArray(sql`to_char(${customers.birthday}, 'MM-DD')`, monthDays),
        lte(customers.birthdaySetAt, setBefore),
      ),
    );
}

/**
 * Stores still uninstalled whose uninstall is older than `cutoff`: candidates for the purge,
 * by id after `after` (each is checked again, under its lock, by purgeStoreIfSilent).
 */
export async function findPurgeCandidates(
  db: Executor,
  options: { cutoff: Date; after: number; limit: number; merchantIds?: number[] },
): Promise<number[]> {
  const rows = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(
      and(
        eq(merchants.installStatus, 'uninstalled'),
        lt(merchants.uninstalledAt, options.cutoff),
        gt(merchants.id, options.after),
        options.merchantIds ? inArray(merchants.id, options.merchantIds) : undefined,
      ),
    )
    .orderBy(asc(merchants.id))
    .limit(options.limit);
  return rows.map((r) => r.id);
}

/**
 * Deletes the store with all its data if it is still uninstalled since before `cutoff` and no
 * webhook for it was received since `cutoff`: the merchant row cascades to its login,
 * customers, ledger, lots, orders, rules, rewards and redemptions; its stored webhooks and dead
 * letters (which hold shopper details) go too. The row is locked first, as the webhook path locks an
 * uninstalled store's row, so an event arriving meanwhile either is seen here (and keeps the
 * store) or comes after the store is gone. Safe to run twice or from two instances at once.
 */
export async function purgeStoreIfSilent(
  db: Executor,
  merchantId: number,
  cutoff: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [store] = await tx
      .select({ id: merchants.id })
      .from(merchants)
      .where(
        and(
          eq(merchants.id, merchantId),
          eq(merchants.installStatus, 'uninstalled'),
          lt(merchants.uninstalledAt, cutoff),
        ),
      )
      .for('update');
    if (!store) return false;
    // The newest event stored for the store (ids grow with time; the primary key finds it).
    const [latest] = await tx
      .select({ receivedAt: webhookEvents.receivedAt })
      .from(webhookEvents)
      .where(eq(webhookEvents.merchantId, merchantId))
      .orderBy(desc(webhookEvents.id))
      .limit(1);
    if (latest && latest.receivedAt >= cutoff) return false;
    // A delivery for it that did not fit the schema was heard too.
    const [dead] = await tx
      .select({ id: webhookDeadLetters.id })
      .from(webhookDeadLetters)
      .where(
        and(
          eq(webhookDeadLetters.merchantId, merchantId),
          gte(webhookDeadLetters.lastReceivedAt, cutoff),
        ),
      )
      .limit(1);
    if (dead) return false;
    await tx.delete(webhookEvents).where(eq(webhookEvents.merchantId, merchantId));
    await tx.delete(webhookDeadLetters).where(eq(webhookDeadLetters.merchantId, merchantId));
    await tx.delete(merchants).where(eq(merchants.id, merchantId));
    return true;
  });
}

export interface ReleaseCursor {
  releaseAt: Date;
  merchantId: number;
  id: number;
}

/**
 * Orders of every store whose holding period ended by `now` and whose points are not released
 * yet, in (release time, store, order) order after `after` — a keyset page for the release job.
 */
export function findOrdersDueForRelease(
  db: Executor,
  now: Date,
  after: ReleaseCursor,
  limit: number,
) {
  return db
    .select({ merchantId: orders.merchantId, id: orders.id, releaseAt: orders.releaseAt })
    .from(orders)
    .where(
      and(
        isNull(orders.releasedAt),
        isNotNull(orders.releaseAt),
        lte(orders.releaseAt, now),
        eq(orders.earnStatus, 'earned'),
        sql`(${orders.releaseAt}, ${orders.merchantId}, ${orders.id}) > (${after.releaseAt}, ${after.merchantId}, ${after.id})`,
      ),
    )
    .orderBy(asc(orders.releaseAt), asc(orders.merchantId), asc(orders.id))
    .limit(limit);
}
