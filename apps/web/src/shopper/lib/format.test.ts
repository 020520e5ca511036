import { describe, expect, test } from 'vitest';
import * as backOffice from '../../lib/format';
import * as shopper from './format';

// The loyalty page keeps its own copy of the formatting so it shares no chunk with the
// back-office; a shopper and the merchant must still read the same figures and dates.
describe('loyalty page formatting', () => {
  const numbers = [0, 7, 1234, 1_250_000, -200];
  const dates = [
    '2026-11-23T10:00:00.000Z',
    '2026-12-31T20:59:59.000Z',
    '2027-01-01T00:30:00.000Z',
  ];

  test.each(['ar', 'en'] as const)('%s numbers and riyals match the back-office', (language) => {
    for (const value of numbers) {
      expect(shopper.formatNumber(value, language)).toBe(backOffice.formatNumber(value, language));
      expect(shopper.formatCurrency(value, language)).toBe(
        backOffice.formatCurrency(value, language),
      );
    }
  });

  test.each(['ar', 'en'] as const)('%s tier multipliers match the back-office', (language) => {
    for (const pct of [100, 125, 150, 1000, 133]) {
      expect(shopper.formatMultiplier(pct, language)).toBe(
        backOffice.formatMultiplier(pct, language),
      );
    }
    expect(shopper.formatMultiplier(125, language)).toBe('×1.25');
  });

  test.each(['ar', 'en'] as const)('%s dates match the back-office (Riyadh time)', (language) => {
    for (const value of dates) {
      expect(shopper.formatDate(value, language)).toBe(backOffice.formatDate(value, language));
    }
    expect(shopper.formatDate('not a date', language)).toBe('');
  });

  test('Arabic uses Latin digits, like the back-office and Salla', () => {
    expect(shopper.formatNumber(1234, 'ar')).toBe('1,234');
  });

  test("the page's own history entry is dated like the API's (Gregorian, medium, Riyadh)", () => {
    // apps/api/src/modules/shopper/shopper.service.ts formats history dates this way.
    expect(shopper.formatHistoryDate('2026-11-23T22:30:00.000Z', 'en')).toBe('24 Nov 2026');
    expect(shopper.formatHistoryDate('2026-11-23T10:00:00.000Z', 'ar')).toBe(
      new Intl.DateTimeFormat('ar-SA-u-nu-latn-ca-gregory', {
        timeZone: 'Asia/Riyadh',
        dateStyle: 'medium',
      }).format(new Date('2026-11-23T10:00:00.000Z')),
    );
  });
});
