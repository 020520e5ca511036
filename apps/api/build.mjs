// Bundles the API's own code (and the workspace contracts it imports) into dist/server.js;
// npm dependencies stay external and load from node_modules. Migrations are copied beside it.
// The demo (src/demo, with the Salla sandbox) is built only with --demo, into a chunk of its own
// that server.js imports in demo mode; without --demo the bundle has neither (a stub refuses).
import { cp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const here = new URL('.', import.meta.url);
const pkg = JSON.parse(await readFile(new URL('package.json', here), 'utf8'));
const withDemo = process.argv.includes('--demo');
// --outdir=<dir> (tests build elsewhere); dist/ by default.
const outArg = process.argv.find((a) => a.startsWith('--outdir='))?.slice('--outdir='.length);
const outdir = outArg ? new URL(`file://${path.resolve(outArg)}/`) : new URL('dist/', here);
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@nuqat/'));

/** Replaces the demo module with one that says how to get it. */
const withoutDemo = {
  name: 'without-demo',
  setup(b) {
    b.onResolve({ filter: /\/demo\/demo\.ts$/ }, () => ({ path: 'demo', namespace: 'no-demo' }));
    b.onLoad({ filter: /.*/, namespace: 'no-demo' }, () => ({
      contents: `const missing = () => { throw new Error('This build has no demo (DEMO=1): build it with npm run build:demo -w apps/api, or npm run build.'); };
export const prepareDemo = missing;
export const runDemo = missing;`,
      loader: 'js',
    }));
  },
};

await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: [new URL('src/server.ts', here).pathname],
  outdir: outdir.pathname,
  // Chunks sit beside server.js, so paths resolved from import.meta.url hold in every chunk.
  entryNames: '[name]',
  chunkNames: '[name]-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
  plugins: withDemo ? [] : [withoutDemo],
});
await cp(new URL('src/db/migrations/', here), new URL('migrations/', outdir), {
  recursive: true,
});
