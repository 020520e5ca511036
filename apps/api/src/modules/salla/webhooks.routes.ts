import { ErrorBodySchema, successEnvelope } from '@nuqat/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../env.ts';
import { AppError } from '../../lib/app-error.ts';
import { verifySallaWebhook } from './webhook-signature.ts';
import type { WebhookService } from './webhooks.service.ts';

const ResponseSchema = successEnvelope(
  z.object({ outcome: z.enum(['processed', 'duplicate', 'ignored']) }),
);

/** POST /api/salla/webhooks — the raw body is kept for the HMAC, so this scope parses JSON itself. */
export function sallaWebhookRoutes(deps: { webhookService: WebhookService; config: Config }) {
  return async function plugin(app: FastifyInstance) {
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    app.post(
      '/webhooks',
      {
        // Salla's servers read this answer, never a browser: no security headers to set (helmet's
        // hook on every delivery), and the three fixed answers, which the handler builds, are
        // written without being checked against the schema again (issue 28: CPU per delivery).
        config: { securityHeaders: false },
        serializerCompiler: () => (data) => JSON.stringify(data),
        schema: {
          tags: ['salla'],
          summary: 'Salla webhook receiver (signed)',
          response: {
            200: ResponseSchema,
            400: ErrorBodySchema,
            401: ErrorBodySchema,
            503: ErrorBodySchema,
          },
        },
      },
      async (request) => {
        const secret = deps.config.salla.webhookSecret;
        if (!secret) {
          request.log.error('SALLA_WEBHOOK_SECRET is not set: refusing Salla webhooks');
          throw new AppError('WEBHOOK_NOT_CONFIGURED');
        }
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (!verifySallaWebhook(raw, request.headers, secret)) {
          request.log.warn(
            { strategy: request.headers['x-salla-security-strategy'] },
            'webhook refused: bad or missing signature',
          );
          throw new AppError('WEBHOOK_SIGNATURE_INVALID');
        }
        // A redelivery (Salla retries; duplicates happen) is answered from the body's hash,
        // before the body is parsed when this instance acknowledged it lately.
        const dedupeKey = deps.webhookService.deliveryKey(raw);
        const duplicate = { success: true as const, data: { outcome: 'duplicate' as const } };
        if (deps.webhookService.recentlyAcknowledged(dedupeKey)) return duplicate;
        // Read, checked, stored once and applied; a body that does not fit Salla's schemas is
        // kept as a dead letter (`npm run webhooks:replay` once fixed) and still refused.
        const result = await deps.webhookService.ingest(raw, dedupeKey);
        if (result.kind === 'dead') {
          request.log.warn(
            {
              deadLetter: result.deadLetterId,
              event: result.event,
              merchantId: result.merchantId,
              issues: result.error.issues,
            },
            'webhook dead-lettered: the payload does not fit the schema',
          );
          throw result.error;
        }
        return { success: true as const, data: { outcome: result.outcome } };
      },
    );
  };
}
