// Benchmark of Salla webhooks turned into points, against plain pgbench on the same server.
//
//   npm run build     (once: the benchmark runs the production bundle apps/api/dist/server.js)
//   npm run bench     (BENCH_SECONDS=5 BENCH_STORES=4 npm run bench for a quick look)
//
// What it does, in order (docs/benchmarks.md explains how to read it):
//   0. The floor: `pgbench -i -s 10`, then the standard TPC-B and select-only scripts with
//      `-c 8 -j 2 -T 20`, in a throw-away database of their own on the same server.
//   Then a throw-away database for the API, the Salla sandbox in process, and the built API on
//   them. Every store is installed as Salla installs it (app.store.authorize, then
//   app.subscription.started on the Growth plan), its owner sets a password from the mailed code
//   and saves the order rule, and its shoppers arrive as customer.created webhooks.
//   1. New order.created: a distinct completed order per request (it earns at once), random
//      shopper of BENCH_STORES stores × BENCH_SHOPPERS shoppers, BENCH_CONNECTIONS connections.
//   2. Redeliveries of the acknowledged bodies of scenario 1 (many different ones).
//   3. A mix: many small stores plus two in a sale; created, status updates, cancellations,
//      refunds, 2 % redeliveries.
//   After each scenario the ledger is checked against the answers; at the end, for every shopper,
//   balance = sum of the ledger = sum of the open lots.
//
// Printed: a table (and the same as Markdown) of per-second figures, p50/p99 latency and the
// ratios to pgbench TPC-B and select-only, each target and whether it was met, and where the
// time goes (pg_stat_activity of the API's connections; with BENCH_PROFILE=1 the API's CPU
// profile). Exit code 1 only for wrong answers or a wrong ledger, never for slowness; 2 when the
// build is missing. Both databases are dropped at the end, even on failure.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  answerProblems,
  checkBalances,
  checkMix,
  checkNewOrders,
  checkRedeliveries,
  ledgerTotals,
} from './lib/checks.mjs';
import { measureEngineStatement, measureFloor } from './lib/floor.mjs';
import { describeHttpFloor, measureHttpFloor } from './lib/http-floor.mjs';
import {
  bootApi,
  createDatabase,
  defineStore,
  prepareStores,
  root,
  RunFailed,
  serverBundle,
  startSandbox,
  waitUntilIdle,
  intFromEnv,
  withClient,
} from './lib/harness.mjs';
import { startWaitSampler, summariseCpuProfile } from './lib/observe.mjs';
import {
  figureRows,
  printCpuProfile,
  printMarkdown,
  printTable,
  printWaits,
} from './lib/report.mjs';
import { measureMix, measureNewOrders, measureRedeliveries } from './lib/scenarios.mjs';

function readConfig() {
  const seconds = intFromEnv('BENCH_SECONDS', 20);
  const stores = intFromEnv('BENCH_STORES', 20);
  return {
    seconds,
    stores,
    shoppers: intFromEnv('BENCH_SHOPPERS', 500),
    connections: intFromEnv('BENCH_CONNECTIONS', 50),
    // The API's DATABASE_POOL_MAX (its own default is 20).
    pool: intFromEnv('BENCH_POOL', 20),
    mixStores: intFromEnv('BENCH_MIX_STORES', 2 * stores),
    mixShoppers: intFromEnv('BENCH_MIX_SHOPPERS', 25),
    saleShoppers: intFromEnv('BENCH_SALE_SHOPPERS', 1000),
    // The standard floor runs 20 s; a quick run shortens it with the scenarios.
    floorSeconds: intFromEnv('BENCH_FLOOR_SECONDS', Math.min(20, seconds)),
    profile: ['1', 'true', 'yes'].includes(process.env.BENCH_PROFILE ?? ''),
    adminUrl: process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  };
}

const ORDER_POINTS = 10;
const SCENARIO1_FIRST_ORDER = 20_000_001;
const MIX_FIRST_ORDER = 60_000_001;

function defineStores(config) {
  const make = (base, count, shoppers, name) =>
    Array.from({ length: count }, (_, i) =>
      defineStore({ merchantId: base + i, index: base - 7_000_000 + i, shoppers, name }),
    );
  return {
    scenario1: make(7_100_001, config.stores, config.shoppers, 'متجر القياس'),
    small: make(7_200_001, config.mixStores, config.mixShoppers, 'متجر صغير'),
    sale: make(7_300_001, 2, config.saleShoppers, 'متجر في التخفيضات'),
  };
}

async function startApi(bench, cpuProfileDir) {
  bench.api = await bootApi({
    databaseUrl: bench.database.url,
    dataDir: bench.dataDir,
    sandbox: bench.sandbox,
    poolMax: bench.config.pool,
    cpuProfileDir,
  });
}

/**
 * Runs one scenario with the wait sampler on (and, with BENCH_PROFILE=1, on an API process of its
 * own started with --cpu-prof), then waits for the API to finish what was in flight.
 */
async function measureScenario(bench, key, measure) {
  let profileDir;
  if (bench.config.profile) {
    profileDir = path.join(bench.workDir, `cpu-${key}`);
    mkdirSync(profileDir);
    await bench.api.stop();
    await startApi(bench, profileDir);
  }
  bench.live = { answered: 0, own: 0 };
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const sampler = await startWaitSampler({
    adminUrl: bench.config.adminUrl,
    databaseName: bench.database.name,
    live: bench.live,
    windowMs: [0.25, 0.75].map((share) => share * bench.config.seconds * 1000),
  });
  const apiCpuBefore = bench.api.cpuMs();
  const apiSplitBefore = bench.api.cpuSplitMs();
  const outcome = await measure();
  const waits = await sampler.stop();
  const cpu = process.cpuUsage(cpuBefore);
  waits.benchCores = (cpu.user + cpu.system) / 1000 / (performance.now() - wallBefore);
  await waitUntilIdle(bench.admin, bench.database.name);
  // The API process's CPU time (user + system) per answered request, the requests still in
  // flight when autocannon stopped included in the time (at most one per connection).
  const apiCpuAfter = bench.api.cpuMs();
  const apiSplitAfter = bench.api.cpuSplitMs();
  if (apiSplitBefore && apiSplitAfter)
    waits.apiSplitMs = [0, 1].map(
      (i) => (apiSplitAfter[i] - apiSplitBefore[i]) / bench.live.answered,
    );
  const cpuMsPerRequest =
    apiCpuBefore === null || apiCpuAfter === null
      ? undefined
      : (apiCpuAfter - apiCpuBefore) / bench.live.answered;
  let profile;
  if (profileDir) {
    const { bootMs } = bench.api;
    await bench.api.stop();
    profile = summariseCpuProfile(profileDir, { skipMs: bootMs });
    await startApi(bench);
  }
  return { ...outcome, waits, profile, cpuMsPerRequest };
}

async function measureAll(bench, stores) {
  const { config } = bench;
  const problems = [];
  const checks = {};
  const s1 = await measureScenario(bench, 'new', () =>
    measureNewOrders(bench, stores.scenario1, { firstOrderId: SCENARIO1_FIRST_ORDER }),
  );
  problems.push(...answerProblems('new orders', s1));
  checks.newOrders = await checkNewOrders(bench.db, {
    newOrders: s1,
    merchantIds: stores.scenario1.map((s) => s.merchantId),
    orderPoints: ORDER_POINTS,
    connections: config.connections,
  });
  problems.push(...checks.newOrders.problems);

  if (s1.bodies.length === 0)
    throw new RunFailed('no order was acknowledged: nothing to redeliver');
  const before = await ledgerTotals(bench.db);
  const s2 = await measureScenario(bench, 'redelivered', () =>
    measureRedeliveries(bench, s1.bodies),
  );
  problems.push(...answerProblems('redeliveries', s2));
  problems.push(...checkRedeliveries(before, await ledgerTotals(bench.db)));

  const mixStores = [...stores.small, ...stores.sale];
  const s3 = await measureScenario(bench, 'mix', () =>
    measureMix(bench, {
      smallStores: stores.small,
      saleStores: stores.sale,
      firstOrderId: MIX_FIRST_ORDER,
    }),
  );
  problems.push(...answerProblems('mix', s3));
  checks.mix = await checkMix(bench.db, {
    mix: s3,
    merchantIds: mixStores.map((s) => s.merchantId),
    orderPoints: ORDER_POINTS,
  });
  problems.push(...checks.mix.problems);

  // The fast-path statement alone on the API's database (its rows are checked below too).
  const engine = await measureEngineStatement({
    database: bench.database,
    db: bench.db,
    store: stores.scenario1[0],
    body: s1.bodies[0].body,
    seconds: config.floorSeconds,
    workDir: bench.workDir,
  });
  console.log(`the HTTP floor: a bare POST of scenario 1's deliveries, ${config.seconds} s…`);
  const httpFloor = await measureHttpFloor({
    databaseUrl: bench.database.url,
    poolMax: config.pool,
    connections: config.connections,
    seconds: config.seconds,
    bodies: s1.bodies,
  });

  checks.balances = await checkBalances(bench.db);
  problems.push(...checks.balances.problems);
  return { s1, s2, s3, engine, httpFloor, checks, problems };
}

const hidden = (check) =>
  check.problemCount > check.problems.length
    ? [`… and ${check.problemCount - check.problems.length} more like these`]
    : [];

const load = () => loadavg()[0].toFixed(1);

function report({ config, floor, run, setupSeconds, versions, loadAtStart }) {
  const { s1, s2, s3, engine, httpFloor, checks } = run;
  const scenarios = [
    {
      name: '1 order.created, new (earns)',
      result: s1.result,
      cpuMsPerRequest: s1.cpuMsPerRequest,
      target: {
        text: '≥ 1.0 × TPC-B, p99 ≤ 50 ms',
        met: (r) => r.toTpcb >= 1 && r.p99 <= 50,
      },
    },
    {
      name: '2 redeliveries (acknowledged)',
      result: s2.result,
      cpuMsPerRequest: s2.cpuMsPerRequest,
      target: { text: '≥ 5 × TPC-B', met: (r) => r.toTpcb >= 5 },
    },
    {
      name: '3 mix (sale + small stores)',
      result: s3.result,
      cpuMsPerRequest: s3.cpuMsPerRequest,
      target: {
        text: '≥ 0.5 × TPC-B, p99 ≤ 100 ms',
        met: (r) => r.toTpcb >= 0.5 && r.p99 <= 100,
      },
    },
  ];
  const rows = figureRows({ floor, scenarios: [...httpFloor, ...scenarios] });
  rows.splice(2, 0, {
    name: `engine statement alone (${engine.command.replace(/ -f \S+/, ' -f nuqat_fast_order')})`,
    perSecond: engine.tps,
    p50: engine.p50,
    p99: engine.p99,
    toTpcb: engine.tps / floor.tpcb.tps,
  });
  const date = new Date().toISOString().slice(0, 10);
  const runLine =
    `${date} · ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}) · ` +
    `PostgreSQL ${versions.postgres} · Node ${process.version} · ` +
    `${config.stores} stores × ${config.shoppers} shoppers · ` +
    `${config.connections} connections × ${config.seconds} s · API pool ${config.pool} · ` +
    `load average ${loadAtStart} at the start, ${load()} at the end` +
    `${process.env.ENGINE_FAST_PATH ? ` · ENGINE_FAST_PATH=${process.env.ENGINE_FAST_PATH}` : ''}` +
    `${config.profile ? ' · profiled (figures lowered by the profiler)' : ''}`;

  console.log(`\n${runLine}\n`);
  if (Number(loadAtStart) >= 1)
    console.log(
      'Other work was running on this machine when the bench started (load average ≥ 1): ' +
        'the figures, ratios included, are lower than on a quiet machine.\n',
    );
  printTable(rows);
  console.log(`\nMarkdown, for docs/benchmarks.md:\n`);
  printMarkdown(rows, `Run: ${runLine}`);
  console.log(
    `\nThe floors in this run (no target; docs/decisions/069): the same client and connections ` +
      `against a bare Fastify server\n${describeHttpFloor(rows, 'toTpcb')}\n` +
      `  and PostgreSQL alone running the new order's statement: ` +
      `${(engine.tps / floor.tpcb.tps).toFixed(2)} × TPC-B. The redeliveries' target asks 5 × ` +
      `TPC-B, the new orders' 1.0 ×.`,
  );

  console.log(`\nWhere the time goes (pg_stat_activity of the API's connections):`);
  printWaits('1 new orders', s1.waits);
  printWaits('2 redeliveries', s2.waits);
  printWaits('3 mix', s3.waits);
  if (config.profile) {
    printCpuProfile('1 new orders', s1.profile);
    printCpuProfile('2 redeliveries', s2.profile);
    printCpuProfile('3 mix', s3.profile);
  }

  const events = [...s3.eventCounts].map(([event, n]) => `${n} ${event}`).join(', ');
  console.log(
    `\nSet-up: ${setupSeconds.toFixed(0)} s. Checks:` +
      `\n  1: ${s1.acknowledged.size} orders answered 200, ${checks.newOrders.ordersWithPoints} ` +
      `hold points (${checks.newOrders.inFlight} in flight at the end); ${s1.probe.sent} ` +
      `probed right after their 200 were committed: ${s1.probe.missing.length === 0 ? 'all' : 'NOT all'}` +
      `\n  2: ${s2.result['2xx']} redeliveries of ${s2.distinctBodies} different bodies; ` +
      `ledger, events and balances unchanged: ${run.problems.some((p) => p.startsWith('redeliveries')) ? 'NO' : 'yes'}` +
      `\n  3: ${events}; ${checks.mix.orders} orders, ${checks.mix.shouldEarn} should hold ` +
      `points, ${checks.mix.ambiguous} had an event in flight at the end` +
      `\n  every shopper (${checks.balances.shoppers}, ${checks.balances.points} points): ` +
      `balance = ledger = open lots: ${checks.balances.problemCount === 0 ? 'yes' : 'NO'}`,
  );
  const problems = [
    ...run.problems,
    ...hidden(checks.newOrders),
    ...hidden(checks.mix),
    ...hidden(checks.balances),
  ];
  for (const problem of problems) console.error(`FAILED ${problem}`);
  if (problems.length === 0) console.log('\nAll answers and the ledger are right.');
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
  const config = readConfig();
  const cleanups = [];
  const interrupted = () => cleanUp(cleanups).then(() => process.exit(130));
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  const bench = { config };
  try {
    bench.workDir = mkdtempSync(path.join(tmpdir(), 'nuqat-bench-'));
    cleanups.push(async () => rmSync(bench.workDir, { recursive: true, force: true }));
    bench.dataDir = path.join(bench.workDir, 'data');
    const loadAtStart = load();
    const versions = {
      postgres: await withClient(
        config.adminUrl,
        async (c) => (await c.query('show server_version')).rows[0].server_version.split(' ')[0],
      ),
    };

    console.log(`floor: pgbench -i -s 10, TPC-B and select-only, ${config.floorSeconds} s each…`);
    const floor = await measureFloor({
      adminUrl: config.adminUrl,
      workDir: bench.workDir,
      seconds: config.floorSeconds,
    });
    console.log(
      `  TPC-B ${floor.tpcb.tps.toFixed(0)} tps (latency average ${floor.tpcb.average} ms), ` +
        `select-only ${floor.selectOnly.tps.toFixed(0)} tps (${floor.selectOnly.average} ms)`,
    );

    bench.database = await createDatabase(config.adminUrl, 'nuqat_bench');
    cleanups.push(() => bench.database.release());
    bench.sandbox = await startSandbox();
    cleanups.push(() => bench.sandbox.server.close());
    await startApi(bench);
    cleanups.push(() => bench.api.stop());
    bench.db = new pg.Client({ connectionString: bench.database.url });
    await bench.db.connect();
    cleanups.push(() => bench.db.end());
    bench.admin = new pg.Client({ connectionString: config.adminUrl });
    await bench.admin.connect();
    cleanups.push(() => bench.admin.end());

    const stores = defineStores(config);
    const all = [...stores.scenario1, ...stores.small, ...stores.sale];
    const shoppers = all.reduce((n, s) => n + s.shopperCount, 0);
    console.log(
      `database ${bench.database.name}: installing ${all.length} stores ` +
        `(${config.stores} for scenario 1, ${config.mixStores} small and 2 in a sale for the mix), ` +
        `${shoppers} shoppers…`,
    );
    const setupStart = Date.now();
    await prepareStores(bench, all, {
      orderPoints: ORDER_POINTS,
      concurrency: config.connections,
    });
    const setupSeconds = (Date.now() - setupStart) / 1000;
    console.log(
      `measuring 3 scenarios × ${config.seconds} s on ${config.connections} connections` +
        `${config.profile ? ' (BENCH_PROFILE: each on a fresh API process with --cpu-prof)' : ''}…`,
    );
    const run = await measureAll(bench, stores);
    return report({ config, floor, run, setupSeconds, versions, loadAtStart }) ? 0 : 1;
  } catch (error) {
    console.error(error instanceof RunFailed ? `FAILED ${error.message}` : error);
    if (bench.api) console.error(`API output (last part):\n${bench.api.logs().slice(-20_000)}`);
    return 1;
  } finally {
    await cleanUp(cleanups);
  }
}

process.exitCode = await main();
