// Benchmark of the shopper's side: loyalty data reads and redemptions, against plain pgbench on
// the same server in the same run (docs/benchmarks.md, "Shopper reads and redemptions").
//
//   npm run build            (once: the bench runs the production bundle)
//   npm run bench:shoppers   (BENCH_SECONDS=5 BENCH_STORES=4 npm run bench:shoppers for a look)
//
// Set-up as webhooks.mjs does it (stores installed by Salla's webhooks, shoppers by
// customer.created), then one completed order per shopper (50 points), a 10-point reward per store
// saved by its owner, and every shopper signed in by the e-mail code. Then:
//   R. GET /api/customers/loyalty/{store}/{customer}, a random signed-in shopper per request;
//      every answer's balance is checked against the ledger.
//   S. POST …/redeem against the sandbox (it answers at once), a random shopper per request;
//      then one coupon per success, balance = ledger = open lots, no point spent twice.
// Exit 1 only for wrong answers or a wrong ledger, never for slowness; 2 when the build is missing.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { answerProblems, checkBalances } from './lib/checks.mjs';
import { measureFloor } from './lib/floor.mjs';
import { describeHttpFloor, measureHttpFloor } from './lib/http-floor.mjs';
import {
  bootApi,
  callApi,
  createDatabase,
  defineStore,
  eachLimited,
  postWebhook,
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
import {
  checkCouponMails,
  checkReads,
  checkRedemptions,
  waitForCouponMails,
} from './lib/shopper-checks.mjs';
import { measureReads, measureRedemptions, signInShoppers } from './lib/shopper-scenarios.mjs';

function readConfig() {
  const seconds = intFromEnv('BENCH_SECONDS', 20);
  return {
    seconds,
    stores: intFromEnv('BENCH_STORES', 20),
    shoppers: intFromEnv('BENCH_SHOPPERS', 500),
    connections: intFromEnv('BENCH_CONNECTIONS', 50),
    pool: intFromEnv('BENCH_POOL', 20),
    // 1 (or reads): the API runs with --cpu-prof; the bench stops it after the reads (no
    // redemptions then) and prints where the reads' CPU went. redemptions: the same for the
    // redemptions, after the reads and all the checks.
    profile: {
      1: 'reads',
      true: 'reads',
      yes: 'reads',
      reads: 'reads',
      redemptions: 'redemptions',
    }[process.env.BENCH_PROFILE ?? ''],
    floorSeconds: intFromEnv('BENCH_FLOOR_SECONDS', Math.min(20, seconds)),
    adminUrl: process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  };
}

/** One completed order per shopper earns this; the reward costs REWARD_POINTS (5 redemptions). */
const ORDER_POINTS = 50;
const REWARD_POINTS = 10;
const FIRST_ORDER = 80_000_001;

async function giveEveryShopperPoints(bench, stores) {
  const started = Date.now();
  let orderId = FIRST_ORDER;
  const shoppers = stores.flatMap((s) =>
    Array.from({ length: s.shopperCount }, (_, i) => [s, i + 1]),
  );
  await eachLimited(shoppers, bench.config.connections, ([store, n]) =>
    postWebhook(
      bench,
      bench.sandbox.webhooks.orderCreated(store.merchantId, {
        id: orderId++,
        customer: store.shopper(n),
        total: 200,
        status: 'completed',
      }),
    ),
  );
  console.log(
    `  ${shoppers.length} completed orders (${ORDER_POINTS} points each) in ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

async function saveRewards(bench, stores) {
  const rewardIds = new Map();
  await eachLimited(stores, 4, async (store) => {
    const answer = await callApi(bench, '/api/rewards', {
      token: store.ownerToken,
      ip: store.ownerIp,
      body: {
        name: 'خصم 10 ريال',
        type: 'fixed_discount',
        pointsRequired: REWARD_POINTS,
        value: 10,
      },
    });
    rewardIds.set(store.merchantId, answer.data.id);
  });
  return rewardIds;
}

async function measureScenario(bench, measure, afterLoad = async () => undefined) {
  bench.live = { answered: 0, own: 0 };
  const startedMs = Date.now() - bench.apiStartedAt;
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const sampler = await startWaitSampler({
    adminUrl: bench.config.adminUrl,
    databaseName: bench.database.name,
    live: bench.live,
    windowMs: [0.25, 0.75].map((share) => share * bench.config.seconds * 1000),
  });
  const apiCpuBefore = bench.api.cpuMs();
  const outcome = await measure();
  const waits = await sampler.stop();
  const cpu = process.cpuUsage(cpuBefore);
  waits.benchCores = (cpu.user + cpu.system) / 1000 / (performance.now() - wallBefore);
  // The requests in flight when the load stopped finish before anything is checked.
  await waitUntilIdle(bench.admin, bench.database.name);
  // Work the API does after its answers (the coupon mails) counts in the scenario's CPU.
  const after = await afterLoad();
  const apiCpu = bench.api.cpuMs() - apiCpuBefore;
  const cpuMsPerRequest = apiCpuBefore === null ? undefined : apiCpu / bench.live.answered;
  return { ...outcome, waits, cpuMsPerRequest, startedMs, after };
}

const load = () => loadavg()[0].toFixed(1);

async function run(bench) {
  const { config } = bench;
  const stores = Array.from({ length: config.stores }, (_, i) =>
    defineStore({
      merchantId: 7_400_001 + i,
      index: 400 + i,
      shoppers: config.shoppers,
      name: 'متجر المتسوقين',
    }),
  );
  const merchantIds = stores.map((s) => s.merchantId);
  console.log(`installing ${stores.length} stores, ${stores.length * config.shoppers} shoppers…`);
  await prepareStores(bench, stores, {
    orderPoints: ORDER_POINTS,
    concurrency: config.connections,
  });
  await giveEveryShopperPoints(bench, stores);
  const rewardIds = await saveRewards(bench, stores);
  const shoppers = await signInShoppers(bench, stores, { concurrency: config.connections });

  console.log(`measuring 2 scenarios × ${config.seconds} s on ${config.connections} connections…`);
  const reads = await measureScenario(bench, () =>
    measureReads(bench, shoppers, { seconds: config.seconds }),
  );
  const readCheck = await checkReads(bench.db, { reads, merchantIds });
  if (config.profile === 'reads') {
    await bench.api.stop();
    const profile = summariseCpuProfile(bench.profileDir, { skipMs: reads.startedMs });
    printCpuProfile('R reads', profile);
    return { reads, readCheck, profiled: true, problems: readCheck.problems };
  }
  // Between the two scenarios, on the database as the reads left it (not in a reads profile).
  console.log(`the HTTP floor: a bare GET, and one with a read, ${config.seconds} s each…`);
  const httpFloor = await measureHttpFloor({
    databaseUrl: bench.database.url,
    poolMax: config.pool,
    connections: config.connections,
    seconds: config.seconds,
    shoppers,
  });
  const redemptions = await measureScenario(
    bench,
    () => measureRedemptions(bench, shoppers, { rewardIds, seconds: config.seconds }),
    () => waitForCouponMails(bench.db, merchantIds),
  );
  const mailCheck = await checkCouponMails(bench.db, merchantIds);
  const redeemCheck = await checkRedemptions(bench.db, {
    redemptions,
    merchantIds,
    sandboxCoupons: bench.sandbox.server.coupons,
    connections: config.connections,
  });
  const balances = await checkBalances(bench.db);
  if (config.profile === 'redemptions') {
    await bench.api.stop();
    const profile = summariseCpuProfile(bench.profileDir, { skipMs: redemptions.startedMs });
    printCpuProfile('S redemptions', profile);
  }
  const problems = [
    ...answerProblems('reads', reads),
    ...readCheck.problems.map((p) => `reads: ${p}`),
    ...answerProblems('redemptions', {
      ...redemptions,
      result: { ...redemptions.result, non2xx: 0 },
    }),
    ...redeemCheck.problems.map((p) => `redemptions: ${p}`),
    ...mailCheck.problems.map((p) => `redemptions: ${p}`),
    ...balances.problems,
  ];
  for (const check of [readCheck, redeemCheck, mailCheck, balances])
    if (check.problemCount > check.problems.length)
      problems.push(`… and ${check.problemCount - check.problems.length} more like these`);
  return {
    httpFloor,
    reads,
    readCheck,
    redemptions,
    redeemCheck,
    mailCheck,
    balances,
    problems,
  };
}

function report(bench, floor, outcome, loadAtStart, postgres) {
  const { config } = bench;
  const { httpFloor, reads, redemptions } = outcome;
  // Redemptions per second count coupons issued (200), not the refusals once points ran out.
  const issuedResult = { ...redemptions.result, '2xx': redemptions.issued.length };
  const rows = figureRows({
    floor,
    scenarios: [
      ...httpFloor,
      {
        name: 'R shopper reads (GET loyalty data)',
        result: reads.result,
        cpuMsPerRequest: reads.cpuMsPerRequest,
        target: {
          text: '≥ 0.3 × select-only, p99 ≤ 20 ms',
          met: (r) => r.toSelect >= 0.3 && r.p99 <= 20,
        },
      },
      {
        name: 'S redemptions (coupons issued)',
        result: issuedResult,
        // Per request answered, refusals included (they cost the API too).
        cpuMsPerRequest: redemptions.cpuMsPerRequest,
        target: { text: '≥ 500 per s', met: (r) => r.perSecond >= 500 },
      },
    ],
  });
  const runLine =
    `${new Date().toISOString().slice(0, 10)} · ${cpus().length} cores ` +
    `(${cpus()[0]?.model.trim() ?? 'unknown CPU'}) shared with other work · PostgreSQL ${postgres} · ` +
    `Node ${process.version} · ${config.stores} stores × ${config.shoppers} signed-in shoppers · ` +
    `${config.connections} connections × ${config.seconds} s · API pool ${config.pool} · ` +
    `load average ${loadAtStart} at the start, ${load()} at the end`;
  console.log(`\n${runLine}\n`);
  printTable(rows);
  console.log(`\nMarkdown, for docs/benchmarks.md:\n`);
  printMarkdown(rows, `Run: ${runLine}`);
  console.log(
    `\nThe HTTP floor in this run (no target; docs/decisions/069): the same client and ` +
      `connections against a bare Fastify server\n${describeHttpFloor(rows, 'toSelect')}\n` +
      `  The reads' target asks 0.3 × select-only of a route that also checks the session and ` +
      `reads the whole page.`,
  );
  console.log(`\nWhere the time goes (pg_stat_activity of the API's connections):`);
  printWaits('R reads', reads.waits);
  printWaits('S redemptions', redemptions.waits);
  const { readCheck, redeemCheck, mailCheck, balances } = outcome;
  console.log(
    `\nChecks:` +
      `\n  R: ${readCheck.answers} answers for ${readCheck.shoppers} different shoppers; ` +
      `every balance = the ledger: ${readCheck.problemCount === 0 ? 'yes' : 'NO'}` +
      `\n  S: ${redeemCheck.answered} coupons answered, ${redeemCheck.issued} issued in the ` +
      `database, ${redemptions.refused} refused INSUFFICIENT_POINTS; one coupon per success and ` +
      `no point spent twice: ${redeemCheck.problemCount === 0 ? 'yes' : 'NO'}` +
      `\n  S: ${mailCheck.sent} coupon mails sent, ${mailCheck.delayMs.p50} ms after the issue ` +
      `step at p50, ${mailCheck.delayMs.max} ms at most (none pending ` +
      `${redemptions.after.waitedMs} ms after the API went idle); one per issued redemption: ` +
      `${mailCheck.problemCount === 0 ? 'yes' : 'NO'}` +
      `\n  every shopper (${balances.shoppers}): balance = ledger = open lots: ` +
      `${balances.problemCount === 0 ? 'yes' : 'NO'}`,
  );
  for (const problem of outcome.problems) console.error(`FAILED ${problem}`);
  if (outcome.problems.length === 0) console.log('\nAll answers and the ledger are right.');
  return outcome.problems.length === 0;
}

async function main() {
  if (!existsSync(serverBundle)) {
    console.error(`${path.relative(root, serverBundle)} is missing: run \`npm run build\` first.`);
    return 2;
  }
  const config = readConfig();
  const cleanups = [];
  const cleanUp = async () => {
    for (const step of cleanups.splice(0).reverse())
      await step().catch((error) => console.error(`clean-up: ${error.message}`));
  };
  process.once('SIGINT', () => cleanUp().then(() => process.exit(130)));
  const bench = { config };
  try {
    bench.workDir = mkdtempSync(path.join(tmpdir(), 'nuqat-bench-shoppers-'));
    cleanups.push(async () => rmSync(bench.workDir, { recursive: true, force: true }));
    bench.dataDir = path.join(bench.workDir, 'data');
    const loadAtStart = load();
    const postgres = await withClient(
      config.adminUrl,
      async (c) => (await c.query('show server_version')).rows[0].server_version.split(' ')[0],
    );
    console.log(`floor: pgbench -i -s 10, TPC-B and select-only, ${config.floorSeconds} s each…`);
    const floor = await measureFloor({
      adminUrl: config.adminUrl,
      workDir: bench.workDir,
      seconds: config.floorSeconds,
    });
    console.log(
      `  select-only ${floor.selectOnly.tps.toFixed(0)} tps, TPC-B ${floor.tpcb.tps.toFixed(0)} tps`,
    );
    bench.database = await createDatabase(config.adminUrl, 'nuqat_bench_shoppers');
    cleanups.push(() => bench.database.release());
    bench.sandbox = await startSandbox();
    cleanups.push(() => bench.sandbox.server.close());
    bench.api = await bootApi({
      databaseUrl: bench.database.url,
      dataDir: bench.dataDir,
      sandbox: bench.sandbox,
      poolMax: config.pool,
      cpuProfileDir: config.profile
        ? (bench.profileDir = path.join(bench.workDir, 'cpu'))
        : undefined,
    });
    bench.apiStartedAt = Date.now() - bench.api.bootMs;
    cleanups.push(() => bench.api.stop());
    bench.db = new pg.Client({ connectionString: bench.database.url });
    await bench.db.connect();
    cleanups.push(() => bench.db.end());
    bench.admin = new pg.Client({ connectionString: config.adminUrl });
    await bench.admin.connect();
    cleanups.push(() => bench.admin.end());
    const outcome = await run(bench);
    if (outcome.profiled) return outcome.problems.length === 0 ? 0 : 1;
    return report(bench, floor, outcome, loadAtStart, postgres) ? 0 : 1;
  } catch (error) {
    console.error(error instanceof RunFailed ? `FAILED ${error.message}` : error);
    if (bench.api) console.error(`API output (last part):\n${bench.api.logs().slice(-20_000)}`);
    return 1;
  } finally {
    await cleanUp();
  }
}

process.exitCode = await main();
