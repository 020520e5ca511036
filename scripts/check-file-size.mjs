// Files a person can hold in their head (issue 25): no source file over MAX_LINES lines of logic.
// Counts non-blank lines that are not comments (block comments removed, `//` lines skipped) in
// every non-test source file git knows of, committed or new. Exits 1 listing the files over the
// limit that are not on the allow-list below. Run by `npm run lint`.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const MAX_LINES = 300;

/**
 * Files still over the limit, each to be split and then taken off this list (an entry whose file
 * is back under the limit, or gone, is reported so the list only shrinks). Empty since issue 25.
 */
const ALLOWED = new Set([]);

const files = [
  ...new Set(
    execSync(
      "git ls-files --cached --others --exclude-standard 'apps/**/*.ts' 'apps/**/*.tsx' 'packages/**/*.ts' 'tools/**/*.ts' 'scripts/*.mjs'",
      { encoding: 'utf8' },
    )
      .trim()
      .split('\n'),
  ),
].filter(
  (f) =>
    f &&
    existsSync(f) &&
    !/\.(test|e2e)\.tsx?$/.test(f) &&
    !f.includes('/test/') &&
    !f.includes('/testing/') &&
    !f.includes('/drizzle/'),
);

/** Lines of logic: not blank, not a comment. */
function linesOfLogic(file) {
  const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  return text.split('\n').filter((line) => {
    const s = line.trim();
    return s && !s.startsWith('//');
  }).length;
}

const over = [];
const sizes = new Map();
for (const file of files) {
  const n = linesOfLogic(file);
  sizes.set(file, n);
  if (n > MAX_LINES && !ALLOWED.has(file)) over.push([n, file]);
}
for (const file of ALLOWED)
  if (!((sizes.get(file) ?? 0) > MAX_LINES))
    console.warn(`check-file-size: ${file} is no longer over ${MAX_LINES}: take it off the list`);
if (over.length > 0) {
  over.sort((a, b) => b[0] - a[0]);
  console.error(`Files over ${MAX_LINES} lines of logic (split them by the jobs they do):`);
  for (const [n, file] of over) console.error(`  ${n} ${file}`);
  process.exit(1);
}
console.log(
  `check-file-size: every file is at most ${MAX_LINES} lines of logic (${ALLOWED.size} allowed)`,
);
