import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlertTriangle, ExternalLink, PauseCircle } from 'lucide-react';
import { SUPPORT, type StoreInfo } from '@nuqat/contracts';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';

export type StoreState = 'reinstall' | 'inactive' | 'paused';

/** The most serious state of the store, or null when shoppers earn and redeem as usual. */
export function storeStateOf(
  info: Pick<StoreInfo, 'needsReinstall' | 'isEarning'> | undefined,
  programmeEnabled: boolean,
): StoreState | null {
  if (info?.needsReinstall) return 'reinstall';
  if (info && !info.isEarning) return 'inactive';
  if (!programmeEnabled) return 'paused';
  return null;
}

const TONES: Record<StoreState, string> = {
  reinstall:
    'border-red-200 bg-red-50 text-red-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-100',
  inactive:
    'border-red-200 bg-red-50 text-red-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-100',
  paused:
    'border-amber-200 bg-amber-50 text-amber-950 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-100',
};

const ACTION =
  'inline-flex min-h-11 items-center gap-2 self-start rounded-xl px-4 py-2 text-sm font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 sm:self-center';

/**
 * The one thing the merchant must not miss, on every back-office page: Salla disconnected the
 * store (nothing can be issued), the subscription is not active (shoppers earn and redeem
 * nothing), or the programme is paused. The most serious one is shown, with what fixes it.
 */
export function StoreStateBanner({ state }: { state: StoreState | null }) {
  const { t } = useTranslation('merchant');
  if (!state) return null;

  return (
    <section
      aria-labelledby="store-state-title"
      data-testid="store-state-banner"
      data-state={state}
      className={cn(
        'mb-6 flex flex-col gap-3 rounded-2xl border p-4 sm:flex-row sm:items-center sm:justify-between',
        TONES[state],
      )}
    >
      <div className="flex items-start gap-3">
        {state === 'paused' ? (
          <PauseCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        ) : (
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        )}
        <div>
          <h2 id="store-state-title" className="font-bold">
            {t(`storeState.${state}.title`)}
          </h2>
          <p className="text-sm">{t(`storeState.${state}.text`)}</p>
        </div>
      </div>
      {state === 'paused' ? (
        <Link
          to={paths.setpoints}
          className={cn(ACTION, 'bg-amber-700 hover:bg-amber-800 focus-visible:outline-amber-700')}
        >
          {t('storeState.paused.action')}
        </Link>
      ) : (
        <a
          href={SUPPORT.sallaAppStore}
          target="_blank"
          rel="noopener noreferrer"
          className={cn(ACTION, 'bg-red-700 hover:bg-red-800 focus-visible:outline-red-700')}
        >
          {t(`storeState.${state}.action`)}
          <ExternalLink aria-hidden="true" className="size-4" />
        </a>
      )}
    </section>
  );
}
