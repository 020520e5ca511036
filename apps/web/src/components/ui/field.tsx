import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface FieldProps {
  id: string;
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  className?: string;
  /** Receives the ids the control must reference: aria-describedby and aria-invalid. */
  children: (control: { describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

/** A label, one control, an optional hint and the field's error, wired for screen readers. */
export function Field({ id, label, error, hint, className, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : null;
  const errorId = error ? `${id}-error` : null;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      {children({ describedBy, invalid: Boolean(error) })}
      {hint && !error ? (
        <p id={hintId ?? undefined} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p
          id={errorId ?? undefined}
          role="alert"
          className="text-sm font-medium text-red-600 dark:text-red-400"
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}
