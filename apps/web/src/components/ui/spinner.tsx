import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';

export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cn('animate-spin', className)} />;
}

export interface LoadingStateProps {
  label?: string;
  className?: string;
}

/** A polite "loading" region: visible spinner, announced text. */
export function LoadingState({ label, className }: LoadingStateProps) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className={cn(
        'flex items-center justify-center gap-3 py-16 text-slate-500 dark:text-slate-400',
        className,
      )}
    >
      <Spinner className="size-6 text-brand-600 dark:text-brand-400" />
      <span>{label ?? t('states.loading')}</span>
    </div>
  );
}
