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

describe('translation catalogues', () => {
  test('every namespace exists in Arabic and in English, and nothing else does', () => {
    const names = Object.keys(files).sort();
    const expected = NAMESPACES.flatMap((ns) => [`./ar/${ns}.json`, `./en/${ns}.json`]).sort();
    expect(names).toEqual(expected);
  });

  test.each(NAMESPACES)('the "%s" catalogue has the same keys in Arabic and English', (ns) => {
    const ar = flatten(resources.ar[ns] as unknown as Tree);
    const en = flatten(resources.en[ns] as unknown as Tree);
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort());
  });

  test.each(NAMESPACES)('no "%s" text is empty and placeholders match across languages', (ns) => {
    const ar = flatten(resources.ar[ns] as unknown as Tree);
    const en = flatten(resources.en[ns] as unknown as Tree);
    for (const [key, value] of Object.entries(ar)) {
      expect(value.trim(), `ar ${ns}:${key}`).not.toBe('');
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
