import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customers, jobRuns, loyaltyRules, merchants } from '../../db/schema/index.ts';

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
