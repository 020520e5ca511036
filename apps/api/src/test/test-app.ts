import { randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, type App, type BuildAppOptions } from '../app.ts';
import { createDatabase, type DatabaseHandle } from '../db/client.ts';
import { loadConfig, type Config } from '../env.ts';
import type { MerchantRow } from '../modules/merchants/index.ts';
import type { CreateMerchantInput } from '../modules/merchants/index.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

export interface TestClock {
  now(): Date;
  advance(ms: number): void;
}

export interface TestContext {
  app: App;
  server: App['server'];
  database: DatabaseHandle;
  config: Config;
  smtp: SmtpSink;
  clock: TestClock;
  close(): Promise<void>;
}

/**
 * A PostgreSQL database of its own beside DATABASE_URL's (dropped by `drop`), for a suite whose
 * job walks every store: in the shared database it would also walk every store the other suites
 * made. Undefined without DATABASE_URL (PGlite is already one database per suite).
 */
async function ownDatabase(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const base = process.env.DATABASE_URL;
  if (!base) return undefined;
  const name = `nuqat_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * The real app on a real database: in-memory PGlite by default, the PostgreSQL named by
 * DATABASE_URL when set (migrated once by global-setup) — or, with `ownDatabase`, a fresh
 * PostgreSQL database of the suite's own. Mail goes over real SMTP to a sink.
 */
export async function createTestContext(
  env: Record<string, string> = {},
  options: Pick<BuildAppOptions, 'salla' | 'serveWeb' | 'logStream'> & {
    ownDatabase?: boolean;
  } = {},
): Promise<TestContext> {
  const smtp = await startSmtpSink();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nuqat-test-'));
  const own = options.ownDatabase ? await ownDatabase() : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    ENCRYPTION_KEY: '0'.repeat(64),
    SMTP_URL: smtp.url,
    DATABASE_URL: own?.url ?? process.env.DATABASE_URL,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const database = await createDatabase({ databaseUrl: config.databaseUrl, poolSize: 4 });
  await database.migrate();
  let offset = 0;
  const clock: TestClock = {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => (offset += ms),
  };
  const app = await buildApp({
    config,
    database,
    now: clock.now,
    // Silent unless the test captures the log lines (with the app's own logger options).
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
    serveWeb: options.serveWeb ?? false,
    ...(options.salla ? { salla: options.salla } : {}),
  });
  await app.server.ready();
  return {
    app,
    server: app.server,
    database,
    config,
    smtp,
    clock,
    async close() {
      await app.server.close();
      app.context.mailer.close();
      await database.close();
      await smtp.close();
      await own?.drop();
    },
  };
}

export function uniqueEmail(prefix = 'merchant'): string {
  return `${prefix}-${randomUUID().slice(0, 12)}@example.com`;
}

/** A distinct client address per test, so per-IP rate limits never leak between tests. */
export function uniqueIp(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

export async function createMerchant(
  ctx: TestContext,
  overrides: Partial<CreateMerchantInput> = {},
): Promise<{ merchant: MerchantRow; email: string; password: string }> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? `pw-${randomUUID()}`;
  const merchant = await ctx.app.services.merchants.createMerchant({
    merchantId: randomInt(1, 2 ** 47),
    storeName: `Store ${randomUUID().slice(0, 6)}`,
    ...overrides,
    email,
    password,
  });
  return { merchant, email, password };
}

export interface SignedInStore {
  merchantId: number;
  /** The `authorization` header value of a fresh login. */
  authorization: string;
}

/** A new merchant, logged in through the real login endpoint. */
export async function signedInStore(
  ctx: TestContext,
  overrides: Partial<CreateMerchantInput> = {},
): Promise<SignedInStore> {
  const { merchant, email, password } = await createMerchant(ctx, overrides);
  const res = await ctx.server.inject({
    method: 'POST',
    url: '/api/merchants/auth/login',
    payload: { email, password },
    remoteAddress: uniqueIp(),
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return { merchantId: merchant.id, authorization: `Bearer ${res.json().data.token}` };
}
