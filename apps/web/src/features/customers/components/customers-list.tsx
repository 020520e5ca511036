import { useState } from 'react';
import { Link, generatePath } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { Users } from 'lucide-react';
import type { CustomerSummary } from '@nuqat/contracts';
import { ListStates } from '../../../components/list/list-states';
import { ListToolbar } from '../../../components/list/list-toolbar';
import { ResponsiveList, type ListColumn } from '../../../components/list/responsive-list';
import { Badge } from '../../../components/ui/badge';
import { EmptyState } from '../../../components/ui/empty-state';
import { TierBadge, type TierOption } from '../../../components/ui/tier-badge';
import { paths } from '../../../config/paths';
import { formatCurrency, formatDate, formatNumber } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useCustomers } from '../api/get-customers';
import { searchOf, type CustomersListFilter } from '../api/query-keys';
import { CustomerContact, CustomerName } from './customer-identity';
import { CustomerFilters, EMPTY, toFilter, type Draft } from './customer-filters';
import { DownloadButton } from './download-button';

/** The contract's limit on `q`. */
const SEARCH_MAX = 100;

export const customerPath = (id: string) => generatePath(paths.customer, { id });

function Amount({ value }: { value: number }) {
  const { i18n } = useTranslation();
  return <bdi>{formatNumber(value, i18n.language === 'en' ? 'en' : 'ar')}</bdi>;
}

/** Every field of a customer: the table's columns from lg up, the card's below (issue 27). */
function CustomerRows({ items, busy }: { items: CustomerSummary[]; busy: boolean }) {
  const { t, i18n } = useTranslation('customers');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const date = (value: string | null) =>
    value ? <bdi>{formatDate(value, language)}</bdi> : t('never');
  const columns: ListColumn<CustomerSummary>[] = [
    {
      key: 'balance',
      header: t('columns.balance'),
      align: 'end',
      cell: (c) => <Amount value={c.balance} />,
    },
    {
      key: 'pending',
      header: t('columns.pending'),
      align: 'end',
      cell: (c) => <Amount value={c.pendingPoints} />,
    },
    {
      key: 'earned',
      header: t('columns.earned'),
      align: 'end',
      cell: (c) => <Amount value={c.lifetimeEarned} />,
    },
    {
      key: 'redeemed',
      header: t('columns.redeemed'),
      align: 'end',
      cell: (c) => <Amount value={c.lifetimeRedeemed} />,
    },
    {
      key: 'orders',
      header: t('columns.orders'),
      align: 'end',
      cell: (c) => <Amount value={c.orders} />,
    },
    {
      key: 'spend',
      header: t('columns.spend'),
      align: 'end',
      cell: (c) => <bdi>{formatCurrency(c.spend, language)}</bdi>,
    },
    { key: 'lastOrder', header: t('columns.lastOrder'), cell: (c) => date(c.lastOrderAt) },
    { key: 'joined', header: t('columns.joined'), cell: (c) => date(c.joinedAt) },
  ];
  return (
    <ResponsiveList
      items={items}
      busy={busy}
      rowKey={(c) => c.id}
      testIds={{ table: 'customers-table', row: 'customer-row', card: 'customer-card' }}
      title={{
        header: t('columns.customer'),
        cell: (c) => (
          <>
            <span className="flex flex-wrap items-center gap-2">
              <Link
                to={customerPath(c.id)}
                className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline lg:min-h-0 dark:text-brand-300"
              >
                <CustomerName customer={c} />
              </Link>
              {c.erasedAt ? <Badge tone="grey">{t('erased')}</Badge> : null}
              {c.tier ? <TierBadge tier={c.tier} /> : null}
            </span>
            <div className="text-xs text-slate-500 dark:text-slate-400">
              <CustomerContact customer={c} />
            </div>
          </>
        ),
      }}
      columns={columns}
    />
  );
}

export interface CustomersListProps {
  /** The store's VIP tiers, lowest first; none hides the tier filter. */
  tiers?: TierOption[];
}

/**
 * Every shopper of the store: searched by name, e-mail, mobile or Salla id, sorted and filtered,
 * read a page at a time (the API's keyset cursor), exported as CSV with the same filter.
 */
export function CustomersList({ tiers = [] }: CustomersListProps) {
  const { t, i18n } = useTranslation('customers');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const q = useDebouncedValue(draft.search.trim());
  const { filter, issues } = toFilter(draft, q);
  // A value the API would refuse keeps the last valid list on screen; the field says why.
  const [shown, setShown] = useState<CustomersListFilter>({ sort: 'joined', order: 'desc' });
  if (filter && JSON.stringify(filter) !== JSON.stringify(shown)) setShown(filter);
  const customers = useCustomers(shown);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const filtered =
    Boolean(shown.q) ||
    shown.minBalance !== undefined ||
    shown.maxBalance !== undefined ||
    shown.inactiveDays !== undefined ||
    shown.expiringDays !== undefined ||
    shown.tier !== undefined;

  const balanceError = issues.has('maxBalance') || issues.has('minBalance');
  const searchError = issues.has('q');
  const activeFilters = (
    ['minBalance', 'maxBalance', 'inactiveDays', 'expiringDays', 'tier'] as const
  ).filter((key) => draft[key] !== '').length;
  const filters = (
    <CustomerFilters draft={draft} set={set} tiers={tiers} balanceError={balanceError} />
  );

  const { sort, order, ...exportFilter } = shown;
  return (
    <section aria-labelledby="customers-heading" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <h2 id="customers-heading" className="text-lg font-bold text-slate-900 dark:text-white">
          {t('heading')}
        </h2>
        <DownloadButton
          label={t('export.list')}
          path={`/api/merchants/customers/export.csv${searchOf({ ...exportFilter, sort, order })}`}
          fallbackName="customers.csv"
        />
      </div>
      <ListToolbar
        label={t('search')}
        search={{
          id: 'customers-search',
          value: draft.search,
          onChange: (search) => set({ search }),
          placeholder: t('searchPlaceholder'),
          hint: t('searchHint'),
          invalid: searchError,
          maxLength: SEARCH_MAX,
        }}
        filters={filters}
        activeFilters={activeFilters}
        footer={
          balanceError ? (
            <p
              id="customers-balance-error"
              role="alert"
              className="text-sm text-red-700 dark:text-red-300"
            >
              {t('filters.balanceRange')}
            </p>
          ) : null
        }
      />
      <ListStates
        query={customers}
        loadError={{ key: 'customers:loadError' }}
        loadMoreError={{ key: 'customers:loadMoreError' }}
        filtered={filtered}
        noMatch={{
          title: t('noMatch'),
          description: t('noMatchHint'),
          clearLabel: t('filters.clear'),
          onClear: () => setDraft(EMPTY),
        }}
        empty={
          <EmptyState
            icon={<Users aria-hidden="true" className="size-6" />}
            title={t('empty')}
            description={t('emptyHint')}
          />
        }
        status={(count, hasMore) => (
          <Trans
            t={t}
            i18nKey={hasMore ? 'shown' : 'allShown'}
            values={{ count: formatNumber(count, language) }}
            components={{ n: <bdi className="font-semibold" /> }}
          />
        )}
        loadMoreLabel={t('loadMore')}
      >
        {(items, busy) => <CustomerRows items={items} busy={busy} />}
      </ListStates>
    </section>
  );
}
