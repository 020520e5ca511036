import {
  ErrorBodySchema,
  MerchantSettingsResponseSchema,
  StoreInfoResponseSchema,
  SubscriptionStatusResponseSchema,
  UpdateMerchantSettingsRequestSchema,
} from '@nuqat/contracts';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { merchantOf } from '../../plugins/auth.ts';
import type { MerchantsService } from './merchants.service.ts';

export function merchantsRoutes(deps: {
  merchantsService: MerchantsService;
  requireMerchant: preHandlerAsyncHookHandler;
}) {
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/store-info',
      {
        preHandler: deps.requireMerchant,
        schema: {
          tags: ['merchant'],
          security: [{ bearer: [] }, { cookie: [] }],
          response: { 200: StoreInfoResponseSchema, 401: ErrorBodySchema },
        },
      },
      async (request) => {
        const auth = merchantOf(request);
        const info = await deps.merchantsService.getStoreInfo({ merchantId: auth.merchantId });
        return { success: true as const, data: auth.readOnly ? { ...info, readOnly: true } : info };
      },
    );
    r.get(
      '/subscription/status',
      {
        preHandler: deps.requireMerchant,
        schema: {
          tags: ['merchant'],
          security: [{ bearer: [] }, { cookie: [] }],
          response: { 200: SubscriptionStatusResponseSchema, 401: ErrorBodySchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: {
          subscription: await deps.merchantsService.getSubscription({
            merchantId: merchantOf(request).merchantId,
          }),
        },
      }),
    );
    const settingsSchema = {
      tags: ['merchant'],
      security: [{ bearer: [] as string[] }, { cookie: [] as string[] }] as {
        [label: string]: string[];
      }[],
      response: { 200: MerchantSettingsResponseSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
    };
    r.get(
      '/settings',
      { preHandler: deps.requireMerchant, schema: settingsSchema },
      async (request) => ({
        success: true as const,
        data: await deps.merchantsService.getSettings({
          merchantId: merchantOf(request).merchantId,
        }),
      }),
    );
    r.put(
      '/settings',
      {
        preHandler: deps.requireMerchant,
        schema: { ...settingsSchema, body: UpdateMerchantSettingsRequestSchema },
      },
      async (request) => ({
        success: true as const,
        data: await deps.merchantsService.updateSettings({
          merchantId: merchantOf(request).merchantId,
          settings: request.body,
        }),
      }),
    );
  };
}
