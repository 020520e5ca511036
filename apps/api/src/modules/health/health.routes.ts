import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';

/**
 * `/healthz`: the process is alive. `/readyz`: it can reach its database; its details count the
 * Salla webhooks kept as dead letters and not replayed yet (`npm run webhooks:replay`).
 */
export function healthRoutes(deps: {
  database: DatabaseHandle;
  pendingDeadLetters: () => Promise<number>;
}) {
  return async function plugin(app: FastifyInstance) {
    app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
    app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
      try {
        await deps.database.ping();
        const deadLetters = await deps.pendingDeadLetters();
        return { status: 'ready', database: deps.database.kind, deadLetters };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        return reply.status(503).send({ status: 'unavailable', database: deps.database.kind });
      }
    });
  };
}
