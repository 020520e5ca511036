import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarRange, TriangleAlert } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import {
  MAX_RANGE_DAYS,
  RANGE_PRESETS,
  checkCustomRange,
  type RangePreset,
  type RangeProblem,
  type RangeSelection,
} from '../lib/date-range';
import { formatDay } from '../lib/format-figures';
import { useLanguage } from '../lib/language';

type Mode = RangePreset | 'custom';

export interface RangePickerProps {
  selection: RangeSelection;
  /** The days shown now (the API's answer once it came, else what the selection means today). */
  from: string;
  to: string;
  /** Why the address's range was not used, if it was not. */
  linkProblem: RangeProblem | null;
  onChange: (selection: RangeSelection) => void;
}

/** A preset (last 7/30/90 days, this year) or a custom from–to, checked like the API checks it. */
export function RangePicker({ selection, from, to, linkProblem, onChange }: RangePickerProps) {
  const { t } = useTranslation('analytics');
  const language = useLanguage();
  const [mode, setMode] = useState<Mode>(selection.kind === 'custom' ? 'custom' : selection.preset);
  const [customFrom, setCustomFrom] = useState(from);
  const [customTo, setCustomTo] = useState(to);
  const [problem, setProblem] = useState<RangeProblem | null>(null);

  const problemText = (p: RangeProblem) =>
    t(`range.problems.${p}`, { days: String(MAX_RANGE_DAYS) });

  function handleMode(next: Mode) {
    setMode(next);
    setProblem(null);
    if (next === 'custom') {
      setCustomFrom(from);
      setCustomTo(to);
    } else {
      onChange({ kind: 'preset', preset: next });
    }
  }

  function handleApply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkCustomRange(customFrom, customTo);
    if (!checked.ok) {
      setProblem(checked.problem);
      return;
    }
    setProblem(null);
    onChange({ kind: 'custom', from: checked.from, to: checked.to });
  }

  return (
    <section className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="w-full sm:max-w-xs">
          <label
            htmlFor="analytics-range"
            className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200"
          >
            {t('range.label')}
          </label>
          <Select
            id="analytics-range"
            value={mode}
            onChange={(event) => handleMode(event.target.value as Mode)}
          >
            {RANGE_PRESETS.map((preset) => (
              <option key={preset} value={preset}>
                {t(`range.presets.${preset}`)}
              </option>
            ))}
            <option value="custom">{t('range.presets.custom')}</option>
          </Select>
        </div>
        <p
          data-testid="range-text"
          className="flex items-center gap-2 text-sm font-medium text-slate-600 dark:text-slate-300"
        >
          <CalendarRange
            aria-hidden="true"
            className="size-4 shrink-0 text-brand-700 dark:text-brand-300"
          />
          {t('range.showing', { from: formatDay(from, language), to: formatDay(to, language) })}
        </p>
      </div>

      {mode === 'custom' ? (
        <form
          noValidate
          onSubmit={handleApply}
          className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
        >
          <Field
            id="analytics-from"
            label={t('range.from')}
            error={problem ? problemText(problem) : null}
          >
            {({ describedBy, invalid }) => (
              <Input
                id="analytics-from"
                type="date"
                value={customFrom}
                onChange={(event) => setCustomFrom(event.target.value)}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                dir="ltr"
              />
            )}
          </Field>
          <Field id="analytics-to" label={t('range.to')}>
            {({ describedBy }) => (
              <Input
                id="analytics-to"
                type="date"
                value={customTo}
                onChange={(event) => setCustomTo(event.target.value)}
                aria-describedby={describedBy}
                aria-invalid={problem ? true : undefined}
                dir="ltr"
              />
            )}
          </Field>
          <Button type="submit" className="sm:mt-7">
            {t('range.apply')}
          </Button>
        </form>
      ) : null}

      {linkProblem ? (
        <p
          role="status"
          className="flex items-start gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('range.linkProblem', { reason: problemText(linkProblem) })}
        </p>
      ) : null}
    </section>
  );
}
