import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRight, Download, UserX } from 'lucide-react';
import { ActionError } from '../../../components/ui/action-error';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/spinner';
import { TierBadge } from '../../../components/ui/tier-badge';
import { useToast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { formatCurrency, formatDate, formatNumber } from '../../../lib/format';
import { errorMessage, failureDetail } from '../../../lib/messages';
import { getCustomerData, useEraseCustomer } from '../api/change-customer';
import { useCustomer } from '../api/get-customer';
import { AccountCoupons } from './account-coupons';
import { LedgerHistory } from './account-history';
import { AccountOrders } from './account-orders';
import { AdjustForm } from './adjust-form';
import { CustomerContact, CustomerName } from './customer-identity';
import { PointsOwedCard } from './points-owed-card';
import { TierChanges } from './tier-changes';

function PrivacyCard({
  customerId,
  name,
  erasedAt,
}: {
  customerId: string;
  name: string;
  erasedAt: string | null;
}) {
  const { t, i18n } = useTranslation('customers');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const showToast = useToast();
  const erase = useEraseCustomer(customerId);
  const [confirming, setConfirming] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<unknown>(null);

  async function exportData() {
    setExporting(true);
    setExportError(null);
    try {
      const data = await getCustomerData(customerId);
      saveBlob(
        new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
        `customer-${customerId}.json`,
      );
    } catch (error) {
      setExportError(error);
    } finally {
      setExporting(false);
    }
  }

  return (
    <Card className="space-y-4 p-5 sm:p-6">
      <div className="space-y-1">
        <h2 className="text-lg font-bold text-slate-900 dark:text-white">{t('privacy.heading')}</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('privacy.description')}</p>
      </div>
      {erasedAt ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {t('privacy.alreadyErased', { date: formatDate(erasedAt, language) })}
        </p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="secondary" onClick={() => void exportData()} loading={exporting}>
          {exporting ? null : <Download aria-hidden="true" className="size-4" />}
          {t('privacy.export')}
        </Button>
        {erasedAt ? null : (
          <Button
            variant="danger"
            onClick={() => {
              erase.reset();
              setConfirming(true);
            }}
          >
            <UserX aria-hidden="true" className="size-4" />
            {t('privacy.erase')}
          </Button>
        )}
      </div>
      {exportError ? (
        <ActionError
          message={{ key: 'customers:privacy.exportFailed' }}
          detail={failureDetail(exportError)}
        />
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open && !erase.isPending) setConfirming(false);
        }}
        title={t('privacy.eraseTitle', { name })}
        description={t('privacy.eraseDescription')}
        confirmLabel={t('privacy.eraseConfirm')}
        cancelLabel={t('privacy.eraseKeep')}
        onConfirm={() =>
          erase.mutate(undefined, {
            onSuccess: (result) => {
              setConfirming(false);
              showToast({
                key: 'customers:privacy.erased',
                values: { sessions: formatNumber(result.sessionsEnded, language) },
              });
            },
          })
        }
        pending={erase.isPending}
        error={erase.isError ? { key: 'customers:privacy.eraseFailed' } : null}
        errorDetail={erase.isError ? failureDetail(erase.error) : null}
      />
    </Card>
  );
}

/** One shopper's account: figures, expiring points, adjustments, history, coupons, orders, privacy. */
export function CustomerAccountView({ customerId }: { customerId: string }) {
  const { t, i18n } = useTranslation('customers');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const account = useCustomer(customerId);

  const back = (
    <Link
      to={paths.customers}
      className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
    >
      <ArrowRight aria-hidden="true" className="size-4 ltr:rotate-180" />
      {t('account.back')}
    </Link>
  );

  if (account.isPending)
    return (
      <div className="space-y-4">
        {back}
        <LoadingState />
      </div>
    );
  if (account.isError) {
    const notFound = isApiError(account.error) && account.error.status === 404;
    return (
      <div className="space-y-4">
        {back}
        <ErrorState
          message={
            notFound
              ? { key: 'customers:account.notFound' }
              : errorMessage(account.error, {
                  unknownHttp: () => ({ key: 'customers:account.loadError' }),
                })
          }
          onRetry={notFound ? undefined : () => void account.refetch()}
          retrying={account.isFetching}
        />
      </div>
    );
  }

  const { customer, expiring } = account.data;
  const n = (value: number) => formatNumber(value, language);
  const figure = (label: string, value: React.ReactNode, hint?: string) => (
    <div className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="text-xl font-bold text-slate-900 tabular-nums dark:text-white">{value}</dd>
      {hint ? <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{hint}</p> : null}
    </div>
  );
  const displayName =
    customer.erasedAt || !customer.name ? t('erasedName', { id: customer.id }) : customer.name;

  return (
    <div className="space-y-6">
      {back}
      <header className="space-y-2">
        <h1 className="flex flex-wrap items-center gap-3 text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">
          <CustomerName customer={customer} />
          {customer.erasedAt ? <Badge tone="grey">{t('erased')}</Badge> : null}
          {customer.tier ? <TierBadge tier={customer.tier} /> : null}
        </h1>
        <div className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
          <CustomerContact customer={customer} />
          <span>
            {t('account.sallaId')}: <bdi dir="ltr">{customer.id}</bdi>
          </span>
          <span>{t('account.joined', { date: formatDate(customer.joinedAt, language) })}</span>
        </div>
      </header>

      <section aria-labelledby="account-figures">
        <h2 id="account-figures" className="sr-only">
          {t('account.figures')}
        </h2>
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-3" data-testid="account-figures">
          {figure(
            t('account.balance'),
            <bdi data-testid="account-balance">{n(customer.balance)}</bdi>,
          )}
          {customer.pointsOwed > 0
            ? figure(
                t('owed.heading'),
                <bdi data-testid="account-owed" className="text-amber-700 dark:text-amber-300">
                  {n(customer.pointsOwed)}
                </bdi>,
              )
            : null}
          {figure(
            t('account.pending'),
            <bdi>{n(customer.pendingPoints)}</bdi>,
            t('account.pendingHint'),
          )}
          {figure(t('account.earned'), <bdi>{n(customer.lifetimeEarned)}</bdi>)}
          {figure(t('account.redeemed'), <bdi>{n(customer.lifetimeRedeemed)}</bdi>)}
          {figure(t('account.orders'), <bdi>{n(customer.orders)}</bdi>)}
          {figure(t('account.spend'), <bdi>{formatCurrency(customer.spend, language)}</bdi>)}
        </dl>
      </section>

      <PointsOwedCard account={account.data} />

      <div className="grid gap-6 lg:grid-cols-2">
        <AdjustForm customerId={customer.id} balance={customer.balance} />
        <Card className="space-y-3 p-5 sm:p-6">
          <h2 className="text-lg font-bold text-slate-900 dark:text-white">
            {t('account.expiringHeading')}
          </h2>
          {expiring.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {t('account.expiringNone')}
            </p>
          ) : (
            <ul className="space-y-2 text-sm" data-testid="expiring-lots">
              {expiring.map((lot) => (
                <li key={`${lot.expiresAt}-${lot.points}`} className="flex justify-between gap-3">
                  <span>
                    {t('account.expiringLine', {
                      points: n(lot.points),
                      count: lot.points,
                      date: formatDate(lot.expiresAt, language),
                    })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>

      <TierChanges account={account.data} />
      <LedgerHistory customerId={customer.id} account={account.data} />
      <div className="grid gap-6 lg:grid-cols-2">
        <AccountCoupons account={account.data} />
        <PrivacyCard customerId={customer.id} name={displayName} erasedAt={customer.erasedAt} />
      </div>
      <AccountOrders account={account.data} />
    </div>
  );
}
