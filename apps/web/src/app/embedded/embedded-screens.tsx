import { CircleAlert, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@nuqat/contracts';
import { LogoMark } from '../../components/brand/logo';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { PASSING_FAILURES, type FailureReason } from './connect';

/** While the frame talks to Salla and the API: never without an end (decision 031). */
export function EmbeddedStatus({ phase }: { phase: 'connecting' | 'renewing' }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-slate-50 px-6 text-slate-600 dark:bg-slate-950 dark:text-slate-300"
    >
      <LogoMark className="size-12" />
      <p className="flex items-center gap-2 text-sm font-medium">
        <Spinner className="size-5 text-brand-600 dark:text-brand-400" />
        {t(`embedded.${phase}`)}
      </p>
    </div>
  );
}

export interface EmbeddedFailureProps {
  reason: FailureReason;
  /** Asks Salla for a new token (offered when the failure may pass). */
  onRetry: () => void;
}

/**
 * Why Nuqat could not open, in both languages — Arabic and English side by side, the frame's
 * language first — since the failure may come before Salla said which one the merchant reads.
 * A login outside Salla is offered in a new tab (no other page of Nuqat may be framed).
 */
export function EmbeddedFailure({ reason, onRetry }: EmbeddedFailureProps) {
  const { i18n } = useTranslation();
  const first: Language = i18n.language === 'en' ? 'en' : 'ar';
  const order: Language[] = first === 'en' ? ['en', 'ar'] : ['ar', 'en'];
  const passing = PASSING_FAILURES.has(reason);
  const fixed = (language: Language) => i18n.getFixedT(language, 'common');
  const message = (language: Language) =>
    reason.startsWith('EMBEDDED_')
      ? fixed(language)(`errors.${reason}` as 'errors.EMBEDDED_TOKEN_INVALID')
      : fixed(language)(`embedded.${reason}` as 'embedded.NOT_IN_SALLA');

  return (
    <main
      role="alert"
      data-testid="embedded-failure"
      data-reason={reason}
      className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-10 dark:bg-slate-950"
    >
      <div className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <CircleAlert aria-hidden="true" className="size-10 text-amber-500" />
        {order.map((language, index) => (
          <section
            key={language}
            lang={language}
            dir={language === 'ar' ? 'rtl' : 'ltr'}
            className={
              index === 0
                ? 'mt-3 text-start'
                : 'mt-5 border-t border-slate-200 pt-5 text-start dark:border-slate-800'
            }
          >
            <h1
              className={
                index === 0
                  ? 'text-lg font-bold text-slate-900 dark:text-white'
                  : 'text-base font-semibold text-slate-700 dark:text-slate-200'
              }
            >
              {fixed(language)('embedded.failedTitle')}
            </h1>
            <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-300">
              {message(language)}
            </p>
          </section>
        ))}
        <div className="mt-6 flex flex-wrap items-center gap-3">
          {passing ? (
            <Button onClick={onRetry}>
              <RotateCw aria-hidden="true" className="size-4" />
              {fixed(first)('embedded.retry')}
            </Button>
          ) : null}
          <a
            href={paths.login}
            target="_blank"
            rel="noopener"
            className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
          >
            {fixed(first)('embedded.login')}{' '}
            <span className="sr-only">{fixed(first)('embedded.opensInNewTab')}</span>
          </a>
        </div>
      </div>
    </main>
  );
}
