import { riyadhMinuteToDate, type Language } from '@nuqat/contracts';
import { cachedDateFormat } from '../../../lib/format';

/**
 * Campaign dates in the Gregorian calendar in both languages (a campaign's window is typed as a
 * Gregorian date; `ar-SA` alone would show Umm al-Qura dates), Latin digits as elsewhere.
 */
export function gregorianFormat(language: Language, options: Intl.DateTimeFormatOptions) {
  return cachedDateFormat(language === 'ar' ? 'ar-SA-u-ca-gregory-nu-latn' : 'en-GB', options);
}

/** A Riyadh minute (`YYYY-MM-DDTHH:mm`) as "23 Sep 2026, 00:00". */
export function formatRiyadhMinute(value: string, language: Language): string {
  const at = riyadhMinuteToDate(value);
  if (Number.isNaN(at.getTime())) return value;
  return gregorianFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Riyadh',
  }).format(at);
}

/** A `YYYY-MM-DD` day as "23 Sep", with its year when it is not `thisYear`'s. */
export function formatDay(day: string, language: Language, thisYear: number): string {
  const withYear = Number(day.slice(0, 4)) !== thisYear;
  return gregorianFormat(language, {
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}
