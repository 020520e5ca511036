#!/usr/bin/env node
// No two source files import each other, directly or round a loop (docs/decisions/016): the
// file-level half of the graph checks, next to check-module-graph.mjs for the API's modules.
// It replaced ESLint's `import/no-cycle`, which did the same walk per file with a resolver and
// took 44 % of `npm run lint`; this reads every file once and runs Tarjan's algorithm over the
// graph in well under a second. Like the rule it replaced, it follows relative imports inside
// each package (a workspace package such as @nuqat/contracts is another package), counts dynamic
// `import()` and re-exports, and leaves out imports of types only, which the compiler erases.
// `--roots <dir> [<dir> …]` checks other trees (the boundaries test gives it one with a cycle).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cyclesOf, sourceFiles } from './lib/import-graph.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const flag = process.argv.indexOf('--roots');
const roots =
  flag > 0
    ? process.argv.slice(flag + 1).map((dir) => resolve(dir))
    : ['apps/api/src', 'apps/web/src', 'packages/contracts/src', 'tools/salla-sandbox/src'].map(
        (dir) => join(repo, dir),
      );

// `import … from '…'`, `export … from '…'`, `import '…'` and `import('…')`; group 1 is what sits
// between the keyword and `from`, to tell an import of types only.
const importRe =
  /(?:^|[\n;])\s*(?:import|export)\s+([^'";]*?)\s*from\s*['"]([^'"]+)['"]|(?:^|[\n;])\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function typesOnly(clause) {
  if (/^type\s/.test(clause)) return true;
  const named = /^\{([\s\S]*)\}$/.exec(clause.trim());
  if (!named) return false;
  const names = named[1]
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => /^type\s/.test(name));
}

const candidates = (base) => [
  base,
  ...['.ts', '.tsx', '.mts'].map((ext) => base + ext),
  ...['index.ts', 'index.tsx'].map((index) => join(base, index)),
];
function resolveImport(from, spec) {
  const base = resolve(dirname(from), spec.replace(/\.js$/, '.ts'));
  return candidates(base).find((path) => existsSync(path) && statSync(path).isFile());
}

const edges = new Map();
for (const root of roots)
  for (const file of sourceFiles(
    root,
    (name) => /\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts'),
  )) {
    const targets = new Set();
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(importRe)) {
      const spec = match[2] ?? match[3] ?? match[4];
      if (!spec.startsWith('.')) continue;
      if (match[2] !== undefined && typesOnly(match[1])) continue;
      const target = resolveImport(file, spec);
      if (target && /\.(ts|tsx|mts)$/.test(target)) targets.add(target);
    }
    edges.set(file, targets);
  }

const cycles = cyclesOf(edges);

const shown = (path) => relative(flag > 0 ? process.cwd() : repo, path);
if (cycles.length === 0) {
  const count = [...edges.values()].reduce((n, targets) => n + targets.size, 0);
  console.log(`file imports: ${edges.size} files, ${count} imports, no cycle`);
} else {
  for (const component of cycles) {
    console.error(`files in an import cycle: ${component.map(shown).join(', ')}`);
    for (const from of component)
      for (const to of edges.get(from))
        if (component.includes(to)) console.error(`  ${shown(from)} → ${shown(to)}`);
  }
  process.exit(1);
}
