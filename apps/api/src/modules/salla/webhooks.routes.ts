import {
  ErrorBodySchema,
  SallaEnvelopeSchema,
  successEnvelope,
  type FieldIssue,
} from '@nuqat/contracts';
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
        let json: unknown;
        try {
          json = JSON.parse(raw.toString('utf8'));
        } catch {
          request.log.warn({ bytes: raw.length }, 'webhook refused: malformed JSON');
          throw new AppError('WEBHOOK_PAYLOAD_INVALID', {
            issues: [{ path: 'body', code: 'invalid_json', message: 'not JSON' }],
          });
        }
        const envelope = SallaEnvelopeSchema.safeParse(json);
        if (!envelope.success) {
          const issues: FieldIssue[] = envelope.error.issues.map((i) => ({
            path: i.path.join('.'),
            code: i.code,
            message: i.message,
          }));
          request.log.warn({ issues }, 'webhook refused: unknown shape');
          throw new AppError('WEBHOOK_PAYLOAD_INVALID', { issues });
        }
        if (await deps.webhookService.isRedelivery(dedupeKey, envelope.data.event))
          return duplicate;
        try {
          const outcome = await deps.webhookService.receive({
            raw,
            envelope: envelope.data,
            dedupeKey,
          });
          return { success: true as const, data: { outcome } };
        } catch (error) {
          if (error instanceof AppError && error.code === 'WEBHOOK_PAYLOAD_INVALID') {
            request.log.warn(
              { event: envelope.data.event, issues: error.issues },
              'webhook refused: data does not match the event',
            );
          }
          throw error;
        }
      },
    );
  };
}
