import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';

export interface LogoProps {
  className?: string;
  /** Light text for dark or coloured backgrounds. */
  inverted?: boolean;
}

/** Three dots (نقاط means "points" and "dots") next to the product name. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" className={cn('size-9 shrink-0', className)}>
      <rect width="40" height="40" rx="12" className="fill-brand-700 dark:fill-brand-500" />
      <circle cx="14" cy="14" r="4" className="fill-white dark:fill-slate-950" />
      <circle cx="26" cy="14" r="4" className="fill-amber-400" />
      <circle cx="20" cy="26" r="4" className="fill-white dark:fill-slate-950" />
    </svg>
  );
}

export function Logo({ className, inverted = false }: LogoProps) {
  const { t } = useTranslation();
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <LogoMark />
      <span
        className={cn(
          'text-xl font-extrabold tracking-tight',
          inverted ? 'text-white' : 'text-slate-900 dark:text-white',
        )}
      >
        {t('appName')}
      </span>
    </span>
  );
}
