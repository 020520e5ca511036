import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReferralStatus } from '@nuqat/contracts';
import { ErrorState } from '../../../components/ui/error-state';
import { errorMessage } from '../../../lib/messages';
import { useReferralSummary } from '../api/get-referral-summary';
import { useReferrals } from '../api/get-referrals';
import type { ReferralsFilter } from '../api/query-keys';
import { ReferralFigures, ReferralFiguresSkeleton } from './referral-summary';
import { ReferralsList } from './referrals-list';

/**
 * Below the programme's settings (growth plan only): the figures of GET /api/referrals/summary and
 * the list of GET /api/referrals. When both fail (the server or the network down) the screen shows
 * one error with one retry, not two; a part that fails alone says so in its place.
 */
export function ReferralActivity() {
  const { t } = useTranslation('referrals');
  const [status, setStatus] = useState<ReferralStatus | ''>('');
  const filter: ReferralsFilter = status ? { status } : {};
  const summary = useReferralSummary();
  const referrals = useReferrals(filter);

  const listFailed = referrals.isError && !referrals.isFetchNextPageError;
  const shared = summary.isError && listFailed;

  return (
    <section aria-labelledby="referral-activity-heading" className="space-y-5 pt-2">
      <div className="space-y-1">
        <h2
          id="referral-activity-heading"
          className="text-lg font-bold text-slate-900 dark:text-white"
        >
          {t('activity.heading')}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('activity.description')}</p>
      </div>

      {shared ? (
        <ErrorState
          message={errorMessage(summary.error, {
            unknownHttp: () => ({ key: 'referrals:activity.loadError' }),
          })}
          onRetry={() => {
            void summary.refetch();
            void referrals.refetch();
          }}
          retrying={summary.isFetching || referrals.isFetching}
        />
      ) : null}

      {summary.isPending ? (
        <ReferralFiguresSkeleton />
      ) : summary.isError ? (
        shared ? null : (
          <ErrorState
            message={errorMessage(summary.error, {
              unknownHttp: () => ({ key: 'referrals:figures.loadError' }),
            })}
            onRetry={() => void summary.refetch()}
            retrying={summary.isFetching}
          />
        )
      ) : (
        <ReferralFigures summary={summary.data} />
      )}

      <ReferralsList
        referrals={referrals}
        status={status}
        onStatusChange={setStatus}
        quietOnError={shared}
      />
    </section>
  );
}
