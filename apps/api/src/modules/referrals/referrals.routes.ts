import {
  ErrorBodySchema,
  ReferralClaimRequestSchema,
  ReferralClaimResponseSchema,
  ReferralOfferQuerySchema,
  ReferralOfferResponseSchema,
  ReferralsQuerySchema,
  ReferralsResponseSchema,
  ReferralSummaryResponseSchema,
  ReferralSettingsRequestSchema,
  ReferralSettingsResponseSchema,
  ReferralToggleRequestSchema,
} from '@nuqat/contracts';
import type { FastifyInstance, FastifySchema, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { merchantOf } from '../../plugins/auth.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import type { ReferralEngine } from './referral-engine.service.ts';
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
  referralEngine: ReferralEngine;
  requireMerchant: preHandlerAsyncHookHandler;
}) {
  const { referralsService, referralEngine, requireMerchant } = deps;
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

    r.get(
      '/',
      {
        preValidation: requireMerchant,
        schema: {
          ...common,
          querystring: ReferralsQuerySchema,
          response: { 200: ReferralsResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { merchantId } = merchantOf(request);
        await referralsService.assertPlanAllows(merchantId);
        return {
          success: true as const,
          data: await referralEngine.list(merchantId, request.query),
        };
      },
    );

    r.get(
      '/summary',
      {
        preValidation: requireMerchant,
        schema: { ...common, response: { 200: ReferralSummaryResponseSchema, ...errors } },
      },
      async (request) => {
        const { merchantId } = merchantOf(request);
        await referralsService.assertPlanAllows(merchantId);
        return { success: true as const, data: await referralEngine.summary(merchantId) };
      },
    );
  };
}

const publicErrors = {
  400: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  429: ErrorBodySchema,
  502: ErrorBodySchema,
  503: ErrorBodySchema,
};

/**
 * The friend's side, under /api/customers/referrals: public (a friend has no session yet),
 * rate-limited, and the coupon code only ever goes to the e-mail (decision 021).
 */
export function referralClaimRoutes(deps: { referralEngine: ReferralEngine }) {
  const { referralEngine } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/offer',
      {
        schema: {
          tags: ['referrals'],
          querystring: ReferralOfferQuerySchema,
          response: { 200: ReferralOfferResponseSchema, ...publicErrors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await referralEngine.offer(request.query),
      }),
    );

    r.post(
      '/claim',
      {
        schema: {
          tags: ['referrals'],
          body: ReferralClaimRequestSchema,
          response: { 200: ReferralClaimResponseSchema, ...publicErrors },
        },
      },
      async (request) => {
        const lang = requestLanguage(request);
        const coupon = await referralEngine.claim({ ...request.body, ip: request.ip, lang });
        return {
          success: true as const,
          data: { coupon },
          message:
            lang === 'ar'
              ? `أرسلنا كوبون هديتك إلى ${coupon.sentTo}`
              : `Your gift coupon was sent to ${coupon.sentTo}`,
        };
      },
    );
  };
}
