import {
  ErrorBodySchema,
  HoldoutEndBodySchema,
  HoldoutEndResponseSchema,
  HoldoutSettingsResponseSchema,
  HoldoutStartBodySchema,
  RoiQuerySchema,
  RoiResponseSchema,
} from '@nuqat/contracts';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { merchantOf } from '../../plugins/auth.ts';
import type { HoldoutService } from './holdout.service.ts';
import type { RoiService } from './roi.service.ts';

/** The control group and the programme's return, under /api/merchants; the caller's store only. */
export function roiRoutes(deps: {
  holdout: HoldoutService;
  roi: RoiService;
  requireMerchant: preHandlerAsyncHookHandler;
}) {
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const security: { [label: string]: string[] }[] = [{ bearer: [] }, { cookie: [] }];
    const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema };
    r.get(
      '/holdout',
      {
        preHandler: deps.requireMerchant,
        schema: {
          tags: ['merchant'],
          security,
          response: { 200: HoldoutSettingsResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await deps.holdout.getSettings(merchantOf(request).merchantId),
      }),
    );
    r.put(
      '/holdout',
      {
        preHandler: deps.requireMerchant,
        schema: {
          tags: ['merchant'],
          summary: 'Start the control group (or change its share while it runs)',
          security,
          body: HoldoutStartBodySchema,
          response: { 200: HoldoutSettingsResponseSchema, ...errors, 403: ErrorBodySchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: await deps.holdout.start(merchantOf(request).merchantId, request.body.percent),
      }),
    );
    r.post(
      '/holdout/end',
      {
        preHandler: deps.requireMerchant,
        schema: {
          tags: ['merchant'],
          summary: 'End the control group: its shoppers join the programme from now',
          security,
          body: HoldoutEndBodySchema,
          response: { 200: HoldoutEndResponseSchema, ...errors, 409: ErrorBodySchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: await deps.holdout.end(merchantOf(request).merchantId, request.body.backPay),
      }),
    );
    r.get(
      '/roi',
      {
        preHandler: deps.requireMerchant,
        schema: {
          tags: ['merchant'],
          summary: "The programme's return for a month: members vs the control group",
          security,
          querystring: RoiQuerySchema,
          response: { 200: RoiResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await deps.roi.getRoi(merchantOf(request).merchantId, request.query.month),
      }),
    );
  };
}
