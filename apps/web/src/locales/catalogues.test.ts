import { describe, expect, test } from 'vitest';
import { ERROR_CODES } from '@nuqat/contracts';
import { NAMESPACES, resources } from '../lib/i18n';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flatten(value, path));
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function baseKeys(texts: Record<string, string>): string[] {
  return [...new Set(Object.keys(texts).map((key) => key.replace(PLURAL_SUFFIX, '')))].sort();
}

function pluralFamilies(texts: Record<string, string>): string[] {
  return [
    ...new Set(
      Object.keys(texts)
        .filter((key) => PLURAL_SUFFIX.test(key))
        .map((key) => key.replace(PLURAL_SUFFIX, '')),
    ),
  ];
}

describe('translation catalogues', () => {
  test('every namespace exists in Arabic and in English, and nothing else does', () => {
    const names = Object.keys(files).sort();
    const expected = NAMESPACES.flatMap((ns) => [`./ar/${ns}.json`, `./en/${ns}.json`]).sort();
    expect(names).toEqual(expected);
  });

  test.each(NAMESPACES)('the "%s" catalogue has the same keys in Arabic and English', (ns) => {
    const ar = flatten(resources.ar[ns] as unknown as Tree);
    const en = flatten(resources.en[ns] as unknown as Tree);
    // A plural family is one key: Arabic has six forms of it, English two.
    expect(baseKeys(ar)).toEqual(baseKeys(en));
  });

  test.each(NAMESPACES)('"%s": each plural family has every form its language needs', (ns) => {
    for (const language of ['ar', 'en'] as const) {
      const texts = flatten(resources[language][ns] as unknown as Tree);
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      for (const family of pluralFamilies(texts)) {
        for (const category of categories) {
          expect(
            texts[`${family}_${category}`],
            `${language} ${ns}:${family}_${category}`,
          ).toBeTruthy();
        }
      }
    }
  });

  test.each(NAMESPACES)('no "%s" text is empty and placeholders match across languages', (ns) => {
    const ar = flatten(resources.ar[ns] as unknown as Tree);
    const en = flatten(resources.en[ns] as unknown as Tree);
    for (const [key, value] of Object.entries(ar)) {
      expect(value.trim(), `ar ${ns}:${key}`).not.toBe('');
      const plural = PLURAL_SUFFIX.exec(key);
      // Plural forms may drop the number ("طلبان"); the general form says the same as English's.
      if (plural && plural[1] !== 'other') continue;
      expect(en[key]?.trim(), `en ${ns}:${key}`).toBeTruthy();
      expect(placeholders(value), `placeholders of ${ns}:${key}`).toEqual(
        placeholders(en[key] ?? ''),
      );
    }
  });

  test('every API error code has a message in both languages', () => {
    for (const code of ERROR_CODES) {
      expect(resources.ar.common.errors[code]).toBeTruthy();
      expect(resources.en.common.errors[code]).toBeTruthy();
    }
  });
});

// Decision 022: one name per thing, in every back-office catalogue.
const BACK_OFFICE = NAMESPACES;

describe('one name per thing (decision 022)', () => {
  test.each(['ar', 'en'] as const)(
    '%s: the side menu names each screen as its title does',
    (lang) => {
      const nav = resources[lang].common.nav as Record<string, string>;
      for (const [screen, { title }] of Object.entries(resources[lang].merchant.screens)) {
        expect(nav[screen], `${lang} ${screen}`).toBe(title);
      }
    },
  );

  test.each(['ar', 'en'] as const)('%s: each plan has one name', (lang) => {
    for (const plan of ['starter', 'growth'] as const) {
      const name = resources[lang].merchant.plans[plan];
      expect(resources[lang].landing.plans[plan].name).toBe(name);
      // The points screen's banner says "Starter plan" in English, as a sentence does.
      expect(resources[lang].loyalty.subscription.plans[plan].startsWith(name)).toBe(true);
    }
  });

  // The API's error messages (common:errors.<CODE>, from @nuqat/contracts) also reach shoppers.
  const ownTexts = (language: 'ar' | 'en', ns: (typeof BACK_OFFICE)[number]) =>
    Object.entries(flatten(resources[language][ns] as unknown as Tree)).filter(
      ([key]) => !(ns === 'common' && (ERROR_CODES as readonly string[]).includes(key.slice(7))),
    );

  test('English says customer (not shopper or member) and email; Arabic says «تعذّر» and «ًا»', () => {
    for (const ns of BACK_OFFICE) {
      for (const [key, text] of ownTexts('en', ns)) {
        expect(text, `en ${ns}:${key}`).not.toMatch(/\b(shoppers?|members?)\b|e-mail/i);
      }
      for (const [key, text] of ownTexts('ar', ns)) {
        expect(text, `ar ${ns}:${key}`).not.toMatch(/الأعضاء|عضو|زائر|فشل في|[\u0621-\u064A]اً/);
      }
    }
  });
});
