import { describe, expect, test } from 'vitest';
import {
  formatCompactCurrency,
  formatDay,
  formatMonth,
  formatPercent,
  formatPointValue,
  formatShortMonth,
  formatSignedPercent,
} from './format-figures';

// Arabic output carries direction marks around numbers; compare what a reader sees.
const visible = (text: string) =>
  text
    .replace(/[\u200e\u200f\u061c\u00a0]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('analytics number formatting', () => {
  test('rates are the API percentage with at most one decimal; null is a dash', () => {
    expect(formatPercent(12.5, 'en')).toBe('12.5%');
    expect(formatPercent(100, 'en')).toBe('100%');
    expect(formatPercent(0, 'en')).toBe('0%');
    expect(formatPercent(null, 'en')).toBe('—');
    expect(visible(formatPercent(12.5, 'ar'))).toBe('12.5٪');
    expect(formatSignedPercent(8.3, 'en')).toBe('+8.3%');
    expect(formatSignedPercent(-8.3, 'en')).toBe('-8.3%');
    expect(formatSignedPercent(null, 'ar')).toBe('—');
  });

  test('riyals without decimals, K from 1,000 and M from 1,000,000 with one decimal', () => {
    expect(visible(formatCompactCurrency(999, 'en'))).toBe('SAR 999');
    expect(visible(formatCompactCurrency(999.6, 'en'))).toBe('SAR 1,000');
    expect(visible(formatCompactCurrency(1000, 'en'))).toBe('SAR 1.0K');
    expect(visible(formatCompactCurrency(187654.3, 'en'))).toBe('SAR 187.7K');
    expect(visible(formatCompactCurrency(2_500_000, 'en'))).toBe('SAR 2.5M');
    expect(visible(formatCompactCurrency(0, 'en'))).toBe('SAR 0');
    expect(visible(formatCompactCurrency(187654.3, 'ar'))).toBe('187.7 ألف ر.س.');
    expect(visible(formatCompactCurrency(450, 'ar'))).toBe('450 ر.س.');
  });

  test("a point's value keeps its halalas", () => {
    expect(visible(formatPointValue(0.1, 'en'))).toBe('SAR 0.1');
    expect(visible(formatPointValue(0.125, 'en'))).toBe('SAR 0.13');
    expect(visible(formatPointValue(2, 'en'))).toBe('SAR 2');
  });

  test('months and days are Gregorian, named in the language, Latin digits', () => {
    expect(formatMonth('2026-06', 'en')).toBe('June 2026');
    expect(formatMonth('2026-06', 'ar')).toBe('يونيو 2026');
    expect(formatMonth('2026-01', 'ar')).toBe('يناير 2026');
    expect(formatShortMonth('2026-12', 'en')).toBe('Dec');
    expect(formatDay('2026-11-24', 'en')).toBe('Nov 24, 2026');
    expect(visible(formatDay('2026-11-24', 'ar'))).toBe('24 نوفمبر 2026');
  });
});
