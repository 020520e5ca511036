import { describe, expect, test } from 'vitest';
import { languageFromUrl, urlForLanguage } from './page-language';

describe('language in the address', () => {
  test.each([
    ['?lang=en', 'en'],
    ['?lang=ar', 'ar'],
    ['?lang=fr', null],
    ['', null],
    ['?utm_source=x&lang=en', 'en'],
  ])('%s names %s', (search, expected) => {
    expect(languageFromUrl(search)).toBe(expected);
  });

  test('a switch rewrites the language parameter and keeps the rest', () => {
    expect(urlForLanguage('https://nuqat.sa/?utm=1&lang=ar#pricing', 'en')).toBe(
      '/?utm=1&lang=en#pricing',
    );
  });

  test('an address without the parameter is left alone', () => {
    expect(urlForLanguage('https://nuqat.sa/#pricing', 'en')).toBeNull();
  });
});
