import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = new URL('../../', import.meta.url).pathname;

export interface Product {
  baseUrl: string;
  demo: { email: string; password: string };
  /** The in-process Salla sandbox (demo mode), from the banner's `Salla:` line. */
  sandboxUrl: string;
  /** The demo store's page on the sandbox, with the snippet (the banner's `Store:` line). */
  storeUrl: string;
  /**
   * Nuqat's embedded page in the sandbox's stand-in Salla merchant dashboard (the banner's
   * `In Salla:` line), on localhost: the embedded SDK listens only to Salla's hosts and localhost.
   */
  dashboardUrl: string;
  /** The product's DATA_DIR: with DEMO=1 and no Unifonic, texts land in its `sms/` outbox. */
  dataDir: string;
  logs(): string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = srv.address() as AddressInfo;
        srv.close(() => resolve(port));
      });
  });
}

/** A database of its own for this product instance: a fresh PostgreSQL database when
 * DATABASE_URL is set (dropped at stop) — a copy of the suite's migrated template when
 * e2e/global-setup.ts made one — else PGlite in a temporary DATA_DIR. */
async function freshDatabase(): Promise<{ url?: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) return { drop: async () => {} };
  const name = `nuqat_e2e_${Date.now()}_${process.pid}_${Math.floor(performance.now())}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const template = process.env.E2E_TEMPLATE_DATABASE;
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Boots the built product (`apps/api/dist/server.js`) exactly as `npm start` does, with the demo store. */
/** The support contacts the product is configured with in the browser tests. */
export const SUPPORT_ENV = {
  SUPPORT_EMAIL: 'help@nuqat.example',
  SUPPORT_PHONE: '+966 11 234 5678',
  SUPPORT_WHATSAPP: '966501234567',
  SALLA_APP_URL: 'https://apps.salla.sa/ar/app/123456',
} as const;

export async function startProduct(
  options: { smtpUrl?: string; env?: Record<string, string> } = {},
): Promise<Product> {
  const port = await freePort();
  const database = await freshDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nuqat-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DEMO: '1',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...SUPPORT_ENV,
    ...options.env,
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  if (database.url) env.DATABASE_URL = database.url;
  if (options.smtpUrl) env.SMTP_URL = options.smtpUrl;

  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(root, 'apps/api/dist/server.js')],
    {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));

  // Generous: on a busy two-core runner the first start (migrations, demo store) is slow.
  const deadline = Date.now() + 120_000;
  // The banner ends with the Mail line, after Password, Salla and Store.
  while (!/Mail:\s+\S+/.test(output)) {
    if (child.exitCode !== null) throw new Error(`product exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`product did not start within 120 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    demo: {
      email: /E-mail:\s+(\S+)/.exec(output)![1]!,
      password: /Password:\s+(\S+)/.exec(output)![1]!,
    },
    sandboxUrl: /Salla:\s+sandbox at (\S+)/.exec(output)![1]!,
    storeUrl: /Store:\s+(\S+)/.exec(output)![1]!,
    dashboardUrl: /In Salla:\s+(\S+)/.exec(output)![1]!,
    dataDir: env.DATA_DIR ?? dataDir,
    logs: () => output,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      await database.drop();
    },
  };
}
