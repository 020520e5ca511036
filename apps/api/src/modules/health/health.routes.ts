import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';

/** `/healthz`: the process is alive. `/readyz`: it can reach its database. */
export function healthRoutes(deps: { database: DatabaseHandle }) {
  return async function plugin(app: FastifyInstance) {
    app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
    app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
      try {
        await deps.database.ping();
        return { status: 'ready', database: deps.database.kind };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        return reply.status(503).send({ status: 'unavailable', database: deps.database.kind });
      }
    });
  };
}
