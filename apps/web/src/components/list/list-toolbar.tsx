import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown, Search, SlidersHorizontal } from 'lucide-react';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { cn } from '../../lib/cn';
import { formatNumber } from '../../lib/format';

export interface ListSearch {
  id: string;
  /** The field's own label, when it differs from the toolbar's. */
  label?: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** Under the field: what can be searched (and, when `invalid`, why it is not sent). */
  hint?: ReactNode;
  invalid?: boolean;
  maxLength?: number;
}

export interface ListToolbarProps {
  /** The search landmark's name. */
  label: string;
  search?: ListSearch;
  /** Always in view beside the search (e.g. the sort). */
  controls?: ReactNode;
  /** Behind one "Filters (n)" button below the tablet width; always open from md up. */
  filters?: ReactNode;
  /** How many filters are set: the button says it, so a closed panel hides nothing silently. */
  activeFilters?: number;
  /** Under everything: a filter's error. */
  footer?: ReactNode;
  className?: string;
}

/**
 * The toolbar every list screen shares (issue 27): a search, its controls, and filters that
 * collapse behind one button with a count on a phone, so the first row is not six fields away.
 */
export function ListToolbar({
  label,
  search,
  controls,
  filters,
  activeFilters = 0,
  footer,
  className,
}: ListToolbarProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div role="search" aria-label={label} className={cn('space-y-3', className)}>
      <div className="flex flex-col gap-3 md:flex-row md:items-start">
        {search ? (
          <div className="min-w-0 flex-1 space-y-1.5">
            <label htmlFor={search.id} className="sr-only">
              {search.label ?? label}
            </label>
            <div className="relative">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute inset-y-0 start-3 my-auto size-4 text-slate-400"
              />
              <Input
                id={search.id}
                type="search"
                value={search.value}
                maxLength={search.maxLength}
                autoComplete="off"
                spellCheck={false}
                aria-describedby={search.hint ? `${search.id}-hint` : undefined}
                aria-invalid={search.invalid || undefined}
                onChange={(event) => search.onChange(event.target.value)}
                placeholder={search.placeholder}
                className="ps-9 text-ellipsis"
              />
            </div>
            {search.hint ? (
              <p
                id={`${search.id}-hint`}
                className={cn(
                  'text-xs',
                  search.invalid
                    ? 'text-red-700 dark:text-red-300'
                    : 'text-slate-500 dark:text-slate-400',
                )}
              >
                {search.hint}
              </p>
            ) : null}
          </div>
        ) : null}
        {controls || filters ? (
          <div className="flex items-end gap-3 md:contents">
            {controls ? <div className="min-w-0 flex-1 md:flex-none">{controls}</div> : null}
            {filters ? (
              <Button
                variant="secondary"
                className="shrink-0 md:hidden"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpen((value) => !value)}
                data-testid="filters-toggle"
              >
                <SlidersHorizontal aria-hidden="true" className="size-4" />
                {activeFilters > 0
                  ? t('list.filtersCount', {
                      count: activeFilters,
                      n: formatNumber(activeFilters, language),
                    })
                  : t('list.filters')}
                <ChevronDown
                  aria-hidden="true"
                  className={cn('size-4 transition-transform', open && 'rotate-180')}
                />
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {filters ? (
        <div
          id={panelId}
          className={cn(open ? 'block' : 'hidden', 'md:block')}
          data-testid="filters"
        >
          {filters}
        </div>
      ) : null}
      {footer}
    </div>
  );
}
