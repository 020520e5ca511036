import { useTranslation } from 'react-i18next';
import type { CustomerAccount } from '@nuqat/contracts';
import { Badge } from '../../../components/ui/badge';
import { formatCurrency, formatDate, formatNumber } from '../../../lib/format';
import { AccountSection } from './account-section';

const EARN_STATUSES = ['earned', 'pending', 'no_rule', 'below_minimum', 'over_limit'] as const;

export function AccountOrders({ account }: { account: CustomerAccount }) {
  const { t, i18n } = useTranslation('customers');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const earnStatus = (status: string) =>
    (EARN_STATUSES as readonly string[]).includes(status)
      ? t(`earnStatuses.${status as (typeof EARN_STATUSES)[number]}`)
      : t('earnStatuses.other', { status });
  return (
    <AccountSection title={t('account.ordersHeading')}>
      {account.orders.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('account.ordersEmpty')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-start text-sm" data-testid="account-orders">
            <thead className="text-xs text-slate-600 dark:text-slate-300">
              <tr>
                <th scope="col" className="py-2 pe-3 text-start">
                  {t('account.reference')}
                </th>
                <th scope="col" className="px-3 py-2 text-start">
                  {t('account.placed')}
                </th>
                <th scope="col" className="px-3 py-2 text-end">
                  {t('account.total')}
                </th>
                <th scope="col" className="px-3 py-2 text-end">
                  {t('account.orderPoints')}
                </th>
                <th scope="col" className="py-2 ps-3 text-start">
                  {t('account.earnStatus')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {account.orders.map((order) => (
                <tr key={order.id} id={`order-${order.id}`} data-testid="account-order">
                  <td className="py-2 pe-3 whitespace-nowrap">
                    <bdi dir="ltr">{order.reference ?? order.id}</bdi>
                    {order.cancelled ? (
                      <Badge tone="grey" className="ms-2">
                        {t('account.cancelled')}
                      </Badge>
                    ) : null}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {order.placedAt ? <bdi>{formatDate(order.placedAt, language)}</bdi> : '—'}
                  </td>
                  <td className="px-3 py-2 text-end whitespace-nowrap">
                    <bdi>{formatCurrency(order.total, language)}</bdi>
                    {order.refunded > 0 ? (
                      <span className="block text-xs text-slate-500">
                        {t('account.refunded', {
                          amount: formatCurrency(order.refunded, language),
                        })}
                      </span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2 text-end">
                    <bdi>{formatNumber(order.points, language)}</bdi>
                  </td>
                  <td className="py-2 ps-3">
                    {earnStatus(order.earnStatus)}
                    {order.earningBasis ? (
                      <span
                        className="block text-xs text-slate-500 dark:text-slate-400"
                        data-testid="order-earning-basis"
                      >
                        {t(`account.earningBasis.${order.earningBasis}`)}
                      </span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AccountSection>
  );
}
