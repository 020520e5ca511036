import { Trans, useTranslation } from 'react-i18next';
import { ListFilter, Users } from 'lucide-react';
import { REFERRAL_STATUSES, type ReferralStatus } from '@nuqat/contracts';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadMore } from '../../../components/ui/load-more';
import { Select } from '../../../components/ui/select';
import { LoadingState } from '../../../components/ui/spinner';
import { formatNumber } from '../../../lib/format';
import { errorMessage, failureDetail } from '../../../lib/messages';
import type { useReferrals } from '../api/get-referrals';
import { ReferralCards, ReferralsTable } from './referral-views';

export interface ReferralsListProps {
  referrals: ReturnType<typeof useReferrals>;
  status: ReferralStatus | '';
  onStatusChange: (status: ReferralStatus | '') => void;
  /** The screen shows one error for this list and the figures: say nothing here. */
  quietOnError: boolean;
}

/** The store's referrals, newest first, filtered by status and read a page at a time. */
export function ReferralsList({
  referrals,
  status,
  onStatusChange,
  quietOnError,
}: ReferralsListProps) {
  const { t, i18n } = useTranslation('referrals');
  const language = i18n.language === 'en' ? 'en' : 'ar';

  let body;
  if (referrals.isPending) {
    body = <LoadingState />;
  } else if (referrals.isError && !referrals.isFetchNextPageError) {
    body = quietOnError ? null : (
      <ErrorState
        message={errorMessage(referrals.error, {
          unknownHttp: () => ({ key: 'referrals:list.loadError' }),
        })}
        onRetry={() => void referrals.refetch()}
        retrying={referrals.isFetching}
      />
    );
  } else {
    const items = referrals.data.pages.flatMap((page) => page.items);
    const busy = referrals.isPlaceholderData;
    if (items.length === 0) {
      body = status ? (
        <EmptyState
          icon={<ListFilter aria-hidden="true" className="size-6" />}
          title={t('list.noMatch')}
          description={t('list.noMatchHint')}
          action={
            <Button variant="secondary" size="sm" onClick={() => onStatusChange('')}>
              {t('list.clearFilter')}
            </Button>
          }
        />
      ) : (
        <EmptyState
          icon={<Users aria-hidden="true" className="size-6" />}
          title={t('list.empty')}
          description={t('list.emptyHint')}
        />
      );
    } else {
      body = (
        <div className="space-y-4">
          <ReferralsTable referrals={items} busy={busy} />
          <ReferralCards referrals={items} busy={busy} />
          <LoadMore
            status={
              <Trans
                t={t}
                i18nKey={referrals.hasNextPage ? 'list.shown' : 'list.allShown'}
                values={{ count: formatNumber(items.length, language) }}
                components={{ n: <bdi className="font-semibold" /> }}
              />
            }
            label={t('list.loadMore')}
            hasMore={referrals.hasNextPage}
            loading={referrals.isFetchingNextPage}
            disabled={busy}
            onLoadMore={() => void referrals.fetchNextPage()}
            error={
              referrals.isFetchNextPageError
                ? {
                    message: { key: 'referrals:list.loadMoreError' },
                    detail: failureDetail(referrals.error),
                  }
                : null
            }
          />
        </div>
      );
    }
  }

  return (
    <section aria-labelledby="referrals-list-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3
          id="referrals-list-heading"
          className="text-base font-bold text-slate-900 dark:text-white"
        >
          {t('list.heading')}
        </h3>
        <div className="flex items-center gap-2">
          <label
            htmlFor="referrals-status"
            className="text-sm whitespace-nowrap text-slate-600 dark:text-slate-400"
          >
            {t('list.statusFilter')}
          </label>
          <Select
            id="referrals-status"
            value={status}
            onChange={(event) => onStatusChange(event.target.value as ReferralStatus | '')}
            className="w-44"
          >
            <option value="">{t('list.allStatuses')}</option>
            {REFERRAL_STATUSES.map((option) => (
              <option key={option} value={option}>
                {t(`list.statuses.${option}`)}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {body}
    </section>
  );
}
