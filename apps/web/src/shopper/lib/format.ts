import type { Language } from '@nuqat/contracts';

/**
 * The loyalty page's copy of the back-office's formatting (src/lib/format.ts): the same locales
 * and time zone, so a shopper and the merchant read the same figures and dates. A copy, not an
 * import, so the page shares no chunk with the back-office; format.test.ts keeps them equal.
 */
const DISPLAY_TIME_ZONE = 'Asia/Riyadh';

// Latin digits in Arabic too: amounts, ids and codes read the same as on Salla's dashboard.
const LOCALES: Record<Language, string> = { ar: 'ar-SA-u-nu-latn', en: 'en-US' };

const numbers = new Map<string, Intl.NumberFormat>();
const dates = new Map<Language, Intl.DateTimeFormat>();

function numberFormat(language: Language, currency: boolean): Intl.NumberFormat {
  const key = `${language}|${currency}`;
  let format = numbers.get(key);
  if (!format) {
    format = new Intl.NumberFormat(
      LOCALES[language],
      currency
        ? { style: 'currency', currency: 'SAR', minimumFractionDigits: 0, maximumFractionDigits: 0 }
        : { maximumFractionDigits: 0 },
    );
    numbers.set(key, format);
  }
  return format;
}

function dateFormat(language: Language): Intl.DateTimeFormat {
  let format = dates.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[language], {
      timeZone: DISPLAY_TIME_ZONE,
      dateStyle: 'medium',
    });
    dates.set(language, format);
  }
  return format;
}

export function formatNumber(value: number, language: Language): string {
  return numberFormat(language, false).format(value);
}

/** A VIP tier's multiplier (percent from the API) as ×1.25. */
export function formatMultiplier(pct: number, language: Language): string {
  return `×${new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: 2 }).format(pct / 100)}`;
}

/** Saudi riyals with no decimals (spec §9). */
export function formatCurrency(amount: number, language: Language): string {
  return numberFormat(language, true).format(amount);
}

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(value: string | number | Date, language: Language): string {
  const date = toDate(value);
  return date ? dateFormat(language).format(date) : '';
}

// The API's formattedDate of history entries (apps/api/src/modules/shopper/shopper.service.ts):
// the entry the page adds after a redemption reads like the ones the API sent.
const HISTORY_LOCALES: Record<Language, string> = { ar: 'ar-SA-u-nu-latn-ca-gregory', en: 'en-GB' };
// Built on first use: a DateTimeFormat is costly to make, and most visits never need this one.
const historyDates = new Map<Language, Intl.DateTimeFormat>();

export function formatHistoryDate(value: string | number | Date, language: Language): string {
  const date = toDate(value);
  if (!date) return '';
  let format = historyDates.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(HISTORY_LOCALES[language], {
      timeZone: DISPLAY_TIME_ZONE,
      dateStyle: 'medium',
    });
    historyDates.set(language, format);
  }
  return format.format(date);
}
