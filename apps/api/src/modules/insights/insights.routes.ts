import {
  AnalyticsQuerySchema,
  AnalyticsResponseSchema,
  CancelCouponResponseSchema,
  CouponParamsSchema,
  CouponsQuerySchema,
  CouponsResponseSchema,
  DashboardResponseSchema,
  ErrorBodySchema,
} from '@nuqat/contracts';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { merchantOf } from '../../plugins/auth.ts';
import type { RedemptionService } from '../rewards/index.ts';
import type { InsightsService } from './insights.service.ts';

/** The merchant's figures and coupons, under /api/merchants; each answers for the caller's store only. */
export function insightsRoutes(deps: {
  insightsService: InsightsService;
  redemptions: RedemptionService;
  requireMerchant: preHandlerAsyncHookHandler;
}) {
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const security: { [label: string]: string[] }[] = [{ bearer: [] }, { cookie: [] }];
    r.get(
      '/dashboard',
      {
        preHandler: deps.requireMerchant,
        schema: {
          tags: ['merchant'],
          security,
          response: { 200: DashboardResponseSchema, 401: ErrorBodySchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: await deps.insightsService.getDashboard({
          merchantId: merchantOf(request).merchantId,
        }),
      }),
    );
    r.get(
      '/analytics',
      {
        preHandler: deps.requireMerchant,
        schema: {
          tags: ['merchant'],
          security,
          querystring: AnalyticsQuerySchema,
          response: { 200: AnalyticsResponseSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: await deps.insightsService.getAnalytics({
          merchantId: merchantOf(request).merchantId,
          query: request.query,
        }),
      }),
    );
    r.get(
      '/coupons',
      {
        preHandler: deps.requireMerchant,
        schema: {
          tags: ['merchant'],
          security,
          querystring: CouponsQuerySchema,
          response: { 200: CouponsResponseSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: await deps.insightsService.listCoupons({
          merchantId: merchantOf(request).merchantId,
          query: request.query,
        }),
      }),
    );
    r.post(
      '/coupons/:id/cancel',
      {
        preHandler: deps.requireMerchant,
        schema: {
          tags: ['merchant'],
          security,
          params: CouponParamsSchema,
          response: {
            200: CancelCouponResponseSchema,
            400: ErrorBodySchema,
            401: ErrorBodySchema,
            404: ErrorBodySchema,
            409: ErrorBodySchema,
            502: ErrorBodySchema,
          },
        },
      },
      async (request) => {
        const merchantId = merchantOf(request).merchantId;
        await deps.redemptions.cancelCoupon({ merchantId, redemptionId: request.params.id });
        return {
          success: true as const,
          data: await deps.insightsService.getCoupon(merchantId, request.params.id),
        };
      },
    );
  };
}
