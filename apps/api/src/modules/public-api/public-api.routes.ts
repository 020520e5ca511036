import type { FastifyInstance } from 'fastify';
import { publicCustomersRoutes } from './public-api-customers.routes.ts';
import { publicProgrammeRoutes } from './public-api-programme.routes.ts';
import { publicWebhooksRoutes } from './public-api-webhooks.routes.ts';
import { publicApiContext, type PublicApiDeps } from './public-api.context.ts';

/**
 * The open API, version 1 (issue 31, docs/decisions/038), under /api/v1: an API key from
 * /settings in `Authorization: Bearer`, one scope per route, the store's own data only. The
 * customers, ledger and adjustment routes are the back-office's own service calls, so the ledger
 * rules (locks, idempotency, lots, debts) are the same. Registered in this order: customers,
 * programme (rewards, redemptions, tiers), webhook endpoints.
 */
export function publicApiRoutes(deps: PublicApiDeps) {
  return async function plugin(app: FastifyInstance) {
    const ctx = publicApiContext(deps);
    app.decorateRequest('apiKey', null);
    publicCustomersRoutes(app, ctx);
    publicProgrammeRoutes(app, ctx);
    publicWebhooksRoutes(app, ctx);
  };
}
