// Benchmark of the hottest path: signed Salla `order.created` webhooks turned into points.
//
//   npm run build     (once: the benchmark runs the production bundle apps/api/dist/server.js)
//   npm run bench
//
// It creates a throw-away PostgreSQL database (BENCH_ADMIN_URL, default
// postgres://postgres@127.0.0.1:5432/postgres), boots the built API on it with the Salla sandbox
// (tools/salla-sandbox, in process) standing in for Salla, installs one store on the Growth plan
// through webhooks, logs in as its owner to save an order rule, creates the shoppers, then measures
// with autocannon for BENCH_SECONDS (10) on BENCH_CONNECTIONS (10) connections:
//   1. order.created — every request a distinct, correctly signed completed order of a random
//      shopper, so each one earns points (one ledger row);
//   2. the same order.created redelivered — Salla's retries, answered as duplicates.
// Then pgbench runs on the same database, clients and duration, with a script doing the least a
// webhook has to do (one transaction: insert a row, bump one shared counter row, as every webhook
// of a store locks that store's row). That is the floor a perfect handler could reach.
//
// Printed: a table of requests/s, p50 and p99 latency per scenario, and the ratio of each to the
// pgbench tps of this run. Absolute numbers depend on the machine, so only the ratios are worth
// comparing between runs; nothing fails for being slow. The exit code is non-zero only when the
// run itself went wrong: a non-2xx answer, an unexpected outcome, or a ledger that does not hold
// exactly one row per counted order. The database is dropped at the end, even on failure.
import { spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';

const root = new URL('..', import.meta.url).pathname;
const serverBundle = path.join(root, 'apps/api/dist/server.js');

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 500);
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const MERCHANT_ID = 7_000_001;
const OWNER_EMAIL = 'bench-owner@example.com';
const OWNER_PASSWORD = 'bench-password-1';
const ORDER_POINTS = 10;
const CUSTOMER_BASE = 900_000;
const REDELIVERED_ORDER_ID = 10_000_001;
const FIRST_MEASURED_ORDER_ID = 20_000_001;
const WEBHOOK_SECRET = randomBytes(24).toString('hex');

class RunFailed extends Error {}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

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

async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A brand-new database, dropped by `drop()` (with force, so leftover sessions do not block it). */
async function createDatabase() {
  const name = `nuqat_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await withClient(ADMIN_URL, (c) => c.query(`create database ${name}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () =>
      withClient(ADMIN_URL, (c) => c.query(`drop database if exists ${name} with (force)`)),
  };
}

/** The Salla sandbox is TypeScript; tsx loads it (and its payload builders) from plain Node. */
async function startSandbox() {
  const sandbox = await tsImport('../tools/salla-sandbox/src/index.ts', import.meta.url);
  const server = await sandbox.startSallaSandbox({ port: 0 });
  return { server, webhooks: sandbox.webhooks, signWebhook: sandbox.signWebhook };
}

/** Boots the production bundle as `npm run start:prod` does, without the demo store. */
async function bootApi({ databaseUrl, dataDir, sandbox }) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    SALLA_WEBHOOK_SECRET: WEBHOOK_SECRET,
    SALLA_API_BASE: sandbox.server.apiBase,
    SALLA_AUTH_BASE: sandbox.server.authBase,
    SALLA_STOREFRONT_API_BASE: sandbox.server.storefrontApiBase,
    LOG_LEVEL: 'warn',
  };
  delete env.DEMO;
  delete env.SMTP_URL;
  const child = spawn(process.execPath, [serverBundle], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let logs = '';
  child.stdout.on('data', (d) => (logs += d));
  child.stderr.on('data', (d) => (logs += d));
  const api = {
    baseUrl,
    logs: () => logs,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
  await waitUntilReady(api, child);
  return api;
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

async function postWebhook(bench, envelope) {
  const { body, headers } = bench.sandbox.signWebhook(envelope, WEBHOOK_SECRET);
  const res = await fetch(`${bench.api.baseUrl}/api/salla/webhooks`, {
    method: 'POST',
    headers,
    body,
  });
  const answer = await res.json().catch(() => null);
  if (res.status !== 200 || answer?.data?.outcome !== 'processed') {
    throw new RunFailed(`${envelope.event} → ${res.status} ${JSON.stringify(answer)}`);
  }
}

async function callApi(bench, route, { method = 'POST', body, token } = {}) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${bench.api.baseUrl}${route}`, {
    method,
    headers,
    body: JSON.stringify(body),
  });
  const answer = await res.json().catch(() => null);
  if (!res.ok) throw new RunFailed(`${method} ${route} → ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

const customerFacts = (n) => ({
  id: CUSTOMER_BASE + n,
  firstName: 'متسوق',
  lastName: String(n),
  email: `shopper${n}@example.com`,
});

const randomCustomer = () => customerFacts(randomInt(1, CUSTOMERS + 1));

function completedOrder(bench, orderId) {
  return bench.sandbox.webhooks.orderCreated(MERCHANT_ID, {
    id: orderId,
    customer: randomCustomer(),
    total: 50 + (orderId % 450),
    status: 'completed',
  });
}

/** Easy Mode install (app.store.authorize fetches the owner from the sandbox) on the Growth plan. */
async function installStore(bench) {
  const tokens = bench.sandbox.server.registerStore({
    merchantId: MERCHANT_ID,
    ownerEmail: OWNER_EMAIL,
    name: 'متجر القياس',
  });
  const { webhooks } = bench.sandbox;
  await postWebhook(bench, webhooks.storeAuthorize(MERCHANT_ID, tokens));
  const now = Date.now();
  await postWebhook(
    bench,
    webhooks.subscription('app.subscription.started', MERCHANT_ID, {
      name: 'Growth',
      price: 299,
      start: new Date(now - 86_400_000),
      end: new Date(now + 30 * 86_400_000),
    }),
  );
}

/** The install mailed the owner a set-password code (an .eml in DATA_DIR/mail, no SMTP here). */
async function readSetPasswordCode(dataDir) {
  const mailDir = path.join(dataDir, 'mail');
  const files = existsSync(mailDir) ? readdirSync(mailDir).filter((f) => f.endsWith('.eml')) : [];
  for (const file of files) {
    const mail = await simpleParser(readFileSync(path.join(mailDir, file)));
    const code = /^\s*(\d{6})\s*$/m.exec(mail.text ?? '')?.[1];
    if (code) return code;
  }
  throw new RunFailed(`no set-password code in ${mailDir}`);
}

async function loginOwner(bench) {
  const code = await readSetPasswordCode(bench.dataDir);
  const auth = '/api/merchants/auth';
  await callApi(bench, `${auth}/verify-reset-code`, { body: { email: OWNER_EMAIL, code } });
  await callApi(bench, `${auth}/reset-password`, {
    body: { email: OWNER_EMAIL, code, newPassword: OWNER_PASSWORD },
  });
  const login = await callApi(bench, `${auth}/login`, {
    body: { email: OWNER_EMAIL, password: OWNER_PASSWORD },
  });
  return login.data.token;
}

async function createCustomers(bench) {
  let next = 1;
  const worker = async () => {
    while (next <= CUSTOMERS) {
      const n = next++;
      await postWebhook(
        bench,
        bench.sandbox.webhooks.customerCreated(MERCHANT_ID, customerFacts(n)),
      );
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
}

async function prepareStore(bench) {
  await installStore(bench);
  const token = await loginOwner(bench);
  await callApi(bench, '/api/loyalty', {
    token,
    body: { event: 'order.created', points: ORDER_POINTS },
  });
  await createCustomers(bench);
  await postWebhook(bench, bench.redelivered.envelope);
}

function runAutocannon(bench, title, request) {
  return autocannon({
    title,
    url: `${bench.api.baseUrl}/api/salla/webhooks`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [request],
  });
}

/** Scenario 1: a distinct completed order per request, each signed over its own bytes. */
async function measureNewOrders(bench) {
  let nextOrderId = FIRST_MEASURED_ORDER_ID;
  const counted = new Set();
  const unexpected = [];
  const result = await runAutocannon(bench, 'order.created (new, earns)', {
    setupRequest(request, context) {
      const orderId = nextOrderId++;
      const { body, headers } = bench.sandbox.signWebhook(
        completedOrder(bench, orderId),
        WEBHOOK_SECRET,
      );
      context.orderId = orderId;
      return { ...request, body, headers: { ...request.headers, ...headers } };
    },
    onResponse(status, body, context) {
      if (status === 200 && body.includes('"outcome":"processed"')) counted.add(context.orderId);
      else unexpected.push(`${status} ${body.slice(0, 200)}`);
    },
  });
  return { result, counted, unexpected, lastOrderId: nextOrderId - 1 };
}

/** Scenario 2: one already processed delivery, sent again and again. */
async function measureRedeliveries(bench) {
  const { body, headers } = bench.redelivered;
  const unexpected = [];
  const result = await runAutocannon(bench, 'order.created (redelivered)', {
    body,
    headers,
    onResponse(status, answer) {
      if (status !== 200 || !answer.includes('"outcome":"duplicate"')) {
        unexpected.push(`${status} ${answer.slice(0, 200)}`);
      }
    },
  });
  return { result, unexpected };
}

async function ledgerRowsByOrder(bench, fromId, toId) {
  const { rows } = await bench.db.query(
    `select source_id, count(*)::int as n from points_ledger
      where merchant_id = $1 and source_type = 'order' and source_id::bigint between $2 and $3
      group by source_id`,
    [MERCHANT_ID, fromId, toId],
  );
  return new Map(rows.map((r) => [Number(r.source_id), r.n]));
}

async function countRows(bench, sql, params = [MERCHANT_ID]) {
  const { rows } = await bench.db.query(sql, params);
  return rows[0].n;
}

const countOrderLedgerRows = (bench) =>
  countRows(
    bench,
    `select count(*)::int as n from points_ledger where merchant_id = $1 and source_type = 'order'`,
  );

const countProcessedOrderEvents = (bench) =>
  countRows(
    bench,
    `select count(*)::int as n from webhook_events
      where merchant_id = $1 and event = 'order.created' and outcome = 'processed'`,
  );

function checkAnswers(label, { result, unexpected }) {
  const problems = [];
  if (result.non2xx > 0) problems.push(`${result.non2xx} non-2xx answers`);
  if (result.errors > 0) problems.push(`${result.errors} connection errors/timeouts`);
  if (unexpected.length > 0) {
    problems.push(`${unexpected.length} unexpected answers, e.g. ${unexpected[0]}`);
  }
  if (result['2xx'] === 0) problems.push('no 2xx answer at all');
  return problems.map((p) => `${label}: ${p}`);
}

/**
 * Every order answered 2xx has exactly one ledger row. Orders still in flight when autocannon
 * stopped were processed but not counted: at most one per connection, each with one row too.
 */
async function checkLedger(bench, newOrders, ledgerBeforeRedelivery, ledgerAfterRedelivery) {
  const problems = [];
  const rows = await ledgerRowsByOrder(bench, FIRST_MEASURED_ORDER_ID, newOrders.lastOrderId);
  for (const orderId of newOrders.counted) {
    const n = rows.get(orderId) ?? 0;
    if (n !== 1) problems.push(`order ${orderId} answered 2xx has ${n} ledger rows`);
  }
  const uncounted = [...rows.keys()].filter((id) => !newOrders.counted.has(id));
  if (uncounted.length > CONNECTIONS) {
    problems.push(`${uncounted.length} ledger rows for orders never answered (> ${CONNECTIONS})`);
  }
  for (const id of uncounted) {
    if (rows.get(id) !== 1) problems.push(`order ${id} has ${rows.get(id)} ledger rows`);
  }
  const [ledgerRows, processed] = await Promise.all([
    countOrderLedgerRows(bench),
    countProcessedOrderEvents(bench),
  ]);
  if (ledgerRows !== processed) {
    problems.push(`${ledgerRows} order ledger rows for ${processed} processed order events`);
  }
  if (ledgerAfterRedelivery !== ledgerBeforeRedelivery) {
    problems.push(
      `redeliveries wrote ledger rows: ${ledgerBeforeRedelivery} → ${ledgerAfterRedelivery}`,
    );
  }
  return { problems: problems.slice(0, 10), inFlight: uncounted.length, ledgerRows, processed };
}

const PGBENCH_SCRIPT = `\\set customer random(1, ${CUSTOMERS})
BEGIN;
INSERT INTO bench_floor_events (customer_id) VALUES (:customer);
UPDATE bench_floor_counter SET n = n + 1 WHERE id = 1;
END;
`;

async function createFloorTables(bench) {
  await bench.db.query(`create table bench_floor_events (
    id bigint generated always as identity primary key,
    customer_id bigint not null,
    created_at timestamptz not null default now())`);
  await bench.db.query('create table bench_floor_counter (id int primary key, n bigint not null)');
  await bench.db.query('insert into bench_floor_counter values (1, 0)');
}

async function dropFloorTables(bench) {
  await bench.db.query('drop table if exists bench_floor_events, bench_floor_counter');
}

function runProcess(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** pgbench's per-transaction log: the third column is the latency in microseconds. */
function pgbenchLatencies(logDir) {
  const latencies = [];
  for (const file of readdirSync(logDir).filter((f) => f.startsWith('floor'))) {
    for (const line of readFileSync(path.join(logDir, file), 'utf8').split('\n')) {
      const micros = Number(line.split(' ')[2]);
      if (Number.isFinite(micros) && line) latencies.push(micros / 1000);
    }
  }
  return latencies.sort((a, b) => a - b);
}

/** The floor: pgbench with the same clients and duration, on the same database. */
async function measureFloor(bench) {
  await createFloorTables(bench);
  const scriptFile = path.join(bench.workDir, 'floor.sql');
  writeFileSync(scriptFile, PGBENCH_SCRIPT);
  const logDir = mkdtempSync(path.join(bench.workDir, 'pgbench-'));
  const url = new URL(bench.database.url);
  const args = [
    ...['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username)],
    ...['-n', '-c', String(CONNECTIONS), '-j', '2', '-T', String(SECONDS), '-f', scriptFile],
    ...['-l', `--log-prefix=${path.join(logDir, 'floor')}`],
    bench.database.name,
  ];
  const env = { ...process.env };
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  try {
    const { code, output } = await runProcess('pgbench', args, { env });
    const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1]);
    if (code !== 0 || !Number.isFinite(tps)) {
      throw new RunFailed(`pgbench failed (exit ${code}):\n${output}`);
    }
    const latencies = pgbenchLatencies(logDir);
    return { tps, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
  } finally {
    await dropFloorTables(bench);
  }
}

const webhookRow = (scenario, result, floorTps) => {
  const perSecond = result['2xx'] / result.duration;
  return {
    scenario,
    perSecond,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ratio: perSecond / floorTps,
  };
};

function printTable(rows) {
  const fixed = (n, digits) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', '÷ pgbench tps'];
  const lines = rows.map((r) => [
    r.scenario,
    fixed(r.perSecond, 1),
    fixed(r.p50, 2),
    fixed(r.p99, 2),
    fixed(r.ratio, 3),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
}

/**
 * autocannon returns while the API still works on the requests in flight when it stopped; wait
 * until the API has no open transaction and the processed count has stopped moving.
 */
async function waitUntilIdle(bench) {
  const busy = () =>
    countRows(
      bench,
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and application_name = 'nuqat' and state <> 'idle'`,
      [],
    );
  let last = -1;
  for (let i = 0; i < 100; i++) {
    const processed = await countProcessedOrderEvents(bench);
    if (processed === last && (await busy()) === 0) return;
    last = processed;
    await sleep(250);
  }
  throw new RunFailed('the API was still busy 25 s after autocannon stopped');
}

async function measure(bench) {
  const newOrders = await measureNewOrders(bench);
  await waitUntilIdle(bench);
  const ledgerBefore = await countOrderLedgerRows(bench);
  const redeliveries = await measureRedeliveries(bench);
  await waitUntilIdle(bench);
  const ledgerAfter = await countOrderLedgerRows(bench);
  const ledger = await checkLedger(bench, newOrders, ledgerBefore, ledgerAfter);
  const floor = await measureFloor(bench);
  return { newOrders, redeliveries, ledger, floor };
}

function report({ newOrders, redeliveries, ledger, floor }) {
  console.log(`\nwebhooks: ${CONNECTIONS} connections × ${SECONDS} s per scenario\n`);
  printTable([
    webhookRow('order.created, new (earns points)', newOrders.result, floor.tps),
    webhookRow('order.created, redelivered (duplicate)', redeliveries.result, floor.tps),
    { scenario: 'pgbench floor (insert + counter row)', perSecond: floor.tps, ...floor, ratio: 1 },
  ]);
  console.log(
    `\nledger: ${newOrders.counted.size} new orders answered 2xx` +
      ` (+${ledger.inFlight} in flight when autocannon stopped, processed but not counted);` +
      ` ${ledger.ledgerRows} order ledger rows for ${ledger.processed} processed order events` +
      (ledger.problems.length === 0 ? ': one row per order, none from redeliveries.' : '.'),
  );
  const problems = [
    ...checkAnswers('new orders', newOrders),
    ...checkAnswers('redeliveries', redeliveries),
    ...ledger.problems,
  ];
  for (const problem of problems) console.error(`FAILED ${problem}`);
  return problems.length === 0;
}

/** Runs (once) the clean-ups in reverse order of set-up, each even when another one fails. */
async function cleanUp(steps) {
  for (const step of steps.splice(0).reverse()) {
    await step().catch((error) => console.error(`clean-up: ${error.message}`));
  }
}

async function main() {
  if (!existsSync(serverBundle)) {
    console.error(`${path.relative(root, serverBundle)} is missing: run \`npm run build\` first.`);
    return 2;
  }
  const cleanups = [];
  const interrupted = () => cleanUp(cleanups).then(() => process.exit(130));
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  const bench = {};
  try {
    bench.workDir = mkdtempSync(path.join(tmpdir(), 'nuqat-bench-'));
    cleanups.push(async () => rmSync(bench.workDir, { recursive: true, force: true }));
    bench.dataDir = path.join(bench.workDir, 'data');
    bench.database = await createDatabase();
    cleanups.push(() => bench.database.drop());
    console.log(`database ${bench.database.name}; setting up one store, ${CUSTOMERS} shoppers…`);
    bench.sandbox = await startSandbox();
    cleanups.push(() => bench.sandbox.server.close());
    bench.api = await bootApi({
      databaseUrl: bench.database.url,
      dataDir: bench.dataDir,
      sandbox: bench.sandbox,
    });
    cleanups.push(() => bench.api.stop());
    bench.db = new pg.Client({ connectionString: bench.database.url });
    await bench.db.connect();
    cleanups.push(() => bench.db.end());
    const envelope = completedOrder(bench, REDELIVERED_ORDER_ID);
    bench.redelivered = { envelope, ...bench.sandbox.signWebhook(envelope, WEBHOOK_SECRET) };
    await prepareStore(bench);
    console.log('measuring…');
    return report(await measure(bench)) ? 0 : 1;
  } catch (error) {
    console.error(error instanceof RunFailed ? `FAILED ${error.message}` : error);
    if (bench.api) console.error(`API output:\n${bench.api.logs()}`);
    return 1;
  } finally {
    await cleanUp(cleanups);
  }
}

process.exitCode = await main();
