import { CircleAlert, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useMessageText, type Message } from '../../lib/messages';
import { Button } from './button';

export interface ErrorStateProps {
  message: Message;
  onRetry?: () => void;
  retrying?: boolean;
}

export function ErrorState({ message, onRetry, retrying = false }: ErrorStateProps) {
  const { t } = useTranslation();
  const text = useMessageText();
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-4 rounded-2xl border border-red-200 bg-red-50 px-6 py-10 text-center dark:border-red-900/60 dark:bg-red-950/40"
    >
      <CircleAlert aria-hidden="true" className="size-8 text-red-600 dark:text-red-400" />
      <p className="font-medium text-red-800 dark:text-red-200">{text(message)}</p>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry} loading={retrying} disabled={retrying}>
          {retrying ? null : <RefreshCw aria-hidden="true" className="size-4" />}
          {t('states.retry')}
        </Button>
      ) : null}
    </div>
  );
}
