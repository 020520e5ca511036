import { useTranslation } from 'react-i18next';
import { TicketPercent } from 'lucide-react';
import type { Analytics } from '@nuqat/contracts';
import { Card } from '../../../components/ui/card';
import { formatCurrency, formatNumber } from '../../../lib/format';
import { useFigures } from '../lib/figures';
import { NO_FIGURE, formatPercent } from '../lib/format-figures';
import { useLanguage } from '../lib/language';

type Segment = Analytics['membersVsNonMembers']['members'];

/** Members' orders against guest checkouts in the range: orders, sales, AOV, repeat rate. */
export function SegmentsCard({ segments }: { segments: Analytics['membersVsNonMembers'] }) {
  const { t } = useTranslation('analytics');
  const language = useLanguage();
  const figures = useFigures();
  const none = (reason: string) => (
    <span className="text-slate-500 dark:text-slate-400">
      {NO_FIGURE} <span className="text-xs">({reason})</span>
    </span>
  );
  const cells = (segment: Segment, guest: boolean) => ({
    orders: <bdi>{formatNumber(segment.orders, language)}</bdi>,
    sales: (
      <bdi title={formatCurrency(segment.sales, language)}>{figures.amount(segment.sales)}</bdi>
    ),
    averageOrderValue:
      segment.averageOrderValue === null ? (
        none(t('segments.noOrders'))
      ) : (
        <bdi>{formatCurrency(segment.averageOrderValue, language)}</bdi>
      ),
    repeatRate:
      segment.repeatRate === null ? (
        none(guest ? t('segments.guestRepeat') : t('segments.noBuyers'))
      ) : (
        <bdi>{formatPercent(segment.repeatRate, language)}</bdi>
      ),
  });
  const members = cells(segments.members, false);
  const guests = cells(segments.nonMembers, true);
  const rows = ['orders', 'sales', 'averageOrderValue', 'repeatRate'] as const;
  return (
    <Card className="space-y-4 p-4 sm:p-5" data-testid="segments">
      <div className="space-y-1">
        <h2 className="text-base font-bold text-slate-900 dark:text-white">
          {t('segments.heading')}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('segments.description')}</p>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-slate-500 dark:border-slate-800 dark:text-slate-400">
              <td className="py-2" />
              <th scope="col" className="px-2 py-2 text-start font-semibold">
                {t('segments.members')}
              </th>
              <th scope="col" className="px-2 py-2 text-start font-semibold">
                {t('segments.nonMembers')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row}
                data-testid={`segment-${row}`}
                className="border-b border-slate-100 last:border-0 dark:border-slate-800"
              >
                <th
                  scope="row"
                  className="py-2 pe-2 text-start font-medium text-slate-600 dark:text-slate-300"
                >
                  {t(`segments.${row}`)}
                </th>
                <td className="px-2 py-2 font-semibold text-slate-900 dark:text-white">
                  {members[row]}
                </td>
                <td className="px-2 py-2 font-semibold text-slate-900 dark:text-white">
                  {guests[row]}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

/** Revenue of the range's orders that used a Nuqat coupon, and its share of the range's sales. */
export function CouponRevenueCard({ revenue }: { revenue: Analytics['couponRevenue'] }) {
  const { t } = useTranslation('analytics');
  const language = useLanguage();
  const figures = useFigures();
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5" data-testid="coupon-revenue">
      <div className="flex items-center gap-2">
        <span className="inline-flex size-8 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-300">
          <TicketPercent aria-hidden="true" className="size-4" />
        </span>
        <h2 className="text-base font-bold text-slate-900 dark:text-white">
          {t('couponRevenue.heading')}
        </h2>
      </div>
      <dl className="grid grid-cols-3 gap-2">
        <div>
          <dt className="text-xs text-slate-500 dark:text-slate-400">{t('couponRevenue.sales')}</dt>
          <dd
            data-testid="coupon-revenue-sales"
            title={formatCurrency(revenue.sales, language)}
            className="text-xl font-bold text-slate-900 dark:text-white"
          >
            <bdi>{figures.amount(revenue.sales)}</bdi>
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500 dark:text-slate-400">
            {t('couponRevenue.orders')}
          </dt>
          <dd
            data-testid="coupon-revenue-orders"
            className="text-xl font-bold text-slate-900 dark:text-white"
          >
            <bdi>{formatNumber(revenue.orders, language)}</bdi>
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500 dark:text-slate-400">{t('couponRevenue.share')}</dt>
          <dd
            data-testid="coupon-revenue-share"
            className="text-xl font-bold text-slate-900 dark:text-white"
          >
            <bdi>{formatPercent(revenue.share, language)}</bdi>
          </dd>
        </div>
      </dl>
      {revenue.share === null ? (
        <p className="text-xs font-medium text-amber-700 dark:text-amber-300">
          {t('couponRevenue.noSales')}
        </p>
      ) : null}
      {revenue.share !== null ? (
        <div
          aria-hidden="true"
          className="h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
        >
          <div
            className="h-full rounded-full bg-brand-600 dark:bg-brand-400"
            style={{ width: `${Math.min(100, Math.max(0, revenue.share))}%` }}
          />
        </div>
      ) : null}
      <p className="mt-auto text-xs leading-relaxed text-slate-500 dark:text-slate-400">
        {t('couponRevenue.help')}
      </p>
    </Card>
  );
}
