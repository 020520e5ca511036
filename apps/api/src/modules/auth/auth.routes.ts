import {
  EmbeddedExchangeRequestSchema,
  EmbeddedExchangeResponseSchema,
  RESET_CODE_TTL_MINUTES,
  ErrorBodySchema,
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  MessageResponseSchema,
  ResetPasswordRequestSchema,
  VerifyResetCodeRequestSchema,
} from '@nuqat/contracts';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../env.ts';
import { CSRF_COOKIE, SESSION_COOKIE, merchantOf } from '../../plugins/auth.ts';
import { parseRequestId } from '../../lib/one-time-codes.ts';
import { csrfTokenFor } from '../../lib/tokens.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import type { AuthService } from './auth.service.ts';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema };

const SUCCESS = {
  forgot: {
    ar: 'إذا كان البريد مسجلًا لدينا فستصلك رسالة برمز التحقق',
    en: 'If this email belongs to an account, a verification code is on its way.',
  },
  verified: { ar: 'تم التحقق من الرمز بنجاح', en: 'Code verified successfully' },
  reset: { ar: 'تم تحديث كلمة المرور بنجاح', en: 'Password updated successfully' },
  loggedOut: { ar: 'تم تسجيل الخروج', en: 'Logged out' },
} as const;

const origin = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

/**
 * The id of the browser's own reset-code request (docs/decisions/025). It travels in a cookie so
 * that the spec's bodies stay as they are: a browser that asked for the code tries that code with
 * its own tries, which nobody else's wrong codes can use up. A client without it (no cookies, or
 * the code mailed at install) tries the newest code, as before.
 */
export const RESET_REQUEST_COOKIE = 'nuqat_reset';

export function authRoutes(deps: {
  authService: AuthService;
  config: Config;
  requireMerchant: preHandlerAsyncHookHandler;
}) {
  const { authService, config, requireMerchant } = deps;
  const secureCookie = config.publicUrl.startsWith('https://');

  const sessionCookie = {
    path: '/api',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookie,
  } as const;
  // Readable by the back-office's script (that is its purpose), sent to no other site.
  const csrfCookie = {
    path: '/',
    httpOnly: false,
    sameSite: 'strict',
    secure: secureCookie,
  } as const;

  // Sent only to the recovery endpoints, never cross-site, unreadable by scripts.
  const resetRequestCookie = {
    path: '/api/merchants/auth',
    httpOnly: true,
    sameSite: 'strict',
    secure: secureCookie,
  } as const;

  const clearCookie = (reply: FastifyReply) => {
    reply.clearCookie(SESSION_COOKIE, sessionCookie);
    reply.clearCookie(CSRF_COOKIE, csrfCookie);
  };

  const codeInput = (request: FastifyRequest) => ({
    ...origin(request),
    requestId: parseRequestId(request.cookies[RESET_REQUEST_COOKIE]) ?? undefined,
  });

  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['merchant auth'];

    r.post(
      '/login',
      {
        schema: {
          tags,
          body: LoginRequestSchema,
          response: { 200: LoginResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { session, token, ...result } = await authService.login({
          ...request.body,
          ...origin(request),
          language: requestLanguage(request),
        });
        const expires = new Date(result.expiresAt);
        reply.setCookie(SESSION_COOKIE, token, { ...sessionCookie, expires });
        reply.setCookie(CSRF_COOKIE, csrfTokenFor(config.jwtSecret, session), {
          ...csrfCookie,
          expires,
        });
        const cookieOnly = request.headers['x-session-mode'] === 'cookie';
        return { success: true as const, data: cookieOnly ? result : { token, ...result } };
      },
    );

    r.post(
      '/demo-viewer',
      {
        schema: {
          tags,
          summary: 'Open the read-only demo (DEMO=1 only)',
          description:
            "Signs in to the demo store's back-office as a viewer: every read works, every change " +
            'answers 403 READ_ONLY_DEMO. Without the demo: 404 DEMO_NOT_AVAILABLE (decision 044).',
          response: { 200: LoginResponseSchema, ...errors, 404: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        const { session, token, ...result } = await authService.openDemoViewer(origin(request));
        const expires = new Date(result.expiresAt);
        reply.setCookie(SESSION_COOKIE, token, { ...sessionCookie, expires });
        reply.setCookie(CSRF_COOKIE, csrfTokenFor(config.jwtSecret, session), {
          ...csrfCookie,
          expires,
        });
        const cookieOnly = request.headers['x-session-mode'] === 'cookie';
        return { success: true as const, data: cookieOnly ? result : { token, ...result } };
      },
    );

    r.post(
      '/salla-embedded',
      {
        schema: {
          tags,
          summary: 'Open Nuqat from the Salla merchant dashboard',
          description:
            "Exchanges the token Salla appends to the embedded page's address (verified with " +
            "Salla's introspection, used once) for a merchant session of the store it names, " +
            'shorter-lived than a login. The answer carries a bearer token and sets no cookie: ' +
            'the embedded page keeps it in memory (decision 031).',
          body: EmbeddedExchangeRequestSchema,
          response: {
            200: EmbeddedExchangeResponseSchema,
            ...errors,
            503: ErrorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const { session: _session, ...data } = await authService.exchangeEmbeddedToken({
          ...request.body,
          ...origin(request),
        });
        reply.header('cache-control', 'no-store');
        return { success: true as const, data };
      },
    );

    r.post(
      '/logout',
      {
        preHandler: requireMerchant,
        schema: { tags, response: { 200: MessageResponseSchema, 401: ErrorBodySchema } },
      },
      async (request, reply) => {
        await authService.logout(merchantOf(request));
        clearCookie(reply);
        return { success: true as const, message: SUCCESS.loggedOut[requestLanguage(request)] };
      },
    );

    r.post(
      '/forgot-password',
      {
        schema: {
          tags,
          body: ForgotPasswordRequestSchema,
          response: { 200: MessageResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { requestId } = await authService.forgotPassword({
          ...request.body,
          ...origin(request),
        });
        reply.setCookie(RESET_REQUEST_COOKIE, requestId, {
          ...resetRequestCookie,
          maxAge: RESET_CODE_TTL_MINUTES * 60,
        });
        return { success: true as const, message: SUCCESS.forgot[requestLanguage(request)] };
      },
    );

    r.post(
      '/verify-reset-code',
      {
        schema: {
          tags,
          body: VerifyResetCodeRequestSchema,
          response: { 200: MessageResponseSchema, ...errors },
        },
      },
      async (request) => {
        await authService.verifyResetCode({ ...request.body, ...codeInput(request) });
        return { success: true as const, message: SUCCESS.verified[requestLanguage(request)] };
      },
    );

    r.post(
      '/reset-password',
      {
        schema: {
          tags,
          body: ResetPasswordRequestSchema,
          response: { 200: MessageResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await authService.resetPassword({ ...request.body, ...codeInput(request) });
        clearCookie(reply);
        reply.clearCookie(RESET_REQUEST_COOKIE, resetRequestCookie);
        return { success: true as const, message: SUCCESS.reset[requestLanguage(request)] };
      },
    );
  };
}
