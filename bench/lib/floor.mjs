// The floor: plain pgbench on the same server in the same run, with its own throw-away database.
// The standard built-in scripts, not a custom one: TPC-B (`tpcb-like`) and select-only (`-S`).
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
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
