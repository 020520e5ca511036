import { Trans, useTranslation } from 'react-i18next';
import { Users } from 'lucide-react';
import { REFERRAL_STATUSES, type ReferralStatus } from '@nuqat/contracts';
import { ListStates } from '../../../components/list/list-states';
import { ListToolbar } from '../../../components/list/list-toolbar';
import { EmptyState } from '../../../components/ui/empty-state';
import { Select } from '../../../components/ui/select';
import { formatNumber } from '../../../lib/format';
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

  return (
    <section aria-labelledby="referrals-list-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3
          id="referrals-list-heading"
          className="text-base font-bold text-slate-900 dark:text-white"
        >
          {t('list.heading')}
        </h3>
      </div>
      <ListToolbar
        label={t('list.heading')}
        activeFilters={status ? 1 : 0}
        filters={
          <div className="flex items-center gap-2 md:justify-end">
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
        }
      />
      <ListStates
        query={referrals}
        quietOnError={quietOnError}
        loadError={{ key: 'referrals:list.loadError' }}
        loadMoreError={{ key: 'referrals:list.loadMoreError' }}
        filtered={status !== ''}
        noMatch={{
          title: t('list.noMatch'),
          description: t('list.noMatchHint'),
          clearLabel: t('list.clearFilter'),
          onClear: () => onStatusChange(''),
        }}
        empty={
          <EmptyState
            icon={<Users aria-hidden="true" className="size-6" />}
            title={t('list.empty')}
            description={t('list.emptyHint')}
          />
        }
        status={(count, hasMore) => (
          <Trans
            t={t}
            i18nKey={hasMore ? 'list.shown' : 'list.allShown'}
            values={{ count: formatNumber(count, language) }}
            components={{ n: <bdi className="font-semibold" /> }}
          />
        )}
        loadMoreLabel={t('list.loadMore')}
      >
        {(items, busy) => (
          <>
            <ReferralsTable referrals={items} busy={busy} />
            <ReferralCards referrals={items} busy={busy} />
          </>
        )}
      </ListStates>
    </section>
  );
}
