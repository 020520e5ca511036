import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'block min-h-24 w-full rounded-xl border border-slate-300 bg-white px-4 py-3 text-base text-slate-900 shadow-xs transition-colors placeholder:text-slate-400',
        'focus:border-brand-600 focus:ring-4 focus:ring-brand-600/15 focus:outline-none',
        'disabled:cursor-not-allowed disabled:bg-slate-100 aria-invalid:border-red-500',
        'dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500 dark:focus:border-brand-400',
        className,
      )}
      {...props}
    />
  );
}
