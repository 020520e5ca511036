import {
  ClaimEarnActionRequestSchema,
  ClaimEarnActionResponseSchema,
  CustomerLoyaltyParamsSchema,
  ErrorBodySchema,
  SocialLinksResponseSchema,
  SocialLinksSchema,
} from '@nuqat/contracts';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { merchantOf } from '../../plugins/auth.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import { shopperOf } from '../../plugins/shopper-auth.ts';
import type { ShopperAuth } from '../shopper/index.ts';
import type { EarnActionsService } from './earn-actions.service.ts';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};

const UNVERIFIABLE =
  'No platform lets an app verify that someone follows an account: a follow is taken on the shopper’s word, and its points are credited a day after the claim (docs/decisions/052).';

/** /api/merchants/social-links: the store's profiles the shopper is asked to follow. */
export function socialLinksRoutes(deps: {
  earnActions: EarnActionsService;
  requireMerchant: preHandlerAsyncHookHandler;
}) {
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const common = {
      tags: ['merchant'],
      security: [{ bearer: [] as string[] }, { cookie: [] as string[] }] as {
        [label: string]: string[];
      }[],
      description: UNVERIFIABLE,
    };
    r.get(
      '/social-links',
      {
        preHandler: deps.requireMerchant,
        schema: {
          ...common,
          summary: 'The store’s links on Instagram, X, TikTok and Snapchat',
          response: { 200: SocialLinksResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await deps.earnActions.getSocialLinks({
          merchantId: merchantOf(request).merchantId,
        }),
      }),
    );
    r.put(
      '/social-links',
      {
        preHandler: deps.requireMerchant,
        schema: {
          ...common,
          summary: 'Save the store’s social links (an https link on the network’s site, or null)',
          body: SocialLinksSchema,
          response: { 200: SocialLinksResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await deps.earnActions.setSocialLinks({
          merchantId: merchantOf(request).merchantId,
          links: request.body,
        }),
      }),
    );
  };
}

/** POST /api/customers/loyalty/{merchantId}/{customerId}/earn: the signed-in shopper claims. */
export function earnActionRoutes(deps: {
  earnActions: EarnActionsService;
  requireShopper: preHandlerAsyncHookHandler;
  authorizePath: (
    auth: ShopperAuth,
    merchantId: number,
    customerId: number,
  ) => Promise<{ merchantId: number; customerId: number }>;
}) {
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/loyalty/:merchantId/:customerId/earn',
      {
        preHandler: deps.requireShopper,
        schema: {
          tags: ['shopper'],
          summary:
            'Claim a way to earn once: a follow (points a day later), a completed profile, the newsletter',
          description: `${UNVERIFIABLE} 409 EARN_ACTION_DISABLED when the store gives no points for it (or has no link for that network), PROFILE_INCOMPLETE when no birthday is known, PROGRAMME_PAUSED when the store earns nothing now. A repeat answers with the first claim and gives nothing more.`,
          security: [{ bearer: [] }],
          params: CustomerLoyaltyParamsSchema,
          body: ClaimEarnActionRequestSchema,
          response: { 200: ClaimEarnActionResponseSchema, ...errors },
        },
      },
      async (request) => {
        const own = await deps.authorizePath(
          shopperOf(request),
          Number(request.params.merchantId),
          Number(request.params.customerId),
        );
        const data = await deps.earnActions.claim({
          ...own,
          action: request.body.action,
          lang: requestLanguage(request),
        });
        return { success: true as const, data };
      },
    );
  };
}
