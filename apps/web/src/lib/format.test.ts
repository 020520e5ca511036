import { describe, expect, test } from 'vitest';
import { formatCompactNumber, formatCurrency, formatDate, formatDateTime } from './format';

describe('formatting', () => {
  test('riyal amounts have no decimals', () => {
    expect(formatCurrency(75, 'en')).toMatch(/^SAR\s?75$/);
    expect(formatCurrency(299.6, 'en')).toMatch(/300$/);
    expect(formatCurrency(1500, 'ar')).toContain('1,500');
    expect(formatCurrency(1500, 'ar')).not.toMatch(/\.\d/);
  });

  test('numbers are shortened with K from a thousand and M from a million, one decimal', () => {
    expect(formatCompactNumber(999, 'en')).toBe('999');
    expect(formatCompactNumber(1000, 'en')).toBe('1.0K');
    expect(formatCompactNumber(1540, 'en')).toBe('1.5K');
    expect(formatCompactNumber(187_500, 'en')).toBe('187.5K');
    expect(formatCompactNumber(1_000_000, 'en')).toBe('1.0M');
    expect(formatCompactNumber(2_460_000, 'ar')).toBe('2.5\u00a0مليون');
    expect(formatCompactNumber(1_700, 'ar')).toBe('1.7\u00a0ألف');
  });

  test('dates are shown in Riyadh time', () => {
    // 22:30 UTC on 31 Dec is already 1 Jan in Riyadh (UTC+3).
    expect(formatDate('2024-12-31T22:30:00Z', 'en')).toBe('Jan 1, 2025');
    expect(formatDateTime('2024-12-31T22:30:00Z', 'en')).toMatch(/Jan 1, 2025.*1:30\sAM/);
  });

  test('an unreadable date is shown as nothing rather than "Invalid Date"', () => {
    expect(formatDate('not a date', 'ar')).toBe('');
  });
});
