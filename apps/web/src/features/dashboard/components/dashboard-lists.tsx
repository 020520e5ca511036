import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Activity } from 'lucide-react';
import type { Dashboard, Language } from '@nuqat/contracts';
import { Card } from '../../../components/ui/card';
import { formatCurrency, formatDateTime, formatNumber } from '../../../lib/format';
import { OrderStatusBadge } from './order-status-badge';

const sectionTitle = 'text-lg font-bold text-slate-900 dark:text-white';

function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
      {children}
    </p>
  );
}

export function TopCustomers({ data, language }: { data: Dashboard; language: Language }) {
  const { t } = useTranslation('merchant');
  return (
    <Card className="min-w-0 space-y-4 p-5 sm:p-6">
      <h2 id="top-customers-title" className={sectionTitle}>
        {t('dashboard.topCustomers')}
      </h2>
      {data.topCustomers.length === 0 ? (
        <Empty>{t('dashboard.noCustomers')}</Empty>
      ) : (
        <ol
          aria-labelledby="top-customers-title"
          className="divide-y divide-slate-100 dark:divide-slate-800"
        >
          {data.topCustomers.map((c, index) => (
            <li key={c.id} className="flex items-center gap-3 py-3" data-testid="top-customer">
              <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-bold text-brand-700 tabular-nums dark:bg-brand-500/15 dark:text-brand-300">
                {formatNumber(index + 1, language)}
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold text-slate-900 dark:text-white">
                  {c.name || t('dashboard.unnamed')}
                </p>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {t('dashboard.customerLine', {
                    orders: formatNumber(c.orders, language),
                    count: c.orders,
                    spent: formatCurrency(c.totalSpent, language),
                  })}
                </p>
              </div>
              <span className="shrink-0 text-sm font-bold text-brand-700 tabular-nums dark:text-brand-300">
                {t('dashboard.points', {
                  points: formatNumber(c.points, language),
                  count: c.points,
                })}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

export function RecentOrders({ data, language }: { data: Dashboard; language: Language }) {
  const { t } = useTranslation('merchant');
  return (
    <Card className="min-w-0 space-y-4 p-5 sm:p-6">
      <h2 id="recent-orders-title" className={sectionTitle}>
        {t('dashboard.recentOrders')}
      </h2>
      {data.recentOrders.length === 0 ? (
        <Empty>{t('dashboard.noOrders')}</Empty>
      ) : (
        <>
          {/* Below the tablet width a list of cards with every field; a table from md up. */}
          <ul
            aria-labelledby="recent-orders-title"
            className="divide-y divide-slate-100 md:hidden dark:divide-slate-800"
          >
            {data.recentOrders.map((o) => (
              <li key={o.id} className="space-y-1.5 py-3" data-testid="recent-order-card">
                <div className="flex items-center justify-between gap-3">
                  <OrderNumber order={o} />
                  <OrderStatusBadge status={o.status} />
                </div>
                <div className="flex items-center justify-between gap-3 text-sm">
                  <span className="truncate text-slate-900 dark:text-white">
                    {o.customer || t('dashboard.guest')}
                  </span>
                  <bdi className="shrink-0 font-semibold tabular-nums">
                    {formatCurrency(o.total, language)}
                  </bdi>
                </div>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {formatDateTime(o.date, language)}
                </p>
              </li>
            ))}
          </ul>
          <table aria-labelledby="recent-orders-title" className="hidden w-full text-sm md:table">
            <thead>
              <tr className="text-start text-xs text-slate-500 dark:text-slate-400">
                {(['id', 'customer', 'total', 'date', 'status'] as const).map((col) => (
                  <th key={col} scope="col" className="px-2 pb-2 text-start font-medium">
                    {t(`dashboard.orderCols.${col}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {data.recentOrders.map((o) => (
                <tr key={o.id} data-testid="recent-order">
                  <td className="px-2 py-2.5">
                    <OrderNumber order={o} />
                  </td>
                  <td className="max-w-[10rem] truncate px-2 py-2.5 text-slate-900 dark:text-white">
                    {o.customer || t('dashboard.guest')}
                  </td>
                  <td className="px-2 py-2.5 tabular-nums">
                    <bdi>{formatCurrency(o.total, language)}</bdi>
                  </td>
                  <td className="px-2 py-2.5 text-xs whitespace-nowrap text-slate-600 dark:text-slate-400">
                    {formatDateTime(o.date, language)}
                  </td>
                  <td className="px-2 py-2.5">
                    <OrderStatusBadge status={o.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </Card>
  );
}

/**
 * Salla's order number (reference_id), the one the merchant sees in Salla; Salla's internal id
 * only in the tooltip (issue 27). An order Salla sent without a reference shows its id.
 */
function OrderNumber({ order }: { order: Dashboard['recentOrders'][number] }) {
  const { t } = useTranslation('merchant');
  return (
    <span
      className="font-mono text-xs text-slate-700 dark:text-slate-300"
      title={t('dashboard.internalId', { id: order.id })}
      data-testid="order-number"
    >
      <bdi>#{order.reference ?? order.id}</bdi>
    </span>
  );
}

export function RecentActivities({ data, language }: { data: Dashboard; language: Language }) {
  const { t } = useTranslation('merchant');
  const { t: tc } = useTranslation('customers');
  return (
    <Card className="min-w-0 space-y-4 p-5 sm:p-6">
      <h2 id="activities-title" className={sectionTitle}>
        {t('dashboard.activities')}
      </h2>
      {data.activities.length === 0 ? (
        <Empty>{t('dashboard.noActivities')}</Empty>
      ) : (
        <ul
          aria-labelledby="activities-title"
          className="divide-y divide-slate-100 dark:divide-slate-800"
        >
          {data.activities.map((a, index) => (
            <li
              key={`${a.customerId}-${a.date}-${index}`}
              className="flex items-start gap-3 py-3"
              data-testid="activity"
            >
              <Activity aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
              <div className="min-w-0 flex-1">
                <p className="text-sm text-slate-900 dark:text-white">
                  <span className="font-semibold">{a.customerName || t('dashboard.unnamed')}</span>
                  {' · '}
                  <span data-testid="activity-cause">{tc(`causes.${a.cause}`)}</span>
                  {a.orderReference ? (
                    <>
                      {' · '}
                      <span className="whitespace-nowrap text-slate-600 dark:text-slate-400">
                        {t('dashboard.activityOrder')} <bdi>#{a.orderReference}</bdi>
                      </span>
                    </>
                  ) : a.couponCode ? (
                    <>
                      {' · '}
                      <span className="whitespace-nowrap text-slate-600 dark:text-slate-400">
                        {t('dashboard.activityCoupon')}{' '}
                        <bdi className="font-mono text-xs">{a.couponCode}</bdi>
                      </span>
                    </>
                  ) : null}
                </p>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {formatDateTime(a.date, language)}
                </p>
              </div>
              <span
                dir="ltr"
                className={
                  a.points >= 0
                    ? 'shrink-0 text-sm font-bold text-emerald-700 tabular-nums dark:text-emerald-300'
                    : 'shrink-0 text-sm font-bold text-red-700 tabular-nums dark:text-red-300'
                }
              >
                {a.points > 0 ? '+' : a.points < 0 ? '−' : ''}
                {formatNumber(Math.abs(a.points), language)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
