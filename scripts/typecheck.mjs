#!/usr/bin/env node
// Type-checks every TypeScript project, two at a time (the machines here have two cores; one
// tsc is single-threaded), and fails if any fails. `npm run typecheck` runs this.
import { spawn } from 'node:child_process';
import { cpus } from 'node:os';

const projects = [
  'packages/contracts',
  'apps/api',
  'apps/web',
  'tools/salla-sandbox',
  'e2e',
  'chaos',
];
const tsc = new URL('../node_modules/typescript/bin/tsc', import.meta.url).pathname;
const parallel = Math.max(1, Math.min(projects.length, cpus().length));

function check(project) {
  return new Promise((resolve) => {
    const start = Date.now();
    const child = spawn(process.execPath, [tsc, '-p', project, '--noEmit'], { stdio: 'pipe' });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      const took = ((Date.now() - start) / 1000).toFixed(1);
      console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${project} (${took} s)`);
      if (code !== 0) process.stdout.write(out);
      resolve(code === 0);
    });
  });
}

const queue = [...projects];
const results = await Promise.all(
  Array.from({ length: parallel }, async () => {
    let ok = true;
    while (queue.length > 0) ok = (await check(queue.shift())) && ok;
    return ok;
  }),
);
if (results.includes(false)) process.exit(1);
