import { useTranslation } from 'react-i18next';
import { PieChart } from 'lucide-react';
import type { Analytics } from '@nuqat/contracts';
import { Card } from '../../../components/ui/card';
import { formatNumber } from '../../../lib/format';
import { useFigures } from '../lib/figures';
import { sharePercent } from '../lib/export-tables';
import { formatList, formatPercent } from '../lib/format-figures';
import { useLanguage } from '../lib/language';

// One colour per bucket, from low balances (light) to high (dark), the last one apart.
const COLOURS = [
  { stroke: 'stroke-brand-200 dark:stroke-brand-200', dot: 'bg-brand-200' },
  { stroke: 'stroke-brand-400 dark:stroke-brand-400', dot: 'bg-brand-400' },
  { stroke: 'stroke-brand-600 dark:stroke-brand-500', dot: 'bg-brand-600 dark:bg-brand-500' },
  { stroke: 'stroke-brand-800 dark:stroke-brand-700', dot: 'bg-brand-800 dark:bg-brand-700' },
  { stroke: 'stroke-amber-500 dark:stroke-amber-400', dot: 'bg-amber-500 dark:bg-amber-400' },
] as const;

const RADIUS = 48;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** Members by balance now, over the spec's five buckets: an SVG donut and its legend. */
export function PointsDonut({ distribution }: { distribution: Analytics['distribution'] }) {
  const { t } = useTranslation('analytics');
  const language = useLanguage();
  const figures = useFigures();
  const total = distribution.reduce((sum, bucket) => sum + bucket.customers, 0);
  const label = (bucket: Analytics['distribution'][number]) =>
    t(`distribution.buckets.${bucket.bucket}`);

  const lengths = distribution.map((bucket) =>
    total > 0 ? (bucket.customers / total) * CIRCUMFERENCE : 0,
  );
  const arcs = distribution.map((bucket, index) => ({
    bucket,
    index,
    length: lengths[index] ?? 0,
    // Where this bucket's arc starts: the sum of the arcs before it.
    offset: lengths.slice(0, index).reduce((sum, length) => sum + length, 0),
  }));
  const summary = formatList(
    distribution.map((bucket) => `${label(bucket)}: ${formatNumber(bucket.customers, language)}`),
    language,
  );

  return (
    <Card className="@container space-y-4 p-4 sm:p-5" data-testid="distribution">
      <div className="space-y-1">
        <h2 className="text-base font-bold text-slate-900 dark:text-white">
          {t('distribution.heading')}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('distribution.help')}</p>
      </div>
      {total === 0 ? (
        <div className="flex flex-col items-center gap-3 py-6 text-center">
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
            <PieChart aria-hidden="true" className="size-6" />
          </span>
          <p className="max-w-xs text-sm text-slate-600 dark:text-slate-400">
            {t('distribution.empty')}
          </p>
        </div>
      ) : (
        <div className="flex flex-col items-center gap-6 @sm:flex-row">
          <div className="relative size-44 shrink-0">
            <svg
              viewBox="0 0 120 120"
              role="img"
              aria-label={t('distribution.chartLabel', { values: summary })}
              className="size-full -rotate-90"
            >
              <circle
                cx="60"
                cy="60"
                r={RADIUS}
                fill="none"
                strokeWidth="16"
                className="stroke-slate-100 dark:stroke-slate-800"
              />
              {arcs
                .filter((arc) => arc.length > 0)
                .map((arc) => (
                  <circle
                    key={arc.bucket.bucket}
                    data-bucket={arc.bucket.bucket}
                    cx="60"
                    cy="60"
                    r={RADIUS}
                    fill="none"
                    strokeWidth="16"
                    strokeDasharray={`${arc.length} ${CIRCUMFERENCE - arc.length}`}
                    strokeDashoffset={-arc.offset}
                    className={COLOURS[arc.index]?.stroke}
                  />
                ))}
            </svg>
            <div className="absolute inset-0 flex flex-col items-center justify-center">
              <span
                className="text-2xl font-bold text-slate-900 dark:text-white"
                title={formatNumber(total, language)}
              >
                <bdi>{figures.count(total)}</bdi>
              </span>
              <span className="text-xs text-slate-500 dark:text-slate-400">
                {t('distribution.total', { count: total })}
              </span>
            </div>
          </div>
          <ul className="w-full min-w-0 space-y-2 text-sm">
            {distribution.map((bucket, index) => (
              <li
                key={bucket.bucket}
                data-testid={`bucket-${bucket.bucket}`}
                className="flex items-center gap-3"
              >
                <span
                  aria-hidden="true"
                  className={`size-3 shrink-0 rounded-full ${COLOURS[index]?.dot ?? ''}`}
                />
                <span className="min-w-0 flex-1 text-slate-700 dark:text-slate-300">
                  {label(bucket)}
                </span>
                <span className="font-semibold text-slate-900 dark:text-white">
                  <bdi>{formatNumber(bucket.customers, language)}</bdi>
                </span>
                <span className="w-12 shrink-0 text-end text-xs text-slate-500 dark:text-slate-400">
                  <bdi>{formatPercent(sharePercent(bucket.customers, total), language)}</bdi>
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}
