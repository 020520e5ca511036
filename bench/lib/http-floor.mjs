// The HTTP floor: what a route costs on this machine before our work is in it, measured in the same
// run as pgbench and the scenarios (docs/benchmarks.md, "The HTTP floor"). A bare Fastify server
// (http-floor-server.mjs) in a process of its own, driven like the API by autocannon from the bench
// process, on the same connections and seconds:
//   - no query: the ceiling of any route on this machine;
//   - one prepared primary-key read of a shopper: the ceiling of any route that asks PostgreSQL
//     anything, which the shopper read (one statement since decision 059) cannot pass.
// Each figure comes with the server's CPU per answered request, as the API's does.
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { processCpuMs, root, RunFailed } from './harness.mjs';
import { pick, withSigned } from './scenarios.mjs';

const SERVER = new URL('./http-floor-server.mjs', import.meta.url).pathname;

function startServer({ databaseUrl, poolMax }) {
  const child = spawn(process.execPath, [SERVER], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, DATABASE_POOL_MAX: String(poolMax) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk;
      const port = /ready (\d+)/.exec(output)?.[1];
      if (port) resolve({ child, baseUrl: `http://127.0.0.1:${port}` });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) =>
      reject(new RunFailed(`the HTTP floor's server exited with ${code}:\n${output}`)),
    );
  });
}

async function measureRoute(server, { name, setupRequest, method, expect, connections, seconds }) {
  const cpuBefore = processCpuMs(server.child.pid);
  const wrong = [];
  const result = await autocannon({
    url: server.baseUrl,
    connections,
    duration: seconds,
    requests: [
      {
        method,
        setupRequest,
        onResponse(status, body) {
          if (status !== 200 || !body.includes(expect))
            wrong.push(`${status} ${body.slice(0, 100)}`);
        },
      },
    ],
  });
  const cpuMs = processCpuMs(server.child.pid) - cpuBefore;
  const answered = result['2xx'];
  if (wrong.length > 0 || answered === 0)
    throw new RunFailed(
      `HTTP floor, ${name}: ${wrong.length} wrong answers of ${answered + wrong.length}: ${wrong[0]}`,
    );
  return { name, result, cpuMsPerRequest: cpuBefore === null ? undefined : cpuMs / answered };
}

const GET_NONE = {
  name: 'HTTP floor: bare Fastify GET, no query',
  method: 'GET',
  setupRequest: (request) => ({ ...request, path: '/floor/none' }),
  expect: '"availablePoints":',
};

/** GET of a random shopper's row through one prepared statement; `shoppers`: [{ merchantId, customerId }]. */
const getRead = (shoppers) => ({
  name: 'HTTP floor: bare GET + one prepared primary-key read',
  method: 'GET',
  setupRequest(request) {
    const s = pick(shoppers);
    return { ...request, path: `/floor/read/${s.merchantId}/${s.customerId}` };
  },
  expect: '"availablePoints":',
});

/** POST of a random one of `bodies` ({ body, headers }, as signed for the API), not read. */
const postNone = (bodies) => ({
  name: 'HTTP floor: bare POST of a delivery, no query',
  method: 'POST',
  setupRequest: (request) => withSigned({ ...request, path: '/floor/none' }, pick(bodies)),
  expect: '"duplicate"',
});

/**
 * The floor routes asked for, one after the other, on a server of their own: `shoppers` adds the
 * GET rows (none, one read), `bodies` the POST row. Answers figureRows' scenarios (no target: they
 * show what a target can reach on this machine).
 */
export async function measureHttpFloor({
  databaseUrl,
  poolMax,
  connections,
  seconds,
  shoppers,
  bodies,
}) {
  const routes = [
    ...(shoppers ? [GET_NONE, getRead(shoppers)] : []),
    ...(bodies ? [postNone(bodies)] : []),
  ];
  const server = await startServer({ databaseUrl, poolMax });
  try {
    const measured = [];
    for (const route of routes)
      measured.push(await measureRoute(server, { ...route, connections, seconds }));
    return measured;
  } finally {
    server.child.removeAllListeners('exit');
    server.child.kill('SIGTERM');
  }
}

/**
 * The floor rows of figureRows' output in words, against the ratio a target is set in
 * (`toSelect` or `toTpcb`): what a route reached in this run before our work was in it.
 */
export function describeHttpFloor(rows, ratio) {
  const unit = ratio === 'toSelect' ? 'select-only' : 'TPC-B';
  return rows
    .filter((r) => r.name.startsWith('HTTP floor'))
    .map(
      (r) =>
        `  ${r.name.replace('HTTP floor: ', '')}: ${r.perSecond.toFixed(0)} a second, ` +
        `${r[ratio].toFixed(3)} × ${unit}` +
        (r.cpuMs === undefined ? '' : `, ${r.cpuMs.toFixed(2)} ms of the server's CPU each`),
    )
    .join('\n');
}
