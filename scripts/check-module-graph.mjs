#!/usr/bin/env node
// The API's modules and who imports whom (docs/decisions/016-module-boundaries.md): every edge
// between two modules goes through the callee's front door (modules/<x>/index.ts; ESLint checks
// that per file), and the modules form no cycle — which `import/no-cycle`, seeing files only,
// cannot tell. Tests may reach anything and are left out. `--print` prints the graph as Mermaid.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cyclesOf, sourceFiles } from './lib/import-graph.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// `--modules <dir>` checks another tree (the boundaries test gives it one with a cycle).
const flag = process.argv.indexOf('--modules');
const modulesDir = flag > 0 ? resolve(process.argv[flag + 1]) : join(root, 'apps/api/src/modules');
const modules = readdirSync(modulesDir).filter((m) => statSync(join(modulesDir, m)).isDirectory());

const isTest = (file) => /\.test\.tsx?$/.test(file);

const importRe =
  /(?:^|\n)\s*(?:import|export)\s+(type\s+)?[^'"]*?from\s+'([^']+)'|import\('([^']+)'\)/g;
const moduleOf = (path) => {
  const rel = relative(modulesDir, path);
  return rel.startsWith('..') ? null : rel.split('/')[0];
};

/** edges.get(a) = Map(b → [file importing b]) */
const edges = new Map(modules.map((m) => [m, new Map()]));
for (const from of modules) {
  for (const file of sourceFiles(
    join(modulesDir, from),
    (name) => /\.tsx?$/.test(name) && !isTest(name),
  )) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(importRe)) {
      const spec = match[2] ?? match[3];
      if (!spec.startsWith('.')) continue;
      const to = moduleOf(resolve(dirname(file), spec));
      if (!to || to === from) continue;
      const files = edges.get(from).get(to) ?? [];
      files.push(relative(root, file));
      edges.get(from).set(to, files);
    }
  }
}

if (process.argv.includes('--print')) {
  console.log('flowchart TD');
  for (const [from, tos] of edges) for (const to of tos.keys()) console.log(`  ${from} --> ${to}`);
}

// Any cycle between modules (type imports included).
const cycles = cyclesOf(new Map([...edges].map(([m, tos]) => [m, [...tos.keys()]])));

if (cycles.length === 0) {
  const count = [...edges.values()].reduce((n, tos) => n + tos.size, 0);
  console.log(`module graph: ${modules.length} modules, ${count} edges, no cycle`);
} else {
  for (const component of cycles) {
    console.error(`modules in a cycle: ${component.join(', ')}`);
    for (const from of component)
      for (const [to, files] of edges.get(from))
        if (component.includes(to))
          console.error(`  ${from} → ${to}: ${[...new Set(files)].join(', ')}`);
  }
  process.exit(1);
}
