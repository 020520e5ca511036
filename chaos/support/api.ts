import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, sleep } from './net.ts';

const root = new URL('../../', import.meta.url).pathname;
/** The production bundle global-setup.ts built for this run (dist/ when run otherwise). */
export const serverBundle =
  process.env.CHAOS_SERVER_BUNDLE ?? path.join(root, 'apps/api/dist/server.js');

export const WEBHOOK_SECRET = randomBytes(24).toString('hex');

/**
 * The built API (the production bundle) as a child process in
 * production mode, on a free port. Its secrets and port stay the same across restarts, as a
 * deployed instance's would, so tokens issued before a crash still work after it.
 */
export interface Api {
  baseUrl: string;
  logs(): string;
  /** The process dies on the spot (SIGKILL): no shutdown hook, no drain. */
  kill9(): Promise<void>;
  /** Boots it again with the same settings and waits for /readyz. */
  start(): Promise<void>;
  stop(): Promise<void>;
  readonly running: boolean;
  /** When the current process answered /readyz (its scheduled jobs start 5 s later). */
  readonly readyAt: number;
}

export async function startApi(options: {
  databaseUrl: string;
  sandbox: {
    apiBase: string;
    authBase: string;
    storefrontApiBase: string;
    /** Token introspection for the embedded page (decision 031). */
    exchangeBase: string;
    appId: string;
  };
  smtpUrl: string;
  poolMax?: number;
}): Promise<Api> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nuqat-chaos-api-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: options.databaseUrl,
    DATABASE_POOL_MAX: String(options.poolMax ?? 10),
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    SALLA_WEBHOOK_SECRET: WEBHOOK_SECRET,
    SALLA_API_BASE: options.sandbox.apiBase,
    SALLA_AUTH_BASE: options.sandbox.authBase,
    SALLA_STOREFRONT_API_BASE: options.sandbox.storefrontApiBase,
    SALLA_EXCHANGE_API_BASE: options.sandbox.exchangeBase,
    SALLA_APP_ID: options.sandbox.appId,
    // Every owner and shopper signs in from an address of their own (X-Forwarded-For).
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
    SMTP_URL: options.smtpUrl,
  };
  delete env.DEMO;
  let child: ChildProcess | undefined;
  let readyAt = 0;
  let logs = '';
  const keep = (d: Buffer) => {
    logs = (logs + d.toString()).slice(-300_000);
  };
  const alive = () => !!child && child.exitCode === null && child.signalCode === null;

  async function start() {
    if (alive()) throw new Error('the API is already running');
    const proc = spawn(process.execPath, [serverBundle], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    proc.stdout.on('data', keep);
    proc.stderr.on('data', keep);
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`API exited with ${proc.exitCode}:\n${logs}`);
      if (Date.now() > deadline) throw new Error(`API not ready within 60 s:\n${logs}`);
      const ready = await fetch(`${baseUrl}/readyz`).catch(() => null);
      if (ready?.ok) {
        readyAt = Date.now();
        return;
      }
      await sleep(100);
    }
  }

  async function exit(signal: NodeJS.Signals) {
    const proc = child;
    if (!proc || !alive()) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill(signal);
    const timer = setTimeout(() => proc.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }

  await start();
  return {
    baseUrl,
    logs: () => logs,
    kill9: () => exit('SIGKILL'),
    start,
    async stop() {
      await exit('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
    get running() {
      return alive();
    },
    get readyAt() {
      return readyAt;
    },
  };
}
