import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { AuthService, MerchantAuth } from '../modules/auth/auth.service.ts';

export const SESSION_COOKIE = 'nuqat_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireMerchant`; the only source of the tenant id for merchant endpoints. */
    merchant: MerchantAuth | null;
  }
}

function readToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.toLowerCase().startsWith('bearer ')) {
    const token = header.slice(7).trim();
    if (token && token !== 'null' && token !== 'undefined') return token;
  }
  return request.cookies[SESSION_COOKIE] || undefined;
}

/** Resolves the tenant once per request, from a bearer token or the session cookie. */
export function registerMerchantAuth(app: FastifyInstance, authService: AuthService) {
  app.decorateRequest('merchant', null);
  return async function requireMerchant(
    request: FastifyRequest,
    _reply: FastifyReply,
  ): Promise<void> {
    const token = readToken(request);
    if (!token) throw new AppError('UNAUTHENTICATED');
    request.merchant = await authService.authenticate(token);
  };
}

/** For handlers behind `requireMerchant`. */
export function merchantOf(request: FastifyRequest): MerchantAuth {
  if (!request.merchant) throw new AppError('UNAUTHENTICATED');
  return request.merchant;
}
