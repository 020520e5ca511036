import {
  ContactRequestSchema,
  ContactResponseSchema,
  ErrorBodySchema,
  emailKey,
  type ContactRequest,
} from '@nuqat/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { enforceRateLimits } from '../../lib/rate-limit.ts';

/**
 * Per address first (a flood refused there spends no e-mail's budget, decision 026), then per
 * sender: a person writes a few messages an hour, not dozens (docs/decisions/044).
 */
export const CONTACT_RATE_LIMITS = {
  perIp: { limit: 10, windowSeconds: 60 * 60 },
  perEmail: { limit: 3, windowSeconds: 60 * 60 },
} as const;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The message as support reads it; a reply goes to the sender (Reply-To). */
function supportMail(to: string, input: ContactRequest) {
  const name = input.name.replace(/[\r\n]+/g, ' ');
  const lines = [
    `From: ${name} <${input.email}>`,
    `Language: ${input.language === 'ar' ? 'Arabic' : 'English'}`,
    '',
    input.message,
  ];
  return {
    to,
    replyTo: input.email,
    subject: `Nuqat contact form: ${name}`,
    text: lines.join('\n'),
    html:
      `<p><strong>${escapeHtml(name)}</strong> &lt;${escapeHtml(input.email)}&gt; · ` +
      `${input.language === 'ar' ? 'Arabic' : 'English'}</p>` +
      `<p dir="auto" style="white-space:pre-wrap">${escapeHtml(input.message)}</p>`,
  };
}

/**
 * POST /api/contact (public): the landing page's contact form, mailed to SUPPORT_EMAIL with the
 * sender as Reply-To. Nothing is stored but the rate-limit counters. Unconfigured: 503
 * CONTACT_NOT_CONFIGURED (the page hides the form then).
 */
export function contactRoutes(deps: { ctx: AppContext; supportEmail: string | null }) {
  const { ctx, supportEmail } = deps;
  return async function plugin(app: FastifyInstance) {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/api/contact',
      {
        schema: {
          tags: ['public'],
          summary: "Write to the operator's support team",
          body: ContactRequestSchema,
          response: {
            200: ContactResponseSchema,
            400: ErrorBodySchema,
            429: ErrorBodySchema,
            503: ErrorBodySchema,
          },
        },
      },
      async (request) => {
        if (!supportEmail) throw new AppError('CONTACT_NOT_CONFIGURED');
        const input = request.body;
        await enforceRateLimits(ctx.db, [
          { key: `contact:ip:${request.ip}`, ...CONTACT_RATE_LIMITS.perIp },
          { key: `contact:email:${emailKey(input.email)}`, ...CONTACT_RATE_LIMITS.perEmail },
        ]);
        try {
          await ctx.mailer.send(supportMail(supportEmail, input));
        } catch (error) {
          request.log.warn({ err: error, event: 'contact_mail_failed' }, 'contact mail failed');
          throw new AppError('CONTACT_SEND_FAILED');
        }
        request.log.info({ event: 'contact_sent' }, 'a contact message was mailed to support');
        return { success: true as const, data: { sent: true as const } };
      },
    );
  };
}
