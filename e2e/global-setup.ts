import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = new URL('../', import.meta.url).pathname;

/**
 * With a real PostgreSQL (DATABASE_URL): one database migrated once by `npm run db:migrate`'s
 * code, which every product a test file starts is created from (`create database … template`,
 * e2e/support/product.ts). The product still runs its migrations at start; they find nothing
 * left to do. A fresh migration on an empty database is proven by the unit suite, the chaos
 * suite and the smoke test; here it was a second of every file's start.
 */
export async function setup(): Promise<(() => Promise<void>) | void> {
  const base = process.env.DATABASE_URL;
  if (!base) return;
  const name = `nuqat_e2e_template_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nuqat-e2e-migrate-'));
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/api/src/cli/migrate.ts')],
    {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url.toString(), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  rmSync(dataDir, { recursive: true, force: true });
  const drop = async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
  if (result.status !== 0) {
    await drop();
    throw new Error(`migrating the template database failed:\n${result.stdout}\n${result.stderr}`);
  }
  process.env.E2E_TEMPLATE_DATABASE = name;
  return drop;
}
