/** Signed outbound webhooks from the outbox (issue 31, docs/decisions/039). */
export { createOutboundWebhooks, type OutboundWebhooks } from './outbound-webhooks.service.ts';
export { outboundWebhooksRoutes } from './outbound-webhooks.routes.ts';
export { requireOpenApiPlan } from './plan.ts';
