// The bench's world: a throw-away database, the Salla sandbox in process, the production bundle of
// the API booted on them, and the stores set up the way Salla sets them up (webhooks only).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { tsImport } from 'tsx/esm/api';

export const root = new URL('../..', import.meta.url).pathname;
export const serverBundle = path.join(root, 'apps/api/dist/server.js');

export const WEBHOOK_SECRET = randomBytes(24).toString('hex');
export const WEBHOOK_PATH = '/api/salla/webhooks';

/** A wrong answer or a wrong ledger: the bench exits non-zero. Slowness never throws this. */
export class RunFailed extends Error {}

/** A positive integer setting from the environment, or the fallback when unset. */
export function intFromEnv(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = srv.address();
        srv.close(() => resolve(port));
      });
  });
}

export async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A brand-new database, dropped by `drop()` (with force, so leftover sessions do not block it). */
export async function createDatabase(adminUrl, prefix) {
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await withClient(adminUrl, (c) => c.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () =>
      withClient(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`)),
    /** The end of a run: dropped, or kept for a look afterwards with BENCH_KEEP_DATABASE=1. */
    release() {
      if (!['1', 'true', 'yes'].includes(process.env.BENCH_KEEP_DATABASE ?? '')) return this.drop();
      console.log(`kept the database ${this.url}`);
      return Promise.resolve();
    },
  };
}

/**
 * The Salla sandbox is TypeScript; tsx loads it (and its payload builders) from plain Node.
 * `sign` signs the exact bytes that are sent, as Salla does.
 */
export async function startSandbox() {
  const sandbox = await tsImport('../../tools/salla-sandbox/src/index.ts', import.meta.url);
  const server = await sandbox.startSallaSandbox({ port: 0 });
  return {
    server,
    webhooks: sandbox.webhooks,
    orderModel: sandbox.orderModel,
    sign: (envelope) => sandbox.signWebhook(envelope, WEBHOOK_SECRET),
  };
}

/**
 * An SMTP server on 127.0.0.1 that keeps every message as an .eml file in `dir` (production
 * requires SMTP_URL, so the bench gives the API a mail server and reads what it sent).
 */
async function startMailSink(dir) {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        writeFileSync(path.join(dir, `${Date.now()}-${++count}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  // An API stopped in the middle of a mail (BENCH_PROFILE stops it after a scenario) resets its
  // connection: nothing to report, and without a listener it would end the bench.
  server.on('error', () => {});
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * Boots the production bundle as `npm run start:prod` does, without the demo store. With
 * `cpuProfileDir`, V8 writes a CPU profile there when the process exits.
 */
export async function bootApi({ databaseUrl, dataDir, sandbox, poolMax, cpuProfileDir }) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const mailSink = await startMailSink(path.join(dataDir, 'mail'));
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_MAX: String(poolMax),
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    SALLA_WEBHOOK_SECRET: WEBHOOK_SECRET,
    SALLA_API_BASE: sandbox.server.apiBase,
    SALLA_AUTH_BASE: sandbox.server.authBase,
    SALLA_STOREFRONT_API_BASE: sandbox.server.storefrontApiBase,
    // Each store owner logs in from an address of their own (X-Forwarded-For), as in real life;
    // from one address the login rate limits would stop the set-up after a dozen stores.
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
    SMTP_URL: mailSink.url,
  };
  delete env.DEMO;
  const nodeArgs = cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [];
  const spawnedAt = Date.now();
  const child = spawn(process.execPath, [...nodeArgs, serverBundle], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let logs = '';
  const keep = (d) => {
    // The last 200 kB are enough to explain a failure.
    logs = (logs + d).slice(-200_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const api = {
    baseUrl,
    logs: () => logs,
    /**
     * CPU time the API process has used so far, in ms (user + system, all its threads): what
     * `process.cpuUsage()` inside it would say, read from /proc/<pid>/stat so the API needs no
     * bench-only endpoint. Clock ticks of 10 ms: over a run of thousands of requests the
     * per-request figure is exact to well under 0.01 ms. null where /proc is missing.
     */
    cpuMs: () => processCpuMs(child.pid),
    /** The same, split: [user, system] in ms (the system part is the kernel: sockets, wake-ups). */
    cpuSplitMs: () => processCpuMs(child.pid, { split: true }),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return mailSink.close();
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
      await mailSink.close();
    },
  };
  await waitUntilReady(api, child).catch(async (error) => {
    await mailSink.close();
    throw error;
  });
  api.bootMs = Date.now() - spawnedAt;
  return api;
}

/** Linux: fields 14 and 15 of /proc/<pid>/stat, utime and stime, in clock ticks (USER_HZ = 100). */
export function processCpuMs(pid, { split = false } = {}) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count after its end.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [user, system] = [Number(fields[11]) * 10, Number(fields[12]) * 10];
    return split ? [user, system] : user + system;
  } catch {
    return null;
  }
}

async function waitUntilReady(api, child) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`API exited with ${child.exitCode}:\n${api.logs()}`);
    if (Date.now() > deadline) throw new Error(`API not ready within 60 s:\n${api.logs()}`);
    const ready = await fetch(`${api.baseUrl}/readyz`).catch(() => null);
    if (ready?.ok) return;
    await sleep(200);
  }
}

/**
 * autocannon returns while the API still works on the requests in flight when it stopped: wait
 * until none of the API's connections has been busy for a few samples in a row.
 */
export async function waitUntilIdle(admin, databaseName) {
  let quiet = 0;
  for (let i = 0; i < 150; i++) {
    const { rows } = await admin.query(
      `select count(*)::int as n from pg_stat_activity
        where datname = $1 and application_name = 'nuqat' and state <> 'idle'`,
      [databaseName],
    );
    quiet = rows[0].n === 0 ? quiet + 1 : 0;
    if (quiet >= 3) return;
    await sleep(200);
  }
  throw new RunFailed('the API was still busy 30 s after autocannon stopped');
}

export async function postWebhook(bench, envelope, expected = 'processed') {
  const { body, headers } = bench.sandbox.sign(envelope);
  const res = await fetch(`${bench.api.baseUrl}${WEBHOOK_PATH}`, { method: 'POST', headers, body });
  const answer = await res.json().catch(() => null);
  if (res.status !== 200 || answer?.data?.outcome !== expected) {
    throw new RunFailed(`${envelope.event} → ${res.status} ${JSON.stringify(answer)}`);
  }
}

export async function callApi(bench, route, { method = 'POST', body, token, ip } = {}) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (ip) headers['x-forwarded-for'] = ip;
  const res = await fetch(`${bench.api.baseUrl}${route}`, {
    method,
    headers,
    body: JSON.stringify(body),
  });
  const answer = await res.json().catch(() => null);
  if (!res.ok) throw new RunFailed(`${method} ${route} → ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** Runs `work(item)` for every item, at most `limit` at a time. */
export async function eachLimited(items, limit, work) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * A store: its Salla id, owner, and shoppers (the sandbox's customer facts). Shopper ids are
 * unique across stores, as Salla's are.
 */
export function defineStore({ merchantId, index, shoppers, name }) {
  const firstShopper = merchantId * 10_000;
  return {
    merchantId,
    name,
    ownerEmail: `owner-${merchantId}@example.com`,
    ownerIp: `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
    shopperCount: shoppers,
    shopper: (n) => ({
      id: firstShopper + n,
      firstName: 'متسوق',
      lastName: String(n),
      email: `shopper-${merchantId}-${n}@example.com`,
    }),
  };
}

/** Easy Mode install (app.store.authorize; the API fetches the owner from the sandbox), Growth plan. */
async function installStore(bench, store) {
  const tokens = bench.sandbox.server.registerStore({
    merchantId: store.merchantId,
    ownerEmail: store.ownerEmail,
    name: store.name,
  });
  const { webhooks } = bench.sandbox;
  await postWebhook(bench, webhooks.storeAuthorize(store.merchantId, tokens));
  const now = Date.now();
  await postWebhook(
    bench,
    webhooks.subscription('app.subscription.started', store.merchantId, {
      name: 'Growth',
      price: 299,
      start: new Date(now - 86_400_000),
      end: new Date(now + 30 * 86_400_000),
    }),
  );
}

/**
 * The codes the API mailed (kept as .eml files in DATA_DIR/mail), by recipient, the newest last:
 * the owners' set-password codes and the shoppers' sign-in codes.
 */
export async function readMailedCodes(dataDir) {
  const mailDir = path.join(dataDir, 'mail');
  const files = existsSync(mailDir) ? readdirSync(mailDir).filter((f) => f.endsWith('.eml')) : [];
  // Named `<ms>-<count>.eml`: in the order they were received.
  files.sort((a, b) => Number(a.split(/[-.]/)[1]) - Number(b.split(/[-.]/)[1]));
  const codes = new Map();
  for (const file of files) {
    const mail = await simpleParser(readFileSync(path.join(mailDir, file)));
    const code = /^\s*(\d{6})\s*$/m.exec(mail.text ?? '')?.[1];
    const to = mail.to?.value?.[0]?.address?.toLowerCase();
    if (code && to) codes.set(to, code);
  }
  return codes;
}

/** The owner sets a password with the mailed code, logs in, and saves the order rule. */
async function setOrderRule(bench, store, code, points) {
  const auth = '/api/merchants/auth';
  const { ownerEmail: email, ownerIp: ip } = store;
  await callApi(bench, `${auth}/verify-reset-code`, { body: { email, code }, ip });
  const password = `bench-password-${store.merchantId}`;
  await callApi(bench, `${auth}/reset-password`, {
    body: { email, code, newPassword: password },
    ip,
  });
  const login = await callApi(bench, `${auth}/login`, { body: { email, password }, ip });
  // Kept for the benches that set up more of the store (rewards) as its owner.
  store.ownerToken = login.data.token;
  await callApi(bench, '/api/loyalty', {
    token: login.data.token,
    ip,
    body: { event: 'order.created', points },
  });
}

/** Installs the stores, sets their order rule, then creates their shoppers (customer.created). */
export async function prepareStores(bench, stores, { orderPoints, concurrency }) {
  const started = Date.now();
  await eachLimited(stores, 4, (store) => installStore(bench, store));
  // The mails go out after each install answers; wait (briefly) until every owner has one.
  let codes = await readMailedCodes(bench.dataDir);
  for (let tries = 0; tries < 50 && stores.some((s) => !codes.has(s.ownerEmail)); tries++) {
    await sleep(200);
    codes = await readMailedCodes(bench.dataDir);
  }
  await eachLimited(stores, 2, async (store) => {
    const code = codes.get(store.ownerEmail);
    if (!code) throw new RunFailed(`no set-password mail for ${store.ownerEmail}`);
    await setOrderRule(bench, store, code, orderPoints);
  });
  const shoppers = stores.flatMap((store) =>
    Array.from({ length: store.shopperCount }, (_, i) => [store, i + 1]),
  );
  const shoppersStarted = Date.now();
  await eachLimited(shoppers, concurrency, ([store, n]) =>
    postWebhook(bench, bench.sandbox.webhooks.customerCreated(store.merchantId, store.shopper(n))),
  );
  const seconds = (from, to = Date.now()) => ((to - from) / 1000).toFixed(1);
  console.log(
    `  stores installed and rules saved in ${seconds(started, shoppersStarted)} s; ` +
      `${shoppers.length} customer.created in ${seconds(shoppersStarted)} s ` +
      `(${(shoppers.length / ((Date.now() - shoppersStarted) / 1000)).toFixed(0)}/s)`,
  );
}

export function runProcess(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}
