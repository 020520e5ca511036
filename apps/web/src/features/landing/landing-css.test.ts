import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const read = (file: string) => readFileSync(path.join(import.meta.dirname, file), 'utf8');

/** The blocks landing.css repeats from index.css (see the comment at the top of landing.css). */
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

describe('landing styles', () => {
  test('the landing page uses the same theme, dark variant and base rules as the app', () => {
    expect(sharedBlocks(read('./landing.css'))).toEqual(sharedBlocks(read('../../index.css')));
  });
});
