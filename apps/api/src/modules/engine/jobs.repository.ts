import { and, eq, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  customers,
  jobRuns,
  loyaltyRules,
  merchants,
  webhookEvents,
} from '../../db/schema/index.ts';

/** Claims (job, period); only the first caller across all instances gets true. */
export async function claimJobRun(db: Executor, job: string, period: string): Promise<boolean> {
  const rows = await db
    .insert(jobRuns)
    .values({ job, period })
    .onConflictDoNothing()
    .returning({ job: jobRuns.job });
  return rows.length > 0;
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
): Promise<number[]> {
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        eq(customers.merchantId, merchantId),
        isNotNull(customers.birthday),
        inArray(sql`to_char(${customers.birthday}, 'MM-DD')`, monthDays),
        lte(customers.birthdaySetAt, setBefore),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * Deletes every store uninstalled before `cutoff` and not installed again, with all its data:
 * the merchant row cascades to its login, customers, ledger, lots, orders, rules, rewards and
 * redemptions; its stored webhooks (which hold shopper details) go too. One statement decides,
 * so a reinstall that lands at the same moment keeps its store.
 */
export async function purgeStoresUninstalledBefore(db: Executor, cutoff: Date): Promise<number[]> {
  return db.transaction(async (tx) => {
    const purged = await tx
      .delete(merchants)
      .where(and(eq(merchants.installStatus, 'uninstalled'), lt(merchants.uninstalledAt, cutoff)))
      .returning({ id: merchants.id });
    const ids = purged.map((row) => row.id);
    if (ids.length > 0)
      await tx.delete(webhookEvents).where(inArray(webhookEvents.merchantId, ids));
    return ids;
  });
}
