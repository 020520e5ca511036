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
import {
  REFERRAL_CLAIM_LIMITS,
  REFERRAL_OFFER_LIMITS,
  type ReferralEngine,
} from './referral-engine.service.ts';
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
          summary: 'What an invitation code offers a friend (public)',
          description:
            'The store and the friend’s gift for a code; 404 REFERRAL_CODE_INVALID when no shopper ' +
            `has it. At most ${REFERRAL_OFFER_LIMITS.perIp.limit} an hour per client address ` +
            '(429 RATE_LIMITED with Retry-After).',
          querystring: ReferralOfferQuerySchema,
          response: { 200: ReferralOfferResponseSchema, ...publicErrors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await referralEngine.offer({ ...request.query, ip: request.ip }),
      }),
    );

    r.post(
      '/claim',
      {
        schema: {
          tags: ['referrals'],
          summary:
            'Claim the friend’s gift: a Salla coupon mailed to the e-mail, never shown (public)',
          description:
            'One gift per mailbox per store: case, a +tag and Gmail dots are the same mailbox. A ' +
            'code gives at most the programme’s `limits.giftsPerCode` gifts and the store ' +
            '`limits.giftsPerDay` in any 24 hours. The inviter’s own mailbox, a customer who ' +
            'ordered, a mailbox that had its gift and either limit are all refused with the same ' +
            '409 REFERRAL_NOT_ELIGIBLE (and kept as blocked referrals with their reason for the ' +
            'merchant); no mail is sent. Limited per client address ' +
            `(${REFERRAL_CLAIM_LIMITS.perIp.limit} an hour, ${REFERRAL_CLAIM_LIMITS.perIpDaily.limit} a day) ` +
            `and per mailbox (${REFERRAL_CLAIM_LIMITS.perEmail.limit} an hour).`,
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
