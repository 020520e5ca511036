import { useTranslation } from 'react-i18next';
import { Trophy } from 'lucide-react';
import type { Analytics } from '@nuqat/contracts';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { formatCurrency, formatNumber } from '../../../lib/format';
import { useLanguage } from '../lib/language';

const COLUMNS = ['points', 'orders', 'totalSpent'] as const;

/** The ten members with the highest balance, their counted orders and what they spent. */
export function TopCustomers({ customers }: { customers: Analytics['topCustomers'] }) {
  const { t } = useTranslation('analytics');
  const language = useLanguage();
  return (
    <Card className="space-y-4 p-4 sm:p-5" data-testid="top-customers">
      <div className="space-y-1">
        <h2 id="customers-heading" className="text-base font-bold text-slate-900 dark:text-white">
          {t('customers.heading')}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('customers.help')}</p>
      </div>
      {customers.length === 0 ? (
        <EmptyState
          icon={<Trophy aria-hidden="true" className="size-6" />}
          title={t('customers.empty')}
        />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" aria-labelledby="customers-heading">
            <thead>
              <tr className="border-b border-slate-200 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
                <th scope="col" className="w-8 py-2 pe-2 text-start font-semibold">
                  {t('customers.columns.rank')}
                </th>
                <th scope="col" className="py-2 pe-3 text-start font-semibold">
                  {t('customers.columns.name')}
                </th>
                {COLUMNS.map((key) => (
                  <th key={key} scope="col" className="px-2 py-2 text-end font-semibold">
                    {t(`customers.columns.${key}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {customers.map((customer, index) => (
                <tr
                  key={customer.id}
                  data-testid="top-customer"
                  className="border-b border-slate-100 last:border-0 dark:border-slate-800"
                >
                  <td className="py-2 pe-2 text-slate-500 tabular-nums dark:text-slate-400">
                    <bdi>{formatNumber(index + 1, language)}</bdi>
                  </td>
                  <th
                    scope="row"
                    className="py-2 pe-3 text-start font-medium text-slate-900 dark:text-white"
                  >
                    <bdi>{customer.name}</bdi>
                  </th>
                  <td
                    data-column="points"
                    className="px-2 py-2 text-end text-slate-900 tabular-nums dark:text-white"
                  >
                    <bdi>{formatNumber(customer.points, language)}</bdi>
                  </td>
                  <td
                    data-column="orders"
                    className="px-2 py-2 text-end text-slate-900 tabular-nums dark:text-white"
                  >
                    <bdi>{formatNumber(customer.orders, language)}</bdi>
                  </td>
                  <td
                    data-column="totalSpent"
                    className="px-2 py-2 text-end whitespace-nowrap text-slate-900 tabular-nums dark:text-white"
                  >
                    <bdi>{formatCurrency(customer.totalSpent, language)}</bdi>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
