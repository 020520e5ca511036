import { useTranslation } from 'react-i18next';
import { useAnalytics } from '../api/get-analytics';
import { useRoi } from '../api/roi';
import { ExactFigures } from '../lib/figures';
import { formatMonth } from '../lib/format-figures';
import { useLanguage } from '../lib/language';
import { PeriodSummary } from './period-summary';
import { PointsDonut } from './points-donut';
import { RoiBody } from './roi-section';
import { SegmentsCard } from './segments-card';

/** The first and last day of a YYYY-MM month, the current month up to today (Riyadh days). */
export function monthDays(month: string) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const end = `${month}-${String(last).padStart(2, '0')}`;
  const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
  return { from: `${month}-01`, to: end < today ? end : today };
}

/**
 * One A4 page of a month's programme figures (docs/decisions/050): the month's totals and points
 * chart from GET /api/merchants/analytics, the members-vs-control comparison from
 * GET /api/merchants/roi — or, without a control group, the honest "cannot be known" and the
 * members-vs-guests figures labelled as such.
 */
export function MonthlyReport({ month }: { month: string }) {
  const { t } = useTranslation('analytics');
  const language = useLanguage();
  const analytics = useAnalytics(monthDays(month));
  const roi = useRoi(month);
  const title = formatMonth(month, language);
  if (analytics.isError || roi.isError) return <p role="alert">{t('error.title')}</p>;
  if (!analytics.data || !roi.data) return <p aria-busy="true">{t('report.loading')}</p>;
  // On paper every figure is written in full, by one formatter (no hover to read a shortened one).
  return (
    <ExactFigures.Provider value>
      <article data-testid="monthly-report" className="monthly-report space-y-5">
        {/* One A4 page: the app's rem-based sizes scaled down on paper (docs/decisions/050). */}
        <style>
          {'@page { size: A4; margin: 12mm; } @media print { html { font-size: 11px; } }'}
        </style>
        <header className="space-y-1">
          <p className="text-sm text-slate-600 dark:text-slate-300">{analytics.data.storeName}</p>
          <h1 className="text-2xl font-bold">{t('report.title', { month: title })}</h1>
        </header>
        <PeriodSummary period={analytics.data.period} />
        <section className="break-inside-avoid space-y-2">
          <h2 className="text-lg font-bold">{t('roi.heading')}</h2>
          <RoiBody data={roi.data} readOnly />
        </section>
        <div className="grid grid-cols-2 items-start gap-4 print:grid-cols-2">
          <SegmentsCard segments={analytics.data.membersVsNonMembers} />
          <PointsDonut distribution={analytics.data.distribution} />
        </div>
      </article>
    </ExactFigures.Provider>
  );
}
