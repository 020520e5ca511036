import { describe, expect, test } from 'vitest';
import type { Language } from '@nuqat/contracts';
import { CATALOGUES, createTranslator, type Message } from '../lib/i18n';

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? '').sort();

/** A message's placeholders; for a plural message, those of all its forms together. */
function placeholdersOf(message: Message): string[] {
  const texts = typeof message === 'string' ? [message] : Object.values(message);
  return [...new Set(texts.flatMap((text) => placeholders(text ?? '')))].sort();
}

const LANGUAGES: Language[] = ['ar', 'en'];

describe('loyalty page catalogues', () => {
  test('Arabic and English have the same keys, and each key is plural in both or in neither', () => {
    const { ar, en } = CATALOGUES;
    expect(Object.keys(en).sort()).toEqual(Object.keys(ar).sort());
    for (const key of Object.keys(ar) as Array<keyof typeof ar>) {
      expect(typeof en[key], key).toBe(typeof ar[key]);
    }
  });

  test('the names of decision 022: email in English; «تعذّر» and the tanween «ًا» in Arabic', () => {
    const texts = (language: Language) =>
      Object.entries(CATALOGUES[language]).flatMap(([key, message]) =>
        (typeof message === 'string' ? [message] : Object.values(message)).map(
          (text) => [key, text ?? ''] as const,
        ),
      );
    for (const [key, text] of texts('en')) expect(text, key).not.toMatch(/e-mail/i);
    for (const [key, text] of texts('ar')) expect(text, key).not.toMatch(/فشل في|اً/);
  });

  test.each(LANGUAGES)('no %s text is empty', (language) => {
    for (const [key, message] of Object.entries(CATALOGUES[language])) {
      const texts = typeof message === 'string' ? [message] : Object.values(message);
      for (const text of texts) expect(text?.trim(), `${language} ${key}`).toBeTruthy();
    }
  });

  test.each(LANGUAGES)(
    'every %s plural message has a text for each plural category of the language',
    (language) => {
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      for (const [key, message] of Object.entries(CATALOGUES[language])) {
        if (typeof message === 'string') continue;
        expect(Object.keys(message).sort(), `${language} ${key}`).toEqual([...categories].sort());
      }
    },
  );

  test('placeholders are the same in both languages', () => {
    const { ar, en } = CATALOGUES;
    for (const key of Object.keys(ar) as Array<keyof typeof ar>) {
      expect(placeholdersOf(en[key]), key).toEqual(placeholdersOf(ar[key]));
    }
  });

  test('Arabic points take the six plural forms (نقطة، نقطتان، نقاط)', () => {
    const { tp } = createTranslator('ar');
    expect([0, 1, 2, 3, 10, 11, 99, 100, 1000].map((count) => tp('points', count))).toEqual([
      '0 نقطة',
      'نقطة واحدة',
      'نقطتان',
      '3 نقاط',
      '10 نقاط',
      '11 نقطة',
      '99 نقطة',
      '100 نقطة',
      '1,000 نقطة',
    ]);
  });

  test('English points are singular for one and plural otherwise, with grouped digits', () => {
    const { tp } = createTranslator('en');
    expect([0, 1, 2, 1500].map((count) => tp('points', count))).toEqual([
      '0 points',
      '1 point',
      '2 points',
      '1,500 points',
    ]);
  });

  test('placeholders are filled, and rich values keep their elements', () => {
    const { t, tx } = createTranslator('en');
    expect(t('history.redeemedFor', { name: 'Free shipping' })).toBe(
      'Points exchanged for "Free shipping"',
    );
    const parts = tx('signIn.codeSentTo', { email: 'EMAIL' });
    expect(parts).toHaveLength(3);
  });
});
