import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = new URL('../', import.meta.url).pathname;

/**
 * Builds the production bundle of the API (`node apps/api/build.mjs`, as `npm run build -w
 * apps/api` does: no demo, no sandbox) from the current sources into a directory of the suite's
 * own, so the suite never runs a stale dist/ and leaves dist/ as the other suites built it.
 */
export function setup(): () => void {
  // Inside the repository, so the bundle's packages resolve from its node_modules (ignored by git).
  const cache = path.join(root, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const outdir = mkdtempSync(path.join(cache, 'nuqat-chaos-build-'));
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'apps/api/build.mjs'), `--outdir=${outdir}`],
    { cwd: path.join(root, 'apps/api'), encoding: 'utf8', timeout: 120_000 },
  );
  if (result.status !== 0)
    throw new Error(`building the API failed:\n${result.stdout}\n${result.stderr}`);
  process.env.CHAOS_SERVER_BUNDLE = path.join(outdir, 'server.js');
  return () => rmSync(outdir, { recursive: true, force: true });
}
