import { API_RATE_LIMIT, type ApiKeyScope } from '@nuqat/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import type { ApiKeyAuth, ApiKeysService } from './api-keys.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the public API's key check; the only source of the tenant id under /api/v1. */
    apiKey: ApiKeyAuth | null;
  }
}

export function apiKeyOf(request: FastifyRequest): ApiKeyAuth {
  if (!request.apiKey) throw new AppError('API_KEY_INVALID');
  return request.apiKey;
}

/**
 * `Authorization: Bearer nqk_…` on every /api/v1 request: the key is checked (unknown or revoked:
 * 401 API_KEY_INVALID), counted against its per-minute budget (the RateLimit-* headers of the
 * IETF draft say how much is left; over it, 429 with Retry-After), then the route's scope is
 * checked (403 API_KEY_SCOPE_MISSING).
 */
export function apiKeyGuard(deps: { db: Database; apiKeys: ApiKeysService }) {
  return function requireScope(scope: ApiKeyScope) {
    return async function check(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const header = request.headers.authorization;
      const secret = header?.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : '';
      if (!secret) throw new AppError('API_KEY_INVALID');
      const auth = await deps.apiKeys.authenticate(secret);
      const { limit, windowSeconds } = API_RATE_LIMIT;
      const hit = await hitRateLimit(deps.db, {
        key: `api-key:${auth.keyId}`,
        limit,
        windowSeconds,
      });
      void reply.header('ratelimit-policy', `${limit};w=${windowSeconds}`);
      void reply.header('ratelimit-limit', String(limit));
      void reply.header('ratelimit-remaining', String(Math.max(0, limit - hit.hits)));
      void reply.header('ratelimit-reset', String(hit.retryAfter));
      if (hit.hits > limit) throw new AppError('RATE_LIMITED', { retryAfter: hit.retryAfter });
      if (!auth.scopes.includes(scope)) throw new AppError('API_KEY_SCOPE_MISSING');
      request.apiKey = auth;
    };
  };
}
