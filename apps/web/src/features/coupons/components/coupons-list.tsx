import { useState } from 'react';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { ListFilter, Search, TicketPercent } from 'lucide-react';
import {
  COUPON_SOURCES,
  REDEMPTION_STATUSES,
  type MerchantCoupon,
  type RedemptionStatus,
} from '@nuqat/contracts';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadMore } from '../../../components/ui/load-more';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { LoadingState } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { formatNumber, isolate } from '../../../lib/format';
import { errorMessage, failureDetail } from '../../../lib/messages';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useCancelCoupon } from '../api/cancel-coupon';
import { useCoupons } from '../api/get-coupons';
import type { CouponsFilter } from '../api/query-keys';
import { CouponCards, CouponsTable } from './coupon-views';

type Source = (typeof COUPON_SOURCES)[number];

/** The contract's limit on `q`. */
const SEARCH_MAX = 100;

/**
 * Every coupon Nuqat issued for the store: searched by code, shopper e-mail or id, filtered by
 * status and source, read a page at a time; an unused one can be cancelled, which gives the
 * points back.
 */
export function CouponsList() {
  const { t, i18n } = useTranslation('coupons');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const showToast = useToast();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<RedemptionStatus | ''>('');
  const [source, setSource] = useState<Source | ''>('');
  const q = useDebouncedValue(search.trim());
  const filter: CouponsFilter = {
    ...(q ? { q } : {}),
    ...(status ? { status } : {}),
    ...(source ? { source } : {}),
  };
  const filtered = Object.keys(filter).length > 0;
  const coupons = useCoupons(filter);

  const [toCancel, setToCancel] = useState<MerchantCoupon | null>(null);
  const cancel = useCancelCoupon();

  function openCancel(coupon: MerchantCoupon) {
    cancel.reset();
    setToCancel(coupon);
  }

  function confirmCancel() {
    if (!toCancel) return;
    cancel.mutate(toCancel.id, {
      onSuccess: (coupon) => {
        setToCancel(null);
        showToast({
          key: 'coupons:cancel.done',
          values: {
            code: isolate(coupon.code ?? ''),
            points: formatNumber(coupon.points, language),
            count: coupon.points,
            name: isolate(coupon.customer.name || coupon.customer.id || ''),
          },
        });
      },
    });
  }

  function clearFilters() {
    setSearch('');
    setStatus('');
    setSource('');
  }

  const toolbar = (
    <div role="search" aria-label={t('search')} className="space-y-1.5">
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr]">
        <div className="relative">
          <label htmlFor="coupons-search" className="sr-only">
            {t('search')}
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 start-3 my-auto size-4 text-slate-400"
          />
          <Input
            id="coupons-search"
            type="search"
            value={search}
            maxLength={SEARCH_MAX}
            autoComplete="off"
            spellCheck={false}
            aria-describedby="coupons-search-hint"
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('searchPlaceholder')}
            className="ps-9"
          />
        </div>
        <div>
          <label htmlFor="coupons-status" className="sr-only">
            {t('statusFilter')}
          </label>
          <Select
            id="coupons-status"
            value={status}
            onChange={(event) => setStatus(event.target.value as RedemptionStatus | '')}
          >
            <option value="">{t('allStatuses')}</option>
            {REDEMPTION_STATUSES.map((option) => (
              <option key={option} value={option}>
                {t(`statuses.${option}`)}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <label htmlFor="coupons-source" className="sr-only">
            {t('sourceFilter')}
          </label>
          <Select
            id="coupons-source"
            value={source}
            onChange={(event) => setSource(event.target.value as Source | '')}
          >
            <option value="">{t('allSources')}</option>
            {COUPON_SOURCES.map((option) => (
              <option key={option} value={option}>
                {t(`sources.${option}`)}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <p id="coupons-search-hint" className="text-xs text-slate-500 dark:text-slate-400">
        {t('searchHint')}
      </p>
    </div>
  );

  let body;
  if (coupons.isPending) {
    body = <LoadingState />;
  } else if (coupons.isError && !coupons.isFetchNextPageError) {
    // An error is an error: no rows from an older answer beside it.
    body = (
      <ErrorState
        message={errorMessage(coupons.error, {
          unknownHttp: () => ({ key: 'coupons:loadError' }),
        })}
        onRetry={() => void coupons.refetch()}
        retrying={coupons.isFetching}
      />
    );
  } else {
    const items = coupons.data.pages.flatMap((page) => page.items);
    const busy = coupons.isPlaceholderData;
    if (items.length === 0) {
      body = filtered ? (
        <EmptyState
          icon={<ListFilter aria-hidden="true" className="size-6" />}
          title={t('noMatch')}
          description={t('noMatchHint')}
          action={
            <Button variant="secondary" size="sm" onClick={clearFilters}>
              {t('clearFilters')}
            </Button>
          }
        />
      ) : (
        <EmptyState
          icon={<TicketPercent aria-hidden="true" className="size-6" />}
          title={t('empty')}
          description={t('emptyHint')}
          action={
            <Link to={paths.rewards} className={buttonClasses({ size: 'sm' })}>
              {t('emptyAction')}
            </Link>
          }
        />
      );
    } else {
      body = (
        <div className="space-y-4">
          <CouponsTable coupons={items} onCancel={openCancel} busy={busy} />
          <CouponCards coupons={items} onCancel={openCancel} busy={busy} />
          <LoadMore
            status={
              <Trans
                t={t}
                i18nKey={coupons.hasNextPage ? 'shown' : 'allShown'}
                values={{ count: formatNumber(items.length, language) }}
                components={{ n: <bdi className="font-semibold" /> }}
              />
            }
            label={t('loadMore')}
            hasMore={coupons.hasNextPage}
            loading={coupons.isFetchingNextPage}
            disabled={busy}
            onLoadMore={() => void coupons.fetchNextPage()}
            error={
              coupons.isFetchNextPageError
                ? {
                    message: { key: 'coupons:loadMoreError' },
                    detail: failureDetail(coupons.error),
                  }
                : null
            }
          />
        </div>
      );
    }
  }

  const code = toCancel?.code ?? '';
  return (
    <section aria-labelledby="coupons-heading" className="space-y-4">
      <h2 id="coupons-heading" className="sr-only">
        {t('heading')}
      </h2>
      {toolbar}
      {body}
      <ConfirmDialog
        open={toCancel !== null}
        onOpenChange={(open) => {
          if (!open && !cancel.isPending) setToCancel(null);
        }}
        title={t('cancel.title', { code })}
        description={
          toCancel
            ? t('cancel.description', {
                points: formatNumber(toCancel.points, language),
                count: toCancel.points,
                name: toCancel.customer.name || toCancel.customer.id || '',
              })
            : ''
        }
        confirmLabel={t('cancel.confirm')}
        cancelLabel={t('cancel.keep')}
        onConfirm={confirmCancel}
        pending={cancel.isPending}
        error={cancel.isError ? { key: 'coupons:cancel.failed' } : null}
        errorDetail={cancel.isError ? failureDetail(cancel.error) : null}
      />
    </section>
  );
}
