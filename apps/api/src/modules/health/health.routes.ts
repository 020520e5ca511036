import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SupportContactsResponseSchema, type SupportContacts } from '@nuqat/contracts';
import type { DatabaseHandle } from '../../db/client.ts';

/**
 * `/healthz`: the process is alive. `/readyz`: it can reach its database; its details count the
 * Salla webhooks kept as dead letters and not replayed yet (`npm run webhooks:replay`).
 */
export function healthRoutes(deps: {
  database: DatabaseHandle;
  pendingDeadLetters: () => Promise<number>;
  support: SupportContacts;
}) {
  return async function plugin(app: FastifyInstance) {
    // How merchants reach support (configuration; public: the landing and login pages show it).
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(
        '/api/support',
        { schema: { tags: ['public'], response: { 200: SupportContactsResponseSchema } } },
        async (_request, reply) => {
          reply.header('cache-control', 'public, max-age=300');
          return { success: true as const, data: deps.support };
        },
      );
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
