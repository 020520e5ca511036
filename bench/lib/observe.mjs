// Where the time goes: what the API's PostgreSQL connections are doing (pg_stat_activity, sampled
// every 100 ms), how many transactions each request costs, and, with BENCH_PROFILE=1, the API's
// own CPU profile summarised by self time.
import { readdirSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import { root, serverBundle } from './harness.mjs';

const SAMPLE_EVERY_MS = 100;

/** What one connection is doing, in words that point at a cause. */
function activityLabel({ state, wait_event_type: type, wait_event: event }) {
  if (state === 'idle') return 'idle in the pool (no request for it)';
  if (state === 'idle in transaction') return 'idle in transaction (waiting for the API)';
  if (state === 'active' && !type) return 'active, on CPU';
  return `${state}, waiting on ${type}:${event}`;
}

/**
 * Samples pg_stat_activity of the API's connections (application_name 'nuqat') from a connection
 * to the admin database, so the sampling itself adds nothing to the bench database's figures.
 */
export async function startWaitSampler({ adminUrl, databaseName, live, windowMs }) {
  const client = new pg.Client({ connectionString: adminUrl, application_name: 'nuqat-bench' });
  await client.connect();
  const counts = new Map();
  const started = Date.now();
  const marks = [];
  let samples = 0;
  let connectionSamples = 0;
  let busy = false;
  const sample = async () => {
    const { rows } = await client.query(
      `select state, wait_event_type, wait_event from pg_stat_activity
        where datname = $1 and application_name = 'nuqat' and backend_type = 'client backend'`,
      [databaseName],
    );
    samples += 1;
    connectionSamples += rows.length;
    for (const row of rows) {
      const label = activityLabel(row);
      counts.set(label, (counts.get(label) ?? 0) + 1);
    }
    // Transactions per request are counted over the middle of the run: PostgreSQL publishes a
    // busy backend's counts about once a second, an idle one's only after ten.
    const due = windowMs[marks.length];
    if (due !== undefined && Date.now() - started >= due) {
      const transactions = await transactionCount(client, databaseName);
      marks.push({ transactions, answered: live.answered, own: live.own });
    }
  };
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    sample()
      .catch(() => {
        // A missed sample only makes the picture coarser.
      })
      .finally(() => (busy = false));
  }, SAMPLE_EVERY_MS);
  return {
    async stop() {
      clearInterval(timer);
      while (busy) await new Promise((resolve) => setTimeout(resolve, 10));
      await client.end();
      const top = [...counts.entries()]
        .sort((a, b) => b[1] - a[1])
        .map(([label, n]) => ({
          label,
          share: n / Math.max(1, connectionSamples),
          connections: n / Math.max(1, samples),
        }));
      const [from, to] = marks;
      const transactionsPerRequest =
        from && to && to.answered > from.answered
          ? (to.transactions - from.transactions - (to.own - from.own)) /
            (to.answered - from.answered)
          : NaN;
      return {
        samples,
        connections: connectionSamples / Math.max(1, samples),
        top,
        transactionsPerRequest,
      };
    },
  };
}

/** Committed and rolled-back transactions of one database so far, as published. */
export async function transactionCount(client, databaseName) {
  const { rows } = await client.query(
    `select (xact_commit + xact_rollback)::bigint as n from pg_stat_database where datname = $1`,
    [databaseName],
  );
  return Number(rows[0]?.n ?? 0);
}

let bundleMap;
function sourceMapOfBundle() {
  if (bundleMap === undefined) {
    try {
      bundleMap = new SourceMap(JSON.parse(readFileSync(`${serverBundle}.map`, 'utf8')));
    } catch {
      bundleMap = null;
    }
  }
  return bundleMap;
}

/** A frame's place in our sources (through the bundle's source map) or in a dependency. */
function placeOf(callFrame) {
  const { url, lineNumber, columnNumber } = callFrame;
  if (!url) return { where: '', area: 'V8 / native' };
  if (url.startsWith('node:')) return { where: url, area: 'Node.js internals' };
  const file = url.startsWith('file://') ? new URL(url).pathname : url;
  if (file === serverBundle) {
    const entry = sourceMapOfBundle()?.findEntry(lineNumber, columnNumber);
    if (entry?.originalSource) {
      const source = entry.originalSource.startsWith('file://')
        ? new URL(entry.originalSource).pathname
        : path.resolve(path.dirname(serverBundle), entry.originalSource);
      const where = `${path.relative(root, source)}:${entry.originalLine + 1}`;
      const dep = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
      if (dep) return { where, area: `dependency ${dep}` };
      const dir = /apps\/api\/src\/((?:modules|plugins|lib|db)\/[^/]+|[^/]+)/.exec(source)?.[1];
      return { where, area: dir ? `api ${dir.replace(/\.ts$/, '')}` : 'api (other)' };
    }
    return { where: `dist/server.js:${lineNumber + 1}`, area: 'api (unmapped)' };
  }
  const dep = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1];
  return {
    where: `${path.relative(root, file)}:${lineNumber + 1}`,
    area: dep ? `dependency ${dep}` : 'other',
  };
}

/**
 * Self time per function and per area (our modules, dependencies, GC, idle) of one .cpuprofile,
 * leaving out its first `skipMs` (the boot).
 */
export function summariseCpuProfile(profileDir, { skipMs = 0, top = 15 } = {}) {
  const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) return null;
  const profile = JSON.parse(readFileSync(path.join(profileDir, file), 'utf8'));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parents = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parents.set(child, n.id);
  /** The nearest caller in our code or a dependency: who asked for native or Node.js work. */
  const callerOf = (id) => {
    for (let at = parents.get(id); at !== undefined; at = parents.get(at)) {
      const { callFrame } = nodes.get(at);
      const place = placeOf(callFrame);
      if (place.area.startsWith('api') || place.area.startsWith('dependency'))
        return `${callFrame.functionName || '(anonymous)'} ${place.where}`;
    }
    return '(no caller of ours)';
  };
  const selfMicros = new Map();
  let elapsed = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    elapsed += delta;
    if (elapsed >= skipMs * 1000) selfMicros.set(id, (selfMicros.get(id) ?? 0) + delta);
  });
  const byFunction = new Map();
  const byArea = new Map();
  let total = 0;
  let idle = 0;
  for (const [id, micros] of selfMicros) {
    const { callFrame } = nodes.get(id);
    const name = callFrame.functionName || '(anonymous)';
    if (name === '(idle)') {
      idle += micros;
      continue;
    }
    total += micros;
    const special = name.startsWith('(') && !callFrame.url;
    const { where, area } = special ? { where: '', area: name } : placeOf(callFrame);
    const key = `${name} ${where}`;
    const fn = byFunction.get(key) ?? { name, where, micros: 0, callers: new Map() };
    fn.micros += micros;
    if (!special && !area.startsWith('api') && !area.startsWith('dependency')) {
      const caller = callerOf(id);
      fn.callers.set(caller, (fn.callers.get(caller) ?? 0) + micros);
    }
    byFunction.set(key, fn);
    byArea.set(area, (byArea.get(area) ?? 0) + micros);
  }
  const share = (micros) => micros / Math.max(1, total);
  return {
    busyMs: total / 1000,
    idleMs: idle / 1000,
    functions: [...byFunction.values()]
      .sort((a, b) => b.micros - a.micros)
      .slice(0, top)
      .map((f) => ({
        name: f.name,
        where: f.where,
        share: share(f.micros),
        callers: [...f.callers.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 3)
          .map(([caller, micros]) => ({ caller, share: micros / f.micros })),
      })),
    areas: [...byArea.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([area, micros]) => ({ area, share: share(micros) })),
  };
}
