import { useTranslation } from 'react-i18next';
import type { CustomerAccount, LedgerEntry } from '@nuqat/contracts';
import { ActionError } from '../../../components/ui/action-error';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { REDEMPTION_STATUS_TONES } from '../../../components/ui/redemption-status';
import { LoadingState } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatCurrency, formatDate, formatDateTime, formatNumber } from '../../../lib/format';
import { errorMessage, failureDetail } from '../../../lib/messages';
import { useCustomerLedger } from '../api/get-customer';

const EARN_STATUSES = ['earned', 'pending', 'no_rule', 'below_minimum', 'over_limit'] as const;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card className="space-y-4 p-5 sm:p-6">
      <h2 className="text-lg font-bold text-slate-900 dark:text-white">{title}</h2>
      {children}
    </Card>
  );
}

function SignedPoints({ points }: { points: number }) {
  const { i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const text = `${points > 0 ? '+' : points < 0 ? '−' : ''}${formatNumber(Math.abs(points), language)}`;
  return (
    <bdi
      dir="ltr"
      className={cn(
        'font-semibold',
        points > 0
          ? 'text-emerald-700 dark:text-emerald-300'
          : points < 0
            ? 'text-red-700 dark:text-red-300'
            : 'text-slate-500',
      )}
    >
      {text}
    </bdi>
  );
}

/** What a ledger row refers to: its order, its coupon, its reason, its expiry. */
function EntryDetails({
  entry,
  couponCodes,
}: {
  entry: LedgerEntry;
  couponCodes: Map<string, string | null>;
}) {
  const { t, i18n } = useTranslation('customers');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const parts: React.ReactNode[] = [];
  if (entry.orderId)
    parts.push(
      <a
        key="order"
        href={`#order-${entry.orderId}`}
        className="text-brand-700 hover:underline dark:text-brand-300"
      >
        {t('account.order', { ref: entry.orderReference ?? entry.orderId })}
      </a>,
    );
  if (entry.couponId) {
    const code = couponCodes.get(entry.couponId);
    parts.push(
      <a
        key="coupon"
        href={`#coupon-${entry.couponId}`}
        className="text-brand-700 hover:underline dark:text-brand-300"
      >
        {t('account.coupon')}{' '}
        {code ? (
          <bdi dir="ltr" className="font-mono">
            {code}
          </bdi>
        ) : null}
      </a>,
    );
  }
  if (entry.note)
    parts.push(
      <bdi key="note" dir="auto">
        {entry.note}
      </bdi>,
    );
  if (entry.adjustedBy) parts.push(<span key="by">{t('account.byMerchant')}</span>);
  // A shortfall is owed (the points were spent, decision 027), forgiven, or both in part.
  if (entry.owed > 0)
    parts.push(
      <span key="owed" className="text-amber-800 dark:text-amber-200">
        {t('account.owedPart', {
          points: formatNumber(entry.owed, language),
          count: entry.owed,
        })}
      </span>,
    );
  if (entry.forgiven > 0)
    parts.push(
      <span key="forgiven" className="text-slate-700 dark:text-slate-300">
        {t('account.forgivenPart', {
          points: formatNumber(entry.forgiven, language),
          count: entry.forgiven,
        })}
      </span>,
    );
  if (entry.shortfall > 0 && entry.owed <= 0 && entry.forgiven === 0)
    parts.push(
      <span key="short" className="text-amber-800 dark:text-amber-200">
        {t('account.shortfall', {
          points: formatNumber(entry.shortfall, language),
          count: entry.shortfall,
        })}
      </span>,
    );
  if (entry.expiresAt && entry.points > 0)
    parts.push(
      <span key="exp">
        {t('account.expires', { date: formatDate(entry.expiresAt, language) })}
      </span>,
    );
  return <span className="flex flex-wrap gap-x-3 gap-y-1">{parts}</span>;
}

/** The shopper's whole points history, newest first, a page at a time, each row with its cause. */
export function LedgerHistory({
  customerId,
  account,
}: {
  customerId: string;
  account: CustomerAccount;
}) {
  const { t, i18n } = useTranslation('customers');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const ledger = useCustomerLedger(customerId);
  const couponCodes = new Map(account.coupons.map((c) => [c.id, c.code]));

  let body;
  if (ledger.isPending) body = <LoadingState />;
  else if (ledger.isError && !ledger.isFetchNextPageError)
    body = (
      <ErrorState
        message={errorMessage(ledger.error, {
          unknownHttp: () => ({ key: 'customers:account.ledgerLoadError' }),
        })}
        onRetry={() => void ledger.refetch()}
        retrying={ledger.isFetching}
      />
    );
  else {
    const items = ledger.data.pages.flatMap((page) => page.items);
    body =
      items.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('account.ledgerEmpty')}</p>
      ) : (
        <div className="space-y-3">
          <ul className="divide-y divide-slate-100 dark:divide-slate-800" data-testid="ledger">
            {items.map((entry) => (
              <li
                key={entry.id}
                data-testid="ledger-row"
                data-cause={entry.cause}
                className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 py-3 text-sm"
              >
                <span className="font-medium text-slate-900 dark:text-white">
                  {t(`causes.${entry.cause}`)}
                </span>
                <span className="text-end">
                  <SignedPoints points={entry.points} />
                </span>
                <span className="text-xs text-slate-600 dark:text-slate-400">
                  <EntryDetails entry={entry} couponCodes={couponCodes} />
                </span>
                <span className="text-end text-xs whitespace-nowrap text-slate-500 dark:text-slate-400">
                  <bdi>{formatDateTime(entry.at, language)}</bdi>
                </span>
              </li>
            ))}
          </ul>
          {ledger.isFetchNextPageError ? (
            <ActionError
              message={{ key: 'customers:account.ledgerLoadError' }}
              detail={failureDetail(ledger.error)}
            />
          ) : null}
          {ledger.hasNextPage ? (
            <Button
              variant="secondary"
              onClick={() => void ledger.fetchNextPage()}
              loading={ledger.isFetchingNextPage}
              className="w-full sm:w-auto"
            >
              {t('account.ledgerMore')}
            </Button>
          ) : null}
        </div>
      );
  }
  return <Section title={t('account.ledgerHeading')}>{body}</Section>;
}

export function AccountCoupons({ account }: { account: CustomerAccount }) {
  const { t, i18n } = useTranslation(['customers', 'coupons']);
  const language = i18n.language === 'en' ? 'en' : 'ar';
  return (
    <Section title={t('account.couponsHeading')}>
      {account.coupons.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('account.couponsEmpty')}</p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {account.coupons.map((coupon) => (
            <li
              key={coupon.id}
              id={`coupon-${coupon.id}`}
              data-testid="account-coupon"
              className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm"
            >
              <span className="min-w-0 space-y-0.5">
                <span className="block font-medium text-slate-900 dark:text-white">
                  <bdi dir="auto">{coupon.rewardName}</bdi>
                </span>
                <span className="block text-xs text-slate-500 dark:text-slate-400">
                  {coupon.code ? (
                    <bdi dir="ltr" className="font-mono">
                      {coupon.code}
                    </bdi>
                  ) : null}{' '}
                  · <bdi>{formatDate(coupon.createdAt, language)}</bdi> ·{' '}
                  {t('customers:points', {
                    points: formatNumber(coupon.points, language),
                    count: coupon.points,
                  })}
                </span>
              </span>
              <Badge tone={REDEMPTION_STATUS_TONES[coupon.status]}>
                {coupon.status === 'cancelled' && coupon.cancelReason === 'clawback'
                  ? t('coupons:statuses.withdrawn')
                  : t(`coupons:statuses.${coupon.status}`)}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function AccountOrders({ account }: { account: CustomerAccount }) {
  const { t, i18n } = useTranslation('customers');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const earnStatus = (status: string) =>
    (EARN_STATUSES as readonly string[]).includes(status)
      ? t(`earnStatuses.${status as (typeof EARN_STATUSES)[number]}`)
      : t('earnStatuses.other', { status });
  return (
    <Section title={t('account.ordersHeading')}>
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
                  <td className="py-2 ps-3">{earnStatus(order.earnStatus)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}
