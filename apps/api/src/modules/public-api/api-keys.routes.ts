import {
  ApiKeyParamsSchema,
  ApiKeysResponseSchema,
  CreateApiKeyBodySchema,
  CreatedApiKeyResponseSchema,
  ErrorBodySchema,
  ApiKeySchema,
  successEnvelope,
} from '@nuqat/contracts';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { merchantOf } from '../../plugins/auth.ts';
import type { ApiKeysService } from './api-keys.service.ts';

/** The store's API keys, under /api/merchants/api-keys (Growth plan; docs/decisions/038). */
export function apiKeysRoutes(deps: {
  apiKeys: ApiKeysService;
  requireMerchant: preHandlerAsyncHookHandler;
}) {
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const security: { [label: string]: string[] }[] = [{ bearer: [] }, { cookie: [] }];
    const base = { preValidation: deps.requireMerchant };
    const errors = {
      400: ErrorBodySchema,
      401: ErrorBodySchema,
      403: ErrorBodySchema,
      404: ErrorBodySchema,
    };

    r.get(
      '/api-keys',
      {
        ...base,
        schema: {
          tags: ['merchant'],
          security,
          response: { 200: ApiKeysResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await deps.apiKeys.list(merchantOf(request).merchantId),
      }),
    );
    r.post(
      '/api-keys',
      {
        ...base,
        schema: {
          tags: ['merchant'],
          security,
          body: CreateApiKeyBodySchema,
          response: { 200: CreatedApiKeyResponseSchema, ...errors, 409: ErrorBodySchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: await deps.apiKeys.create(merchantOf(request).merchantId, request.body),
      }),
    );
    r.delete(
      '/api-keys/:id',
      {
        ...base,
        schema: {
          tags: ['merchant'],
          security,
          params: ApiKeyParamsSchema,
          response: { 200: successEnvelope(ApiKeySchema), ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await deps.apiKeys.revoke(merchantOf(request).merchantId, request.params.id),
      }),
    );
  };
}
