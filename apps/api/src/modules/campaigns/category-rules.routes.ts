import {
  CategoriesResponseSchema,
  CategoryIdParamsSchema,
  CategoryRuleInputSchema,
  CategoryRuleResponseSchema,
  ErrorBodySchema,
  MessageResponseSchema,
} from '@nuqat/contracts';
import type { FastifyInstance, FastifySchema, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { merchantOf } from '../../plugins/auth.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import type { CategoryRulesService } from './category-rules.service.ts';

const SAVED = { ar: 'تم حفظ قاعدة التصنيف', en: 'Category rule saved' } as const;
const REMOVED = { ar: 'تم حذف قاعدة التصنيف', en: 'Category rule removed' } as const;

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  502: ErrorBodySchema,
};

const HOW =
  'Categories and their products are read from Salla’s Merchant API when the merchant asks (List Categories; List Products with `category`; scopes `categories.read`, `products.read`; docs/reference/salla-catalogue.md). ' +
  'A category rule is kept as one product rule per product of the category, marked with it (`categoryId`), and earns exactly as product rules do (docs/decisions/048, 057). ' +
  'A product with a rule of its own keeps it; a product in two ruled categories takes the rule saved last; products added to the category later join when it is saved again. ' +
  'Salla not answering: 502 `SALLA_UNAVAILABLE`.';

/** /api/campaigns/category-rules (packages/contracts/src/product-rules.ts), Growth plan. */
export function categoryRulesRoutes(deps: {
  categoryRulesService: CategoryRulesService;
  requireMerchant: preHandlerAsyncHookHandler;
}) {
  const { categoryRulesService: service, requireMerchant } = deps;
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
          summary: 'The store’s categories, as Salla lists them',
          description: `The rules themselves are in \`GET /api/campaigns/product-rules\` (their \`categoryId\`). ${HOW}`,
          response: { 200: CategoriesResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await service.categories({ merchantId: merchantOf(request).merchantId }),
      }),
    );

    r.post(
      '/',
      {
        preValidation: requireMerchant,
        schema: {
          ...common,
          summary: 'Exclude a category from earning, or multiply it (or read it again)',
          description: `A category Salla does not list in the store: 400 \`unknown_category\` on \`categoryId\`. ${HOW}`,
          body: CategoryRuleInputSchema,
          response: { 200: CategoryRuleResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await service.save({
          merchantId: merchantOf(request).merchantId,
          body: request.body,
        }),
        message: SAVED[requestLanguage(request)],
      }),
    );

    r.delete(
      '/:categoryId',
      {
        preValidation: requireMerchant,
        schema: {
          ...common,
          summary: 'Remove a category rule (the product rules it made)',
          description:
            'Orders already counted keep what they earned. None made: 404 `PRODUCT_RULE_NOT_FOUND`.',
          params: CategoryIdParamsSchema,
          response: { 200: MessageResponseSchema, ...errors },
        },
      },
      async (request) => {
        await service.remove({
          merchantId: merchantOf(request).merchantId,
          categoryId: request.params.categoryId,
        });
        return { success: true as const, message: REMOVED[requestLanguage(request)] };
      },
    );
  };
}
