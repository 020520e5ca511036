import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export type BadgeTone = 'green' | 'red' | 'yellow' | 'blue' | 'grey';

const tones: Record<BadgeTone, string> = {
  green:
    'bg-emerald-100 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-900/40 dark:text-emerald-200',
  red: 'bg-red-100 text-red-800 ring-red-600/20 dark:bg-red-900/40 dark:text-red-200',
  yellow: 'bg-amber-100 text-amber-800 ring-amber-600/20 dark:bg-amber-900/40 dark:text-amber-200',
  blue: 'bg-sky-100 text-sky-800 ring-sky-600/20 dark:bg-sky-900/40 dark:text-sky-200',
  grey: 'bg-slate-100 text-slate-700 ring-slate-500/20 dark:bg-slate-800 dark:text-slate-300',
};

export interface BadgeProps {
  tone: BadgeTone;
  children: ReactNode;
  className?: string;
}

export function Badge({ tone, children, className }: BadgeProps) {
  return (
    <span
      data-tone={tone}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset',
        tones[tone],
        className,
      )}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {children}
    </span>
  );
}
