import type { Language } from '@nuqat/contracts';

/** Stored times are UTC; people read them in Riyadh time. */
export const DISPLAY_TIME_ZONE = 'Asia/Riyadh';

// Latin digits in Arabic too: amounts, ids and codes read the same as on Salla's dashboard.
const LOCALES: Record<Language, string> = { ar: 'ar-SA-u-nu-latn', en: 'en-US' };

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/** An `Intl.NumberFormat` made once per locale and options (making one is slow; lists use many). */
export function cachedNumberFormat(
  locale: string,
  options: Intl.NumberFormatOptions,
): Intl.NumberFormat {
  const key = `n|${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    cache.set(key, format);
  }
  return format;
}

/** An `Intl.DateTimeFormat` made once per locale and options. */
export function cachedDateFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `d|${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    cache.set(key, format);
  }
  return format;
}

const numberFormat = (language: Language, options: Intl.NumberFormatOptions) =>
  cachedNumberFormat(LOCALES[language], options);

const dateFormat = (language: Language, options: Intl.DateTimeFormatOptions) =>
  cachedDateFormat(LOCALES[language], { timeZone: DISPLAY_TIME_ZONE, ...options });

/**
 * Text someone typed (a reward's name, a shopper's) set inside a sentence, in plain-text places
 * where a <bdi> cannot go (toasts): first-strong isolation (U+2068 … U+2069) keeps its own
 * direction, so "10 SAR off" in an Arabic toast does not read "SAR off 10".
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

export function formatNumber(value: number, language: Language): string {
  return numberFormat(language, { maximumFractionDigits: 0 }).format(value);
}

/** A VIP tier's multiplier, kept in percent by the API (125), as a merchant reads it: ×1.25. */
export function formatMultiplier(pct: number, language: Language): string {
  return `×${numberFormat(language, { maximumFractionDigits: 2 }).format(pct / 100)}`;
}

/** Saudi riyals with no decimals (spec §9). */
export function formatCurrency(amount: number, language: Language): string {
  return numberFormat(language, {
    style: 'currency',
    currency: 'SAR',
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(amount);
}

/**
 * K from 1,000 and M from 1,000,000, with one decimal place (spec §9); smaller values as is. Arabic
 * reads its own words: "1.7 ألف", "2.2 مليون" (issue 27), not a Latin K or M.
 */
export function formatCompactNumber(value: number, language: Language): string {
  const oneDecimal = numberFormat(language, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const magnitude = Math.abs(value);
  const units = language === 'ar' ? (['\u00a0مليون', '\u00a0ألف'] as const) : (['M', 'K'] as const);
  if (magnitude >= 1_000_000) return `${oneDecimal.format(value / 1_000_000)}${units[0]}`;
  if (magnitude >= 1_000) return `${oneDecimal.format(value / 1_000)}${units[1]}`;
  return formatNumber(value, language);
}

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(value: Date | string | number, language: Language): string {
  const date = toDate(value);
  return date ? dateFormat(language, { dateStyle: 'medium' }).format(date) : '';
}

export function formatDateTime(value: Date | string | number, language: Language): string {
  const date = toDate(value);
  return date ? dateFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date) : '';
}

/** A whole hour of the day (e.g. support hours, already in Riyadh time) as "9 AM" / "9 ص". */
export function formatHour(hour: number, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], { hour: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(2000, 0, 1, hour),
  );
}
