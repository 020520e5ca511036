import { useState } from 'react';
import type { EarnActionState } from '@nuqat/contracts';
import { errorText } from '../lib/error-text';
import { useI18n } from '../lib/i18n';
import { buttonClass } from './ui';

/**
 * A way to earn the shopper claims (docs/decisions/052), loaded only when the store offers one:
 * the button (a follow opens the store's profile too), or where the claim stands. The words come
 * from the API in the shopper's language, so the page's own bundle carries none of them.
 */
export default function EarnAction({
  id,
  action,
  onClaim,
}: {
  id: string;
  action: EarnActionState;
  onClaim: (id: string) => Promise<unknown>;
}) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const note = <p className="text-sm text-slate-600 dark:text-slate-400">{action.note}</p>;
  if (action.state !== 'open')
    return (
      <div data-testid="earn-action" data-state={action.state}>
        <p className="text-sm font-semibold text-emerald-700 dark:text-emerald-300">
          {action.label}
        </p>
        {action.note ? note : null}
      </div>
    );
  const claim = () => {
    setBusy(true);
    setError('');
    onClaim(id)
      .catch((caught: unknown) => setError(errorText(caught, t, 'errors.refreshFailed')))
      .finally(() => setBusy(false));
  };
  const look = buttonClass('secondary', undefined, 'sm');
  return (
    <div data-testid="earn-action" data-state="open" className="space-y-2 pt-1">
      {note}
      {action.url ? (
        <a
          href={action.url}
          target="_blank"
          rel="noopener noreferrer"
          className={look}
          aria-disabled={busy}
          onClick={busy ? (e) => e.preventDefault() : claim}
        >
          {action.label}
        </a>
      ) : (
        <button type="button" className={look} disabled={busy} onClick={claim}>
          {action.label}
        </button>
      )}
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
