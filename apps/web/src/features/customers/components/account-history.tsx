import { useTranslation } from 'react-i18next';
import type { CustomerAccount } from '@nuqat/contracts';
import { ActionError } from '../../../components/ui/action-error';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/format';
import { errorMessage, failureDetail } from '../../../lib/messages';
import { useCustomerLedger } from '../api/get-customer';
import { AccountSection } from './account-section';
import { EntryDetails, SignedPoints } from './ledger-entry';

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
  return <AccountSection title={t('account.ledgerHeading')}>{body}</AccountSection>;
}
