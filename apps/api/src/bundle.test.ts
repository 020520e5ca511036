import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

// Issue 10: the Salla sandbox is test and demo tooling; the production bundle must not carry it.
const buildScript = fileURLToPath(new URL('../build.mjs', import.meta.url));
const SANDBOX_ONLY = 'startSallaSandbox';

function buildInto(args: string[]): Record<string, string> {
  const outdir = mkdtempSync(path.join(tmpdir(), 'nuqat-bundle-'));
  execFileSync(process.execPath, [buildScript, `--outdir=${outdir}`, ...args], { stdio: 'pipe' });
  const files = readdirSync(outdir).filter((f) => f.endsWith('.js'));
  return Object.fromEntries(files.map((f) => [f, readFileSync(path.join(outdir, f), 'utf8')]));
}

describe('server bundle', () => {
  test('the production build has no Salla sandbox; the demo build has it only in a chunk loaded with DEMO=1', () => {
    const production = buildInto([]);
    expect(Object.keys(production)).toContain('server.js');
    for (const [file, text] of Object.entries(production)) {
      expect(text.includes(SANDBOX_ONLY), file).toBe(false);
    }

    const demo = buildInto(['--demo']);
    expect(demo['server.js']?.includes(SANDBOX_ONLY)).toBe(false);
    const chunks = Object.entries(demo).filter(([, text]) => text.includes(SANDBOX_ONLY));
    expect(chunks.map(([file]) => file)).toEqual([expect.stringMatching(/^demo-.*\.js$/)]);
  }, 60_000);
});
