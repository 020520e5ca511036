import type { Language } from '@nuqat/contracts';
import { cachedDateFormat, cachedNumberFormat, formatCompactNumber } from '../../../lib/format';

/**
 * Formatting the analytics figures need beyond lib/format: percentages, compact riyals, a point's
 * value in riyals, and Gregorian month and day names (the API's months and days are Gregorian; a
 * plain ar-SA locale may pick the Hijri calendar).
 */

const LOCALES: Record<Language, string> = {
  ar: 'ar-SA-u-ca-gregory-nu-latn',
  en: 'en-US',
};

/** The placeholder shown for a figure the API answers null (nothing to divide by). */
export const NO_FIGURE = '—';

const numberFormat = (language: Language, options: Intl.NumberFormatOptions) =>
  cachedNumberFormat(LOCALES[language], options);

const dateFormat = (language: Language, options: Intl.DateTimeFormatOptions) =>
  cachedDateFormat(LOCALES[language], { timeZone: 'UTC', ...options });

/** A rate the API gives as a percentage with one decimal (12.5 → "12.5%"); null → "—". */
export function formatPercent(value: number | null, language: Language): string {
  if (value === null) return NO_FIGURE;
  return numberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);
}

/** A signed change, e.g. revenue growth: "+12.5%", "−3%". */
export function formatSignedPercent(value: number | null, language: Language): string {
  if (value === null) return NO_FIGURE;
  return numberFormat(language, {
    style: 'percent',
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  }).format(value / 100);
}

/**
 * Riyals without decimals, shortened as spec §9 says (K from 1,000, M from 1,000,000, one
 * decimal), the currency placed where the language puts it: "SAR 12.5K", "12.5K ر.س.".
 */
export function formatCompactCurrency(amount: number, language: Language): string {
  const parts = numberFormat(language, {
    style: 'currency',
    currency: 'SAR',
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).formatToParts(amount);
  const compact = formatCompactNumber(Math.abs(amount), language);
  let placed = false;
  return parts
    .map((part) => {
      if (part.type === 'integer' || part.type === 'group' || part.type === 'decimal') {
        if (placed) return '';
        placed = true;
        return compact;
      }
      if (part.type === 'fraction') return '';
      return part.value;
    })
    .join('');
}

/** A point's worth in riyals, which is usually a fraction: up to two decimals ("0.1 SAR"). */
export function formatPointValue(amount: number, language: Language): string {
  return numberFormat(language, {
    style: 'currency',
    currency: 'SAR',
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  }).format(amount);
}

function monthDate(month: string): Date {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, index - 1, 1));
}

/** "2026-06" → "يونيو 2026" / "June 2026". */
export function formatMonth(month: string, language: Language): string {
  return dateFormat(language, { month: 'long', year: 'numeric' }).format(monthDate(month));
}

/** "2026-06" → "يونيو" / "Jun": the chart's axis. */
export function formatShortMonth(month: string, language: Language): string {
  return dateFormat(language, { month: 'short' }).format(monthDate(month));
}

/** A calendar day "2026-06-01" as "1 يونيو 2026" / "Jun 1, 2026". */
export function formatDay(day: string, language: Language): string {
  return dateFormat(language, { day: 'numeric', month: 'short', year: 'numeric' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** "a, b and c" / "أ، ب و ج" for a chart's spoken description. */
export function formatList(items: readonly string[], language: Language): string {
  return new Intl.ListFormat(LOCALES[language], { style: 'narrow', type: 'unit' }).format(items);
}

/** A figure with up to `digits` decimals (orders per customer, a ratio), Latin digits as elsewhere. */
export function formatDecimal(value: number, language: Language, digits = 2): string {
  return numberFormat(language, { maximumFractionDigits: digits }).format(value);
}
