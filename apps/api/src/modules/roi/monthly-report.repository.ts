import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.ts';

export type ReportOutcome = 'queued' | 'sent' | 'failed' | 'switched_off' | 'no_address';

export interface ReportStore {
  id: number;
  storeName: string;
  email: string | null;
  language: 'ar' | 'en';
  monthlyReportEmail: boolean;
}

/**
 * Growth stores, installed, with a subscription still running, that have no claim for the month
 * yet — or whose mail failed and is to be tried again.
 */
export async function storesDue(
  db: Executor,
  month: string,
  afterId: number,
  limit: number,
): Promise<ReportStore[]> {
  const result = await db.execute(sql`
    select m.id::float8 as id, m.store_name, m.email, m.language, m.monthly_report_email
      from merchants m
      left join monthly_reports r on r.merchant_id = m.id and r.month = ${month}::date
     where m.plan = 'growth' and m.install_status = 'installed'
       and m.subscription_status in ('active', 'trial')
       and (r.merchant_id is null or r.outcome = 'failed')
       and m.id > ${afterId}
     order by m.id
     limit ${limit}`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    id: Number(r.id),
    storeName: String(r.store_name),
    email: (r.email as string | null) ?? null,
    language: r.language === 'en' ? 'en' : 'ar',
    monthlyReportEmail: Boolean(r.monthly_report_email),
  }));
}

/**
 * The once-per-store-per-month claim (docs/decisions/050): the first caller inserts the row (or
 * turns a failed one back to queued) and gets true; a restart or another instance gets false.
 */
export async function claimReport(
  db: Executor,
  merchantId: number,
  month: string,
  outcome: ReportOutcome,
): Promise<boolean> {
  const result = await db.execute(sql`
    insert into monthly_reports (merchant_id, month, outcome)
    values (${merchantId}, ${month}::date, ${outcome})
    on conflict (merchant_id, month) do update set outcome = excluded.outcome, created_at = now()
       where monthly_reports.outcome = 'failed'
    returning merchant_id`);
  return rowsOf(result).length > 0;
}

export async function settleReport(
  db: Executor,
  merchantId: number,
  month: string,
  outcome: 'sent' | 'failed',
): Promise<void> {
  await db.execute(sql`
    update monthly_reports set outcome = ${outcome}
     where merchant_id = ${merchantId} and month = ${month}::date and outcome = 'queued'`);
}
