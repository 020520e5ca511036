/** A group of checkboxes with a legend (an API key's scopes, an endpoint's events). */
export function CheckboxGroup<T extends string>({
  legend,
  name,
  options,
  selected,
  onChange,
  labelOf,
  hintOf,
}: {
  legend: string;
  name: string;
  options: readonly T[];
  selected: T[];
  onChange: (next: T[]) => void;
  labelOf: (option: T) => string;
  hintOf?: (option: T) => string;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-200">
        {legend}
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option}
            className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3 has-checked:border-brand-500 has-checked:bg-brand-50/60 dark:border-slate-800 dark:has-checked:border-brand-400 dark:has-checked:bg-brand-500/10"
          >
            <input
              type="checkbox"
              name={name}
              value={option}
              checked={selected.includes(option)}
              onChange={(e) =>
                onChange(
                  e.target.checked ? [...selected, option] : selected.filter((s) => s !== option),
                )
              }
              className="mt-1 size-4 accent-brand-600"
            />
            <span className="min-w-0">
              <span className="block text-sm font-medium text-slate-900 dark:text-white">
                {labelOf(option)}
              </span>
              {hintOf ? (
                <span className="block text-xs text-slate-500 dark:text-slate-400">
                  {hintOf(option)}
                </span>
              ) : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
