// The run shared by the benchmarks of a large store's merchant screens (bench/insights.mjs,
// bench/customers.mjs):
// 0. The floor: pgbench -i -s 10, then TPC-B and select-only (-c 8 -j 2) in their own database.
// 1. A throw-away database with one store of BENCH_CUSTOMERS shoppers (default 1,000,000) and
//    BENCH_ORDERS_PER_CUSTOMER orders each (default 2), built by bench/seed-large.mjs — or the
//    store a previous `npm run seed:large` left in BENCH_DATABASE_URL (kept).
// 2. The built API on it; the owner logs in; the caller checks the answers are the seeded store's
//    and names its requests; each is warmed up, then asked BENCH_REQUESTS times one at a time
//    (latency) and for BENCH_SECONDS with BENCH_CONNECTIONS requests in flight (throughput and
//    latency under load).
// Printed: p50/p95/p99 per request, requests per second, and the ratio of the p50 to pgbench
// select-only's p50 (one indexed read of one row, no HTTP). Target: p95 < 100 ms. Exit code 1
// when an answer is wrong (RunFailed), never for slowness.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { seedLarge } from '../seed-large.mjs';
import { percentile, measureFloor } from './floor.mjs';
import {
  bootApi,
  createDatabase,
  RunFailed,
  serverBundle,
  startSandbox,
  withClient,
} from './harness.mjs';

function intFromEnv(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

const config = {
  customers: intFromEnv('BENCH_CUSTOMERS', 1_000_000),
  ordersPerCustomer: intFromEnv('BENCH_ORDERS_PER_CUSTOMER', 2),
  requests: intFromEnv('BENCH_REQUESTS', 200),
  seconds: intFromEnv('BENCH_SECONDS', 10),
  connections: intFromEnv('BENCH_CONNECTIONS', 8),
  floorSeconds: intFromEnv('BENCH_FLOOR_SECONDS', 10),
  adminUrl: process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  reuseUrl: process.env.BENCH_DATABASE_URL,
};

/** One authenticated request (a GET unless told); anything but 200 is a wrong answer. */
async function call(api, token, url, { method = 'GET', body: payload } = {}) {
  const started = performance.now();
  const res = await fetch(`${api.baseUrl}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
  });
  const body = await res.json();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new RunFailed(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return { ms, body };
}

const stats = (latencies) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
};

async function measure(send, request) {
  const once = () => send(request.url, { method: request.method, body: request.body });
  for (let i = 0; i < 20; i++) await once();
  const one = [];
  for (let i = 0; i < config.requests; i++) one.push((await once()).ms);
  const loaded = [];
  const until = Date.now() + config.seconds * 1000;
  await Promise.all(
    Array.from({ length: config.connections }, async () => {
      while (Date.now() < until) loaded.push((await once()).ms);
    }),
  );
  return {
    name: request.name,
    single: stats(one),
    loaded: { ...stats(loaded), rps: loaded.length / config.seconds },
  };
}

/** The store a previous `npm run seed:large` built (its default id and password). */
async function seededStore(databaseUrl) {
  return withClient(databaseUrl, async (client) => {
    const merchantId = 7_000_000_001;
    const { rows } = await client.query(
      `select m.email, (select count(*)::int from customers where merchant_id = m.id) as customers,
              (select count(*)::int from orders where merchant_id = m.id) as orders
         from merchants m where m.id = $1`,
      [merchantId],
    );
    if (!rows[0]) throw new RunFailed('BENCH_DATABASE_URL holds no store: run npm run seed:large');
    return { ...rows[0], merchantId, password: 'seed-large-password', totalMs: NaN };
  });
}

const f = (n) => (Number.isFinite(n) ? n.toFixed(1) : '—');

function report(results, floor, seed, firstColumn) {
  const select = floor.selectOnly.p50;
  const lines = [
    `| ${firstColumn} | one at a time p50 / p95 / p99 (ms) | ${config.connections} in flight p50 / p95 / p99 (ms) | req/s | p50 ÷ select-only p50 | p95 < 100 ms |`,
    '|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.name} | ${f(r.single.p50)} / ${f(r.single.p95)} / ${f(r.single.p99)} | ` +
        `${f(r.loaded.p50)} / ${f(r.loaded.p95)} / ${f(r.loaded.p99)} | ${r.loaded.rps.toFixed(0)} | ` +
        `${(r.single.p50 / select).toFixed(0)} × | ${r.single.p95 < 100 && r.loaded.p95 < 100 ? 'yes' : 'no'} |`,
    ),
  ];
  console.log(
    `\nstore: ${seed.customers} shoppers, ${seed.orders} orders, seeded in ${Number.isFinite(seed.totalMs) ? (seed.totalMs / 1000).toFixed(0) : '(earlier)'} s; ` +
      `pgbench select-only p50 ${select.toFixed(3)} ms (${floor.selectOnly.tps.toFixed(0)} tps)\n`,
  );
  console.log(lines.join('\n'));
}

/**
 * Runs the benchmark. `requests({ get, send, seed })` checks that the API answers the seeded store
 * (throwing RunFailed when not) and returns the requests to measure, `[{ name, url, method?,
 * body? }]`; `send(url, { method, body })` is any request, `get(url)`
 * is an authenticated GET answering `{ ms, body }`.
 */
export async function runLargeStoreBench({ name, firstColumn, requests }) {
  if (!existsSync(serverBundle)) {
    console.error('No production bundle: run `npm run build` first.');
    process.exit(2);
  }
  const workDir = mkdtempSync(path.join(tmpdir(), `nuqat-bench-${name}-`));
  let database;
  let api;
  let sandbox;
  try {
    console.log(
      `machine: ${cpus().length} cores, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log(`floor: pgbench -i -s 10, TPC-B and select-only, ${config.floorSeconds} s each…`);
    const floor = await measureFloor({
      adminUrl: config.adminUrl,
      workDir,
      seconds: config.floorSeconds,
    });
    console.log(
      `  select-only ${floor.selectOnly.tps.toFixed(0)} tps, p50 ${floor.selectOnly.p50.toFixed(3)} ms, ` +
        `p99 ${floor.selectOnly.p99.toFixed(3)} ms; TPC-B ${floor.tpcb.tps.toFixed(0)} tps`,
    );

    database = config.reuseUrl
      ? { url: config.reuseUrl, drop: async () => {} }
      : await createDatabase(config.adminUrl, `nuqat_bench_${name}`);
    console.log(
      config.reuseUrl
        ? 'seed: the store npm run seed:large left in BENCH_DATABASE_URL'
        : `seed: ${config.customers} shoppers × ${config.ordersPerCustomer} orders (bench/seed-large.mjs)…`,
    );
    const seed = config.reuseUrl
      ? await seededStore(database.url)
      : await seedLarge({
          databaseUrl: database.url,
          customers: config.customers,
          ordersPerCustomer: config.ordersPerCustomer,
        });

    sandbox = await startSandbox();
    api = await bootApi({
      databaseUrl: database.url,
      dataDir: path.join(workDir, 'data'),
      sandbox,
      poolMax: 10,
    });
    const login = await fetch(`${api.baseUrl}/api/merchants/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: seed.email, password: seed.password }),
    });
    const token = (await login.json()).data?.token;
    if (!token) throw new RunFailed(`login failed: ${login.status}`);
    const send = (url, init) => call(api, token, url, init);
    const get = (url) => send(url);

    const list = await requests({ get, send, seed });
    const results = [];
    for (const request of list) {
      console.log(`measuring ${request.name}…`);
      results.push(await measure(send, request));
    }
    report(results, floor, seed, firstColumn);
  } finally {
    await api?.stop().catch(() => {});
    await sandbox?.server.close().catch(() => {});
    await database?.drop().catch(() => {});
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** The process ends with 1 on a wrong answer or a broken run, printing why. */
export function runMain(run) {
  run().catch((error) => {
    console.error(error instanceof RunFailed ? error.message : error);
    process.exit(1);
  });
}
