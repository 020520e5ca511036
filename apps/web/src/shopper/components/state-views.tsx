import { useI18n } from '../lib/i18n';
import { Icon } from './icons';
import { CARD, buttonClass, cx } from './ui';

/** A polite "loading" region: a spinner, and the text for screen readers and slow phones. */
export function LoadingView() {
  const { t } = useI18n();
  return (
    <div
      role="status"
      className="flex flex-col items-center justify-center gap-3 py-20 text-slate-600 dark:text-slate-300"
    >
      <Icon name="loader" className="size-8 animate-spin text-brand-600 dark:text-brand-300" />
      <span>{t('states.loading')}</span>
    </div>
  );
}

export interface ErrorViewProps {
  message: string;
  onRetry?: () => void;
}

/** A failure the page cannot get past alone; retry when there is something to retry. */
export function ErrorView({ message, onRetry }: ErrorViewProps) {
  const { t } = useI18n();
  return (
    <div role="alert" className={cx(CARD, 'flex flex-col items-center gap-4 p-6 text-center')}>
      <span className="grid size-12 place-items-center rounded-full bg-red-50 text-red-700 dark:bg-red-950 dark:text-red-300">
        <Icon name="alert" className="size-6" />
      </span>
      <p className="font-medium text-slate-800 dark:text-slate-100">{message}</p>
      {onRetry ? (
        <button type="button" className={buttonClass('primary')} onClick={onRetry}>
          <Icon name="refresh" className="size-4" />
          {t('states.retry')}
        </button>
      ) : null}
    </div>
  );
}
