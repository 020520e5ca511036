import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { csrfTokenMatches } from '../lib/tokens.ts';
import type { AuthService, MerchantAuth } from '../modules/auth/index.ts';

export const SESSION_COOKIE = 'nuqat_session';
/** Readable by the back-office (not httpOnly): the value it echoes in CSRF_HEADER. */
export const CSRF_COOKIE = 'nuqat_csrf';
export const CSRF_HEADER = 'x-csrf-token';

/** Requests that change nothing need no CSRF token. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What a read-only demo session may still ask for although it is not a read. */
const VIEWER_MAY = new Set(['POST /api/merchants/auth/logout']);
const routeOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url}`;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireMerchant`; the only source of the tenant id for merchant endpoints. */
    merchant: MerchantAuth | null;
  }
}

interface Credentials {
  token: string;
  /** A bearer header is sent on purpose by an API client; a cookie is sent by the browser. */
  via: 'bearer' | 'cookie';
}

function readCredentials(request: FastifyRequest): Credentials | undefined {
  const header = request.headers.authorization;
  if (header?.toLowerCase().startsWith('bearer ')) {
    const token = header.slice(7).trim();
    if (token && token !== 'null' && token !== 'undefined') return { token, via: 'bearer' };
  }
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie ? { token: cookie, via: 'cookie' } : undefined;
}

/**
 * Resolves the tenant once per request, from a bearer token or the session cookie. A change
 * made with the cookie must also carry the session's CSRF token in `X-CSRF-Token` (the cookie
 * alone would be sent by a forged form or fetch from another site).
 */
export function registerMerchantAuth(
  app: FastifyInstance,
  authService: AuthService,
  jwtSecret: Uint8Array,
) {
  app.decorateRequest('merchant', null);
  async function requireMerchant(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const credentials = readCredentials(request);
    if (!credentials) throw new AppError('UNAUTHENTICATED');
    const auth = await authService.authenticate(credentials.token);
    if (credentials.via === 'cookie' && !SAFE_METHODS.has(request.method)) {
      const presented = request.headers[CSRF_HEADER];
      if (!csrfTokenMatches(jwtSecret, auth, typeof presented === 'string' ? presented : undefined))
        throw new AppError('CSRF_FAILED');
    }
    // The read-only demo (decision 044): one check for every merchant route that changes
    // something; signing out is the only change a viewer makes.
    if (auth.readOnly && !SAFE_METHODS.has(request.method) && !VIEWER_MAY.has(routeOf(request)))
      throw new AppError('READ_ONLY_DEMO');
    request.merchant = auth;
  }
  // Every route that names requireMerchant runs it before validation, whichever hook the
  // module put it in: the session, its CSRF token and the read-only demo are checked before
  // anything about the request is (decision 044), the same way on every merchant route.
  app.addHook('onRoute', (route) => {
    const hooks = [route.preHandler ?? []].flat();
    if (!hooks.includes(requireMerchant)) return;
    route.preHandler = hooks.filter((hook) => hook !== requireMerchant);
    route.preValidation = [requireMerchant, ...[route.preValidation ?? []].flat()];
  });
  return requireMerchant;
}

/** For handlers behind `requireMerchant`. */
export function merchantOf(request: FastifyRequest): MerchantAuth {
  if (!request.merchant) throw new AppError('UNAUTHENTICATED');
  return request.merchant;
}
