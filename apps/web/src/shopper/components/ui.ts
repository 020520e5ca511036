/** Joins class names, skipping falsy ones. */
export function cx(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';
export type ButtonSize = 'md' | 'sm' | 'icon';

const BUTTON_BASE =
  'inline-flex items-center justify-center gap-2 rounded-xl text-sm font-semibold ' +
  'transition-colors select-none focus-visible:outline-2 focus-visible:outline-offset-2 ' +
  'focus-visible:outline-brand-600 disabled:cursor-not-allowed dark:focus-visible:outline-brand-300';

const BUTTON_VARIANTS: Record<ButtonVariant, string> = {
  // Off reads as off (grey), not as a faded call to action: "insufficient points" must not invite.
  primary:
    'bg-brand-700 text-white shadow-sm enabled:hover:bg-brand-800 disabled:bg-slate-200 ' +
    'disabled:text-slate-600 disabled:shadow-none dark:bg-brand-400 dark:text-slate-950 ' +
    'dark:enabled:hover:bg-brand-300 dark:disabled:bg-slate-800 dark:disabled:text-slate-300',
  secondary:
    'border border-slate-300 bg-white text-slate-800 enabled:hover:bg-slate-50 disabled:opacity-60 ' +
    'dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:enabled:hover:bg-slate-800',
  ghost:
    'text-slate-700 enabled:hover:bg-slate-100 disabled:opacity-60 dark:text-slate-200 ' +
    'dark:enabled:hover:bg-slate-800',
};

// Sizes are separate from `extra` on purpose: two utilities for one property (px-4 and px-3)
// do not override each other by their order in the class list, only by their order in the CSS.
const BUTTON_SIZES: Record<ButtonSize, string> = {
  md: 'min-h-11 px-4',
  sm: 'min-h-10 px-3',
  // Square on a phone, with its text next to the icon from the sm breakpoint.
  icon: 'size-11 shrink-0 sm:w-auto sm:px-3',
};

/** The page's buttons: at least 44 px high (a thumb on a phone), visible focus ring. */
export function buttonClass(
  variant: ButtonVariant = 'primary',
  extra?: string,
  size: ButtonSize = 'md',
): string {
  return cx(BUTTON_BASE, BUTTON_SIZES[size], BUTTON_VARIANTS[variant], extra);
}

const ICON_BUTTON_BASE =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-xl transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ' +
  'disabled:opacity-60 dark:focus-visible:outline-brand-300';

/** A square icon-only button; its name comes from aria-label. */
export const ICON_BUTTON =
  `${ICON_BUTTON_BASE} text-slate-600 enabled:hover:bg-slate-100 dark:text-slate-300 ` +
  'dark:enabled:hover:bg-slate-800';

/** The same on a red error banner. */
export const ICON_BUTTON_ON_ERROR =
  `${ICON_BUTTON_BASE} text-red-900 enabled:hover:bg-red-100 dark:text-red-100 ` +
  'dark:enabled:hover:bg-red-900';

export const CARD =
  'rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900';
