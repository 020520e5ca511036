import { useState } from 'react';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { TicketPercent } from 'lucide-react';
import {
  COUPON_SOURCES,
  REDEMPTION_STATUSES,
  type MerchantCoupon,
  type RedemptionStatus,
} from '@nuqat/contracts';
import { ListStates } from '../../../components/list/list-states';
import { ListToolbar } from '../../../components/list/list-toolbar';
import { buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Select } from '../../../components/ui/select';
import { useToast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { formatNumber, isolate } from '../../../lib/format';
import { failureDetail } from '../../../lib/messages';
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

  const code = toCancel?.code ?? '';
  return (
    <section aria-labelledby="coupons-heading" className="space-y-4">
      <h2 id="coupons-heading" className="sr-only">
        {t('heading')}
      </h2>
      <ListToolbar
        label={t('search')}
        search={{
          id: 'coupons-search',
          value: search,
          onChange: setSearch,
          placeholder: t('searchPlaceholder'),
          hint: t('searchHint'),
          maxLength: SEARCH_MAX,
        }}
        activeFilters={(status ? 1 : 0) + (source ? 1 : 0)}
        filters={
          <div className="grid gap-3 sm:grid-cols-2 md:w-[28rem]">
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
        }
      />
      <ListStates
        query={coupons}
        loadError={{ key: 'coupons:loadError' }}
        loadMoreError={{ key: 'coupons:loadMoreError' }}
        filtered={filtered}
        noMatch={{
          title: t('noMatch'),
          description: t('noMatchHint'),
          clearLabel: t('clearFilters'),
          onClear: clearFilters,
        }}
        empty={
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
        {(items, busy) => (
          <>
            <CouponsTable coupons={items} onCancel={openCancel} busy={busy} />
            <CouponCards coupons={items} onCancel={openCancel} busy={busy} />
          </>
        )}
      </ListStates>
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
