import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Coins, Gift, ListFilter, Pencil, Search, Ticket, TicketCheck } from 'lucide-react';
import type { REWARD_STATUS_FILTERS } from '@nuqat/contracts';
import {
  REWARD_TYPES,
  type RewardStats,
  type RewardType,
  type RewardsReportQueryInput,
} from '@nuqat/contracts';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { LoadingState } from '../../../components/ui/spinner';
import { formatCompactNumber, formatDate, formatNumber } from '../../../lib/format';
import { errorMessage } from '../../../lib/messages';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { TierLabel } from '../../../components/ui/tier-badge';
import { useRewardsReport } from '../api/get-rewards-report';
import { REWARD_ICONS } from './reward-meta';
import { RewardStatusBadge } from './reward-status-badge';
import { RewardValue } from './reward-value';
import { TierReservation } from './tier-reservation';

type StatusFilter = (typeof REWARD_STATUS_FILTERS)[number];

interface SummaryTileProps {
  icon: ReactNode;
  label: string;
  value: number;
  testId: string;
}

function SummaryTile({ icon, label, value, testId }: SummaryTileProps) {
  const { i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'ar';
  return (
    <Card className="flex items-center gap-4 p-4 sm:p-5" data-testid={testId}>
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-300">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-xs font-medium text-slate-500 dark:text-slate-400">{label}</p>
        <p
          className="text-2xl font-bold text-slate-900 dark:text-white"
          title={formatNumber(value, language)}
        >
          <bdi>{formatCompactNumber(value, language)}</bdi>
        </p>
      </div>
    </Card>
  );
}

interface RewardStatsCardProps {
  reward: RewardStats;
  onShowRedemptions: (rewardId: string) => void;
  onEdit?: ((rewardId: string) => void) | undefined;
  earning: boolean;
  tier: TierLabel | null;
}

function RewardStatsCard({
  reward,
  onShowRedemptions,
  onEdit,
  earning,
  tier,
}: RewardStatsCardProps) {
  const { t, i18n } = useTranslation('rewards');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const Icon = REWARD_ICONS[reward.type];
  const stat = (label: string, value: ReactNode) => (
    <div className="rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="font-semibold text-slate-900 dark:text-white">{value}</dd>
    </div>
  );
  return (
    <Card className="flex h-full flex-col gap-4 p-5" data-testid="reward-stats">
      <div className="flex items-start gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-300">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 dir="auto" className="font-semibold break-words text-slate-900 dark:text-white">
              {reward.name}
            </h3>
            <RewardStatusBadge active={reward.isActive} earning={earning} />
          </div>
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
            {t(`types.${reward.type}`)}
            {tier ? <TierReservation tier={tier} /> : null}
          </p>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        {stat(
          t('report.cost'),
          <>
            <bdi>{formatNumber(reward.pointsRequired, language)}</bdi> {t('pointsUnit')}
          </>,
        )}
        {stat(t('report.value'), <RewardValue type={reward.type} value={reward.value} />)}
        {stat(t('report.redeemed'), <bdi>{formatNumber(reward.redeemedCount, language)}</bdi>)}
        {stat(t('report.pointsSpent'), <bdi>{formatNumber(reward.pointsSpent, language)}</bdi>)}
        {stat(t('report.unused'), <bdi>{formatNumber(reward.unusedCoupons, language)}</bdi>)}
        {stat(
          t('report.limit'),
          reward.maxUsage === null ? (
            t('report.unlimited')
          ) : (
            <bdi>{formatNumber(reward.maxUsage, language)}</bdi>
          ),
        )}
      </dl>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
        <span>
          {t('report.lastRedeemed')}:{' '}
          {reward.lastRedeemedAt ? (
            <bdi>{formatDate(reward.lastRedeemedAt, language)}</bdi>
          ) : (
            t('report.never')
          )}
        </span>
        <span className="flex flex-wrap items-center gap-3">
          {reward.redeemedCount > 0 ? (
            <Button variant="link" className="text-xs" onClick={() => onShowRedemptions(reward.id)}>
              {t('report.showRedemptions')}
            </Button>
          ) : null}
          {onEdit ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => onEdit(reward.id)}
              aria-label={t('dialog.editLabel', { name: reward.name })}
            >
              <Pencil aria-hidden="true" className="size-4" />
              {t('report.edit')}
            </Button>
          ) : null}
        </span>
      </div>
    </Card>
  );
}

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
