/** Joins class names, skipping falsy ones. */
export function cx(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

const BUTTON_BASE =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-4 text-sm font-semibold ' +
  'transition-colors select-none focus-visible:outline-2 focus-visible:outline-offset-2 ' +
  'focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60 ' +
  'dark:focus-visible:outline-brand-300';

const BUTTON_VARIANTS: Record<ButtonVariant, string> = {
  primary:
    'bg-brand-700 text-white shadow-sm enabled:hover:bg-brand-800 dark:bg-brand-400 ' +
    'dark:text-slate-950 dark:enabled:hover:bg-brand-300',
  secondary:
    'border border-slate-300 bg-white text-slate-800 enabled:hover:bg-slate-50 ' +
    'dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:enabled:hover:bg-slate-800',
  ghost:
    'text-slate-700 enabled:hover:bg-slate-100 dark:text-slate-200 dark:enabled:hover:bg-slate-800',
};

/** The page's buttons: at least 44 px high (a thumb on a phone), visible focus ring. */
export function buttonClass(variant: ButtonVariant = 'primary', extra?: string): string {
  return cx(BUTTON_BASE, BUTTON_VARIANTS[variant], extra);
}

/** A square icon-only button; its name comes from aria-label. */
export const ICON_BUTTON =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-slate-600 ' +
  'transition-colors enabled:hover:bg-slate-100 focus-visible:outline-2 ' +
  'focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60 ' +
  'dark:text-slate-300 dark:enabled:hover:bg-slate-800 dark:focus-visible:outline-brand-300';

export const CARD =
  'rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900';
