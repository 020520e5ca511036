import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Analytics } from '@nuqat/contracts';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { formatCurrency, formatCompactNumber, formatNumber } from '../../../lib/format';
import { formatList, formatMonth, formatShortMonth } from '../lib/format-figures';
import { useLanguage } from '../lib/language';

type Month = Analytics['monthlyTrends'][number];
const METRICS = [
  'revenue',
  'orders',
  'pointsEarned',
  'pointsRedeemed',
  'newMembers',
  'couponsUsed',
] as const;
type Metric = (typeof METRICS)[number];
const COLUMNS = [
  'pointsEarned',
  'pointsRedeemed',
  'orders',
  'revenue',
  'newMembers',
  'couponsUsed',
] as const;

/** The six real months ending with the range's month: a bar chart of one figure, and the table. */
export function MonthlyTrends({ months }: { months: Analytics['monthlyTrends'] }) {
  const { t } = useTranslation('analytics');
  const language = useLanguage();
  const [metric, setMetric] = useState<Metric>('revenue');
  const exact = (key: Metric, month: Month) =>
    key === 'revenue'
      ? formatCurrency(month.revenue, language)
      : formatNumber(month[key], language);
  const max = Math.max(0, ...months.map((month) => month[metric]));
  const quiet = months.every((month) => COLUMNS.every((key) => month[key] === 0));
  const metricName = t(`trends.columns.${metric}`);
  const spoken = formatList(
    months.map((month) => `${formatMonth(month.month, language)}: ${exact(metric, month)}`),
    language,
  );

  return (
    <Card className="space-y-4 p-4 sm:p-5" data-testid="monthly-trends">
      <div className="space-y-1">
        <h2 id="trends-heading" className="text-base font-bold text-slate-900 dark:text-white">
          {t('trends.heading')}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('trends.help')}</p>
      </div>

      <fieldset>
        <legend className="sr-only">{t('trends.metric')}</legend>
        <div className="flex flex-wrap gap-1.5">
          {METRICS.map((key) => (
            <label
              key={key}
              className={cn(
                'cursor-pointer rounded-full border px-3 py-1 text-xs font-semibold transition-colors has-focus-visible:outline-2 has-focus-visible:outline-brand-600',
                metric === key
                  ? 'border-brand-700 bg-brand-700 text-white dark:border-brand-400 dark:bg-brand-500/20 dark:text-brand-100'
                  : 'border-slate-300 text-slate-600 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800',
              )}
            >
              <input
                type="radio"
                name="trend-metric"
                value={key}
                checked={metric === key}
                onChange={() => setMetric(key)}
                className="sr-only"
              />
              {t(`trends.columns.${key}`)}
            </label>
          ))}
        </div>
      </fieldset>

      <div
        role="img"
        data-testid="trends-chart"
        aria-label={t('trends.chartLabel', { metric: metricName, values: spoken })}
        className="flex h-52 items-end gap-2 border-b border-slate-200 pt-6 sm:gap-4 dark:border-slate-700"
      >
        {months.map((month) => {
          const value = month[metric];
          const height = max > 0 ? Math.max(2, (value / max) * 100) : 0;
          return (
            <div key={month.month} className="flex h-full min-w-0 flex-1 flex-col justify-end">
              <span className="mb-1 truncate text-center text-[11px] font-semibold text-slate-700 dark:text-slate-200">
                <bdi>{formatCompactNumber(value, language)}</bdi>
              </span>
              <div
                className="mx-auto w-full max-w-14 rounded-t-md bg-brand-600 dark:bg-brand-400"
                style={{ height: `${height}%` }}
              />
            </div>
          );
        })}
      </div>
      <div aria-hidden="true" className="-mt-2 flex gap-2 sm:gap-4">
        {months.map((month) => (
          <span
            key={month.month}
            className="min-w-0 flex-1 truncate text-center text-xs text-slate-500 dark:text-slate-400"
          >
            {formatShortMonth(month.month, language)}
          </span>
        ))}
      </div>
      {metric === 'revenue' ? (
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('trends.inSar')}</p>
      ) : null}
      {quiet ? (
        <p className="text-center text-sm text-slate-500 dark:text-slate-400">
          {t('trends.empty')}
        </p>
      ) : null}

      <div className="overflow-x-auto">
        <table className="w-full min-w-[36rem] text-sm" aria-labelledby="trends-heading">
          <thead>
            <tr className="border-b border-slate-200 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
              <th scope="col" className="py-2 pe-3 text-start font-semibold">
                {t('trends.columns.month')}
              </th>
              {COLUMNS.map((key) => (
                <th key={key} scope="col" className="px-2 py-2 text-end font-semibold">
                  {t(`trends.columns.${key}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr
                key={month.month}
                data-testid={`trend-${month.month}`}
                className="border-b border-slate-100 last:border-0 dark:border-slate-800"
              >
                <th
                  scope="row"
                  className="py-2 pe-3 text-start font-medium whitespace-nowrap text-slate-700 dark:text-slate-200"
                >
                  {formatMonth(month.month, language)}
                </th>
                {COLUMNS.map((key) => (
                  <td
                    key={key}
                    data-column={key}
                    className="px-2 py-2 text-end whitespace-nowrap text-slate-900 tabular-nums dark:text-white"
                  >
                    <bdi>{exact(key, month)}</bdi>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
