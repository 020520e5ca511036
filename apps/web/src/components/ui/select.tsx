import type { ComponentProps } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '../../lib/cn';

/** A native select in the look of Input: the platform's own picker on phones. */
export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className={cn('relative', className)}>
      <select
        className={cn(
          'block h-12 w-full appearance-none rounded-xl border border-slate-300 bg-white ps-4 pe-10 text-base text-slate-900 shadow-xs transition-colors',
          'focus:border-brand-600 focus:ring-4 focus:ring-brand-600/15 focus:outline-none',
          'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 aria-invalid:border-red-500',
          'dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:focus:border-brand-400 dark:disabled:bg-slate-800',
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 end-3 my-auto size-4 text-slate-500"
      />
    </div>
  );
}
