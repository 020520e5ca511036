import { useEffect, useState } from 'react';
import type { ShopperCoupon } from '@nuqat/contracts';
import type { CartState } from '../lib/controller-state';
import { formatCurrency } from '../lib/format';
import { useI18n } from '../lib/i18n';
import { Icon } from './icons';
import { buttonClass, cx } from './ui';

/** What the store page's cart can do with the page's coupons (issue 23). */
export interface CartProps {
  /** The store page can apply a coupon (Twilight's cart); otherwise the page says how to. */
  canApply: boolean;
  /** The cart's answer per code. */
  cart: Readonly<Record<string, CartState>>;
  onApply: (code: string) => void;
}

/**
 * "Apply to my cart" for an unused coupon, and what the cart answered: applied, or its reason for
 * refusing and what to do. Where the store page has no cart to talk to, how to use the code.
 */
export function CartAction({
  coupon,
  canApply,
  cart,
  onApply,
  primary = false,
}: CartProps & { coupon: ShopperCoupon; primary?: boolean }) {
  const { t, language } = useI18n();
  const code = coupon.code;
  if (!code || coupon.status !== 'issued') return null;
  if (!canApply)
    return <p className="text-xs text-slate-600 dark:text-slate-400">{t('cart.manual')}</p>;
  const answer = cart[code];
  const applying = answer?.status === 'applying';
  return (
    <div className="space-y-2">
      <button
        type="button"
        className={buttonClass(primary ? 'primary' : 'secondary', 'w-full sm:w-auto', 'sm')}
        aria-label={t('cart.applyCode', { code })}
        disabled={applying}
        onClick={() => onApply(code)}
      >
        <Icon
          name={applying ? 'loader' : 'cart'}
          className={cx('size-4', applying && 'animate-spin')}
        />
        <span aria-hidden="true">{applying ? t('cart.applying') : t('cart.apply')}</span>
      </button>
      <div role="status" className="text-sm">
        {answer?.status === 'applied' ? (
          <p className="flex items-start gap-2 rounded-xl bg-emerald-50 p-2.5 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
            <Icon name="check" className="mt-0.5 size-4 shrink-0" />
            {t('cart.applied')}
          </p>
        ) : answer?.status === 'refused' ? (
          <div className="space-y-1 rounded-xl bg-red-50 p-2.5 text-red-900 dark:bg-red-950 dark:text-red-100">
            <p className="flex items-start gap-2 font-medium">
              <Icon name="alert" className="mt-0.5 size-4 shrink-0" />
              <span>
                {answer.message
                  ? t('cart.refused', { reason: `\u2068${answer.message}\u2069` })
                  : t('cart.refusedNoReason')}
              </span>
            </p>
            <p className="ps-6">
              {coupon.minOrderAmount > 0
                ? t('cart.minOrderHint', {
                    amount: formatCurrency(coupon.minOrderAmount, language),
                  })
                : t('cart.retryHint')}
            </p>
          </div>
        ) : answer?.status === 'unavailable' ? (
          <p className="rounded-xl bg-amber-50 p-2.5 text-amber-950 dark:bg-amber-950/60 dark:text-amber-100">
            {t('cart.unavailable')}
          </p>
        ) : null}
      </div>
    </div>
  );
}

type CancelState = 'idle' | 'confirm' | 'busy' | { ok: boolean; text: string };

/**
 * "Cancel and get my points back" on an unused reward coupon within its window (issue 23): asks
 * once, then says what happened — the points back, or the API's reason.
 */
export function CancelAction({
  coupon,
  onCancel,
}: {
  coupon: ShopperCoupon;
  onCancel: (coupon: ShopperCoupon) => Promise<string | null>;
}) {
  const { t, tp } = useI18n();
  const [state, setState] = useState<CancelState>('idle');
  // The window closes while the page is open: the action goes (the API would refuse it anyway).
  const [open, setOpen] = useState(true);
  const until = coupon.cancellableUntil ? Date.parse(coupon.cancellableUntil) : 0;
  useEffect(() => {
    const timer = setTimeout(() => setOpen(false), Math.max(0, until - Date.now()));
    return () => clearTimeout(timer);
  }, [until]);
  const points = tp('points', coupon.pointsRequired);
  if (typeof state === 'object')
    return (
      <p
        role="status"
        className={cx(
          'rounded-xl p-2.5 text-sm',
          state.ok
            ? 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100'
            : 'bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100',
        )}
      >
        {state.text}
      </p>
    );
  if (coupon.source !== 'reward' || coupon.status !== 'issued' || !until || !open) return null;
  const run = async () => {
    setState('busy');
    const problem = await onCancel(coupon);
    setState({ ok: problem === null, text: problem ?? t('coupons.cancelDone', { points }) });
  };
  if (state === 'idle')
    return (
      <button
        type="button"
        className={buttonClass('secondary', 'w-full sm:w-auto', 'sm')}
        onClick={() => setState('confirm')}
      >
        {t('coupons.cancel')}
      </button>
    );
  return (
    <div role="group" className="space-y-2 rounded-xl bg-slate-50 p-2.5 dark:bg-slate-950">
      <p className="text-sm">{t('coupons.cancelConfirm', { points })}</p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass('primary', undefined, 'sm')}
          disabled={state === 'busy'}
          onClick={() => void run()}
        >
          {t('coupons.cancelYes')}
        </button>
        <button
          type="button"
          className={buttonClass('secondary', undefined, 'sm')}
          disabled={state === 'busy'}
          onClick={() => setState('idle')}
        >
          {t('coupons.cancelNo')}
        </button>
      </div>
    </div>
  );
}
