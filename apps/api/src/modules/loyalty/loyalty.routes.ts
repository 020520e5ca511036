import {
  ErrorBodySchema,
  LoyaltyRuleResponseSchema,
  LoyaltyRulesResponseSchema,
  ProgrammeStatusResponseSchema,
  SaveLoyaltyRuleRequestSchema,
  UpdateProgrammeStatusRequestSchema,
} from '@nuqat/contracts';
import type { FastifyInstance, FastifySchema, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { merchantOf } from '../../plugins/auth.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import type { LoyaltyService } from './loyalty.service.ts';

const SUCCESS = {
  saved: { ar: 'تم حفظ الإعدادات بنجاح', en: 'Settings saved successfully' },
  disabled: { ar: 'تم إيقاف طريقة جمع النقاط', en: 'The collection method was turned off' },
  resumed: { ar: 'تم تشغيل برنامج النقاط', en: 'The loyalty programme is running' },
  paused: { ar: 'تم إيقاف برنامج النقاط مؤقتًا', en: 'The points programme is paused' },
} as const;

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };

export function loyaltyRoutes(deps: {
  loyaltyService: LoyaltyService;
  requireMerchant: preHandlerAsyncHookHandler;
}) {
  const { loyaltyService, requireMerchant } = deps;
  // preValidation, not preHandler: an anonymous caller gets 401 before any field errors.
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const common: FastifySchema = {
      tags: ['points programme'],
      security: [{ bearer: [] }, { cookie: [] }],
    };

    r.get(
      '/',
      {
        preValidation: requireMerchant,
        schema: { ...common, response: { 200: LoyaltyRulesResponseSchema, ...errors } },
      },
      async (request) => ({
        success: true as const,
        data: await loyaltyService.findRules({ merchantId: merchantOf(request).merchantId }),
      }),
    );

    r.post(
      '/',
      {
        preValidation: requireMerchant,
        schema: {
          ...common,
          body: SaveLoyaltyRuleRequestSchema,
          response: { 200: LoyaltyRuleResponseSchema, ...errors },
        },
      },
      async (request) => {
        const rule = await loyaltyService.updateRule({
          merchantId: merchantOf(request).merchantId,
          rule: request.body,
        });
        const message = rule.enabled ? SUCCESS.saved : SUCCESS.disabled;
        return { success: true as const, data: rule, message: message[requestLanguage(request)] };
      },
    );

    r.get(
      '/programme',
      {
        preValidation: requireMerchant,
        schema: { ...common, response: { 200: ProgrammeStatusResponseSchema, ...errors } },
      },
      async (request) => ({
        success: true as const,
        data: await loyaltyService.getProgramme({ merchantId: merchantOf(request).merchantId }),
      }),
    );

    r.put(
      '/programme',
      {
        preValidation: requireMerchant,
        schema: {
          ...common,
          body: UpdateProgrammeStatusRequestSchema,
          response: { 200: ProgrammeStatusResponseSchema, ...errors },
        },
      },
      async (request) => {
        const status = await loyaltyService.updateProgramme({
          merchantId: merchantOf(request).merchantId,
          enabled: request.body.enabled,
        });
        const message = status.enabled ? SUCCESS.resumed : SUCCESS.paused;
        return { success: true as const, data: status, message: message[requestLanguage(request)] };
      },
    );
  };
}
