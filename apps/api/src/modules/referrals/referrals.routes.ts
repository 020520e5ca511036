import {
  ErrorBodySchema,
  ReferralSettingsRequestSchema,
  ReferralSettingsResponseSchema,
  ReferralToggleRequestSchema,
} from '@nuqat/contracts';
import type { FastifyInstance, FastifySchema, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { merchantOf } from '../../plugins/auth.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import type { ReferralsService } from './referrals.service.ts';

const SUCCESS = {
  saved: { ar: 'تم حفظ إعدادات الإحالة', en: 'Referral settings saved' },
  on: { ar: 'تم تفعيل برنامج الإحالة', en: 'Referral programme switched on' },
  off: { ar: 'تم إيقاف برنامج الإحالة', en: 'Referral programme switched off' },
} as const;

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
};

/** Spec §7: GET/POST /api/referrals/settings and POST /api/referrals/toggle. */
export function referralsRoutes(deps: {
  referralsService: ReferralsService;
  requireMerchant: preHandlerAsyncHookHandler;
}) {
  const { referralsService, requireMerchant } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const common: FastifySchema = {
      tags: ['referrals'],
      security: [{ bearer: [] }, { cookie: [] }],
    };

    r.get(
      '/settings',
      {
        preValidation: requireMerchant,
        schema: { ...common, response: { 200: ReferralSettingsResponseSchema, ...errors } },
      },
      async (request) => ({
        success: true as const,
        data: await referralsService.getSettings({ merchantId: merchantOf(request).merchantId }),
      }),
    );

    r.post(
      '/settings',
      {
        preValidation: requireMerchant,
        schema: {
          ...common,
          body: ReferralSettingsRequestSchema,
          response: { 200: ReferralSettingsResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await referralsService.updateSettings({
          merchantId: merchantOf(request).merchantId,
          settings: request.body,
        }),
        message: SUCCESS.saved[requestLanguage(request)],
      }),
    );

    r.post(
      '/toggle',
      {
        preValidation: requireMerchant,
        schema: {
          ...common,
          body: ReferralToggleRequestSchema,
          response: { 200: ReferralSettingsResponseSchema, ...errors },
        },
      },
      async (request) => {
        const data = await referralsService.toggle({
          merchantId: merchantOf(request).merchantId,
          isActive: request.body.isActive,
        });
        return {
          success: true as const,
          data,
          message: SUCCESS[data.isActive ? 'on' : 'off'][requestLanguage(request)],
        };
      },
    );
  };
}
