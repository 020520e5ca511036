import {
  ShopperCancelCouponParamsSchema,
  ShopperCancelCouponResponseSchema,
  CustomerLoyaltyParamsSchema,
  CustomerLoyaltyQuerySchema,
  CustomerLoyaltyResponseSchema,
  ErrorBodySchema,
  MessageResponseSchema,
  RedeemRequestSchema,
  RedeemResponseSchema,
  ShopperCodeRequestedResponseSchema,
  ShopperRequestCodeRequestSchema,
  ShopperSessionResponseSchema,
  ShopperSignInOptionsQuerySchema,
  ShopperSignInOptionsResponseSchema,
  ShopperVerifyCodeRequestSchema,
  type CustomerLoyaltyParams,
} from '@nuqat/contracts';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../plugins/error-handler.ts';
import { bearer, shopperOf } from '../../plugins/shopper-auth.ts';
import type { RedemptionService } from '../rewards/index.ts';
import type { ShopperService } from './shopper.service.ts';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  429: ErrorBodySchema,
  502: ErrorBodySchema,
};

const SUCCESS = {
  codeSent: {
    ar: 'إذا كان البريد مسجلًا في هذا المتجر فستصلك رسالة برمز الدخول',
    en: 'If this email belongs to a customer of this store, a sign-in code is on its way.',
  },
  codeTexted: {
    ar: 'إذا كان الجوال مسجلًا في هذا المتجر فستصلك رسالة نصية برمز الدخول',
    en: 'If this mobile belongs to a customer of this store, a sign-in code is on its way by text.',
  },
  loggedOut: { ar: 'تم تسجيل الخروج', en: 'Signed out' },
} as const;

export function shopperRoutes(deps: {
  shopperService: ShopperService;
  redemptionService: RedemptionService;
  requireShopper: preHandlerAsyncHookHandler;
}) {
  const { shopperService, redemptionService, requireShopper } = deps;

  function ownPath(request: FastifyRequest, params: CustomerLoyaltyParams) {
    return shopperService.authorizePath(
      shopperOf(request),
      Number(params.merchantId),
      Number(params.customerId),
    );
  }

  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/auth/request-code',
      {
        schema: {
          tags: ['shopper'],
          summary:
            'Send a sign-in code by e-mail or SMS to a customer of the store (same answer for anyone)',
          body: ShopperRequestCodeRequestSchema,
          response: {
            200: ShopperCodeRequestedResponseSchema,
            400: ErrorBodySchema,
            409: ErrorBodySchema,
            429: ErrorBodySchema,
            502: ErrorBodySchema,
          },
        },
      },
      async (request) => {
        const lang = request.body.lang ?? requestLanguage(request);
        const { requestId } = await shopperService.requestCode({
          merchantId: Number(request.body.merchantId),
          email: request.body.email,
          mobile: request.body.mobile,
          lang,
          ip: request.ip,
        });
        return {
          success: true as const,
          message: (request.body.mobile ? SUCCESS.codeTexted : SUCCESS.codeSent)[lang],
          requestId,
        };
      },
    );

    r.get(
      '/auth/options',
      {
        schema: {
          tags: ['shopper'],
          summary: 'How shoppers of the store can get a sign-in code, and which way comes first',
          querystring: ShopperSignInOptionsQuerySchema,
          response: {
            200: ShopperSignInOptionsResponseSchema,
            400: ErrorBodySchema,
            404: ErrorBodySchema,
          },
        },
      },
      async (request) => ({
        success: true as const,
        data: await shopperService.getSignInOptions({
          merchantId: Number(request.query.merchantId),
        }),
      }),
    );

    r.post(
      '/auth/verify-code',
      {
        schema: {
          tags: ['shopper'],
          summary: 'Trade a right code for a shopper token (30 days, revocable)',
          body: ShopperVerifyCodeRequestSchema,
          response: {
            200: ShopperSessionResponseSchema,
            400: ErrorBodySchema,
            429: ErrorBodySchema,
          },
        },
      },
      async (request) => {
        const session = await shopperService.verifyCode({
          merchantId: Number(request.body.merchantId),
          email: request.body.email,
          mobile: request.body.mobile,
          code: request.body.code,
          requestId: request.body.requestId,
          ip: request.ip,
          lang: requestLanguage(request),
        });
        return { success: true as const, data: session };
      },
    );

    r.post(
      '/auth/logout',
      {
        preHandler: requireShopper,
        schema: {
          tags: ['shopper'],
          security: [{ bearer: [] }],
          response: { 200: MessageResponseSchema, 401: ErrorBodySchema },
        },
      },
      async (request) => {
        await shopperService.logout(shopperOf(request));
        return { success: true as const, message: SUCCESS.loggedOut[requestLanguage(request)] };
      },
    );

    // The storefront snippet's way to end a token it dropped because the store signed the shopper
    // out (docs/decisions/030): a plain-text body is a "simple" cross-origin request, sent
    // without a preflight and without reading the answer (no CORS on the API).
    r.post(
      '/auth/revoke',
      {
        schema: {
          tags: ['shopper'],
          summary: 'End the shopper token sent as the text/plain body (no Authorization header)',
          consumes: ['text/plain'],
          body: z.string().trim().min(1).max(4096),
          response: { 200: MessageResponseSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
        },
      },
      async (request) => {
        await shopperService.logout(await shopperService.authenticate(request.body));
        return { success: true as const, message: SUCCESS.loggedOut[requestLanguage(request)] };
      },
    );

    r.get(
      '/loyalty/:merchantId/:customerId',
      {
        // The session is checked in the read's own round trip (docs/decisions/059), first.
        schema: {
          tags: ['shopper'],
          summary: "The shopper's balance, ways to earn, rewards, coupons and history",
          security: [{ bearer: [] }],
          params: CustomerLoyaltyParamsSchema,
          querystring: CustomerLoyaltyQuerySchema,
          response: { 200: CustomerLoyaltyResponseSchema, ...errors },
        },
      },
      async (request) => {
        const session = await shopperService.verifyToken(bearer(request));
        const merchantId = Number(request.params.merchantId);
        const customerId = Number(request.params.customerId);
        if (session.merchantId !== merchantId || session.customerId !== customerId) {
          // Another store's or shopper's path: the session first, then the path's answer.
          request.shopper = await shopperService.authenticate(bearer(request)!);
          await ownPath(request, request.params);
        }
        const data = await shopperService.getLoyaltyData({
          merchantId,
          customerId,
          lang: request.query.lang,
          session,
        });
        return { success: true as const, data };
      },
    );

    r.post(
      '/loyalty/:merchantId/:customerId/redeem',
      {
        preHandler: requireShopper,
        schema: {
          tags: ['shopper'],
          summary: 'Spend points on a reward; answers with the Salla coupon',
          security: [{ bearer: [] }],
          params: CustomerLoyaltyParamsSchema,
          body: RedeemRequestSchema,
          response: { 200: RedeemResponseSchema, ...errors },
        },
      },
      async (request) => {
        const own = await ownPath(request, request.params);
        const coupon = await redemptionService.redeemReward({
          ...own,
          rewardId: request.body.rewardId,
          requestId: request.body.requestId,
          lang: requestLanguage(request),
        });
        return { success: true as const, data: coupon };
      },
    );

    r.post(
      '/loyalty/:merchantId/:customerId/coupons/:couponId/cancel',
      {
        preHandler: requireShopper,
        schema: {
          tags: ['shopper'],
          summary:
            'Cancel an unused reward coupon within the cancel window: deleted at Salla first, then its points come back (once)',
          description:
            "Only the shopper's own reward coupon (not referral coupons), issued and unused, within SHOPPER_CANCEL_WINDOW_MINUTES of redeeming it. 409 COUPON_CANCEL_WINDOW_PASSED past it, COUPON_NOT_CANCELLABLE when used, expired or never issued, COUPON_USED_AT_SALLA when Salla says an order used it; 502 SALLA_UNAVAILABLE when Salla could not delete it (nothing returned). A repeat answers with the coupon already cancelled and returns nothing more.",
          security: [{ bearer: [] }],
          params: ShopperCancelCouponParamsSchema,
          response: { 200: ShopperCancelCouponResponseSchema, ...errors },
        },
      },
      async (request) => {
        const own = await ownPath(request, request.params);
        const coupon = await redemptionService.cancelShopperCoupon({
          ...own,
          couponId: request.params.couponId,
        });
        return { success: true as const, data: coupon };
      },
    );
  };
}
