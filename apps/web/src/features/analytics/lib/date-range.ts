import { ANALYTICS_MAX_DAYS, AnalyticsQuerySchema } from '@nuqat/contracts';

/**
 * The analytics screen's date range: a preset relative to today (Riyadh, as the API counts
 * days) or a custom from–to, kept in the URL's query so a reload or a shared link shows the same.
 *   ?range=7d | 30d | 90d | year      a preset
 *   ?from=YYYY-MM-DD&to=YYYY-MM-DD     a custom range (both days included)
 * No parameter means the API's default, the last 30 days.
 */

export const RANGE_PRESETS = ['7d', '30d', '90d', 'year'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const DEFAULT_PRESET: RangePreset = '30d';

export type RangeSelection =
  { kind: 'preset'; preset: RangePreset } | { kind: 'custom'; from: string; to: string };

/** Why a custom range cannot be asked for; each has a message in the catalogue. */
export type RangeProblem = 'missing' | 'invalidDate' | 'fromAfterTo' | 'tooLong';

export interface ResolvedRange {
  selection: RangeSelection;
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const RIYADH_OFFSET_MS = 3 * 3_600_000;

/** Today's calendar day in Riyadh (UTC+3, no daylight saving), as the API reckons days. */
export function riyadhToday(now: Date = new Date()): string {
  return new Date(now.getTime() + RIYADH_OFFSET_MS).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export function rangeLength(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
}

export function presetRange(preset: RangePreset, today: string): { from: string; to: string } {
  switch (preset) {
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case '90d':
      return { from: addDays(today, -89), to: today };
    case 'year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

/** A custom range checked by the API's own schema (valid days, from ≤ to, at most 731 days). */
export function checkCustomRange(
  from: string,
  to: string,
): { ok: true; from: string; to: string } | { ok: false; problem: RangeProblem } {
  if (!from || !to) return { ok: false, problem: 'missing' };
  const parsed = AnalyticsQuerySchema.safeParse({ from, to });
  if (parsed.success) return { ok: true, from, to };
  const issues = parsed.error.issues;
  if (issues.some((issue) => issue.code === 'invalid_format')) {
    return { ok: false, problem: 'invalidDate' };
  }
  if (issues.some((issue) => issue.path[0] === 'from'))
    return { ok: false, problem: 'fromAfterTo' };
  return { ok: false, problem: 'tooLong' };
}

export const MAX_RANGE_DAYS = ANALYTICS_MAX_DAYS;

function isPreset(value: string | null): value is RangePreset {
  return value !== null && (RANGE_PRESETS as readonly string[]).includes(value);
}

/**
 * The range a URL asks for. A link whose range the API would refuse falls back to the default and
 * says why (`problem`), rather than showing an error for a typo in the address.
 */
export function readRange(
  params: URLSearchParams,
  today: string,
): ResolvedRange & { problem: RangeProblem | null } {
  const fallback = (problem: RangeProblem | null) => ({
    selection: { kind: 'preset', preset: DEFAULT_PRESET } as const,
    ...presetRange(DEFAULT_PRESET, today),
    problem,
  });
  const from = params.get('from');
  const to = params.get('to');
  if (from !== null || to !== null) {
    const checked = checkCustomRange(from ?? '', to ?? '');
    if (!checked.ok) return fallback(checked.problem);
    const { from: start, to: end } = checked;
    return {
      selection: { kind: 'custom', from: start, to: end },
      from: start,
      to: end,
      problem: null,
    };
  }
  const preset = params.get('range');
  if (preset === null) return fallback(null);
  if (!isPreset(preset)) return fallback('invalidDate');
  return { selection: { kind: 'preset', preset }, ...presetRange(preset, today), problem: null };
}

/** The query string for a selection; other parameters of the page are kept. */
export function writeRange(params: URLSearchParams, selection: RangeSelection): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('range');
  next.delete('from');
  next.delete('to');
  if (selection.kind === 'preset') next.set('range', selection.preset);
  else {
    next.set('from', selection.from);
    next.set('to', selection.to);
  }
  return next;
}
