import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customers, jobRuns, loyaltyRules, merchants, orders } from '../../db/schema/index.ts';

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
        // Not in the store's control group (docs/decisions/049).
        sql`not (${customers.holdoutArm} is not distinct from 'control' and ${customers.holdoutReleasedAt} is null)`,
      ),
    );
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
