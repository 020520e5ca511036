import { describe, expect, test } from 'vitest';
import {
  checkCustomRange,
  presetRange,
  rangeLength,
  readRange,
  riyadhToday,
  writeRange,
} from './date-range';

const TODAY = '2026-11-24';

describe('the analytics date range', () => {
  test("today is Riyadh's calendar day: 21:30 UTC is already tomorrow there", () => {
    expect(riyadhToday(new Date('2026-11-23T20:59:59Z'))).toBe('2026-11-23');
    expect(riyadhToday(new Date('2026-11-23T21:00:00Z'))).toBe('2026-11-24');
  });

  test('presets end today and span 7, 30 and 90 days, or the calendar year so far', () => {
    for (const [preset, from, days] of [
      ['7d', '2026-11-18', 7],
      ['30d', '2026-10-26', 30],
      ['90d', '2026-08-27', 90],
      ['year', '2026-01-01', 328],
    ] as const) {
      const range = presetRange(preset, TODAY);
      expect(range).toEqual({ from, to: TODAY });
      expect(rangeLength(range.from, range.to)).toBe(days);
    }
    // Across a leap day.
    expect(presetRange('7d', '2028-03-02')).toEqual({ from: '2028-02-25', to: '2028-03-02' });
  });

  test('a custom range is checked as the API checks it', () => {
    expect(checkCustomRange('2026-01-01', '2026-01-01')).toEqual({
      ok: true,
      from: '2026-01-01',
      to: '2026-01-01',
    });
    expect(checkCustomRange('', '2026-01-01')).toEqual({ ok: false, problem: 'missing' });
    expect(checkCustomRange('2026-1-01', '2026-01-05')).toEqual({
      ok: false,
      problem: 'invalidDate',
    });
    expect(checkCustomRange('2026-02-01', '2026-01-31')).toEqual({
      ok: false,
      problem: 'fromAfterTo',
    });
    // 731 days at most: 2025-01-01 … 2026-12-31 is 730 days, one more is refused.
    expect(checkCustomRange('2025-01-01', '2027-01-01').ok).toBe(true);
    expect(checkCustomRange('2025-01-01', '2027-01-02')).toEqual({ ok: false, problem: 'tooLong' });
  });

  test('the address gives the range: nothing, a preset, or from and to', () => {
    const read = (query: string) => readRange(new URLSearchParams(query), TODAY);
    expect(read('')).toEqual({
      selection: { kind: 'preset', preset: '30d' },
      from: '2026-10-26',
      to: TODAY,
      problem: null,
    });
    expect(read('range=90d')).toMatchObject({
      selection: { kind: 'preset', preset: '90d' },
      from: '2026-08-27',
      to: TODAY,
      problem: null,
    });
    expect(read('from=2026-03-01&to=2026-03-31')).toEqual({
      selection: { kind: 'custom', from: '2026-03-01', to: '2026-03-31' },
      from: '2026-03-01',
      to: '2026-03-31',
      problem: null,
    });
  });

  test('a range the API would refuse falls back to the last 30 days and says why', () => {
    const read = (query: string) => readRange(new URLSearchParams(query), TODAY);
    expect(read('from=2026-04-01&to=2026-03-01')).toMatchObject({
      selection: { kind: 'preset', preset: '30d' },
      from: '2026-10-26',
      problem: 'fromAfterTo',
    });
    expect(read('from=2026-03-01')).toMatchObject({ problem: 'missing' });
    expect(read('from=yesterday&to=today')).toMatchObject({ problem: 'invalidDate' });
    expect(read('range=forever')).toMatchObject({ problem: 'invalidDate', to: TODAY });
  });

  test('writing a range replaces the old one and keeps other parameters', () => {
    const start = new URLSearchParams('from=2026-01-01&to=2026-01-31&tab=x');
    expect(writeRange(start, { kind: 'preset', preset: '7d' }).toString()).toBe('tab=x&range=7d');
    expect(
      writeRange(new URLSearchParams('range=7d'), {
        kind: 'custom',
        from: '2026-02-01',
        to: '2026-02-28',
      }).toString(),
    ).toBe('from=2026-02-01&to=2026-02-28');
  });
});
