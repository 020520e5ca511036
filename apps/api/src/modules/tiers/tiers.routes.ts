import {
  ErrorBodySchema,
  TiersPreviewResponseSchema,
  TiersRequestSchema,
  TiersResponseSchema,
} from '@nuqat/contracts';
import type { FastifyInstance, FastifySchema, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { merchantOf } from '../../plugins/auth.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import type { TiersService } from './tiers.service.ts';

const SAVED = { ar: 'تم حفظ مستويات العملاء', en: 'Customer tiers saved' } as const;

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};

/** GET/PUT /api/tiers and POST /api/tiers/preview (packages/contracts/src/tiers.ts). */
export function tiersRoutes(deps: {
  tiersService: TiersService;
  requireMerchant: preHandlerAsyncHookHandler;
}) {
  const { tiersService, requireMerchant } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const common: FastifySchema = { tags: ['tiers'], security: [{ bearer: [] }, { cookie: [] }] };

    r.get(
      '/',
      {
        preValidation: requireMerchant,
        schema: { ...common, response: { 200: TiersResponseSchema, ...errors } },
      },
      async (request) => ({
        success: true as const,
        data: await tiersService.getConfig({ merchantId: merchantOf(request).merchantId }),
      }),
    );

    r.put(
      '/',
      {
        preValidation: requireMerchant,
        schema: {
          ...common,
          body: TiersRequestSchema,
          response: { 200: TiersResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await tiersService.save({
          merchantId: merchantOf(request).merchantId,
          body: request.body,
        }),
        message: SAVED[requestLanguage(request)],
      }),
    );

    r.post(
      '/preview',
      {
        preValidation: requireMerchant,
        schema: {
          ...common,
          body: TiersRequestSchema,
          response: { 200: TiersPreviewResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await tiersService.preview({
          merchantId: merchantOf(request).merchantId,
          body: request.body,
        }),
      }),
    );
  };
}
