import { describe, expect, test } from 'vitest';
import { ERROR_CODES, ERROR_MESSAGES, ERROR_STATUS } from './errors.ts';
import { formatWait } from './wait.ts';
import { PLANS } from './plans.ts';

describe('error catalogue', () => {
  test('every code has a status and a non-empty Arabic and English message', () => {
    for (const code of ERROR_CODES) {
      expect(ERROR_STATUS[code], code).toBeGreaterThanOrEqual(400);
      expect(ERROR_MESSAGES[code].ar.trim(), code).not.toBe('');
      expect(ERROR_MESSAGES[code].en.trim(), code).not.toBe('');
      expect(ERROR_MESSAGES[code].ar, `${code} Arabic text`).toMatch(/[\u0600-\u06FF]/);
    }
  });

  test('one name per thing (decision 022): customers and email in English, «تعذّر» and «ًا» in Arabic', () => {
    for (const code of ERROR_CODES) {
      const { ar, en } = ERROR_MESSAGES[code];
      expect(en, code).not.toMatch(/\b(shoppers?|members?)\b|e-mail/i);
      expect(ar, code).not.toMatch(/فشل في|الأعضاء|اً/);
    }
  });

  test('codes are stable UPPER_SNAKE names', () => {
    for (const code of ERROR_CODES) expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
  });
});

describe('plans', () => {
  test('growth includes every starter feature and only growth is highlighted', () => {
    for (const feature of PLANS.starter.features) expect(PLANS.growth.features).toContain(feature);
    expect(PLANS.growth.highlight).toBe(true);
    expect(PLANS.starter.highlight).toBe(false);
    expect(PLANS.starter.monthlyOrderLimit).toBe(1000);
    expect(PLANS.growth.monthlyOrderLimit).toBeNull();
  });
});

describe('formatWait: a rate limit says how long in words a person uses (issue 27)', () => {
  test.each([
    [1, 'ثانية واحدة', '1 second'],
    [2, 'ثانيتين', '2 seconds'],
    [42, '42 ثانية', '42 seconds'],
    [60, 'دقيقة واحدة', '1 minute'],
    [874, 'نحو 15 دقيقة', 'about 15 minutes'],
    [300, 'نحو 5 دقائق', 'about 5 minutes'],
    [7200, 'نحو ساعتين', 'about 2 hours'],
    [36_000, 'نحو 10 ساعات', 'about 10 hours'],
  ])('%i seconds: «%s» / "%s"', (seconds, ar, en) => {
    expect(formatWait(seconds, 'ar')).toBe(ar);
    expect(formatWait(seconds, 'en')).toBe(en);
  });

  test('the API message carries it, never the raw seconds', () => {
    expect(ERROR_MESSAGES.RATE_LIMITED.en.replace('{{wait}}', formatWait(874, 'en'))).toBe(
      'Too many attempts. Try again in about 15 minutes.',
    );
  });
});
