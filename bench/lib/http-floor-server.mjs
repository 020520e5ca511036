// The HTTP floor's server (bench/lib/http-floor.mjs starts it as a process of its own): Fastify with
// the API's versions of fastify and pg, no plugins, no logging, answering a fixed JSON body of the
// loyalty answer's size on two routes. What any API route costs at least on this machine:
//   GET /floor/none        the body as it is: HTTP parsing, routing, serialising, writing;
//   GET /floor/read/:m/:c  the same after one named prepared statement, a primary-key read of the
//                          shopper's row (pool of DATABASE_POOL_MAX), the way the API sends its
//                          one loyalty-read statement;
//   POST /floor/none       a webhook's body taken as a buffer and not read, answered as the API
//                          answers a redelivery.
// It prints `ready <port>` once listening. Its CPU is read from /proc by the parent.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_MAX ?? 20),
});
const READ = {
  name: 'http_floor_read',
  text: 'select id, points_balance from customers where merchant_id = $1 and id = $2',
};

/** A body of about `bytes` of JSON, Arabic text in it as the loyalty answer has. */
function answerOfSize(bytes) {
  const history = [];
  const data = { availablePoints: 0, history };
  while (JSON.stringify(data).length < bytes)
    history.push({
      id: history.length,
      points: 10,
      note: 'نقاط الطلب رقم 12345',
      at: '2026-11-27',
    });
  return data;
}
const data = answerOfSize(4800);

const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
  done(null, body),
);
app.post('/floor/none', async () => ({ success: true, data: { outcome: 'duplicate' } }));
app.get('/floor/none', async () => ({ success: true, data }));
app.get('/floor/read/:m/:c', async (request) => {
  const { m, c } = request.params;
  const { rows } = await pool.query({ ...READ, values: [m, c] });
  return { success: true, data: { ...data, availablePoints: rows[0]?.points_balance ?? null } };
});

const address = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`ready ${new URL(address).port}`);
process.once('SIGTERM', async () => {
  await app.close();
  await pool.end();
  process.exit(0);
});
