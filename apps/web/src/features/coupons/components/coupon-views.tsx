import { Ban } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import type { MerchantCoupon } from '@nuqat/contracts';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatNumber } from '../../../lib/format';
import {
  CouponCodeCell,
  CouponDates,
  CouponShopper,
  CouponSource,
  CouponStatus,
  CouponStatusNotes,
} from './coupon-parts';
import { CouponStatusBadge } from './coupon-status-badge';
import { CouponValue } from './coupon-value';

export interface CouponViewsProps {
  coupons: MerchantCoupon[];
  /** Asked to cancel an unused coupon (the caller confirms first). */
  onCancel: (coupon: MerchantCoupon) => void;
  /** A new search is on its way: the rows shown are the previous answer's. */
  busy: boolean;
}

/**
 * Only an unused reward coupon can be cancelled (its points go back); the server checks its expiry
 * again. A referral coupon cost no points.
 */
const cancellable = (coupon: MerchantCoupon) =>
  coupon.source === 'reward' && coupon.status === 'issued';

/** A referral coupon's worth in the words of a reward type. */
const REFERRAL_VALUE_TYPE = {
  fixed: 'fixed_discount',
  percentage: 'percentage_discount',
  shipping: 'free_shipping',
} as const;

function CancelButton({
  coupon,
  onCancel,
  block = false,
}: {
  coupon: MerchantCoupon;
  onCancel: (coupon: MerchantCoupon) => void;
  /** A card's full-width button, with the whole label; the table's is short. */
  block?: boolean;
}) {
  const { t } = useTranslation('coupons');
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={t('cancel.actionFor', { code: coupon.code ?? '' })}
      onClick={() => onCancel(coupon)}
      className={block ? 'w-full' : undefined}
    >
      {block ? <Ban aria-hidden="true" className="size-4" /> : null}
      {block ? t('cancel.action') : t('cancel.short')}
    </Button>
  );
}

/** The reward's name, what the coupon is worth, and (in the table) the points it cost. */
function RewardCell({
  coupon,
  withPoints = false,
}: {
  coupon: MerchantCoupon;
  withPoints?: boolean;
}) {
  const { t, i18n } = useTranslation('coupons');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  if (coupon.referral) {
    const { side, type, value } = coupon.referral;
    return (
      <div className="min-w-0">
        <p className="font-medium text-slate-800 dark:text-slate-100">
          {t(`referralSide.${side}`)}
        </p>
        <p className="text-xs whitespace-nowrap text-slate-500 dark:text-slate-400">
          <CouponValue type={REFERRAL_VALUE_TYPE[type]} value={value} />
        </p>
      </div>
    );
  }
  if (!coupon.reward) return null;
  const { type, value, name } = coupon.reward;
  // "Free shipping" named "Free shipping" needs saying once.
  const valueIsName =
    (type === 'free_shipping' || type === 'free_product') && name.trim() === t(`value.${type}`);
  return (
    <div className="min-w-0">
      <p className="font-medium text-slate-800 dark:text-slate-100">
        <bdi>{name}</bdi>
      </p>
      {valueIsName ? null : (
        <p className="text-xs whitespace-nowrap text-slate-500 dark:text-slate-400">
          <CouponValue type={type} value={value} />
        </p>
      )}
      {withPoints && coupon.source === 'reward' ? (
        <p className="mt-1 text-xs whitespace-nowrap text-slate-600 dark:text-slate-300">
          <Trans
            t={t}
            i18nKey="pointsValue"
            count={coupon.points}
            values={{ points: formatNumber(coupon.points, language) }}
            components={{ n: <bdi className="font-semibold text-slate-900 dark:text-white" /> }}
          />
        </p>
      ) : null}
    </div>
  );
}

/** Wide screens: one row per coupon. */
export function CouponsTable({ coupons, onCancel, busy }: CouponViewsProps) {
  const { t } = useTranslation('coupons');
  const cell = 'px-3 py-3 align-top first:ps-4 last:pe-4';
  return (
    <Card className="hidden overflow-hidden xl:block">
      {/* relative: the screen-reader-only texts inside stay within the scrolling box. */}
      <div className="relative overflow-x-auto">
        <table
          className="w-full text-sm transition-opacity aria-busy:opacity-60"
          aria-busy={busy || undefined}
        >
          <caption className="sr-only">{t('caption')}</caption>
          <thead className="bg-slate-50 text-xs font-semibold text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
            <tr>
              <th scope="col" className={`${cell} text-start`}>
                {t('columns.coupon')}
              </th>
              <th scope="col" className={`${cell} text-start`}>
                {t('columns.shopper')}
              </th>
              <th scope="col" className={`${cell} text-start whitespace-nowrap`}>
                {t('columns.reward')}
              </th>
              <th scope="col" className={`${cell} text-start`}>
                {t('columns.status')}
              </th>
              <th scope="col" className={`${cell} text-start`}>
                {t('columns.dates')}
              </th>
              <th scope="col" className={`${cell} text-end`}>
                <span className="sr-only">{t('columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {coupons.map((coupon) => (
              <tr key={coupon.id} data-testid="coupon-row" data-status={coupon.status}>
                <td className={cell}>
                  <div className="flex flex-col items-start gap-1">
                    <CouponCodeCell coupon={coupon} />
                    <CouponSource source={coupon.source} />
                  </div>
                </td>
                <td className={`${cell} max-w-44`}>
                  <CouponShopper customer={coupon.customer} />
                </td>
                <td className={`${cell} min-w-36`}>
                  <RewardCell coupon={coupon} withPoints />
                </td>
                <td className={`${cell} min-w-32`}>
                  <CouponStatus coupon={coupon} />
                </td>
                <td className={cell}>
                  <CouponDates coupon={coupon} />
                </td>
                <td className={`${cell} text-end`}>
                  {cancellable(coupon) ? (
                    <CancelButton coupon={coupon} onCancel={onCancel} />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

/** Phones and narrow windows: one card per coupon. */
export function CouponCards({ coupons, onCancel, busy }: CouponViewsProps) {
  const { t, i18n } = useTranslation('coupons');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  return (
    <ul
      aria-label={t('caption')}
      aria-busy={busy || undefined}
      className="grid gap-3 transition-opacity aria-busy:opacity-60 sm:grid-cols-2 xl:hidden"
    >
      {coupons.map((coupon) => (
        <li key={coupon.id} data-testid="coupon-card" data-status={coupon.status}>
          <Card className="flex h-full flex-col gap-3 p-4">
            <div className="flex items-start justify-between gap-3">
              <div className="flex min-w-0 flex-col items-start gap-1">
                <CouponCodeCell coupon={coupon} />
                <CouponSource source={coupon.source} />
              </div>
              <CouponStatusBadge status={coupon.status} cancelReason={coupon.cancelReason} />
            </div>
            <CouponStatusNotes coupon={coupon} />
            <CouponShopper customer={coupon.customer} />
            <div className="flex items-end justify-between gap-3 rounded-xl bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
              <RewardCell coupon={coupon} />
              {coupon.source === 'reward' ? (
                <p className="shrink-0 text-end text-xs text-slate-500 dark:text-slate-400">
                  {t('columns.points')}
                  <bdi className="block text-base font-bold text-slate-900 dark:text-white">
                    {formatNumber(coupon.points, language)}
                  </bdi>
                </p>
              ) : null}
            </div>
            <CouponDates coupon={coupon} className="mt-auto" />
            {cancellable(coupon) ? (
              <CancelButton coupon={coupon} onCancel={onCancel} block />
            ) : null}
          </Card>
        </li>
      ))}
    </ul>
  );
}
