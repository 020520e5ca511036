import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CUSTOMER_SORTS,
  CustomersFilterSchema,
  SORT_ORDERS,
  type CustomerSort,
} from '@nuqat/contracts';
import { NumberInput } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { tierName, type TierOption } from '../../../components/ui/tier-badge';
import { formatNumber } from '../../../lib/format';
import { parseNumber } from '../../../lib/number-input';
import type { CustomersListFilter } from '../api/query-keys';

const INACTIVE_CHOICES = [30, 60, 90, 180, 365] as const;
const EXPIRING_CHOICES = [7, 14, 30, 90] as const;

export interface Draft {
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

export const EMPTY: Draft = {
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
export function toFilter(draft: Draft, q: string) {
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

/** A labelled field of the filter panel. */
function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label
        htmlFor={id}
        className="mb-1.5 block text-xs font-medium text-slate-600 dark:text-slate-300"
      >
        {label}
      </label>
      {children}
    </div>
  );
}

export interface CustomerFiltersProps {
  draft: Draft;
  set: (patch: Partial<Draft>) => void;
  /** The store's VIP tiers, lowest first; none hides the tier filter. */
  tiers: TierOption[];
  balanceError: boolean;
}

/** The customers list's sort and filters: the panel behind the toolbar's "Filters" on a phone. */
export function CustomerFilters({ draft, set, tiers, balanceError }: CustomerFiltersProps) {
  const { t, i18n } = useTranslation('customers');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const showTiers = tiers.length > 0 || Boolean(draft.tier);
  const balanceInput = (id: string, key: 'minBalance' | 'maxBalance') => (
    <NumberInput
      id={id}
      value={draft[key]}
      aria-invalid={balanceError || undefined}
      aria-describedby={balanceError ? 'customers-balance-error' : undefined}
      onChange={(event) => set({ [key]: event.target.value })}
    />
  );
  const daysSelect = (
    id: string,
    key: 'inactiveDays' | 'expiringDays',
    choices: readonly number[],
    any: string,
    label: (days: number) => string,
  ) => (
    <Select id={id} value={draft[key]} onChange={(event) => set({ [key]: event.target.value })}>
      <option value="">{any}</option>
      {choices.map((days) => (
        <option key={days} value={days}>
          {label(days)}
        </option>
      ))}
    </Select>
  );

  return (
    <fieldset
      className={
        showTiers
          ? 'grid grid-cols-2 gap-3 md:grid-cols-7'
          : 'grid grid-cols-2 gap-3 md:grid-cols-6'
      }
    >
      <legend className="sr-only">{t('filters.toggle')}</legend>
      <FilterField id="customers-sort" label={t('sort.label')}>
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
      </FilterField>
      <FilterField id="customers-order" label={t('order.label')}>
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
      </FilterField>
      <FilterField id="customers-min-balance" label={t('filters.minBalance')}>
        {balanceInput('customers-min-balance', 'minBalance')}
      </FilterField>
      <FilterField id="customers-max-balance" label={t('filters.maxBalance')}>
        {balanceInput('customers-max-balance', 'maxBalance')}
      </FilterField>
      <FilterField id="customers-inactive" label={t('filters.inactive')}>
        {daysSelect(
          'customers-inactive',
          'inactiveDays',
          INACTIVE_CHOICES,
          t('filters.inactiveAny'),
          (days) => t('filters.inactiveDays', { days: formatNumber(days, language), count: days }),
        )}
      </FilterField>
      <FilterField id="customers-expiring" label={t('filters.expiring')}>
        {daysSelect(
          'customers-expiring',
          'expiringDays',
          EXPIRING_CHOICES,
          t('filters.expiringAny'),
          (days) => t('filters.expiringDays', { days: formatNumber(days, language), count: days }),
        )}
      </FilterField>
      {showTiers ? (
        <FilterField id="customers-tier" label={t('filters.tier')}>
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
        </FilterField>
      ) : null}
    </fieldset>
  );
}
