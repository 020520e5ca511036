import {
  DeleteRewardResponseSchema,
  ErrorBodySchema,
  RedemptionsQuerySchema,
  RedemptionsResponseSchema,
  RewardIdParamsSchema,
  RewardRequestSchema,
  RewardResponseSchema,
  RewardsReportQuerySchema,
  RewardsReportResponseSchema,
  RewardsResponseSchema,
} from '@nuqat/contracts';
import type { FastifyInstance, FastifySchema, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { merchantOf } from '../../plugins/auth.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import type { RewardsService } from './rewards.service.ts';

const SUCCESS = {
  created: { ar: 'تمت إضافة المكافأة', en: 'Reward added' },
  updated: { ar: 'تم حفظ المكافأة', en: 'Reward saved' },
  activated: { ar: 'تم تفعيل المكافأة', en: 'Reward activated' },
  deactivated: { ar: 'تم إيقاف المكافأة', en: 'Reward deactivated' },
  deleted: { ar: 'تم حذف المكافأة', en: 'Reward deleted' },
} as const;

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
};

export function rewardsRoutes(deps: {
  rewardsService: RewardsService;
  requireMerchant: preHandlerAsyncHookHandler;
}) {
  const { rewardsService, requireMerchant } = deps;
  // preValidation, not preHandler: an anonymous caller gets 401 before any field errors.
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const common: FastifySchema = { tags: ['rewards'], security: [{ bearer: [] }, { cookie: [] }] };

    r.get(
      '/',
      {
        preValidation: requireMerchant,
        schema: { ...common, response: { 200: RewardsResponseSchema, ...errors } },
      },
      async (request) => ({
        success: true as const,
        data: await rewardsService.findRewards({ merchantId: merchantOf(request).merchantId }),
      }),
    );

    r.post(
      '/',
      {
        preValidation: requireMerchant,
        schema: {
          ...common,
          body: RewardRequestSchema,
          response: { 201: RewardResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const reward = await rewardsService.createReward({
          merchantId: merchantOf(request).merchantId,
          reward: request.body,
        });
        return reply.status(201).send({
          success: true as const,
          data: reward,
          message: SUCCESS.created[requestLanguage(request)],
        });
      },
    );

    r.get(
      '/report',
      {
        preValidation: requireMerchant,
        schema: {
          ...common,
          querystring: RewardsReportQuerySchema,
          response: { 200: RewardsReportResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await rewardsService.getRewardsReport({
          merchantId: merchantOf(request).merchantId,
          query: request.query,
        }),
      }),
    );

    r.get(
      '/redemptions',
      {
        preValidation: requireMerchant,
        schema: {
          ...common,
          querystring: RedemptionsQuerySchema,
          response: { 200: RedemptionsResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await rewardsService.findRedemptions({
          merchantId: merchantOf(request).merchantId,
          query: request.query,
        }),
      }),
    );

    r.put(
      '/:id',
      {
        preValidation: requireMerchant,
        schema: {
          ...common,
          params: RewardIdParamsSchema,
          body: RewardRequestSchema,
          response: { 200: RewardResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await rewardsService.updateReward({
          merchantId: merchantOf(request).merchantId,
          rewardId: request.params.id,
          reward: request.body,
        }),
        message: SUCCESS.updated[requestLanguage(request)],
      }),
    );

    r.patch(
      '/:id/toggle',
      {
        preValidation: requireMerchant,
        schema: {
          ...common,
          params: RewardIdParamsSchema,
          response: { 200: RewardResponseSchema, ...errors },
        },
      },
      async (request) => {
        const reward = await rewardsService.updateRewardStatus({
          merchantId: merchantOf(request).merchantId,
          rewardId: request.params.id,
        });
        const message = reward.isActive ? SUCCESS.activated : SUCCESS.deactivated;
        return { success: true as const, data: reward, message: message[requestLanguage(request)] };
      },
    );

    r.delete(
      '/:id',
      {
        preValidation: requireMerchant,
        schema: {
          ...common,
          params: RewardIdParamsSchema,
          response: { 200: DeleteRewardResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await rewardsService.deleteReward({
          merchantId: merchantOf(request).merchantId,
          rewardId: request.params.id,
        }),
        message: SUCCESS.deleted[requestLanguage(request)],
      }),
    );
  };
}
