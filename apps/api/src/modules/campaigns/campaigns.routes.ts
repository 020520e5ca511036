import {
  CampaignIdParamsSchema,
  CampaignInputSchema,
  CampaignResponseSchema,
  CampaignResultsResponseSchema,
  CampaignsResponseSchema,
  ErrorBodySchema,
} from '@nuqat/contracts';
import type { FastifyInstance, FastifySchema, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { merchantOf } from '../../plugins/auth.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import type { CampaignsService } from './campaigns.service.ts';

const SAVED = { ar: 'تم حفظ الحملة', en: 'Campaign saved' } as const;
const ENDED = { ar: 'انتهت الحملة', en: 'Campaign ended' } as const;

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  502: ErrorBodySchema,
};

const WINDOW =
  'Times are Riyadh wall-clock minutes (YYYY-MM-DDTHH:mm); an order counts by the time Salla says it was placed. ' +
  'Overlaps: the highest multiplier wins, bonuses add, the multiplier composes with the VIP tier multiplier (docs/decisions/047). ' +
  'A `products` campaign multiplies only the lines of its `productIds` (products the store’s orders named; another is a 400 `unknown_product` on `body.productIds.N`): per line the highest multiplier wins, the order-wide one included; the per-order points take the order-wide multiplier only; an order without lines earns on its total (docs/decisions/057). ' +
  'A `products` campaign may also name up to 10 `categoryIds` (Salla’s List Categories): when the campaign is created or updated each category’s products are read from Salla (List Products by `category`) and join its `products` (marked with `categoryId`; they need not have been named by an order); the campaign keeps its `categories` (id, name). Products added to a category at Salla later join when the campaign is saved again. ' +
  'A category Salla does not list: 400 `unknown_category` on `body.categoryIds.N`; categories with no products and no product chosen: 400 `empty_category`; a products campaign names at least one product or category (400 on `productIds`); Salla not answering: 502 `SALLA_UNAVAILABLE`, nothing written (docs/decisions/061).';

/** /api/campaigns (packages/contracts/src/campaigns.ts), Growth plan. */
export function campaignsRoutes(deps: {
  campaignsService: CampaignsService;
  requireMerchant: preHandlerAsyncHookHandler;
}) {
  const { campaignsService: service, requireMerchant } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const common: FastifySchema = {
      tags: ['campaigns'],
      security: [{ bearer: [] }, { cookie: [] }],
    };

    r.get(
      '/',
      {
        preValidation: requireMerchant,
        schema: {
          ...common,
          summary: 'The store’s campaigns, newest window first',
          description: WINDOW,
          response: { 200: CampaignsResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await service.list({ merchantId: merchantOf(request).merchantId }),
      }),
    );

    r.post(
      '/',
      {
        preValidation: requireMerchant,
        schema: {
          ...common,
          summary: 'Create a campaign',
          description: `A multiplier (110–1000 percent) on the order, a fixed bonus per order, or a multiplier (110–1000 percent) on chosen products and categories. ${WINDOW}`,
          body: CampaignInputSchema,
          response: { 200: CampaignResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await service.create({
          merchantId: merchantOf(request).merchantId,
          body: request.body,
        }),
        message: SAVED[requestLanguage(request)],
      }),
    );

    r.put(
      '/:id',
      {
        preValidation: requireMerchant,
        schema: {
          ...common,
          summary: 'Change a campaign that has not ended',
          description: `Orders already counted keep what they earned. ${WINDOW}`,
          params: CampaignIdParamsSchema,
          body: CampaignInputSchema,
          response: { 200: CampaignResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await service.update({
          merchantId: merchantOf(request).merchantId,
          id: request.params.id,
          body: request.body,
        }),
        message: SAVED[requestLanguage(request)],
      }),
    );

    r.post(
      '/:id/end',
      {
        preValidation: requireMerchant,
        schema: {
          ...common,
          summary: 'End a campaign now',
          description:
            'A running campaign ends now; one that has not started is withdrawn. Orders already counted keep what they earned.',
          params: CampaignIdParamsSchema,
          response: { 200: CampaignResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await service.end({
          merchantId: merchantOf(request).merchantId,
          id: request.params.id,
        }),
        message: ENDED[requestLanguage(request)],
      }),
    );

    r.get(
      '/:id/results',
      {
        preValidation: requireMerchant,
        schema: {
          ...common,
          summary: 'A campaign’s orders, points and sales next to the same days before it',
          params: CampaignIdParamsSchema,
          response: { 200: CampaignResultsResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await service.results({
          merchantId: merchantOf(request).merchantId,
          id: request.params.id,
        }),
      }),
    );
  };
}
