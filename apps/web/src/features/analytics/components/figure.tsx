import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { NO_FIGURE } from '../lib/format-figures';

export interface FigureProps {
  label: string;
  /** The formatted value, or null when the API has nothing to divide by. */
  value: string | null;
  /** The full value, e.g. 12,345 behind "12.3K". */
  exact?: string;
  /** Why there is no value: shown under the dash. */
  noneReason?: string;
  /** The figure's definition, as docs/insights.md gives it. */
  help?: ReactNode;
  icon?: ReactNode;
  testId: string;
  className?: string;
}

/** One figure: label, value (or "—" with the reason) and its definition. */
export function Figure({
  label,
  value,
  exact,
  noneReason,
  help,
  icon,
  testId,
  className,
}: FigureProps) {
  const helpId = `${testId}-help`;
  return (
    <div
      data-testid={testId}
      className={cn(
        'flex h-full flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900',
        className,
      )}
    >
      <div className="flex items-center gap-2">
        {icon ? (
          <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-300">
            {icon}
          </span>
        ) : null}
        <p className="text-sm font-medium text-slate-600 dark:text-slate-300">{label}</p>
      </div>
      <p
        data-testid={`${testId}-value`}
        className="text-2xl font-bold text-slate-900 tabular-nums dark:text-white"
        title={exact}
        aria-describedby={help ? helpId : undefined}
      >
        <bdi>{value ?? NO_FIGURE}</bdi>
      </p>
      {value === null && noneReason ? (
        <p
          data-testid={`${testId}-none`}
          className="text-xs font-medium text-amber-700 dark:text-amber-300"
        >
          {noneReason}
        </p>
      ) : null}
      {help ? (
        <p id={helpId} className="text-xs leading-relaxed text-slate-500 dark:text-slate-400">
          {help}
        </p>
      ) : null}
    </div>
  );
}
