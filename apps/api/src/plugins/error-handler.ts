import {
  ERROR_MESSAGES,
  formatWait,
  type ErrorBody,
  type ErrorCode,
  type FieldIssue,
  type Language,
} from '@nuqat/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';
import { isDatabaseUnavailable } from '../lib/db-errors.ts';

/** How long a client should wait before retrying while the database is away. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Arabic unless the client prefers English (Accept-Language: en…). */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers['accept-language'] ?? '';
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'ar';
}

export function errorMessage(code: ErrorCode, language: Language, retryAfter?: number): string {
  return ERROR_MESSAGES[code][language].replace(
    '{{wait}}',
    retryAfter === undefined ? '' : formatWait(retryAfter, language),
  );
}

function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  status: number,
  extra: { retryAfter?: number | undefined; issues?: FieldIssue[] | undefined } = {},
) {
  const body: ErrorBody = {
    success: false,
    code,
    message: errorMessage(code, requestLanguage(request), extra.retryAfter),
    requestId: request.id,
  };
  if (extra.retryAfter !== undefined) {
    body.retryAfter = extra.retryAfter;
    void reply.header('retry-after', String(extra.retryAfter));
  }
  if (extra.issues) body.issues = extra.issues;
  return reply.status(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

/** Fastify's own 4xx errors (body parsing and the like) mapped onto our codes. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_REQUEST',
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_REQUEST',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_REQUEST',
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return sendError(request, reply, error.code, error.statusCode, {
        retryAfter: error.retryAfter,
        issues: error.issues,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: FieldIssue[] = error.validation.map((v) => ({
        path: [error.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join(
          '.',
        ),
        code: String(
          v.params?.issue && typeof v.params.issue === 'object' && 'code' in v.params.issue
            ? v.params.issue.code
            : v.keyword,
        ),
        message: v.message ?? 'invalid',
      }));
      return sendError(request, reply, 'VALIDATION_FAILED', 400, { issues });
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) return sendError(request, reply, mapped, error.statusCode ?? 400);
    if (
      error instanceof SyntaxError ||
      (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
    ) {
      return sendError(
        request,
        reply,
        'MALFORMED_REQUEST',
        error.statusCode && error.statusCode < 500 ? error.statusCode : 400,
      );
    }
    if (isDatabaseUnavailable(error)) {
      // An outage or a restart of PostgreSQL, not a bug: the client (Salla, a shopper's page)
      // tries again, and the pool reconnects by itself.
      request.log.warn({ err: error }, 'database unavailable');
      return sendError(request, reply, 'SERVICE_UNAVAILABLE', 503, {
        retryAfter: DATABASE_RETRY_AFTER_SECONDS,
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, 'INTERNAL_ERROR', 500);
  });
}

/** API paths answer a JSON 404; page paths get the SPA (when there is one) to route itself. */
export function registerNotFoundHandler(
  app: FastifyInstance,
  spa: ((request: FastifyRequest, reply: FastifyReply) => FastifyReply) | undefined,
): void {
  app.setNotFoundHandler((request, reply) => {
    const isApi =
      request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
    if (spa && !isApi && (request.method === 'GET' || request.method === 'HEAD'))
      return spa(request, reply);
    return sendError(request, reply, 'ROUTE_NOT_FOUND', 404);
  });
}
