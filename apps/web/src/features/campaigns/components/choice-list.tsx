import { useId, type ReactNode } from 'react';

export interface Choice {
  id: number;
  name: string;
}

/**
 * What a products campaign names (decisions 057 and 061): a checkbox per item the store knows, and
 * the ones the campaign already names that the store no longer lists, under the name they were
 * saved with, so they can be unticked.
 */
export function ChoiceList({
  testId,
  legend,
  known,
  chosen,
  selected,
  pending,
  pendingText,
  failure,
  empty,
  hint,
  error,
  onChange,
}: {
  testId: string;
  legend: string;
  known: Choice[];
  /** The campaign being edited: what it names, with their kept names. */
  chosen: Choice[];
  selected: number[];
  pending: boolean;
  pendingText: string;
  /** Shown instead of the list when nothing could be read and nothing is chosen. */
  failure?: ReactNode;
  /** Shown when there is nothing to choose. */
  empty: ReactNode;
  hint: string;
  error: string | null;
  onChange: (ids: number[]) => void;
}) {
  const errorId = useId();
  const listed = [...known, ...chosen.filter((c) => !known.some((k) => k.id === c.id))];
  const toggle = (id: number, on: boolean) =>
    onChange(on ? [...selected, id] : selected.filter((x) => x !== id));

  return (
    <fieldset
      className="space-y-2"
      aria-describedby={error ? errorId : undefined}
      data-testid={testId}
    >
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-100">{legend}</legend>
      {pending ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{pendingText}</p>
      ) : failure && listed.length === 0 ? (
        failure
      ) : listed.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
          {empty}
        </p>
      ) : (
        <ul className="grid max-h-64 gap-2 overflow-y-auto sm:grid-cols-2">
          {listed.map((item) => (
            <li key={item.id}>
              <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-slate-200 px-3 py-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:border-slate-700 dark:has-[:checked]:bg-brand-500/10">
                <input
                  type="checkbox"
                  className="size-5 shrink-0 accent-brand-600"
                  checked={selected.includes(item.id)}
                  onChange={(e) => toggle(item.id, e.target.checked)}
                />
                <span className="min-w-0 break-words text-sm">{item.name || `#${item.id}`}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-slate-500 dark:text-slate-400">{hint}</p>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
