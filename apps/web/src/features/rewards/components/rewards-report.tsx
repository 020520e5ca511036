import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Coins, Gift, ListFilter, Search, Ticket, TicketCheck } from 'lucide-react';
import type { REWARD_STATUS_FILTERS } from '@nuqat/contracts';
import { REWARD_TYPES, type RewardType, type RewardsReportQueryInput } from '@nuqat/contracts';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { LoadingState } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/messages';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { TierLabel } from '../../../components/ui/tier-badge';
import { useRewardsReport } from '../api/get-rewards-report';

import { RewardStatsCard, SummaryTile } from './reward-stats-card';

type StatusFilter = (typeof REWARD_STATUS_FILTERS)[number];

/** The report's filters and its query, held by the screen so it knows when the report failed. */
export function useRewardsReportView() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [type, setType] = useState<RewardType | ''>('');
  const debouncedSearch = useDebouncedValue(search.trim());
  const query: RewardsReportQueryInput = {
    status,
    ...(debouncedSearch ? { search: debouncedSearch } : {}),
    ...(type ? { type } : {}),
  };
  const report = useRewardsReport(query);
  return {
    report,
    search,
    setSearch,
    status,
    setStatus,
    type,
    setType,
    filtered: Boolean(debouncedSearch) || status !== 'all' || type !== '',
    clearFilters: () => {
      setSearch('');
      setStatus('all');
      setType('');
    },
  };
}

export type RewardsReportView = ReturnType<typeof useRewardsReportView>;

export interface RewardsReportProps {
  view: RewardsReportView;
  onShowRedemptions: (rewardId: string) => void;
  /** Opens the reward's form (the rewards screen is where rewards are changed). */
  onEdit?: (rewardId: string) => void;
  /** Opens a new reward's form. */
  onCreate?: () => void;
  /** The screen already shows one error for a failure several sections share. */
  quietOnError?: boolean;
  /** false while the store's shoppers cannot redeem (see RewardStatusBadge). */
  earning?: boolean;
  /** The VIP tier a reward is reserved for (and above), by reward id. */
  tierOf?: (rewardId: string) => TierLabel | null;
}

/** The merchant's view of what rewards do: totals, then each reward's results, with filters. */
export function RewardsReport({
  view,
  onShowRedemptions,
  onEdit,
  onCreate,
  quietOnError = false,
  earning = true,
  tierOf = () => null,
}: RewardsReportProps) {
  const { t } = useTranslation('rewards');
  const { report, search, setSearch, status, setStatus, type, setType, filtered } = view;
  const iconClass = 'size-5';

  if (report.isPending) return <LoadingState />;
  if (report.isError) {
    if (quietOnError) return null;
    return (
      <ErrorState
        message={errorMessage(report.error, {
          unknownHttp: () => ({ key: 'rewards:report.loadError' }),
        })}
        onRetry={() => void report.refetch()}
        retrying={report.isFetching}
      />
    );
  }
  const { summary, rewards } = report.data;

  return (
    <div className="space-y-8">
      <section aria-label={t('report.rewardsHeading')}>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <SummaryTile
            testId="summary-redeemed"
            icon={<Ticket aria-hidden="true" className={iconClass} />}
            label={t('report.summary.redeemed')}
            value={summary.redeemedCount}
          />
          <SummaryTile
            testId="summary-points"
            icon={<Coins aria-hidden="true" className={iconClass} />}
            label={t('report.summary.pointsSpent')}
            value={summary.pointsSpent}
          />
          <SummaryTile
            testId="summary-unused"
            icon={<TicketCheck aria-hidden="true" className={iconClass} />}
            label={t('report.summary.unused')}
            value={summary.unusedCoupons}
          />
          <SummaryTile
            testId="summary-active"
            icon={<Gift aria-hidden="true" className={iconClass} />}
            label={t('report.summary.activeRewards')}
            value={summary.activeRewards}
          />
        </div>
      </section>

      <section aria-labelledby="rewards-report-heading" className="space-y-4">
        <h2
          id="rewards-report-heading"
          className="text-lg font-bold text-slate-900 dark:text-white"
        >
          {t('report.rewardsHeading')}
        </h2>
        {summary.rewards === 0 ? (
          <EmptyState
            icon={<Gift aria-hidden="true" className="size-6" />}
            title={t('report.noRewards')}
            description={t('report.noRewardsHint')}
            action={
              onCreate ? (
                <Button size="sm" onClick={onCreate}>
                  {t('dialog.new')}
                </Button>
              ) : undefined
            }
          />
        ) : (
          <>
            <div
              role="search"
              aria-labelledby="rewards-report-heading"
              className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr]"
            >
              <div className="relative">
                <label htmlFor="rewards-search" className="sr-only">
                  {t('report.search')}
                </label>
                <Search
                  aria-hidden="true"
                  className="pointer-events-none absolute inset-y-0 start-3 my-auto size-4 text-slate-400"
                />
                <Input
                  id="rewards-search"
                  type="search"
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                  placeholder={t('report.searchPlaceholder')}
                  className="ps-9"
                />
              </div>
              <div>
                <label htmlFor="rewards-status" className="sr-only">
                  {t('report.statusFilter')}
                </label>
                <Select
                  id="rewards-status"
                  value={status}
                  onChange={(event) => setStatus(event.target.value as StatusFilter)}
                >
                  <option value="all">{t('report.allStatuses')}</option>
                  <option value="active">{t('status.active')}</option>
                  <option value="inactive">{t('status.inactive')}</option>
                </Select>
              </div>
              <div>
                <label htmlFor="rewards-type" className="sr-only">
                  {t('report.typeFilter')}
                </label>
                <Select
                  id="rewards-type"
                  value={type}
                  onChange={(event) => setType(event.target.value as RewardType | '')}
                >
                  <option value="">{t('report.allTypes')}</option>
                  {REWARD_TYPES.map((option) => (
                    <option key={option} value={option}>
                      {t(`types.${option}`)}
                    </option>
                  ))}
                </Select>
              </div>
            </div>
            {rewards.length === 0 && filtered ? (
              <EmptyState
                icon={<ListFilter aria-hidden="true" className="size-6" />}
                title={t('report.noMatch')}
                action={
                  <Button variant="secondary" size="sm" onClick={view.clearFilters}>
                    {t('report.clearFilters')}
                  </Button>
                }
              />
            ) : (
              <ul
                className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3"
                aria-busy={report.isPlaceholderData || undefined}
              >
                {rewards.map((reward) => (
                  <li key={reward.id}>
                    <RewardStatsCard
                      reward={reward}
                      tier={tierOf(reward.id)}
                      onShowRedemptions={onShowRedemptions}
                      onEdit={onEdit}
                      earning={earning}
                    />
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </section>
    </div>
  );
}
