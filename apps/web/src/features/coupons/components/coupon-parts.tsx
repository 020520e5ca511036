import { Gift, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isErrorCode, type MerchantCoupon } from '@nuqat/contracts';
import { cn } from '../../../lib/cn';
import { formatDate, formatDateTime } from '../../../lib/format';
import { CouponCode } from './copy-code-button';
import { CouponStatusBadge } from './coupon-status-badge';

function useLanguage() {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'ar';
}

/** The code with its copy button, or why there is none yet (pending, failed at Salla). */
export function CouponCodeCell({ coupon }: { coupon: MerchantCoupon }) {
  const { t } = useTranslation('coupons');
  return coupon.code ? (
    <CouponCode code={coupon.code} />
  ) : (
    <span className="text-sm text-slate-500 dark:text-slate-400">{t('noCode')}</span>
  );
}

/** Points redemption or referral, with its icon. */
export function CouponSource({ source }: { source: MerchantCoupon['source'] }) {
  const { t } = useTranslation('coupons');
  const Icon = source === 'referral' ? Users : Gift;
  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
      <Icon aria-hidden="true" className="size-3.5" />
      {t(`sources.${source}`)}
    </span>
  );
}

/**
 * The shopper's name, and their e-mail (left to right) or, without one, their id. A referred
 * friend with no account yet has the e-mail alone.
 */
export function CouponShopper({ customer }: { customer: MerchantCoupon['customer'] }) {
  const { t } = useTranslation('coupons');
  return (
    <div className="min-w-0">
      <p className="truncate font-medium text-slate-900 dark:text-white">
        {customer.name ? (
          <bdi>{customer.name}</bdi>
        ) : customer.id ? (
          t('shopperId', { id: customer.id })
        ) : null}
      </p>
      {customer.email ? (
        <p
          dir="ltr"
          className="truncate text-xs text-slate-500 rtl:text-end dark:text-slate-400"
          title={customer.email}
        >
          {customer.email}
        </p>
      ) : customer.name && customer.id ? (
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {t('shopperId', { id: customer.id })}
        </p>
      ) : null}
    </div>
  );
}

/** Why Salla refused: a catalogue message when the reason is one of our codes, else its words. */
function FailureReason({ reason }: { reason: string }) {
  const { t } = useTranslation(['coupons', 'common']);
  const text = isErrorCode(reason) ? t(`common:errors.${reason}`) : reason;
  return (
    <p className="max-w-64 text-xs leading-relaxed text-red-700 dark:text-red-300">
      <span className="font-semibold">{t('coupons:failure')}: </span>
      <bdi dir="auto" className="break-words">
        {text}
      </bdi>
    </p>
  );
}

/** What the status meant for the shopper, when that needs saying: why it failed, points back. */
export function CouponStatusNotes({ coupon }: { coupon: MerchantCoupon }) {
  const { t } = useTranslation('coupons');
  const refunded = coupon.status === 'cancelled' || coupon.status === 'failed';
  if (!refunded) return null;
  return (
    <div className="space-y-1">
      {coupon.status === 'failed' && coupon.failureReason ? (
        <FailureReason reason={coupon.failureReason} />
      ) : null}
      <p className="text-xs text-slate-500 dark:text-slate-400">{t('pointsReturned')}</p>
    </div>
  );
}

/** The status badge with its notes below. */
export function CouponStatus({ coupon }: { coupon: MerchantCoupon }) {
  return (
    <div className="flex flex-col items-start gap-1.5">
      <CouponStatusBadge status={coupon.status} cancelReason={coupon.cancelReason} />
      <CouponStatusNotes coupon={coupon} />
    </div>
  );
}

function DateItem({ label, value }: { label: string; value: string }) {
  const language = useLanguage();
  return (
    <div className="flex gap-1.5">
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="font-medium text-slate-700 dark:text-slate-200">
        <time dateTime={value} title={formatDateTime(value, language)}>
          <bdi>{formatDate(value, language)}</bdi>
        </time>
      </dd>
    </div>
  );
}

/** Issued, and then what happened: its expiry while it can still be used, used, or cancelled. */
export function CouponDates({ coupon, className }: { coupon: MerchantCoupon; className?: string }) {
  const { t } = useTranslation('coupons');
  const showsExpiry = coupon.status === 'issued' || coupon.status === 'expired';
  return (
    <dl className={cn('space-y-0.5 text-xs whitespace-nowrap', className)}>
      <DateItem label={t('dates.created')} value={coupon.createdAt} />
      {showsExpiry && coupon.expiresAt ? (
        <DateItem label={t('dates.expires')} value={coupon.expiresAt} />
      ) : null}
      {showsExpiry && !coupon.expiresAt ? (
        <div className="text-slate-500 dark:text-slate-400">{t('dates.noExpiry')}</div>
      ) : null}
      {coupon.usedAt ? <DateItem label={t('dates.used')} value={coupon.usedAt} /> : null}
      {coupon.cancelledAt ? (
        <DateItem label={t('dates.cancelled')} value={coupon.cancelledAt} />
      ) : null}
    </dl>
  );
}
