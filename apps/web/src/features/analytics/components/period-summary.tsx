import { useTranslation } from 'react-i18next';
import type { Analytics } from '@nuqat/contracts';
import { Card } from '../../../components/ui/card';
import { formatCurrency, formatNumber } from '../../../lib/format';
import { useFigures } from '../lib/figures';
import { useLanguage } from '../lib/language';

type PeriodKey = keyof Analytics['period'];

const COUNTS: readonly PeriodKey[] = [
  'newMembers',
  'orders',
  'pointsEarned',
  'pointsRedeemed',
  'pointsExpired',
  'pointsClawedBack',
  'couponsIssued',
  'couponsUsed',
  'couponsCancelled',
];

/** What happened within the range, beside the as-of-now cards. */
export function PeriodSummary({ period }: { period: Analytics['period'] }) {
  const { t } = useTranslation('analytics');
  const language = useLanguage();
  const figures = useFigures();
  const item = (key: PeriodKey, value: string, exact: string) => (
    <div key={key} className="rounded-xl bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{t(`period.${key}`)}</dt>
      <dd
        data-testid={`period-${key}`}
        title={exact}
        className="text-lg font-semibold text-slate-900 dark:text-white"
      >
        <bdi>{value}</bdi>
      </dd>
    </div>
  );
  return (
    <Card className="space-y-3 p-4 sm:p-5">
      <h2 className="text-base font-bold text-slate-900 dark:text-white">{t('period.heading')}</h2>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {item('sales', figures.amount(period.sales), formatCurrency(period.sales, language))}
        {COUNTS.map((key) =>
          item(key, figures.count(period[key]), formatNumber(period[key], language)),
        )}
      </dl>
    </Card>
  );
}
