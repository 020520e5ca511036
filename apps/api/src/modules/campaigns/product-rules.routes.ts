import {
  ErrorBodySchema,
  ProductRuleIdParamsSchema,
  ProductRuleInputSchema,
  ProductRuleResponseSchema,
  ProductRulesResponseSchema,
  MessageResponseSchema,
} from '@nuqat/contracts';
import type { FastifyInstance, FastifySchema, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { merchantOf } from '../../plugins/auth.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import type { ProductRulesService } from './product-rules.service.ts';

const SAVED = { ar: 'تم حفظ القاعدة', en: 'Rule saved' } as const;
const REMOVED = { ar: 'تم حذف القاعدة', en: 'Rule removed' } as const;

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
};

const HOW =
  'An order’s lines (Salla’s `items[]`: product id and line total) share its spend for points per riyal; ' +
  'an excluded product’s share earns nothing, a multiplied one ×1.1 to ×10 (with the tier and campaign multipliers). ' +
  'An order without lines earns on its total and says so (`earningBasis: total`). Orders already counted keep what they earned (docs/decisions/048).';

/** /api/campaigns/product-rules (packages/contracts/src/product-rules.ts), Growth plan. */
export function productRulesRoutes(deps: {
  productRulesService: ProductRulesService;
  requireMerchant: preHandlerAsyncHookHandler;
}) {
  const { productRulesService: service, requireMerchant } = deps;
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
          summary: 'The store’s product rules, and the products its orders named',
          description: `Products are those Salla named in the store’s order webhooks (\`items[].product.id\`, \`items[].name\`). ${HOW}`,
          response: { 200: ProductRulesResponseSchema, ...errors },
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
          summary: 'Exclude a product from earning, or multiply it',
          description: `One rule per product (a new one replaces the old). A product no order of the store named: 400 \`unknown_product\` on \`productId\`. ${HOW}`,
          body: ProductRuleInputSchema,
          response: { 200: ProductRuleResponseSchema, ...errors },
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

    r.delete(
      '/:id',
      {
        preValidation: requireMerchant,
        schema: {
          ...common,
          summary: 'Remove a product rule',
          description: 'Orders already counted keep what they earned.',
          params: ProductRuleIdParamsSchema,
          response: { 200: MessageResponseSchema, ...errors },
        },
      },
      async (request) => {
        await service.remove({ merchantId: merchantOf(request).merchantId, id: request.params.id });
        return { success: true as const, message: REMOVED[requestLanguage(request)] };
      },
    );
  };
}
