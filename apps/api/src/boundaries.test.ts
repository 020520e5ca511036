import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The module rules bite (docs/decisions/016): probe files that break them, linted with the
 * repository's own ESLint configuration at paths inside the API, fail with the rule's message;
 * the same code written the allowed way passes. The type-aware rules need files on disk and are
 * switched off for the probes only.
 */
const repo = new URL('../../../', import.meta.url).pathname;
const eslint = new ESLint({
  cwd: repo,
  overrideConfig: [
    {
      files: ['**/*.ts'],
      languageOptions: { parserOptions: { projectService: false, project: null } },
      rules: {
        '@typescript-eslint/no-floating-promises': 'off',
        '@typescript-eslint/no-misused-promises': 'off',
      },
    },
  ],
});

async function lint(path: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: join(repo, 'apps/api/src', path) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}
const byRule = (messages: string[], rule: string) => messages.filter((m) => m.startsWith(rule));

describe('front doors', () => {
  it("refuses another module's inside, and takes its front door", async () => {
    const inside = await lint(
      'modules/rewards/probe.ts',
      "import { creditPoints } from '../engine/ledger.service.ts';\nexport const probe = creditPoints;\n",
    );
    expect(byRule(inside, 'import/no-restricted-paths')).toEqual([
      expect.stringContaining('Import the engine module through its front door'),
    ]);
    const door = await lint(
      'modules/rewards/probe.ts',
      "import { creditPoints } from '../engine/index.ts';\nexport const probe = creditPoints;\n",
    );
    expect(byRule(door, 'import/no-restricted-paths')).toEqual([]);
  });

  it("lets a module's tests reach inside it, and no other module's tests", async () => {
    const own = await lint(
      'modules/engine/probe.test.ts',
      "import { creditPoints } from './ledger.service.ts';\nexport const probe = creditPoints;\n",
    );
    expect(byRule(own, 'import/no-restricted-paths')).toEqual([]);
    const other = await lint(
      'modules/customers/probe.test.ts',
      "import { creditPoints } from '../engine/ledger.service.ts';\nexport const probe = creditPoints;\n",
    );
    expect(byRule(other, 'import/no-restricted-paths')).toHaveLength(1);
  });

  it('holds for files outside the modules too (the app, the CLI, test helpers)', async () => {
    for (const path of ['app.ts', 'cli/probe.ts', 'test/probe.ts', 'lib/probe.ts']) {
      const messages = await lint(
        path,
        "import { createEventIntake } from './modules/engine/intake.ts';\nexport const probe = createEventIntake;\n".replace(
          './modules',
          path.includes('/') ? '../modules' : './modules',
        ),
      );
      expect(byRule(messages, 'import/no-restricted-paths'), path).toContainEqual(
        expect.stringContaining('through its front door'),
      );
    }
  });
});

describe('one owner per table', () => {
  const header =
    "import { sql } from 'drizzle-orm';\nimport type { Executor } from '../../db/client.ts';\n";

  it("refuses a write to another module's table, in Drizzle or in SQL text", async () => {
    const messages = await lint(
      'modules/rewards/probe.repository.ts',
      `${header}import { merchants } from '../../db/schema/index.ts';
export async function probe(db: Executor) {
  await db.update(merchants).set({ programmeEnabled: false });
  await db.execute(sql\`update \${merchants} set plan = 'growth'\`);
  await db.execute(sql\`DELETE FROM merchants WHERE id = 1\`);
  await db.insert(merchants).values({ id: 1, storeName: 'x' });
}
`,
    );
    const refused = byRule(messages, 'nuqat/table-owners');
    expect(refused).toHaveLength(4);
    expect(refused[0]).toContain('Table merchants belongs to module "merchants"');
  });

  it('lets the owner write, anyone read, and a granted module write what it was granted', async () => {
    const owner = await lint(
      'modules/merchants/probe.repository.ts',
      `${header}import { merchants } from '../../db/schema/index.ts';
export async function probe(db: Executor) {
  await db.update(merchants).set({ programmeEnabled: false });
}
`,
    );
    expect(byRule(owner, 'nuqat/table-owners')).toEqual([]);
    const reader = await lint(
      'modules/rewards/probe.repository.ts',
      `${header}import { merchants } from '../../db/schema/index.ts';
export async function probe(db: Executor) {
  await db.select().from(merchants);
  await db.execute(sql\`select plan from merchants where id = 1 for update\`);
}
`,
    );
    expect(byRule(reader, 'nuqat/table-owners')).toEqual([]);
    const granted = await lint(
      'modules/engine/probe.repository.ts',
      `${header}import { redemptions } from '../../db/schema/index.ts';
export async function probe(db: Executor) {
  await db.update(redemptions).set({ status: 'used' });
}
`,
    );
    expect(byRule(granted, 'nuqat/table-owners')).toEqual([]);
  });
});

describe('the module graph', () => {
  const run = promisify(execFile);
  const script = join(repo, 'scripts/check-module-graph.mjs');
  const fixture = mkdtempSync(join(tmpdir(), 'nuqat-modules-'));
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));

  it("has no cycle between the API's modules", async () => {
    const { stdout } = await run(process.execPath, [script]);
    expect(stdout).toMatch(/no cycle/);
  });

  it('fails, naming the files, when two modules import each other', async () => {
    for (const [name, other] of [
      ['alpha', 'beta'],
      ['beta', 'alpha'],
    ] as const) {
      mkdirSync(join(fixture, name));
      writeFileSync(join(fixture, name, 'index.ts'), `export { x } from './x.ts';\n`);
      writeFileSync(
        join(fixture, name, 'x.ts'),
        `import type { x as y } from '../${other}/index.ts';\nexport const x = 1 as unknown as y;\n`,
      );
    }
    const failed = await run(process.execPath, [script, '--modules', fixture]).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toMatch(/modules in a cycle: (alpha, beta|beta, alpha)/);
    expect(failed?.stderr).toContain('alpha → beta');
  });
});

describe('the file import graph', () => {
  const run = promisify(execFile);
  const script = join(repo, 'scripts/check-file-cycles.mjs');
  const fixture = mkdtempSync(join(tmpdir(), 'nuqat-files-'));
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));

  it('has no cycle between the source files', async () => {
    const { stdout } = await run(process.execPath, [script]);
    expect(stdout).toMatch(/^file imports: \d{3,} files, \d{3,} imports, no cycle/);
  });

  it('fails, naming the files, on a loop of three files, and lets imports of types only be', async () => {
    // a → b → c → a, written three ways: no extension, `.ts`, and a dynamic import().
    writeFileSync(join(fixture, 'a.ts'), `import { b } from './b';\nexport const a = b;\n`);
    writeFileSync(join(fixture, 'b.ts'), `export { c as b } from './c.ts';\n`);
    writeFileSync(join(fixture, 'c.ts'), `export const c = 1;\nvoid import('./a');\n`);
    // d ↔ e, but e only needs d's types: erased by the compiler, not a cycle.
    writeFileSync(join(fixture, 'd.ts'), `import { e } from './e';\nexport const d = e;\n`);
    writeFileSync(
      join(fixture, 'e.ts'),
      `import type { d } from './d';\nimport { type d as f } from './d.ts';\nexport const e: typeof d | typeof f = 1;\n`,
    );
    const failed = await run(process.execPath, [script, '--roots', fixture]).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    const lines = failed!.stderr.trim().split('\n');
    expect(lines[0]).toMatch(/^files in an import cycle: /);
    expect(lines[0]!.match(/[abc]\.ts/g)?.sort()).toEqual(['a.ts', 'b.ts', 'c.ts']);
    expect(failed!.stderr).not.toMatch(/[de]\.ts/);
    expect(lines).toHaveLength(4);
  });
});
