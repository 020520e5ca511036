import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const read = (file: string) => readFileSync(path.join(import.meta.dirname, file), 'utf8');

describe('loyalty page styles and document', () => {
  test("the loyalty page takes the app's theme from theme.css and does not redefine it", () => {
    const css = read('./loyalty.css');
    expect(css).toContain("@import '../theme.css';");
    expect(css).not.toMatch(/@theme|@custom-variant/);
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
