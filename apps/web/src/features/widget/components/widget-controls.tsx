import type { ReactNode } from 'react';
import { Switch } from '../../../components/ui/switch';
import { cn } from '../../../lib/cn';

/** A titled group of the widget form's fields. */
export function Group({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="space-y-4 border-t border-slate-200 pt-5 first:border-0 first:pt-0 dark:border-slate-800">
      <h3 className="font-semibold text-slate-900 dark:text-white">{title}</h3>
      {children}
    </section>
  );
}

/** A labelled switch with an optional hint. */
export function Toggle(props: {
  id: string;
  label: string;
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-center justify-between gap-4">
      <div className="space-y-0.5">
        <label htmlFor={props.id} className="font-medium text-slate-900 dark:text-white">
          {props.label}
        </label>
        {props.hint ? (
          <p id={`${props.id}-hint`} className="text-sm text-slate-500 dark:text-slate-400">
            {props.hint}
          </p>
        ) : null}
      </div>
      <Switch
        id={props.id}
        checked={props.checked}
        disabled={props.disabled}
        aria-describedby={props.hint ? `${props.id}-hint` : undefined}
        onCheckedChange={props.onChange}
      />
    </div>
  );
}

/** One choice of a few, as radio buttons drawn as chips. */
export function Choices<T extends string>(props: {
  legend: string;
  name: string;
  value: T;
  options: { value: T; label: ReactNode }[];
  disabled?: boolean;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="space-y-2" disabled={props.disabled}>
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {props.legend}
      </legend>
      <div className="flex flex-wrap gap-2">
        {props.options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'cursor-pointer rounded-xl border px-3 py-2 text-sm font-medium transition-colors has-focus-visible:outline-2 has-focus-visible:outline-brand-600 has-disabled:cursor-not-allowed has-disabled:opacity-60',
              props.value === option.value
                ? 'border-brand-600 bg-brand-50 text-brand-900 dark:border-brand-400 dark:bg-brand-500/15 dark:text-brand-100'
                : 'border-slate-200 text-slate-700 hover:border-slate-300 dark:border-slate-700 dark:text-slate-200',
            )}
          >
            <input
              type="radio"
              name={props.name}
              value={option.value}
              checked={props.value === option.value}
              onChange={() => props.onChange(option.value)}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A segmented control of the preview (a radio group of buttons). */
export function Segmented<T extends string>(props: {
  label: string;
  value: T;
  options: { value: T; label: ReactNode }[];
  onChange: (value: T) => void;
}) {
  return (
    <div
      role="radiogroup"
      aria-label={props.label}
      className="inline-flex rounded-xl bg-slate-100 p-1 dark:bg-slate-800"
    >
      {props.options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="radio"
          aria-checked={props.value === option.value}
          onClick={() => props.onChange(option.value)}
          className={cn(
            'min-h-11 rounded-lg px-3 text-sm font-semibold',
            props.value === option.value
              ? 'bg-white text-brand-800 shadow-sm dark:bg-slate-950 dark:text-brand-200'
              : 'text-slate-600 dark:text-slate-300',
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
