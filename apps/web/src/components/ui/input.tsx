import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

// Sizing lives in the variants below, never in `className`: without a class merger, two
// utilities for the same property would be decided by stylesheet order, not by intent.
const base =
  'block w-full rounded-xl border border-slate-300 bg-white text-slate-900 ' +
  'placeholder:text-slate-400 shadow-xs transition-colors ' +
  'focus:border-brand-600 focus:outline-none focus:ring-4 focus:ring-brand-600/15 ' +
  'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 ' +
  'aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/15 ' +
  'dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500 ' +
  'dark:focus:border-brand-400 dark:focus:ring-brand-400/20 dark:disabled:bg-slate-800 ' +
  'dark:aria-invalid:border-red-400';

const variants = {
  default: 'h-12 text-base',
  /** One-time codes: large, centred, evenly spaced digits. */
  code: 'h-14 text-center font-mono text-2xl tracking-[0.5em]',
} as const;

export interface InputProps extends ComponentProps<'input'> {
  variant?: keyof typeof variants;
  /** Leaves room at the inline end for a button inside the field (show/hide password). */
  endButton?: boolean;
}

export function Input({ variant = 'default', endButton = false, className, ...props }: InputProps) {
  return (
    <input
      className={cn(base, variants[variant], 'ps-4', endButton ? 'pe-12' : 'pe-4', className)}
      {...props}
    />
  );
}

/**
 * A whole-number field: numeric keypad on phones, digits written left to right and aligned to
 * the end of the line in Arabic, no browser autofill.
 */
export function NumberInput({ className, ...props }: Omit<InputProps, 'variant'>) {
  return (
    <Input
      inputMode="numeric"
      dir="ltr"
      autoComplete="off"
      className={cn('rtl:text-end', className)}
      {...props}
    />
  );
}
