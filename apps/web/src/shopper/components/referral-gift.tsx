import { useEffect, useId, useState, type FormEvent } from 'react';
import type { ReferralClaimCoupon, ReferralOffer } from '@nuqat/contracts';
import { ShopperApiError, claimReferral, getReferralOffer } from '../lib/api';
import { errorText } from '../lib/error-text';
import { formatDate } from '../lib/format';
import { useI18n } from '../lib/i18n';
import { referralRewardText } from '../lib/referral';
import { Icon } from './icons';
import { buttonClass, cx } from './ui';

// Loose on purpose, as on the sign-in: the API validates; this only catches typos.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ReferralGiftProps {
  merchantId: string;
  /** The code the store page kept from `?ref=`. */
  code: string;
  /** The store's customer e-mail, when it knows one: only a pre-fill. */
  email: string;
}

type Offer =
  | { state: 'loading' }
  | { state: 'ready'; offer: ReferralOffer }
  /** A code no shopper has: a short note, the API's own words when it gave some. */
  | { state: 'invalid'; message: string }
  /** Programme off, store not on the plan, or the API unreachable: nothing to offer. */
  | { state: 'none' };

/**
 * A guest who came through a friend's link (spec §2 referral programme): what the friend's
 * invitation gives them, and an e-mail to send the coupon to. The code itself goes to that
 * e-mail only (decision 021); the page shows its value, expiry and where it went.
 */
export function ReferralGift({ merchantId, code, email: initialEmail }: ReferralGiftProps) {
  const i18n = useI18n();
  const { t, tx, language } = i18n;
  const ids = useId();
  const [offer, setOffer] = useState<Offer>({ state: 'loading' });
  const [email, setEmail] = useState(initialEmail);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [coupon, setCoupon] = useState<ReferralClaimCoupon | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getReferralOffer({ merchantId, code, language, signal: controller.signal }).then(
      (answer) => {
        if (!controller.signal.aborted) setOffer({ state: 'ready', offer: answer });
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        const invalid =
          failure instanceof ShopperApiError && failure.code === 'REFERRAL_CODE_INVALID';
        setOffer(
          invalid
            ? { state: 'invalid', message: failure.serverMessage ?? t('gift.invalid') }
            : { state: 'none' },
        );
      },
    );
    return () => controller.abort();
  }, [merchantId, code, language, t]);

  if (offer.state === 'loading' || offer.state === 'none') return null;
  if (offer.state === 'invalid') {
    return (
      <p className="text-center text-xs text-slate-600 dark:text-slate-400" role="note">
        {offer.message}
      </p>
    );
  }

  const reward = referralRewardText(offer.offer.reward, i18n);
  const cleanEmail = email.trim().toLowerCase();

  async function claim(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!EMAIL.test(cleanEmail)) {
      setError(t('errors.emailInvalid'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setCoupon(
        await claimReferral({ merchantId: Number(merchantId), code, email: cleanEmail }, language),
      );
    } catch (failure) {
      setError(errorText(failure, t, 'gift.claimFailed'));
    } finally {
      setBusy(false);
    }
  }

  const titleId = `${ids}-title`;
  const errorId = `${ids}-error`;
  const hintId = `${ids}-hint`;

  return (
    <section
      aria-labelledby={titleId}
      className="space-y-4 rounded-2xl border-2 border-brand-600 bg-white p-4 shadow-sm sm:p-5 dark:border-brand-400 dark:bg-slate-900"
      data-testid="referral-gift"
    >
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-100 text-brand-800 dark:bg-brand-950 dark:text-brand-200">
          <Icon name="gift" />
        </span>
        <div className="min-w-0 space-y-1">
          <h2 id={titleId} className="font-bold text-slate-900 dark:text-white">
            {t('gift.title')}
          </h2>
          <p className="text-sm leading-relaxed text-slate-600 dark:text-slate-300">
            {tx('gift.text', {
              reward: (
                <strong className="font-semibold text-slate-900 dark:text-white">
                  <bdi>{reward}</bdi>
                </strong>
              ),
              store: <bdi>{offer.offer.storeName}</bdi>,
            })}
            {coupon ? null : ` ${t('gift.ask')}`}
          </p>
        </div>
      </div>

      <div aria-live="polite">
        {coupon ? (
          <div
            className="space-y-1 rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-900 dark:bg-brand-950 dark:text-brand-100"
            data-testid="referral-gift-sent"
          >
            <p className="flex items-start gap-2 font-semibold">
              <Icon name="check" className="mt-0.5 size-4 shrink-0" />
              <span>{tx('gift.sent', { sentTo: <bdi dir="ltr">{coupon.sentTo}</bdi> })}</span>
            </p>
            <p>
              {t('gift.sentDetails', {
                reward: referralRewardText(coupon, i18n),
                date: formatDate(coupon.expiresAt, language),
              })}
            </p>
          </div>
        ) : error ? (
          <p
            id={errorId}
            className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
          >
            {error}
          </p>
        ) : null}
      </div>

      {coupon ? null : (
        <form noValidate onSubmit={(event) => void claim(event)}>
          <fieldset disabled={busy} className="space-y-3">
            <div className="space-y-1.5">
              <label
                htmlFor={`${ids}-email`}
                className="block text-sm font-medium text-slate-800 dark:text-slate-200"
              >
                {t('gift.email')}
              </label>
              <input
                id={`${ids}-email`}
                type="email"
                name="email"
                autoComplete="email"
                inputMode="email"
                dir="ltr"
                required
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                aria-describedby={cx(hintId, error ? errorId : null) || undefined}
                aria-invalid={error ? true : undefined}
                className="block h-12 w-full rounded-xl border border-slate-300 bg-white px-3 text-start text-base text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
              />
              <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
                {t('gift.emailHint')}
              </p>
            </div>
            <button type="submit" className={buttonClass('primary', 'w-full')}>
              {busy ? (
                <Icon name="loader" className="size-4 animate-spin" />
              ) : (
                <Icon name="gift" className="size-4" />
              )}
              {t('gift.claim')}
            </button>
          </fieldset>
        </form>
      )}
    </section>
  );
}
