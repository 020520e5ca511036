import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ShopperSession } from '@nuqat/contracts';
import { maskMobile, normaliseMobile } from '@nuqat/contracts/plain';
import {
  ShopperApiError,
  getAuthOptions,
  requestCode,
  verifyCode,
  type SignInChannel,
} from '../lib/api';
import { errorText } from '../lib/error-text';
import { useI18n } from '../lib/i18n';
import { Icon } from './icons';
import { CODE_LENGTH, ChannelTabs, CodeField, ContactField } from './sign-in-fields';
import { CARD, buttonClass, cx } from './ui';

// Loose on purpose: the API validates; this only catches typos before a round trip.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface SignInProps {
  merchantId: string;
  /** From the store page's customer, or the e-mail of the session that just ended. */
  email: string;
  /** The store's signed-in customer's mobile, pre-filled in the SMS form ('' when none). */
  mobile?: string;
  /** Said above the form, e.g. that the session ended. */
  notice: string | null;
  /** Send the code at once (the shopper just signed in to the store to get here). */
  autoSend?: boolean;
  /** Replaces the first step's introduction (`introMobile` on the mobile tab). */
  intro?: string;
  introMobile?: string;
  onSignedIn: (session: ShopperSession, email: string) => void;
}

type Feedback = { tone: 'info' | 'error'; text: string } | null;

/**
 * The not-logged-in state (spec §8) and the code login (docs/decisions/006): where to send the
 * code (the contact step: the e-mail today; a mobile number joins it as a second field of this
 * step when SMS codes arrive), then the 6-digit code, checked as soon as the sixth digit is typed
 * or pasted. The API answers the first step the same way whether or not the e-mail is a
 * customer's, and its messages are shown as they come.
 */
export function SignIn({
  merchantId,
  email: initialEmail,
  mobile: initialMobile = '',
  notice,
  autoSend = false,
  intro,
  introMobile,
  onSignedIn,
}: SignInProps) {
  const { t, tx, language } = useI18n();
  const ids = useId();
  const [step, setStep] = useState<'contact' | 'code'>('contact');
  const [email, setEmail] = useState(initialEmail);
  const [mobile, setMobile] = useState(initialMobile);
  // null while the store's ways in are asked for; e-mail alone if that fails.
  const [channels, setChannels] = useState<SignInChannel[] | null>(null);
  const [channel, setChannel] = useState<SignInChannel>('email');
  // The number the code went to (E.164), for the code step and the verification.
  const [sentTo, setSentTo] = useState('');
  const [offerEmail, setOfferEmail] = useState(false);
  // The tab shown first: mobile where the store prefers it or knows the shopper by it alone.
  const [firstTab, setFirstTab] = useState<SignInChannel>('email');
  const [code, setCode] = useState('');
  // The id of the code this page asked for: its tries are this shopper's alone.
  const [requestId, setRequestId] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(
    notice ? { tone: 'info', text: notice } : null,
  );
  const codeInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const mobileInput = useRef<HTMLInputElement>(null);

  // On the code step, and back on it after each request (the fieldset was disabled meanwhile).
  useEffect(() => {
    if (step === 'code' && !busy) codeInput.current?.focus();
  }, [step, busy]);

  const cleanEmail = email.trim().toLowerCase();

  async function sendCode(via: SignInChannel = channel) {
    const number = via === 'sms' ? normaliseMobile(sentTo || mobile) : null;
    if (via === 'sms' ? !number : !EMAIL.test(cleanEmail)) {
      setFeedback({
        tone: 'error',
        text: t(via === 'sms' ? 'errors.mobileInvalid' : 'errors.emailInvalid'),
      });
      (via === 'sms' ? mobileInput : emailInput).current?.focus();
      return;
    }
    setBusy(true);
    setFeedback(null);
    setOfferEmail(false);
    try {
      const { message, requestId: sent } = await requestCode({
        merchantId,
        ...(number ? { mobile: number } : { email: cleanEmail }),
        lang: language,
      });
      setSentTo(number ?? '');
      setRequestId(sent);
      setCode('');
      setStep('code');
      setFeedback({ tone: 'info', text: message });
    } catch (error) {
      setFeedback({ tone: 'error', text: errorText(error, t, 'errors.requestCodeFailed') });
      setOfferEmail(
        error instanceof ShopperApiError &&
          (error.code === 'SMS_SEND_FAILED' || error.code === 'SMS_UNAVAILABLE'),
      );
    } finally {
      setBusy(false);
    }
  }

  // Once per form: StrictMode's second effect run finds the flag set. The store's ways in come
  // first; a shopper the store knows by mobile alone starts on SMS (and is texted the code).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const mobileOnly = !initialEmail && Boolean(initialMobile);
    void getAuthOptions(merchantId, language)
      .catch(() => ({ channels: ['email'] as SignInChannel[], preferred: 'email' as const }))
      .then((options) => {
        const sms = options.channels.includes('sms');
        const first = sms && (mobileOnly || options.preferred === 'sms') ? 'sms' : 'email';
        setChannels(options.channels);
        setChannel(first);
        setFirstTab(first);
        if (autoSend) void sendCode(first);
      });
    // Only on the first render: later edits are the shopper's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function verify(value = code) {
    if (value.length !== CODE_LENGTH) return;
    setBusy(true);
    setFeedback(null);
    try {
      const session = await verifyCode(
        {
          merchantId,
          ...(sentTo ? { mobile: sentTo } : { email: cleanEmail }),
          code: value,
          ...(requestId ? { requestId } : {}),
        },
        language,
      );
      onSignedIn(session, cleanEmail);
    } catch (error) {
      setFeedback({ tone: 'error', text: errorText(error, t, 'errors.verifyFailed') });
      setBusy(false);
    }
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void (step === 'contact' ? sendCode() : verify());
  };

  const changeContact = (via: SignInChannel = channel) => {
    setStep('contact');
    setChannel(via);
    setCode('');
    setSentTo('');
    setRequestId(undefined);
    setFeedback(null);
    setOfferEmail(false);
    // The field comes back on the next render.
    requestAnimationFrame(() => (via === 'sms' ? mobileInput : emailInput).current?.focus());
  };
  const smsOffered = channels?.includes('sms') === true;

  const titleId = `${ids}-title`;
  const hintId = `${ids}-hint`;
  const feedbackId = `${ids}-feedback`;

  return (
    <section aria-labelledby={titleId} className={cx(CARD, 'space-y-5 p-5 sm:p-6')}>
      <div className="flex flex-col items-center gap-3 text-center">
        <span className="grid size-12 place-items-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
          <Icon name="key" className="size-6" />
        </span>
        <h2 id={titleId} className="text-lg font-bold text-slate-900 dark:text-white">
          {t('signIn.title')}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {step === 'contact'
            ? channel === 'sms'
              ? (introMobile ?? t('signIn.introMobile'))
              : (intro ?? t('signIn.intro'))
            : tx('signIn.codeSentTo', {
                email: (
                  <bdi dir="ltr" className="font-semibold text-slate-800 dark:text-slate-100">
                    {sentTo ? maskMobile(sentTo) : cleanEmail}
                  </bdi>
                ),
              })}
        </p>
        {step === 'contact' && channels && !smsOffered ? (
          <p className="text-xs text-slate-500 dark:text-slate-400">{t('signIn.smsUnavailable')}</p>
        ) : null}
      </div>

      <div aria-live="polite" id={feedbackId}>
        {feedback ? (
          <p
            className={cx(
              'rounded-xl px-3 py-2 text-sm',
              feedback.tone === 'error'
                ? 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200'
                : 'bg-brand-50 text-brand-900 dark:bg-brand-950 dark:text-brand-100',
            )}
          >
            {feedback.text}
          </p>
        ) : null}
      </div>

      <form noValidate onSubmit={submit}>
        <fieldset disabled={busy} className="space-y-4">
          {step === 'contact' && smsOffered ? (
            <ChannelTabs
              label={t('signIn.via')}
              order={firstTab === 'sms' ? ['sms', 'email'] : ['email', 'sms']}
              channel={channel}
              onChoose={changeContact}
            />
          ) : null}
          {step === 'contact' && channel === 'sms' ? (
            <ContactField
              ref={mobileInput}
              id={`${ids}-mobile`}
              kind="mobile"
              label={t('signIn.mobile')}
              value={mobile}
              onChange={setMobile}
              describedBy={feedback?.tone === 'error' ? feedbackId : undefined}
            />
          ) : step === 'contact' ? (
            <ContactField
              ref={emailInput}
              id={`${ids}-email`}
              kind="email"
              label={t('signIn.email')}
              value={email}
              onChange={setEmail}
              describedBy={feedback?.tone === 'error' ? feedbackId : undefined}
            />
          ) : (
            <CodeField
              ref={codeInput}
              id={`${ids}-code`}
              hintId={hintId}
              label={t('signIn.code')}
              hint={t('signIn.codeHint')}
              value={code}
              onChange={(digits) => {
                setCode(digits);
                if (digits.length === CODE_LENGTH && digits !== code && !busy) void verify(digits);
              }}
            />
          )}

          <button
            type="submit"
            className={buttonClass('primary', 'w-full')}
            disabled={step === 'code' && code.length !== CODE_LENGTH}
          >
            {busy ? <Icon name="loader" className="size-4 animate-spin" /> : null}
            {step === 'contact' ? t('signIn.sendCode') : t('signIn.verify')}
          </button>

          {offerEmail && channel === 'sms' ? (
            <button
              type="button"
              className={buttonClass('secondary', 'w-full')}
              onClick={() => changeContact('email')}
            >
              {t('signIn.useEmail')}
            </button>
          ) : null}

          {step === 'code' ? (
            <div className="flex flex-wrap items-center justify-between gap-2">
              <button
                type="button"
                className={buttonClass('ghost', undefined, 'sm')}
                onClick={() => void sendCode()}
              >
                {t('signIn.resend')}
              </button>
              <button
                type="button"
                className={buttonClass('ghost', undefined, 'sm')}
                onClick={() => changeContact()}
              >
                {t(sentTo ? 'signIn.changeMobile' : 'signIn.changeEmail')}
              </button>
            </div>
          ) : null}
        </fieldset>
      </form>
    </section>
  );
}
