import type { AppContext } from '../../context.ts';
import { rangeRollups } from '../insights/index.ts';
import { monthlyReportMail } from './monthly-report-mail.ts';
import {
  claimReport,
  settleReport,
  storesDue,
  type ReportStore,
} from './monthly-report.repository.ts';
import { monthBounds, previousMonth, riyadhMonth } from './roi-month.ts';
import type { RoiService } from './roi.service.ts';
import { RIYADH_OFFSET_MS } from '../engine/index.ts';

/** Days of the Riyadh month in which last month's report is sent (the 1st, and catch-up after downtime). */
export const MONTHLY_REPORT_DAYS = 3;
const BATCH = 100;

export interface MonthlyReportRun {
  month: string | null;
  sent: number;
  failed: number;
  switchedOff: number;
  noAddress: number;
}

/**
 * The monthly report e-mail (docs/decisions/050): from the 1st of each Riyadh month, each Growth
 * store's owner gets last month's figures and the members-vs-control comparison, in their
 * language, with a link to the printable page. The `(merchant, month)` claim in monthly_reports
 * comes before the mail, so restarts and other instances send nothing twice; a failed send is
 * marked and tried again by the next run.
 */
export function createMonthlyReports(
  ctx: Pick<AppContext, 'db' | 'now' | 'mailer' | 'config' | 'log'>,
  roi: RoiService,
) {
  const { db, config, log } = ctx;

  async function sendOne(store: ReportStore & { email: string }, month: string): Promise<boolean> {
    const { first, last } = monthBounds(month);
    const [report, rollups] = await Promise.all([
      roi.getRoi(store.id, month),
      rangeRollups(db, store.id, { from: first, to: last }, { from: first, to: last }),
    ]);
    const c = rollups.current;
    try {
      await ctx.mailer.send(
        monthlyReportMail({
          to: store.email,
          storeName: store.storeName,
          language: store.language,
          month,
          roi: report,
          figures: {
            orders: c.orders,
            salesSar: c.sales_halalas / 100,
            memberOrders: c.member_orders,
            memberSalesSar: c.member_sales_halalas / 100,
            pointsEarned: c.points_earned,
            pointsRedeemed: c.points_redeemed,
            couponsUsed: c.coupons_used,
          },
          reportUrl: `${config.publicUrl}/analytics/report/${month}`,
        }),
      );
      await settleReport(db, store.id, `${month}-01`, 'sent');
      return true;
    } catch (err) {
      log.error({ err, merchantId: store.id }, 'monthly report mail failed');
      await settleReport(db, store.id, `${month}-01`, 'failed');
      return false;
    }
  }

  /** Sends what is due at `at` (the scheduler's now); returns what it did. */
  async function run(at: Date = ctx.now()): Promise<MonthlyReportRun> {
    const result: MonthlyReportRun = {
      month: null,
      sent: 0,
      failed: 0,
      switchedOff: 0,
      noAddress: 0,
    };
    const dayOfMonth = new Date(at.getTime() + RIYADH_OFFSET_MS).getUTCDate();
    if (dayOfMonth > MONTHLY_REPORT_DAYS) return result;
    const month = previousMonth(riyadhMonth(at));
    const monthDate = `${month}-01`;
    result.month = month;
    let afterId = 0;
    for (;;) {
      const due = await storesDue(db, monthDate, afterId, BATCH);
      if (due.length === 0) break;
      for (const store of due) {
        afterId = store.id;
        const email = store.email;
        const outcome = !store.monthlyReportEmail
          ? 'switched_off'
          : !email
            ? 'no_address'
            : 'queued';
        if (!(await claimReport(db, store.id, monthDate, outcome))) continue;
        if (outcome === 'switched_off') result.switchedOff += 1;
        else if (outcome === 'no_address') result.noAddress += 1;
        else if (await sendOne({ ...store, email: email! }, month)) result.sent += 1;
        else result.failed += 1;
      }
    }
    return result;
  }

  return { run };
}

export type MonthlyReports = ReturnType<typeof createMonthlyReports>;
