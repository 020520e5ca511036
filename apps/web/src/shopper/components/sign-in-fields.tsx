import type { Ref } from 'react';
import type { SHOPPER_CODE_LENGTH } from '@nuqat/contracts';
import type { SignInChannel } from '../lib/api';
import { useI18n } from '../lib/i18n';
import { cx } from './ui';

export const CODE_LENGTH: typeof SHOPPER_CODE_LENGTH = 6;

const FIELD =
  'block w-full rounded-xl border border-slate-300 bg-white px-3 text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100';
const LABEL = 'block text-sm font-medium text-slate-800 dark:text-slate-200';

/** Where the code goes, e-mail or SMS, in the order the store prefers. */
export function ChannelTabs({
  label,
  order,
  channel,
  onChoose,
}: {
  label: string;
  order: readonly SignInChannel[];
  channel: SignInChannel;
  onChoose: (via: SignInChannel) => void;
}) {
  const { t } = useI18n();
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1 dark:bg-slate-800"
    >
      {order.map((via) => (
        <button
          key={via}
          type="button"
          role="radio"
          aria-checked={channel === via}
          onClick={() => onChoose(via)}
          className={cx(
            'h-10 rounded-lg text-sm font-medium',
            channel === via
              ? 'bg-white text-brand-800 shadow-sm dark:bg-slate-950 dark:text-brand-200'
              : 'text-slate-600 dark:text-slate-300',
          )}
        >
          {t(via === 'sms' ? 'signIn.viaSms' : 'signIn.viaEmail')}
        </button>
      ))}
    </div>
  );
}

/** The e-mail or mobile number the code is sent to. */
export function ContactField({
  ref,
  id,
  kind,
  label,
  value,
  onChange,
  describedBy,
}: {
  ref: Ref<HTMLInputElement>;
  id: string;
  kind: 'email' | 'mobile';
  label: string;
  value: string;
  onChange: (value: string) => void;
  describedBy: string | undefined;
}) {
  const mobile = kind === 'mobile';
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        type={mobile ? 'tel' : 'email'}
        name={kind}
        autoComplete={mobile ? 'tel' : 'email'}
        inputMode={mobile ? 'tel' : 'email'}
        dir="ltr"
        required
        placeholder={mobile ? '05x xxx xxxx' : undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={describedBy}
        className={cx(FIELD, 'h-12 text-start text-base')}
      />
    </div>
  );
}

/** The six-digit code; typed or pasted ("Your code: 123 456" too), only its digits are kept. */
export function CodeField({
  ref,
  id,
  hintId,
  label,
  hint,
  value,
  onChange,
}: {
  ref: Ref<HTMLInputElement>;
  id: string;
  hintId: string;
  label: string;
  hint: string;
  value: string;
  onChange: (digits: string) => void;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9]*"
        dir="ltr"
        required
        value={value}
        onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
        aria-describedby={hintId}
        className={cx(FIELD, 'h-14 text-center font-mono text-2xl tracking-[0.5em]')}
      />
      <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
        {hint}
      </p>
    </div>
  );
}
