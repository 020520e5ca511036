import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight, ListFilter, Ticket } from 'lucide-react';
import {
  REDEMPTION_STATUSES,
  type RedemptionStatus,
  type RedemptionsQueryInput,
} from '@nuqat/contracts';
import { ListToolbar } from '../../../components/list/list-toolbar';
import { ResponsiveList } from '../../../components/list/responsive-list';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Select } from '../../../components/ui/select';
import { LoadingState } from '../../../components/ui/spinner';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { errorMessage } from '../../../lib/messages';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useRedemptions } from '../api/get-redemptions';
import { RedemptionStatusBadge } from './redemption-status-badge';

const PAGE_SIZE = 10;

/** The redemptions' filters, page and query, held by the screen so it knows when they failed. */
export function useRedemptionsView() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<RedemptionStatus | ''>('');
  const [rewardId, setRewardId] = useState('');
  const [page, setPage] = useState(1);
  const debouncedSearch = useDebouncedValue(search.trim());
  const query: RedemptionsQueryInput = {
    page,
    pageSize: PAGE_SIZE,
    ...(debouncedSearch ? { search: debouncedSearch } : {}),
    ...(status ? { status } : {}),
    ...(rewardId ? { rewardId } : {}),
  };
  const redemptions = useRedemptions(query);
  // A new filter starts again from the first page.
  const filterChange =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  return {
    redemptions,
    search,
    setSearch: filterChange(setSearch),
    status,
    setStatus: filterChange(setStatus),
    rewardId,
    /** One reward's redemptions (the report's "show its redemptions"), from the first page. */
    setRewardId: filterChange(setRewardId),
    page,
    setPage,
    filtered: Boolean(debouncedSearch) || status !== '' || rewardId !== '',
  };
}

export type RedemptionsView = ReturnType<typeof useRedemptionsView>;

export interface RedemptionsTableProps {
  view: RedemptionsView;
  rewardOptions: ReadonlyArray<{ id: string; name: string }>;
  /** The screen already shows one error for a failure several sections share. */
  quietOnError?: boolean;
}

/** The latest redemptions: shopper, reward, coupon code, status, date; searchable and paged. */
export function RedemptionsTable({
  view,
  rewardOptions,
  quietOnError = false,
}: RedemptionsTableProps) {
  const { t, i18n } = useTranslation('rewards');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const {
    redemptions,
    search,
    setSearch,
    status,
    setStatus,
    rewardId,
    setRewardId,
    page,
    setPage,
    filtered,
  } = view;

  const header = (
    <div className="space-y-4">
      <h2
        id="redemptions-heading"
        tabIndex={-1}
        className="text-lg font-bold text-slate-900 focus:outline-none dark:text-white"
      >
        {t('redemptions.heading')}
      </h2>
      <ListToolbar
        label={t('redemptions.heading')}
        search={{
          id: 'redemptions-search',
          label: t('redemptions.search'),
          value: search,
          onChange: setSearch,
          placeholder: t('redemptions.searchPlaceholder'),
        }}
        activeFilters={(status ? 1 : 0) + (rewardId ? 1 : 0)}
        filters={
          <div className="grid gap-3 sm:grid-cols-2 md:w-[28rem]">
            <div>
              <label htmlFor="redemptions-status" className="sr-only">
                {t('redemptions.statusFilter')}
              </label>
              <Select
                id="redemptions-status"
                value={status}
                onChange={(event) => setStatus(event.target.value as RedemptionStatus | '')}
              >
                <option value="">{t('redemptions.allStatuses')}</option>
                {REDEMPTION_STATUSES.map((option) => (
                  <option key={option} value={option}>
                    {t(`redemptions.statuses.${option}`)}
                  </option>
                ))}
              </Select>
            </div>
            <div>
              <label htmlFor="redemptions-reward" className="sr-only">
                {t('redemptions.rewardFilter')}
              </label>
              <Select
                id="redemptions-reward"
                value={rewardId}
                onChange={(event) => setRewardId(event.target.value)}
              >
                <option value="">{t('redemptions.allRewards')}</option>
                {rewardOptions.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name}
                  </option>
                ))}
              </Select>
            </div>
          </div>
        }
      />
    </div>
  );

  let body;
  if (redemptions.isPending) {
    body = <LoadingState />;
  } else if (redemptions.isError) {
    body = quietOnError ? null : (
      <ErrorState
        message={errorMessage(redemptions.error, {
          unknownHttp: () => ({ key: 'rewards:redemptions.loadError' }),
        })}
        onRetry={() => void redemptions.refetch()}
        retrying={redemptions.isFetching}
      />
    );
  } else if (redemptions.data.total === 0) {
    body = filtered ? (
      <EmptyState
        icon={<ListFilter aria-hidden="true" className="size-6" />}
        title={t('redemptions.noMatch')}
      />
    ) : (
      <EmptyState
        icon={<Ticket aria-hidden="true" className="size-6" />}
        title={t('redemptions.empty')}
        description={t('redemptions.emptyHint')}
      />
    );
  } else {
    const { items, total } = redemptions.data;
    const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
    body = (
      <div className="space-y-3">
        <ResponsiveList
          items={items}
          busy={redemptions.isPlaceholderData}
          from="md"
          rowKey={(item) => item.id}
          testIds={{ table: 'redemptions-table', row: 'redemption-row', card: 'redemption-card' }}
          title={{
            header: t('redemptions.shopper'),
            cell: (item) => (
              <span className="font-medium text-slate-900 dark:text-white">
                {item.customerName ? (
                  <bdi>{item.customerName}</bdi>
                ) : (
                  t('redemptions.unknownShopper', { id: item.customerId })
                )}
              </span>
            ),
          }}
          columns={[
            {
              key: 'reward',
              header: t('redemptions.reward'),
              cell: (item) => (
                <>
                  <bdi>{item.rewardName}</bdi>
                  {item.rewardDeleted ? (
                    <span className="ms-2 text-xs font-normal text-slate-500 dark:text-slate-400">
                      ({t('redemptions.deletedReward')})
                    </span>
                  ) : null}
                </>
              ),
            },
            {
              key: 'coupon',
              header: t('redemptions.coupon'),
              cell: (item) =>
                item.couponCode ? (
                  <code
                    dir="ltr"
                    className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-100"
                  >
                    {item.couponCode}
                  </code>
                ) : (
                  t('redemptions.noCoupon')
                ),
            },
            {
              key: 'points',
              header: t('redemptions.points'),
              align: 'end',
              cell: (item) => <bdi>{formatNumber(item.points, language)}</bdi>,
            },
            {
              key: 'status',
              header: t('redemptions.status'),
              cell: (item) => <RedemptionStatusBadge status={item.status} />,
            },
            {
              key: 'date',
              header: t('redemptions.date'),
              cell: (item) => <bdi>{formatDateTime(item.createdAt, language)}</bdi>,
            },
          ]}
        />
        <nav
          aria-label={t('redemptions.heading')}
          className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600 dark:text-slate-400"
        >
          <p>
            <Trans
              t={t}
              i18nKey="redemptions.pageOf"
              values={{
                page: formatNumber(page, language),
                pages: formatNumber(pages, language),
                total: formatNumber(total, language),
              }}
              components={{ n: <bdi className="font-semibold" /> }}
            />
          </p>
          <div className="flex gap-2">
            <Button
              variant="secondary"
              size="sm"
              disabled={page <= 1}
              onClick={() => setPage((current) => Math.max(1, current - 1))}
            >
              <ChevronRight aria-hidden="true" className="size-4 ltr:rotate-180" />
              {t('redemptions.previous')}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={page >= pages}
              onClick={() => setPage((current) => current + 1)}
            >
              {t('redemptions.next')}
              <ChevronLeft aria-hidden="true" className="size-4 ltr:rotate-180" />
            </Button>
          </div>
        </nav>
      </div>
    );
  }

  return (
    <section aria-labelledby="redemptions-heading" className="space-y-4">
      {header}
      {body}
    </section>
  );
}
