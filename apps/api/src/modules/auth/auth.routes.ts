import {
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
import { SESSION_COOKIE, merchantOf } from '../../plugins/auth.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import type { AuthService } from './auth.service.ts';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema };

const SUCCESS = {
  forgot: {
    ar: 'إذا كان البريد مسجلاً لدينا فستصلك رسالة برمز التحقق',
    en: 'If this e-mail belongs to an account, a verification code is on its way.',
  },
  verified: { ar: 'تم التحقق من الرمز بنجاح', en: 'Code verified successfully' },
  reset: { ar: 'تم تحديث كلمة المرور بنجاح', en: 'Password updated successfully' },
  loggedOut: { ar: 'تم تسجيل الخروج', en: 'Logged out' },
} as const;

const origin = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

export function authRoutes(deps: {
  authService: AuthService;
  config: Config;
  requireMerchant: preHandlerAsyncHookHandler;
}) {
  const { authService, config, requireMerchant } = deps;
  const secureCookie = config.publicUrl.startsWith('https://');

  const clearCookie = (reply: FastifyReply) =>
    reply.clearCookie(SESSION_COOKIE, {
      path: '/api',
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookie,
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
        const result = await authService.login({ ...request.body, ...origin(request) });
        reply.setCookie(SESSION_COOKIE, result.token, {
          path: '/api',
          httpOnly: true,
          sameSite: 'lax',
          secure: secureCookie,
          expires: new Date(result.expiresAt),
        });
        return { success: true as const, data: result };
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
      async (request) => {
        await authService.forgotPassword({ ...request.body, ...origin(request) });
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
        await authService.verifyResetCode({ ...request.body, ...origin(request) });
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
        await authService.resetPassword({ ...request.body, ...origin(request) });
        clearCookie(reply);
        return { success: true as const, message: SUCCESS.reset[requestLanguage(request)] };
      },
    );
  };
}
