import {
  CreatedWebhookEndpointResponseSchema,
  CreateWebhookEndpointBodySchema,
  ErrorBodySchema,
  MessageResponseSchema,
  WebhookEndpointParamsSchema,
  WebhookEndpointsResponseSchema,
} from '@nuqat/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiKeyOf } from './api-key-auth.ts';
import type { PublicApiContext } from './public-api.context.ts';

/** /api/v1 webhook endpoints (scope `webhooks:manage`): list, register, delete. */
export function publicWebhooksRoutes(
  app: FastifyInstance,
  { deps, scope, security, tags, errors }: PublicApiContext,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/webhooks/endpoints',
    {
      preValidation: scope('webhooks:manage'),
      schema: {
        tags,
        security,
        summary: 'Webhook endpoints',
        description: 'Scope `webhooks:manage`.',
        response: { 200: WebhookEndpointsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await deps.webhooks.list(apiKeyOf(request).merchantId),
    }),
  );

  r.post(
    '/webhooks/endpoints',
    {
      preValidation: scope('webhooks:manage'),
      schema: {
        tags,
        security,
        summary: 'Register an HTTPS endpoint; the answer holds its signing secret, once',
        description:
          'Scope `webhooks:manage`. Only public HTTPS addresses (400 `WEBHOOK_URL_NOT_ALLOWED`).',
        body: CreateWebhookEndpointBodySchema.meta({
          examples: [
            {
              url: 'https://hooks.example.sa/nuqat',
              description: 'CRM',
              events: ['points.earned', 'reward.redeemed'],
            },
          ],
        }),
        response: { 200: CreatedWebhookEndpointResponseSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await deps.webhooks.create(apiKeyOf(request).merchantId, request.body),
    }),
  );

  r.delete(
    '/webhooks/endpoints/:id',
    {
      preValidation: scope('webhooks:manage'),
      schema: {
        tags,
        security,
        summary: 'Delete an endpoint',
        description: 'Scope `webhooks:manage`.',
        params: WebhookEndpointParamsSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await deps.webhooks.remove(apiKeyOf(request).merchantId, request.params.id);
      return { success: true as const, message: 'deleted' };
    },
  );
}
