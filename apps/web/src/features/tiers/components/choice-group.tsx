import { cn } from '../../../lib/cn';

interface ChoiceGroupProps<V extends string> {
  legend: string;
  name: string;
  value: V;
  options: Array<{ value: V; label: string; hint: string }>;
  onChange: (value: V) => void;
}

/** Radio cards: one choice for the whole programme, each with a line that says what it means. */
export function ChoiceGroup<V extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: ChoiceGroupProps<V>) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex min-h-11 cursor-pointer flex-col gap-1 rounded-xl border p-3 text-sm transition-colors has-focus-visible:outline-2 has-focus-visible:outline-brand-600',
              value === option.value
                ? 'border-brand-600 bg-brand-50 text-brand-900 dark:border-brand-400 dark:bg-brand-500/15 dark:text-brand-100'
                : 'border-slate-200 text-slate-700 hover:border-slate-300 dark:border-slate-700 dark:text-slate-200',
            )}
          >
            <input
              type="radio"
              name={`tiers-${name}`}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            <span className="font-semibold">{option.label}</span>
            <span className="text-xs opacity-80">{option.hint}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
