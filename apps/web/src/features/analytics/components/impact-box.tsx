import { useTranslation } from 'react-i18next';
import type { Analytics } from '@nuqat/contracts';
import { formatCurrency } from '../../../lib/format';
import { formatDay, formatPercent, formatSignedPercent } from '../lib/format-figures';
import { useLanguage } from '../lib/language';
import { Figure } from './figure';

export interface ImpactBoxProps {
  impact: Analytics['impact'];
  range: Analytics['range'];
}

/** The loyalty-impact box: five rates of the range, each with its definition. */
export function ImpactBox({ impact, range }: ImpactBoxProps) {
  const { t } = useTranslation('analytics');
  const language = useLanguage();
  const rate = (value: number | null) => (value === null ? null : formatPercent(value, language));
  return (
    <section
      aria-labelledby="impact-heading"
      className="space-y-4 rounded-3xl bg-gradient-to-br from-brand-700 to-brand-900 p-4 text-white shadow-sm sm:p-6 dark:from-brand-900 dark:to-slate-900"
    >
      <div className="space-y-1">
        <h2 id="impact-heading" className="text-lg font-bold">
          {t('impact.heading')}
        </h2>
        <p className="text-sm text-brand-50/90">{t('impact.description')}</p>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
        <Figure
          testId="impact-repeatCustomerRate"
          label={t('impact.repeatCustomerRate.label')}
          value={rate(impact.repeatCustomerRate)}
          noneReason={t('impact.repeatCustomerRate.none')}
          help={t('impact.repeatCustomerRate.help')}
        />
        <Figure
          testId="impact-averageOrderValue"
          label={t('impact.averageOrderValue.label')}
          value={
            impact.averageOrderValue === null
              ? null
              : formatCurrency(impact.averageOrderValue, language)
          }
          noneReason={t('impact.averageOrderValue.none')}
          help={t('impact.averageOrderValue.help')}
        />
        <Figure
          testId="impact-retentionRate"
          label={t('impact.retentionRate.label')}
          value={rate(impact.retentionRate)}
          noneReason={t('impact.retentionRate.none')}
          help={t('impact.retentionRate.help')}
        />
        <Figure
          testId="impact-revenueGrowth"
          label={t('impact.revenueGrowth.label')}
          value={
            impact.revenueGrowth === null
              ? null
              : formatSignedPercent(impact.revenueGrowth, language)
          }
          noneReason={t('impact.revenueGrowth.none')}
          help={t('impact.revenueGrowth.help', {
            from: formatDay(range.previousFrom, language),
            to: formatDay(range.previousTo, language),
          })}
        />
        <Figure
          testId="impact-redemptionRate"
          label={t('impact.redemptionRate.label')}
          value={rate(impact.redemptionRate)}
          noneReason={t('impact.redemptionRate.none')}
          help={t('impact.redemptionRate.help')}
        />
      </div>
    </section>
  );
}
