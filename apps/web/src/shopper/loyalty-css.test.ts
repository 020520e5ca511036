import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const read = (file: string) => readFileSync(path.join(import.meta.dirname, file), 'utf8');

/** The blocks loyalty.css repeats from index.css (see the comment at the top of loyalty.css). */
function sharedBlocks(css: string): string[] {
  const block = (start: string) => {
    const from = css.indexOf(start);
    if (from < 0) return `missing: ${start}`;
    let depth = 0;
    for (let i = css.indexOf('{', from); i < css.length; i += 1) {
      if (css[i] === '{') depth += 1;
      if (css[i] === '}') depth -= 1;
      if (depth === 0) return css.slice(from, i + 1);
    }
    return `unclosed: ${start}`;
  };
  const variant = /@custom-variant dark [^;]+;/.exec(css)?.[0] ?? 'missing: @custom-variant';
  return [variant, block('@theme {'), block('  body {'), block("  html[lang='ar'] body {")];
}

describe('loyalty page styles and document', () => {
  test('the loyalty page uses the same theme, dark variant and base rules as the app', () => {
    expect(sharedBlocks(read('./loyalty.css'))).toEqual(sharedBlocks(read('../index.css')));
  });

  test('loyalty.html has the meta tag the API fills in, exactly as the API looks for it', () => {
    // apps/api/src/plugins/storefront-assets.ts replaces this very text with the store's origin.
    expect(read('../../loyalty.html')).toContain('<meta name="nuqat-store-origin" content="">');
  });

  test("loyalty.html runs no inline script (the CSP is script-src 'self')", () => {
    const scripts = [
      ...read('../../loyalty.html').matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g),
    ];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body?.trim()).toBe('');
    }
  });
});
