import { useTranslation } from 'react-i18next';
import { BookOpen } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { formatPercent } from '../lib/format-figures';
import { useLanguage } from '../lib/language';

/**
 * The spec's "claimed benefits" of loyalty programmes. They are industry claims, not this
 * store's figures (docs/insights.md), so they sit apart, dashed, and say so.
 */
const CLAIMS = [
  { key: 'retention', rate: 25 },
  { key: 'averageOrderValue', rate: 18 },
  { key: 'repeatPurchase', rate: 35 },
] as const;

export function IndustryFigures() {
  const { t } = useTranslation('analytics');
  const language = useLanguage();
  return (
    <aside
      aria-labelledby="industry-heading"
      data-testid="industry-figures"
      className="space-y-3 rounded-2xl border border-dashed border-slate-300 bg-slate-50 p-4 sm:p-5 dark:border-slate-700 dark:bg-slate-900/40"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2
          id="industry-heading"
          className="flex items-center gap-2 text-sm font-bold text-slate-700 dark:text-slate-200"
        >
          <BookOpen aria-hidden="true" className="size-4" />
          {t('industry.heading')}
        </h2>
        <Badge tone="grey">{t('industry.badge')}</Badge>
      </div>
      <p className="text-xs leading-relaxed text-slate-500 dark:text-slate-400">
        {t('industry.note')}
      </p>
      <ul className="grid gap-2 sm:grid-cols-3">
        {CLAIMS.map((claim) => (
          <li
            key={claim.key}
            className="flex items-baseline gap-2 rounded-xl bg-white px-3 py-2 text-sm text-slate-600 dark:bg-slate-900 dark:text-slate-300"
          >
            <span className="font-semibold text-slate-700 dark:text-slate-200">
              <bdi>{formatPercent(claim.rate, language)}</bdi>
            </span>
            {t(`industry.${claim.key}`)}
          </li>
        ))}
      </ul>
    </aside>
  );
}
