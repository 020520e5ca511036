// The floor: plain pgbench on the same server in the same run, with its own throw-away database.
// The standard built-in scripts, not a custom one: TPC-B (`tpcb-like`) and select-only (`-S`).
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createDatabase, runProcess, RunFailed } from './harness.mjs';

const SCALE = 10;
const CLIENTS = 8;
const THREADS = 2;

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** pgbench's per-transaction log: the third column is the latency in microseconds. */
function loggedLatencies(logDir, prefix) {
  const latencies = [];
  for (const file of readdirSync(logDir).filter((f) => f.startsWith(prefix))) {
    for (const line of readFileSync(path.join(logDir, file), 'utf8').split('\n')) {
      if (!line) continue;
      const micros = Number(line.split(' ')[2]);
      if (Number.isFinite(micros)) latencies.push(micros / 1000);
    }
  }
  return latencies.sort((a, b) => a - b);
}

function connectionArgs(url) {
  return ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username)];
}

async function pgbench(args, database) {
  const url = new URL(database.url);
  const env = { ...process.env };
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const { code, output } = await runProcess(
    'pgbench',
    [...connectionArgs(url), ...args, database.name],
    { env },
  );
  if (code !== 0)
    throw new RunFailed(`pgbench ${args.join(' ')} failed (exit ${code}):\n${output}`);
  return output;
}

/**
 * One standard run. Latency percentiles come from pgbench's own per-transaction log (a sample
 * of it for select-only, whose millions of lines would cost more than they tell).
 */
async function run(database, { label, flags, seconds, logDir, samplingRate }) {
  const args = ['-c', String(CLIENTS), '-j', String(THREADS), '-T', String(seconds), ...flags];
  const logArgs = ['-l', `--log-prefix=${path.join(logDir, label)}`];
  if (samplingRate < 1) logArgs.push(`--sampling-rate=${samplingRate}`);
  const output = await pgbench([...args, ...logArgs], database);
  const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1]);
  const average = Number(/latency average = ([\d.]+) ms/.exec(output)?.[1]);
  if (!Number.isFinite(tps)) throw new RunFailed(`pgbench printed no tps:\n${output}`);
  const latencies = loggedLatencies(logDir, label);
  return {
    command: `pgbench ${args.join(' ')}`,
    tps,
    average,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

export async function measureFloor({ adminUrl, workDir, seconds }) {
  const database = await createDatabase(adminUrl, 'nuqat_bench_pgbench');
  try {
    await pgbench(['-i', '-q', '-s', String(SCALE)], database);
    const logDir = mkdtempSync(path.join(workDir, 'pgbench-'));
    const tpcb = await run(database, {
      label: 'tpcb',
      flags: [],
      seconds,
      logDir,
      samplingRate: 1,
    });
    const selectOnly = await run(database, {
      label: 'select',
      flags: ['-S'],
      seconds,
      logDir,
      samplingRate: 0.05,
    });
    return { init: `pgbench -i -s ${SCALE}`, tpcb, selectOnly };
  } finally {
    await database.drop();
  }
}

/**
 * The engine's fast-path statement alone: `pgbench -f` calling `nuqat_fast_order` (migration
 * 0005) with the same clients as TPC-B, on the API's database, for new earning orders of one
 * store's shoppers — what a new order costs PostgreSQL without HTTP, signatures, parsing or the
 * API's event loop. It writes real rows, kept by the same invariants the bench checks afterwards.
 */
export async function measureEngineStatement({ database, db, store, body, seconds, workDir }) {
  const { rows } = await db.query('select config_version from merchants where id = $1', [
    store.merchantId,
  ]);
  const version = rows[0]?.config_version;
  if (version === undefined) throw new RunFailed(`store ${store.merchantId} not found`);
  const first = store.shopper(1).id;
  const quoted = body.replaceAll("'", "''");
  const script = `\\set order random(900000000001, 999999999999)
\\set shopper random(${first}, ${first + store.shopperCount - 1})
select nuqat_fast_order(jsonb_build_object(
  'dedupeKey', md5(:order::text || clock_timestamp()::text), 'merchantId', ${store.merchantId},
  'configVersion', ${version}, 'orderId', :order, 'referenceId', null,
  'customer', jsonb_build_object('id', :shopper, 'firstName', 'متسوق', 'lastName', 'pgbench'),
  'at', now()::text, 'placedAt', now()::text, 'statusSlug', 'completed',
  'statusStage', 'placed',
  'totalHalalas', 18600, 'spendHalalas', 18600, 'currency', 'SAR', 'earnStatus', 'earned',
  'earnPoints', 10, 'amountPoints', 0, 'planPeriodStart', date_trunc('month', now())::text,
  'slot', :shopper % 16, 'slotCap', null, 'releaseAt', now()::text, 'releasedAt', now()::text,
  'credit', 10, 'expiresAt', null, 'event', 'order.created', 'eventAt', now()::text),
  '${quoted}'::jsonb);
`;
  const file = path.join(workDir, 'engine-statement.sql');
  writeFileSync(file, script);
  const logDir = mkdtempSync(path.join(workDir, 'pgbench-engine-'));
  return run(database, {
    label: 'engine',
    flags: ['-n', '-f', file],
    seconds,
    logDir,
    samplingRate: 1,
  });
}
