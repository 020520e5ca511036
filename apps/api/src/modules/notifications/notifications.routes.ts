import {
  ErrorBodySchema,
  NotificationSettingsResponseSchema,
  NotificationSummaryResponseSchema,
  SendTestNotificationRequestSchema,
  SendTestNotificationResponseSchema,
  UnsubscribeQuerySchema,
  UpdateNotificationSettingsRequestSchema,
} from '@nuqat/contracts';
import type {
  FastifyInstance,
  FastifyReply,
  FastifySchema,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { merchantOf } from '../../plugins/auth.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import type { NotificationsService } from './notifications.service.ts';

const SUCCESS = {
  saved: { ar: 'تم حفظ إعدادات رسائل العملاء', en: 'Customer email settings saved' },
  test: {
    ar: (to: string) => `أرسلنا رسالة تجريبية إلى ${to}`,
    en: (to: string) => `A test email was sent to ${to}`,
  },
} as const;

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
};

/** The page's language: `?lang=`, else the browser's. */
const pageLanguage = (request: FastifyRequest, lang: 'ar' | 'en' | undefined) =>
  lang ?? requestLanguage(request);

/** A browser gets the page; any other client the JSON error model (decision 002). */
const wantsHtml = (request: FastifyRequest) =>
  String(request.headers.accept ?? '').includes('text/html');

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(html);
}

/**
 * /api/notifications: the merchant's templates, figures and test mail (merchant auth, the
 * tenant from the session), and the customers' one-click unsubscribe (public, a signed link).
 */
export function notificationsRoutes(deps: {
  notificationsService: NotificationsService;
  requireMerchant: preHandlerAsyncHookHandler;
}) {
  const { notificationsService: service, requireMerchant } = deps;
  return async function plugin(app: FastifyInstance) {
    // RFC 8058: mail clients post `List-Unsubscribe=One-Click` as a form; only the link matters.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, body),
    );
    const r = app.withTypeProvider<ZodTypeProvider>();
    const common: FastifySchema = {
      tags: ['notifications'],
      security: [{ bearer: [] }, { cookie: [] }],
    };

    r.get(
      '/settings',
      {
        preValidation: requireMerchant,
        schema: { ...common, response: { 200: NotificationSettingsResponseSchema, ...errors } },
      },
      async (request) => ({
        success: true as const,
        data: await service.getSettings({ merchantId: merchantOf(request).merchantId }),
      }),
    );

    r.post(
      '/settings',
      {
        preValidation: requireMerchant,
        schema: {
          ...common,
          body: UpdateNotificationSettingsRequestSchema,
          response: { 200: NotificationSettingsResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await service.updateSettings({
          merchantId: merchantOf(request).merchantId,
          templates: request.body.templates,
          channel: request.body.channel,
        }),
        message: SUCCESS.saved[requestLanguage(request)],
      }),
    );

    r.get(
      '/summary',
      {
        preValidation: requireMerchant,
        schema: { ...common, response: { 200: NotificationSummaryResponseSchema, ...errors } },
      },
      async (request) => ({
        success: true as const,
        data: await service.getSummary({ merchantId: merchantOf(request).merchantId }),
      }),
    );

    r.post(
      '/test',
      {
        preValidation: requireMerchant,
        schema: {
          ...common,
          body: SendTestNotificationRequestSchema,
          response: {
            200: SendTestNotificationResponseSchema,
            ...errors,
            409: ErrorBodySchema,
            429: ErrorBodySchema,
            502: ErrorBodySchema,
          },
        },
      },
      async (request) => {
        const lang = requestLanguage(request);
        const data = await service.sendTest({
          merchantId: merchantOf(request).merchantId,
          kind: request.body.kind,
          lang: request.body.lang ?? lang,
        });
        return { success: true as const, data, message: SUCCESS.test[lang](data.sentTo) };
      },
    );

    r.get(
      '/unsubscribe',
      {
        schema: {
          tags: ['notifications'],
          summary: 'The unsubscribe page behind the link in every e-mail to a customer',
          querystring: UnsubscribeQuerySchema,
          response: { 400: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        const lang = pageLanguage(request, request.query.lang);
        const page = await service.getUnsubscribePage({ token: request.query.token, lang });
        if (!page.valid && !wantsHtml(request)) throw new AppError('UNSUBSCRIBE_LINK_INVALID');
        return sendPage(reply, page.status, page.html);
      },
    );

    r.post(
      '/unsubscribe',
      {
        schema: {
          tags: ['notifications'],
          summary:
            'One-click unsubscribe (RFC 8058): the customer stops receiving the store’s e-mails',
          querystring: UnsubscribeQuerySchema,
          response: { 400: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        const lang = pageLanguage(request, request.query.lang);
        const { html } = await service.unsubscribe({ token: request.query.token, lang });
        return sendPage(reply, 200, html);
      },
    );
  };
}
