import { describe, expect, test } from 'vitest';
import { maskMobile, MobileSchema, normaliseMobile, normaliseStoredMobile } from './mobile.ts';

describe('normaliseMobile', () => {
  test.each([
    ['+966 50 123 4567', '+966501234567'],
    ['+966501234567', '+966501234567'],
    ['00966501234567', '+966501234567'],
    ['966501234567', '+966501234567'],
    ['0501234567', '+966501234567'],
    ['501234567', '+966501234567'],
    ['050-123-4567', '+966501234567'],
    ['(050) 123 4567', '+966501234567'],
    ['+966 050 123 4567', '+966501234567'],
    ['٠٥٠١٢٣٤٥٦٧', '+966501234567'],
    ['+٩٦٦ ٥٠ ١٢٣ ٤٥٦٧', '+966501234567'],
    ['۰۵۰۱۲۳۴۵۶۷', '+966501234567'],
    ['\u200e+966 50 123 4567\u200e', '+966501234567'],
    ['+971501234567', '+971501234567'],
    ['+20 100 123 4567', '+201001234567'],
  ])('%j → %s', (input, e164) => {
    expect(normaliseMobile(input)).toBe(e164);
  });

  test.each([
    '',
    '12345',
    '0401234567', // a Saudi landline
    '+966401234567',
    '+96650123456', // one digit short
    '05012345678', // one digit long
    '+0501234567',
    'abc0501234567',
    '0501234567x',
    '+1234567', // too short for any country
    '+1234567890123456', // longer than E.164
    'customer@example.com',
  ])('%j is not a mobile', (input) => {
    expect(normaliseMobile(input)).toBeNull();
  });

  test('the stored form (mobile_code + mobile) reads the same', () => {
    expect(normaliseStoredMobile('+966501234567')).toBe('+966501234567');
    expect(normaliseStoredMobile('+9660501234567')).toBe('+966501234567');
    expect(normaliseStoredMobile('501234567')).toBe('+966501234567');
    expect(normaliseStoredMobile(null)).toBeNull();
    expect(normaliseStoredMobile('')).toBeNull();
  });

  test('masking keeps the country and the last three digits', () => {
    expect(maskMobile('+966501234567')).toBe('+966 •••• 567');
  });

  test('the schema gives E.164 or a field error', () => {
    expect(MobileSchema.parse('٠٥٠١٢٣٤٥٦٧')).toBe('+966501234567');
    expect(MobileSchema.safeParse('12').success).toBe(false);
  });
});
