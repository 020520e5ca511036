import { useEffect, useRef } from 'react';
import type { RedemptionStatus, ShopperCoupon } from '@nuqat/contracts';
import { formatDate } from '../lib/format';
import { useI18n, type TextKey } from '../lib/i18n';
import { CopyButton } from './copy-button';
import { Icon } from './icons';
import { CARD, ICON_BUTTON, cx } from './ui';
import { CancelAction, CartAction, type CartProps } from './coupon-actions';

const STATUS: Record<RedemptionStatus, { label: TextKey; tone: string }> = {
  pending: {
    label: 'coupons.status.pending',
    tone: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  },
  issued: {
    label: 'coupons.status.issued',
    tone: 'bg-brand-100 text-brand-900 dark:bg-brand-950 dark:text-brand-200',
  },
  used: {
    label: 'coupons.status.used',
    tone: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  },
  expired: {
    label: 'coupons.status.expired',
    tone: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  },
  failed: {
    label: 'coupons.status.failed',
    tone: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
  },
  cancelled: {
    label: 'coupons.status.cancelled',
    tone: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  },
};

function CouponCode({
  code,
  large = false,
  dead = false,
}: {
  code: string;
  large?: boolean;
  /** A cancelled coupon: its code no longer works at checkout. */
  dead?: boolean;
}) {
  return (
    <code
      dir="ltr"
      className={cx(
        'rounded-lg border border-dashed px-2.5 py-1 font-mono font-bold tracking-wider',
        dead
          ? 'border-slate-400 bg-slate-100 text-slate-500 line-through dark:bg-slate-800 dark:text-slate-400'
          : 'border-brand-600/60 bg-brand-50 text-brand-900 select-all dark:bg-brand-950 dark:text-brand-100',
        large ? 'text-2xl' : 'text-base',
      )}
    >
      {code}
    </code>
  );
}

export interface CouponsSectionProps extends CartProps {
  coupons: ShopperCoupon[];
  /** Cancels a coupon within its window: null when its points came back, else why not. */
  onCancel?: (coupon: ShopperCoupon) => Promise<string | null>;
}

const newestFirst = (coupons: ShopperCoupon[]) =>
  [...coupons].sort(
    (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || (b.id > a.id ? 1 : -1),
  );

/**
 * "My coupons": the redeemed rewards' and the referral coupons, the newest first, each code with
 * a copy button, "Apply to my cart" while unused, its status and expiry.
 */
export function CouponsSection({ coupons, onCancel, ...cart }: CouponsSectionProps) {
  const { t, language } = useI18n();
  if (coupons.length === 0) return null;
  return (
    <section aria-labelledby="coupons-title" className="space-y-3">
      <h2
        id="coupons-title"
        className="flex items-center gap-2 text-base font-bold text-slate-900 dark:text-white"
      >
        <Icon name="ticket" className="size-5 text-brand-700 dark:text-brand-300" />
        {t('coupons.title')}
      </h2>
      <ul className={cx(CARD, 'divide-y divide-slate-200 dark:divide-slate-800')}>
        {newestFirst(coupons).map((coupon) => {
          const status = STATUS[coupon.status] ?? STATUS.pending;
          const cancelled = coupon.status === 'cancelled';
          const withdrawn = cancelled && coupon.cancelReason === 'clawback';
          return (
            <li key={`${coupon.source}:${coupon.id}`} className="space-y-2 p-4">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0 space-y-0.5">
                  <p className="font-semibold text-slate-900 dark:text-white">
                    <bdi>{coupon.name}</bdi>
                  </p>
                  {coupon.source === 'referral' ? (
                    <p className="flex items-center gap-1 text-xs text-slate-600 dark:text-slate-400">
                      <Icon name="userPlus" className="size-3.5" />
                      {t('coupons.fromReferral')}
                    </p>
                  ) : null}
                </div>
                <span
                  className={cx(
                    'shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold',
                    status.tone,
                  )}
                >
                  {t(
                    withdrawn
                      ? 'coupons.status.withdrawn'
                      : cancelled && coupon.cancelReason === 'shopper'
                        ? 'coupons.status.cancelledByYou'
                        : status.label,
                  )}
                </span>
              </div>
              {coupon.code ? (
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <CouponCode code={coupon.code} dead={cancelled} />
                  {cancelled ? null : <CopyButton code={coupon.code} />}
                </div>
              ) : coupon.status === 'pending' ? (
                <p className="text-sm text-slate-600 dark:text-slate-400">{t('coupons.noCode')}</p>
              ) : null}
              {coupon.expiresAt && !cancelled ? (
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {t('coupons.expires', { date: formatDate(coupon.expiresAt, language) })}
                </p>
              ) : null}
              <CartAction coupon={coupon} {...cart} />
              {onCancel ? <CancelAction coupon={coupon} onCancel={onCancel} /> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export interface NewCouponProps extends CartProps {
  coupon: ShopperCoupon;
  /** Whether the coupon e-mail goes out (the shopper has an e-mail); false: no note of one. */
  mailed?: boolean;
  onDismiss: () => void;
}

/**
 * The coupon a redemption just produced, in large type with a copy button (spec §4), and the one
 * tap that puts it in the cart.
 */
export function NewCoupon({ coupon, mailed = true, onDismiss, ...cart }: NewCouponProps) {
  const { t } = useI18n();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The coupon is what the shopper came for: take focus (and the view) here, after the details
    // dialog has given focus back to its opener, which may now sit far below on a phone.
    const frame = requestAnimationFrame(() => panel.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [coupon.id]);
  return (
    <div
      ref={panel}
      tabIndex={-1}
      className="space-y-3 rounded-2xl border-2 border-brand-600 bg-white p-4 shadow-sm focus:outline-none dark:border-brand-400 dark:bg-slate-900"
    >
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-100 text-brand-800 dark:bg-brand-950 dark:text-brand-200">
          <Icon name="gift" />
        </span>
        <div className="min-w-0 flex-1 space-y-1">
          <h2 className="font-bold text-slate-900 dark:text-white">
            {/* The reward's name in its own direction: an Arabic name in an English sentence. */}
            {t('redeem.successTitle', { name: `\u2068${coupon.name}\u2069` })}
          </h2>
          {mailed ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">{t('redeem.emailNote')}</p>
          ) : null}
        </div>
        <button
          type="button"
          className={cx(ICON_BUTTON, '-me-2 -mt-2')}
          aria-label={t('redeem.dismiss')}
          title={t('redeem.dismiss')}
          onClick={onDismiss}
        >
          <Icon name="x" />
        </button>
      </div>
      {coupon.code ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-slate-50 p-3 dark:bg-slate-950">
          <div className="space-y-1">
            <p className="text-xs font-medium text-slate-600 dark:text-slate-400">
              {t('redeem.codeLabel')}
            </p>
            <CouponCode code={coupon.code} large />
          </div>
          <CopyButton code={coupon.code} variant={cart.canApply ? 'secondary' : 'primary'} />
        </div>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('coupons.noCode')}</p>
      )}
      <CartAction coupon={coupon} {...cart} primary />
    </div>
  );
}
