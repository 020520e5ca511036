/**
 * Number fields are text inputs with a numeric keyboard, so Arabic-Indic digits (٠١٢, ۰۱۲) typed on
 * an Arabic keyboard count too. These read what was typed.
 */
const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

function normalise(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return '';
  return value
    .replace(EASTERN_DIGITS, (digit) => String((digit.charCodeAt(0) & 0xf) % 10))
    .replace(/[\u066B]/g, '.')
    .replace(/[\s,\u066C]/g, '')
    .trim();
}

/** Empty or not a number reads as NaN, which the schema reports as "required". */
export function parseNumber(value: unknown): number {
  const text = normalise(value);
  return text === '' ? Number.NaN : Number(text);
}

/** Empty means "no limit" (null); anything else must be a number. */
export function parseOptionalNumber(value: unknown): number | null {
  if (value === null) return null;
  return normalise(value) === '' ? null : parseNumber(value);
}
