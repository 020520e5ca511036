import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { formatCurrency, formatNumber } from '../../../lib/format';
import { useCampaignResults } from '../api/campaigns';

/** A running or ended campaign: its orders, points and sales next to the same days before it. */
export function CampaignResults({ id }: { id: string }) {
  const { t, i18n } = useTranslation('campaigns');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const results = useCampaignResults(id);
  if (results.isPending)
    return (
      <div aria-busy="true" className="flex justify-center p-4">
        <Spinner className="size-5" />
      </div>
    );
  if (results.isError)
    return <p className="text-sm text-red-700 dark:text-red-300">{t('results.failed')}</p>;
  const { during, before, campaignOrders } = results.data;
  const rows = [
    {
      key: 'orders',
      a: formatNumber(during.orders, language),
      b: formatNumber(before.orders, language),
    },
    {
      key: 'points',
      a: formatNumber(during.points, language),
      b: formatNumber(before.points, language),
    },
    {
      key: 'sales',
      a: formatCurrency(during.sales, language),
      b: formatCurrency(before.sales, language),
    },
  ] as const;
  return (
    <div aria-busy="false" data-testid="campaign-results" className="space-y-2">
      <table className="w-full text-sm">
        <thead>
          <tr className="text-slate-500 dark:text-slate-400">
            <th scope="col" className="py-1 text-start font-medium">
              <span className="sr-only">{t('results.figure')}</span>
            </th>
            <th scope="col" className="py-1 text-end font-medium">
              {t('results.during')}
            </th>
            <th scope="col" className="py-1 text-end font-medium">
              {t('results.before')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-t border-slate-200 dark:border-slate-700">
              <th
                scope="row"
                className="py-1.5 text-start font-medium text-slate-700 dark:text-slate-200"
              >
                {t(`results.${r.key}`)}
              </th>
              <td className="py-1.5 text-end tabular-nums">{r.a}</td>
              <td className="py-1.5 text-end tabular-nums text-slate-500 dark:text-slate-400">
                {r.b}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {t('results.campaignOrders', {
          count: campaignOrders,
          n: formatNumber(campaignOrders, language),
        })}
      </p>
    </div>
  );
}
