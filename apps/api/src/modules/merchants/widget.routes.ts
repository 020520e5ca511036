import { ErrorBodySchema, WidgetSettingsSchema, WidgetStateResponseSchema } from '@nuqat/contracts';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { merchantOf } from '../../plugins/auth.ts';
import type { WidgetService } from './widget.service.ts';

/** GET and PUT /api/merchants/widget: the storefront widget's look (docs/decisions/034). */
export function widgetRoutes(deps: {
  widgetService: WidgetService;
  requireMerchant: preHandlerAsyncHookHandler;
}) {
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const security: { [label: string]: string[] }[] = [{ bearer: [] }, { cookie: [] }];
    r.get(
      '/widget',
      {
        preHandler: deps.requireMerchant,
        schema: {
          tags: ['merchant'],
          summary: "The storefront widget's look and the store-page earn badges",
          security,
          response: { 200: WidgetStateResponseSchema, 401: ErrorBodySchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: await deps.widgetService.getWidget({ merchantId: merchantOf(request).merchantId }),
      }),
    );
    r.put(
      '/widget',
      {
        preHandler: deps.requireMerchant,
        schema: {
          tags: ['merchant'],
          summary:
            'Save the widget (Starter: label, icon, position, colour, badges; Growth: everything) and publish it to the store page',
          security,
          body: WidgetSettingsSchema,
          response: {
            200: WidgetStateResponseSchema,
            400: ErrorBodySchema,
            401: ErrorBodySchema,
            403: ErrorBodySchema,
          },
        },
      },
      async (request) => ({
        success: true as const,
        data: await deps.widgetService.saveWidget({
          merchantId: merchantOf(request).merchantId,
          settings: request.body,
        }),
      }),
    );
  };
}
