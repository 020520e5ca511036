// The size budgets of what shoppers download (issue 16, "Fast and light"), checked on the build:
//   - the loyalty page (apps/web/dist/loyalty.html): its initial JavaScript — the entry script,
//     every modulepreload and every chunk those import statically — at most 100 KB gzip;
//   - the storefront snippet (apps/web/dist/snippet.js), at most 5 KB gzip.
// It also checks that the loyalty page shares no chunk with the back-office or the landing page
// except React itself and the bundler's runtime, that none of its chunks holds a library it must
// not carry (router, query client, Radix, zod, i18next…), and that the API can still find the
// meta tag it fills in; and that the Salla embedded SDK reaches only the embedded entry
// (embedded.html, decision 031), whose initial JavaScript is listed too. Prints a table; exits
// non-zero on any failure.
//
//   npm run build && node scripts/check-bundle-size.mjs      (npm run size)
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
const dist = path.join(root, 'apps/web/dist');
// kB as Vite prints them (1000 bytes), so its build output and this table agree.
const KB = 1000;
const LOYALTY_BUDGET = 100 * KB;
const SNIPPET_BUDGET = 5 * KB;
/** Chunks the loyalty page may share with the other pages: React, and the bundler's own. */
const SHARED_ALLOWED =
  /^assets\/(vendor-react|rolldown-runtime|modulepreload-polyfill)-[\w-]+\.js$/;
/** Libraries of the back-office that must never reach the shopper's phone. */
const FORBIDDEN_PACKAGES = [
  'zod',
  'react-router',
  '@tanstack',
  '@radix-ui',
  'i18next',
  'react-i18next',
  'react-hook-form',
  '@hookform',
  'lucide-react',
];
/** What the API replaces in the page (apps/api/src/plugins/storefront-assets.ts). */
const STORE_ORIGIN_META = '<meta name="nuqat-store-origin" content="">';

const failures = new Set();
const fail = (message) => failures.add(message);

const gzipSize = (file) =>
  gzipSync(readFileSync(file), { level: constants.Z_BEST_COMPRESSION }).length;
const kb = (bytes) => (bytes / KB).toFixed(2);
const statSize = (file) => readFileSync(path.join(dist, file)).length;

/** Files (relative to dist) an HTML page loads at once: module scripts and modulepreloads. */
function initialScripts(htmlFile) {
  const html = readFileSync(path.join(dist, htmlFile), 'utf8');
  const files = [];
  for (const tag of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const text = tag[0];
    const isModule = tag[1] === 'script' && /\btype="module"/.test(text);
    const isPreload = tag[1] === 'link' && /\brel="modulepreload"/.test(text);
    if (!isModule && !isPreload) continue;
    const url = /\b(?:src|href)="([^"]+)"/.exec(text)?.[1];
    if (url && url.startsWith('/')) files.push(url.slice(1));
  }
  return { html, files };
}

/** Chunks a chunk imports: static ones (`import … from "./x.js"`), and dynamic ones if asked. */
function importsOf(file, { dynamic }) {
  const code = readFileSync(path.join(dist, file), 'utf8');
  const found = new Set();
  const add = (specifier) => {
    if (specifier.startsWith('./') || specifier.startsWith('../')) {
      found.add(path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)));
    } else if (specifier.startsWith('/')) {
      found.add(specifier.slice(1));
    }
  };
  for (const match of code.matchAll(
    /\b(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["']([^"']+\.js)["']/g,
  ))
    add(match[1]);
  if (dynamic)
    for (const match of code.matchAll(/\bimport\(\s*["']([^"']+\.js)["']\s*\)/g)) add(match[1]);
  return [...found];
}

/** Every chunk reachable from the page's initial scripts (with lazy ones when `dynamic`). */
function graph(htmlFile, { dynamic }) {
  const seen = new Set();
  const queue = [...initialScripts(htmlFile).files];
  while (queue.length > 0) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    if (!existsSync(path.join(dist, file))) {
      fail(`${htmlFile} refers to ${file}, which is not in apps/web/dist`);
      continue;
    }
    seen.add(file);
    queue.push(...importsOf(file, { dynamic }));
  }
  return seen;
}

/** The packages and source files a chunk was built from, from its source map. */
function sourcesOf(file) {
  const map = path.join(dist, `${file}.map`);
  if (!existsSync(map)) return [];
  return JSON.parse(readFileSync(map, 'utf8')).sources ?? [];
}

if (!existsSync(path.join(dist, 'loyalty.html'))) {
  console.error('apps/web/dist/loyalty.html is missing: run `npm run build` first.');
  process.exit(1);
}

const rows = [];

// The loyalty page.
const { html: loyaltyHtml, files: loyaltyInitial } = initialScripts('loyalty.html');
if (loyaltyInitial.length === 0) fail('loyalty.html loads no module script');
if (!loyaltyHtml.includes(STORE_ORIGIN_META))
  fail(`loyalty.html lacks ${STORE_ORIGIN_META}, which the API fills in with the store's origin`);
const loyalty = graph('loyalty.html', { dynamic: false });
let loyaltyTotal = 0;
for (const file of [...loyalty].sort()) {
  const gzip = gzipSize(path.join(dist, file));
  loyaltyTotal += gzip;
  rows.push({ page: 'loyalty', file, raw: statSize(file), gzip });
}
rows.push({
  page: 'loyalty',
  file: 'total initial JavaScript',
  raw: null,
  gzip: loyaltyTotal,
  budget: LOYALTY_BUDGET,
});
if (loyaltyTotal > LOYALTY_BUDGET)
  fail(
    `the loyalty page's initial JavaScript is ${kb(loyaltyTotal)} kB gzip, over ${kb(LOYALTY_BUDGET)} kB`,
  );

// Nothing of the back-office or the landing page, lazy chunks included.
const others = new Set();
for (const page of ['index.html', 'landing.html', 'embedded.html']) {
  if (existsSync(path.join(dist, page)))
    for (const file of graph(page, { dynamic: true })) others.add(file);
}
for (const file of loyalty) {
  if (others.has(file) && !SHARED_ALLOWED.test(file))
    fail(`the loyalty page shares ${file} with the back-office or the landing page`);
  for (const source of sourcesOf(file)) {
    // Source map paths are relative to the chunk (apps/web/dist/assets).
    const resolved = path.posix.join('apps/web/dist/assets', source);
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(resolved)?.[1];
    if (pkg && FORBIDDEN_PACKAGES.some((name) => pkg === name || pkg.startsWith(`${name}/`)))
      fail(`${file} carries ${pkg}, which the loyalty page must not load`);
    if (resolved.startsWith('apps/web/src/') && !resolved.startsWith('apps/web/src/shopper/'))
      fail(`${file} carries ${resolved}, code of the back-office or the landing page`);
  }
}

// The embedded entry: the back-office behind the Salla SDK. The SDK goes nowhere else.
const EMBEDDED_SDK = '@salla.sa/embedded-sdk';
const carries = (file, pkg) =>
  sourcesOf(file).some((source) => source.includes(`node_modules/${pkg}/`));
if (existsSync(path.join(dist, 'embedded.html'))) {
  const embedded = graph('embedded.html', { dynamic: false });
  let embeddedTotal = 0;
  for (const file of embedded) embeddedTotal += gzipSize(path.join(dist, file));
  rows.push({ page: 'embedded', file: 'total initial JavaScript', raw: null, gzip: embeddedTotal });
  if (![...embedded].some((file) => carries(file, EMBEDDED_SDK)))
    fail(`embedded.html does not load ${EMBEDDED_SDK}`);
  for (const page of ['index.html', 'landing.html', 'loyalty.html']) {
    for (const file of graph(page, { dynamic: true }))
      if (carries(file, EMBEDDED_SDK)) fail(`${page} loads ${file}, which carries ${EMBEDDED_SDK}`);
  }
} else {
  fail('apps/web/dist/embedded.html is missing: the embedded entry was not built');
}

// The storefront snippet.
const snippet = path.join(dist, 'snippet.js');
if (existsSync(snippet)) {
  const gzip = gzipSize(snippet);
  rows.push({
    page: 'snippet',
    file: 'snippet.js',
    raw: statSize('snippet.js'),
    gzip,
    budget: SNIPPET_BUDGET,
  });
  if (gzip > SNIPPET_BUDGET)
    fail(`snippet.js is ${kb(gzip)} kB gzip, over ${kb(SNIPPET_BUDGET)} kB`);
} else {
  fail(
    'apps/web/dist/snippet.js is missing: the storefront snippet was not built (npm run build -w apps/web)',
  );
}

const table = rows.map((row) => [
  row.page,
  row.file,
  row.raw === null ? '' : kb(row.raw),
  kb(row.gzip),
  row.budget ? kb(row.budget) : '',
]);
const header = ['page', 'file', 'raw kB', 'gzip kB', 'budget kB'];
const widths = header.map((title, column) =>
  Math.max(title.length, ...table.map((cells) => cells[column].length)),
);
const line = (cells) =>
  cells
    .map((cell, column) =>
      column < 2 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]),
    )
    .join('  ');
console.log('Bundle budgets (gzip level 9; 1 kB = 1000 bytes)');
console.log(line(header));
console.log(widths.map((width) => '-'.repeat(width)).join('  '));
for (const cells of table) console.log(line(cells));

if (failures.size > 0) {
  for (const message of failures) console.error(`✗ ${message}`);
  process.exit(1);
}
console.log(
  `✓ loyalty page ${kb(loyaltyTotal)} / ${kb(LOYALTY_BUDGET)} kB, snippet within ${kb(SNIPPET_BUDGET)} kB, nothing shared with the back-office but React`,
);
