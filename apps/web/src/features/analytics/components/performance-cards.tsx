import { useTranslation } from 'react-i18next';
import { Coins, Landmark, Receipt, TicketCheck, Users } from 'lucide-react';
import type { Analytics } from '@nuqat/contracts';
import { formatCurrency, formatCompactNumber, formatNumber } from '../../../lib/format';
import { formatCompactCurrency, formatPointValue } from '../lib/format-figures';
import { useLanguage } from '../lib/language';
import { Figure } from './figure';

export interface PerformanceCardsProps {
  totals: Analytics['totals'];
}

/** The programme as of now: members, points outstanding and redeemed, sales, liability. */
export function PerformanceCards({ totals }: PerformanceCardsProps) {
  const { t } = useTranslation('analytics');
  const language = useLanguage();
  const icon = 'size-4';
  const count = (value: number) => ({
    value: formatCompactNumber(value, language),
    exact: formatNumber(value, language),
  });
  const money = (value: number) => ({
    value: formatCompactCurrency(value, language),
    exact: formatCurrency(value, language),
  });
  return (
    <section aria-labelledby="performance-heading" className="space-y-4">
      <div className="space-y-1">
        <h2 id="performance-heading" className="text-lg font-bold text-slate-900 dark:text-white">
          {t('performance.heading')}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('performance.description')}</p>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-5">
        <Figure
          testId="perf-members"
          icon={<Users aria-hidden="true" className={icon} />}
          label={t('performance.members.label')}
          help={t('performance.members.help')}
          {...count(totals.members)}
        />
        <Figure
          testId="perf-pointsOutstanding"
          icon={<Coins aria-hidden="true" className={icon} />}
          label={t('performance.pointsOutstanding.label')}
          help={t('performance.pointsOutstanding.help')}
          {...count(totals.pointsOutstanding)}
        />
        <Figure
          testId="perf-pointsRedeemed"
          icon={<TicketCheck aria-hidden="true" className={icon} />}
          label={t('performance.pointsRedeemed.label')}
          help={t('performance.pointsRedeemed.help')}
          {...count(totals.pointsRedeemed)}
        />
        <Figure
          testId="perf-sales"
          icon={<Receipt aria-hidden="true" className={icon} />}
          label={t('performance.sales.label')}
          help={t('performance.sales.help')}
          {...money(totals.sales)}
        />
        <Figure
          testId="perf-liability"
          icon={<Landmark aria-hidden="true" className={icon} />}
          label={t('performance.liability.label')}
          className="sm:col-span-2 xl:col-span-1"
          {...(totals.liabilitySar === null || totals.pointValueSar === null
            ? { value: null, noneReason: t('performance.liability.none') }
            : {
                ...money(totals.liabilitySar),
                help: t('performance.liability.help', {
                  value: formatPointValue(totals.pointValueSar, language),
                }),
              })}
        />
      </div>
    </section>
  );
}
