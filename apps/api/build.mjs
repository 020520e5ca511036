// Bundles the API's own code (and the workspace contracts it imports) into dist/server.js;
// npm dependencies stay external and load from node_modules. Migrations are copied beside it.
import { cp, readFile, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const here = new URL('.', import.meta.url);
const pkg = JSON.parse(await readFile(new URL('package.json', here), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@nuqat/'));

await rm(new URL('dist/', here), { recursive: true, force: true });
await build({
  entryPoints: [new URL('src/server.ts', here).pathname],
  outfile: new URL('dist/server.js', here).pathname,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
await cp(new URL('src/db/migrations/', here), new URL('dist/migrations/', here), {
  recursive: true,
});
