import {
  CreatedWebhookEndpointResponseSchema,
  CreateWebhookEndpointBodySchema,
  ErrorBodySchema,
  MessageResponseSchema,
  UpdateWebhookEndpointBodySchema,
  WebhookDeliveriesQuerySchema,
  WebhookDeliveriesResponseSchema,
  WebhookDeliveryParamsSchema,
  WebhookDeliveryResponseSchema,
  WebhookEndpointParamsSchema,
  WebhookEndpointResponseSchema,
  WebhookEndpointsResponseSchema,
} from '@nuqat/contracts';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { merchantOf } from '../../plugins/auth.ts';
import type { OutboundWebhooks } from './outbound-webhooks.service.ts';

/** Webhook endpoints and the delivery log, under /api/merchants/webhooks (docs/decisions/039). */
export function outboundWebhooksRoutes(deps: {
  webhooks: OutboundWebhooks;
  requireMerchant: preHandlerAsyncHookHandler;
}) {
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const security: { [label: string]: string[] }[] = [{ bearer: [] }, { cookie: [] }];
    const base = { preValidation: deps.requireMerchant };
    const tags = ['merchant'];
    const errors = {
      400: ErrorBodySchema,
      401: ErrorBodySchema,
      403: ErrorBodySchema,
      404: ErrorBodySchema,
    };
    const { webhooks } = deps;

    r.get(
      '/webhooks/endpoints',
      {
        ...base,
        schema: { tags, security, response: { 200: WebhookEndpointsResponseSchema, ...errors } },
      },
      async (request) => ({
        success: true as const,
        data: await webhooks.list(merchantOf(request).merchantId),
      }),
    );
    r.post(
      '/webhooks/endpoints',
      {
        ...base,
        schema: {
          tags,
          security,
          body: CreateWebhookEndpointBodySchema,
          response: { 200: CreatedWebhookEndpointResponseSchema, ...errors, 409: ErrorBodySchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: await webhooks.create(merchantOf(request).merchantId, request.body),
      }),
    );
    r.patch(
      '/webhooks/endpoints/:id',
      {
        ...base,
        schema: {
          tags,
          security,
          params: WebhookEndpointParamsSchema,
          body: UpdateWebhookEndpointBodySchema,
          response: { 200: WebhookEndpointResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await webhooks.update(
          merchantOf(request).merchantId,
          request.params.id,
          request.body,
        ),
      }),
    );
    r.delete(
      '/webhooks/endpoints/:id',
      {
        ...base,
        schema: {
          tags,
          security,
          params: WebhookEndpointParamsSchema,
          response: { 200: MessageResponseSchema, ...errors },
        },
      },
      async (request) => {
        await webhooks.remove(merchantOf(request).merchantId, request.params.id);
        return { success: true as const, message: 'deleted' };
      },
    );
    r.get(
      '/webhooks/deliveries',
      {
        ...base,
        schema: {
          tags,
          security,
          querystring: WebhookDeliveriesQuerySchema,
          response: { 200: WebhookDeliveriesResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await webhooks.deliveries(merchantOf(request).merchantId, request.query),
      }),
    );
    r.post(
      '/webhooks/deliveries/:id/replay',
      {
        ...base,
        schema: {
          tags,
          security,
          params: WebhookDeliveryParamsSchema,
          response: { 200: WebhookDeliveryResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await webhooks.replay(merchantOf(request).merchantId, request.params.id),
      }),
    );
  };
}
