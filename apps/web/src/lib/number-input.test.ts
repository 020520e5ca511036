import { describe, expect, test } from 'vitest';
import { parseNumber, parseOptionalNumber } from './number-input';

describe('number inputs', () => {
  test('read Latin, Arabic-Indic and Persian digits alike', () => {
    expect(parseNumber('30')).toBe(30);
    expect(parseNumber('٣٠')).toBe(30);
    expect(parseNumber('۱۲۵')).toBe(125);
    expect(parseNumber(' 1,000 ')).toBe(1000);
    expect(parseNumber('12.5')).toBe(12.5);
  });

  test('anything that is not a number reads as NaN, never as 0 (decision 020)', () => {
    expect(parseNumber('abc')).toBeNaN();
    expect(parseNumber('12abc')).toBeNaN();
    expect(parseNumber('')).toBeNaN();
    expect(parseNumber('45')).toBe(45);
  });

  test('an empty optional field is null and junk stays invalid', () => {
    expect(parseOptionalNumber('')).toBeNull();
    expect(parseOptionalNumber('  ')).toBeNull();
    expect(parseOptionalNumber('7')).toBe(7);
    expect(parseOptionalNumber('x')).toBeNaN();
    expect(parseNumber('')).toBeNaN();
  });
});
