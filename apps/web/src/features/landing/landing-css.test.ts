import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
const read = (file: string) => readFileSync(path.join(import.meta.dirname, file), 'utf8');

describe('landing styles', () => {
  test("the landing page takes the app's theme from theme.css and does not redefine it", () => {
    const css = read('./landing.css');
    expect(css).toContain("@import '../../theme.css';");
    expect(css).not.toMatch(/@theme|@custom-variant/);
  });
});
