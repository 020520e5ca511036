import { useState } from 'react';
import { Link, generatePath } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { ListFilter, Search, Users } from 'lucide-react';
import {
  CUSTOMER_SORTS,
  CustomersFilterSchema,
  SORT_ORDERS,
  type CustomerSort,
  type CustomerSummary,
} from '@nuqat/contracts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadMore } from '../../../components/ui/load-more';
import { Input, NumberInput } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { LoadingState } from '../../../components/ui/spinner';
import { TierBadge, tierName, type TierOption } from '../../../components/ui/tier-badge';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { formatCurrency, formatDate, formatNumber } from '../../../lib/format';
import { errorMessage, failureDetail } from '../../../lib/messages';
import { parseNumber } from '../../../lib/number-input';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useCustomers } from '../api/get-customers';
import { searchOf, type CustomersListFilter } from '../api/query-keys';
import { CustomerContact, CustomerName } from './customer-identity';
import { DownloadButton } from './download-button';

const INACTIVE_CHOICES = [30, 60, 90, 180, 365] as const;
const EXPIRING_CHOICES = [7, 14, 30, 90] as const;

/** The contract's limit on `q`. */
const SEARCH_MAX = 100;

export const customerPath = (id: string) => generatePath(paths.customer, { id });

interface Draft {
  search: string;
  sort: CustomerSort;
  order: (typeof SORT_ORDERS)[number];
  minBalance: string;
  maxBalance: string;
  inactiveDays: string;
  expiringDays: string;
  /** '' = any, 'none', or a tier's id. */
  tier: string;
}

const EMPTY: Draft = {
  search: '',
  sort: 'joined',
  order: 'desc',
  minBalance: '',
  maxBalance: '',
  inactiveDays: '',
  expiringDays: '',
  tier: '',
};

/**
 * What the API is asked for, checked by the contract's own schema: a search or a balance it
 * would refuse is never sent (the field says why instead).
 */
function toFilter(draft: Draft, q: string) {
  const number = (text: string) => (text.trim() === '' ? undefined : parseNumber(text));
  const candidate = {
    ...(q ? { q } : {}),
    sort: draft.sort,
    order: draft.order,
    minBalance: number(draft.minBalance),
    maxBalance: number(draft.maxBalance),
    inactiveDays: number(draft.inactiveDays),
    expiringDays: number(draft.expiringDays),
    tier: draft.tier === '' ? undefined : draft.tier,
  };
  const parsed = CustomersFilterSchema.safeParse(candidate);
  if (parsed.success) {
    const filter: CustomersListFilter = {};
    for (const [key, value] of Object.entries(parsed.data)) {
      if (value !== undefined) (filter as Record<string, unknown>)[key] = value;
    }
    return { filter, issues: new Set<string>() };
  }
  return { filter: null, issues: new Set(parsed.error.issues.map((i) => String(i.path[0]))) };
}

function Amount({ value }: { value: number }) {
  const { i18n } = useTranslation();
  return <bdi>{formatNumber(value, i18n.language === 'en' ? 'en' : 'ar')}</bdi>;
}

function CustomersTable({ items, busy }: { items: CustomerSummary[]; busy: boolean }) {
  const { t, i18n } = useTranslation('customers');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const head = 'px-3 py-3 font-semibold whitespace-nowrap';
  const cell = 'px-3 py-3 whitespace-nowrap';
  return (
    <div
      className={cn(
        'hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white lg:block dark:border-slate-800 dark:bg-slate-900',
        busy && 'opacity-60',
      )}
      aria-busy={busy}
    >
      <table className="w-full text-start text-sm" data-testid="customers-table">
        <thead className="bg-slate-50 text-xs text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
          <tr>
            <th scope="col" className={cn(head, 'text-start')}>
              {t('columns.customer')}
            </th>
            <th scope="col" className={cn(head, 'text-end')}>
              {t('columns.balance')}
            </th>
            <th scope="col" className={cn(head, 'text-end')}>
              {t('columns.pending')}
            </th>
            <th scope="col" className={cn(head, 'text-end')}>
              {t('columns.earned')}
            </th>
            <th scope="col" className={cn(head, 'text-end')}>
              {t('columns.redeemed')}
            </th>
            <th scope="col" className={cn(head, 'text-end')}>
              {t('columns.orders')}
            </th>
            <th scope="col" className={cn(head, 'text-end')}>
              {t('columns.spend')}
            </th>
            <th scope="col" className={cn(head, 'text-start')}>
              {t('columns.lastOrder')}
            </th>
            <th scope="col" className={cn(head, 'text-start')}>
              {t('columns.joined')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {items.map((c) => (
            <tr key={c.id} data-testid="customer-row" data-id={c.id}>
              <td className="max-w-64 px-3 py-3">
                <span className="flex flex-wrap items-center gap-2">
                  <Link
                    to={customerPath(c.id)}
                    className="font-semibold text-brand-700 hover:underline dark:text-brand-300"
                  >
                    <CustomerName customer={c} />
                  </Link>
                  {c.tier ? <TierBadge tier={c.tier} /> : null}
                </span>
                <div className="text-xs text-slate-500 dark:text-slate-400">
                  <CustomerContact customer={c} />
                </div>
              </td>
              <td className={cn(cell, 'text-end font-semibold text-slate-900 dark:text-white')}>
                <Amount value={c.balance} />
              </td>
              <td className={cn(cell, 'text-end')}>
                <Amount value={c.pendingPoints} />
              </td>
              <td className={cn(cell, 'text-end')}>
                <Amount value={c.lifetimeEarned} />
              </td>
              <td className={cn(cell, 'text-end')}>
                <Amount value={c.lifetimeRedeemed} />
              </td>
              <td className={cn(cell, 'text-end')}>
                <Amount value={c.orders} />
              </td>
              <td className={cn(cell, 'text-end')}>
                <bdi>{formatCurrency(c.spend, language)}</bdi>
              </td>
              <td className={cell}>
                {c.lastOrderAt ? <bdi>{formatDate(c.lastOrderAt, language)}</bdi> : t('never')}
              </td>
              <td className={cell}>
                <bdi>{formatDate(c.joinedAt, language)}</bdi>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CustomerCards({ items, busy }: { items: CustomerSummary[]; busy: boolean }) {
  const { t, i18n } = useTranslation('customers');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const stat = (label: string, value: React.ReactNode) => (
    <div>
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="font-semibold text-slate-900 dark:text-white">{value}</dd>
    </div>
  );
  return (
    <ul className={cn('space-y-3 lg:hidden', busy && 'opacity-60')} aria-busy={busy}>
      {items.map((c) => (
        <li key={c.id} data-testid="customer-card" data-id={c.id}>
          <Card className="p-4">
            <Link
              to={customerPath(c.id)}
              className="flex min-h-11 flex-col justify-center rounded-lg focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <span className="flex flex-wrap items-center gap-2 font-semibold text-brand-700 dark:text-brand-300">
                <CustomerName customer={c} />
                {c.erasedAt ? <Badge tone="grey">{t('erased')}</Badge> : null}
                {c.tier ? <TierBadge tier={c.tier} /> : null}
              </span>
              <span className="text-xs text-slate-500 dark:text-slate-400">
                <CustomerContact customer={c} />
              </span>
            </Link>
            <dl className="mt-3 grid grid-cols-3 gap-3 text-sm">
              {stat(t('columns.balance'), <Amount value={c.balance} />)}
              {stat(t('columns.pending'), <Amount value={c.pendingPoints} />)}
              {stat(t('columns.orders'), <Amount value={c.orders} />)}
              {stat(t('columns.spend'), <bdi>{formatCurrency(c.spend, language)}</bdi>)}
              {stat(
                t('columns.lastOrder'),
                c.lastOrderAt ? <bdi>{formatDate(c.lastOrderAt, language)}</bdi> : t('never'),
              )}
              {stat(t('columns.joined'), <bdi>{formatDate(c.joinedAt, language)}</bdi>)}
            </dl>
          </Card>
        </li>
      ))}
    </ul>
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

  const toolbar = (
    <div role="search" aria-label={t('search')} className="space-y-3">
      <div className="grid gap-3 md:grid-cols-[2fr_1fr_1fr]">
        <div className="space-y-1.5">
          <label htmlFor="customers-search" className="sr-only">
            {t('search')}
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute inset-y-0 start-3 my-auto size-4 text-slate-400"
            />
            <Input
              id="customers-search"
              type="search"
              value={draft.search}
              maxLength={SEARCH_MAX}
              autoComplete="off"
              spellCheck={false}
              aria-describedby="customers-search-hint"
              aria-invalid={searchError || undefined}
              onChange={(event) => set({ search: event.target.value })}
              placeholder={t('searchPlaceholder')}
              className="ps-9"
            />
          </div>
          <p
            id="customers-search-hint"
            className={cn(
              'text-xs',
              searchError ? 'text-red-700 dark:text-red-300' : 'text-slate-500 dark:text-slate-400',
            )}
          >
            {t('searchHint')}
          </p>
        </div>
        <div>
          <label
            htmlFor="customers-sort"
            className="mb-1.5 block text-xs font-medium text-slate-600 dark:text-slate-300"
          >
            {t('sort.label')}
          </label>
          <Select
            id="customers-sort"
            value={draft.sort}
            onChange={(event) => set({ sort: event.target.value as CustomerSort })}
          >
            {CUSTOMER_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`sort.${sort}`)}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <label
            htmlFor="customers-order"
            className="mb-1.5 block text-xs font-medium text-slate-600 dark:text-slate-300"
          >
            {t('order.label')}
          </label>
          <Select
            id="customers-order"
            value={draft.order}
            onChange={(event) => set({ order: event.target.value as Draft['order'] })}
          >
            {SORT_ORDERS.map((order) => (
              <option key={order} value={order}>
                {t(`order.${order}`)}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <fieldset
        className={cn(
          'grid grid-cols-2 gap-3',
          tiers.length > 0 || draft.tier ? 'md:grid-cols-5' : 'md:grid-cols-4',
        )}
      >
        <legend className="sr-only">{t('filters.toggle')}</legend>
        <div>
          <label
            htmlFor="customers-min-balance"
            className="mb-1.5 block text-xs font-medium text-slate-600 dark:text-slate-300"
          >
            {t('filters.minBalance')}
          </label>
          <NumberInput
            id="customers-min-balance"
            value={draft.minBalance}
            aria-invalid={balanceError || undefined}
            aria-describedby={balanceError ? 'customers-balance-error' : undefined}
            onChange={(event) => set({ minBalance: event.target.value })}
          />
        </div>
        <div>
          <label
            htmlFor="customers-max-balance"
            className="mb-1.5 block text-xs font-medium text-slate-600 dark:text-slate-300"
          >
            {t('filters.maxBalance')}
          </label>
          <NumberInput
            id="customers-max-balance"
            value={draft.maxBalance}
            aria-invalid={balanceError || undefined}
            aria-describedby={balanceError ? 'customers-balance-error' : undefined}
            onChange={(event) => set({ maxBalance: event.target.value })}
          />
        </div>
        <div>
          <label
            htmlFor="customers-inactive"
            className="mb-1.5 block text-xs font-medium text-slate-600 dark:text-slate-300"
          >
            {t('filters.inactive')}
          </label>
          <Select
            id="customers-inactive"
            value={draft.inactiveDays}
            onChange={(event) => set({ inactiveDays: event.target.value })}
          >
            <option value="">{t('filters.inactiveAny')}</option>
            {INACTIVE_CHOICES.map((days) => (
              <option key={days} value={days}>
                {t('filters.inactiveDays', { days: formatNumber(days, language), count: days })}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <label
            htmlFor="customers-expiring"
            className="mb-1.5 block text-xs font-medium text-slate-600 dark:text-slate-300"
          >
            {t('filters.expiring')}
          </label>
          <Select
            id="customers-expiring"
            value={draft.expiringDays}
            onChange={(event) => set({ expiringDays: event.target.value })}
          >
            <option value="">{t('filters.expiringAny')}</option>
            {EXPIRING_CHOICES.map((days) => (
              <option key={days} value={days}>
                {t('filters.expiringDays', { days: formatNumber(days, language), count: days })}
              </option>
            ))}
          </Select>
        </div>
        {tiers.length > 0 || draft.tier ? (
          <div className="col-span-2 md:col-span-1">
            <label
              htmlFor="customers-tier"
              className="mb-1.5 block text-xs font-medium text-slate-600 dark:text-slate-300"
            >
              {t('filters.tier')}
            </label>
            <Select
              id="customers-tier"
              value={draft.tier}
              onChange={(event) => set({ tier: event.target.value })}
            >
              <option value="">{t('filters.tierAny')}</option>
              {tiers.map((tier) => (
                <option key={tier.id} value={tier.id}>
                  {tierName(tier, language)}
                </option>
              ))}
              <option value="none">{t('filters.tierNone')}</option>
            </Select>
          </div>
        ) : null}
      </fieldset>
      {balanceError ? (
        <p
          id="customers-balance-error"
          role="alert"
          className="text-sm text-red-700 dark:text-red-300"
        >
          {t('filters.balanceRange')}
        </p>
      ) : null}
    </div>
  );

  let body;
  if (customers.isPending) {
    body = <LoadingState />;
  } else if (customers.isError && !customers.isFetchNextPageError) {
    // An error is an error: no rows from an older answer beside it.
    body = (
      <ErrorState
        message={errorMessage(customers.error, {
          unknownHttp: () => ({ key: 'customers:loadError' }),
        })}
        onRetry={() => void customers.refetch()}
        retrying={customers.isFetching}
      />
    );
  } else {
    const items = customers.data.pages.flatMap((page) => page.items);
    const busy = customers.isPlaceholderData;
    if (items.length === 0) {
      body = filtered ? (
        <EmptyState
          icon={<ListFilter aria-hidden="true" className="size-6" />}
          title={t('noMatch')}
          description={t('noMatchHint')}
          action={
            <Button variant="secondary" size="sm" onClick={() => setDraft(EMPTY)}>
              {t('filters.clear')}
            </Button>
          }
        />
      ) : (
        <EmptyState
          icon={<Users aria-hidden="true" className="size-6" />}
          title={t('empty')}
          description={t('emptyHint')}
        />
      );
    } else {
      body = (
        <div className="space-y-4">
          <CustomersTable items={items} busy={busy} />
          <CustomerCards items={items} busy={busy} />
          <LoadMore
            status={
              <Trans
                t={t}
                i18nKey={customers.hasNextPage ? 'shown' : 'allShown'}
                values={{ count: formatNumber(items.length, language) }}
                components={{ n: <bdi className="font-semibold" /> }}
              />
            }
            label={t('loadMore')}
            hasMore={customers.hasNextPage}
            loading={customers.isFetchingNextPage}
            disabled={busy}
            onLoadMore={() => void customers.fetchNextPage()}
            error={
              customers.isFetchNextPageError
                ? {
                    message: { key: 'customers:loadMoreError' },
                    detail: failureDetail(customers.error),
                  }
                : null
            }
          />
        </div>
      );
    }
  }

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
      {toolbar}
      {body}
    </section>
  );
}
