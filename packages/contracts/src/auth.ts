import { z } from 'zod';
import { successEnvelope } from './common.ts';

export const RESET_CODE_LENGTH = 6;
export const RESET_CODE_TTL_MINUTES = 15;
export const RESET_CODE_MAX_ATTEMPTS = 5;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Login normalises as the spec says: e-mail trimmed and lower-cased, password trimmed. */
export const LoginEmailSchema = z.string().trim().toLowerCase().min(1).max(254);
export const EmailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());
export const LoginPasswordSchema = z.string().trim().min(1).max(PASSWORD_MAX_LENGTH);
export const NewPasswordSchema = z
  .string()
  .trim()
  .min(PASSWORD_MIN_LENGTH)
  .max(PASSWORD_MAX_LENGTH);
export const ResetCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/);

export const LoginRequestSchema = z.strictObject({
  email: LoginEmailSchema,
  password: LoginPasswordSchema,
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const LoginResultSchema = z.object({
  /**
   * The bearer token, for API clients. Absent when the request asked for a cookie-only session
   * (`X-Session-Mode: cookie`, as the back-office does): the browser then holds the session only
   * in its httpOnly cookie, out of reach of scripts.
   */
  token: z.string().optional(),
  merchantId: z.string(),
  merchantName: z.string(),
  expiresAt: z.iso.datetime(),
});
export type LoginResult = z.infer<typeof LoginResultSchema>;
export const LoginResponseSchema = successEnvelope(LoginResultSchema);

export const ForgotPasswordRequestSchema = z.strictObject({ email: EmailSchema });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequestSchema>;

export const VerifyResetCodeRequestSchema = z.strictObject({
  email: EmailSchema,
  code: ResetCodeSchema,
});
export type VerifyResetCodeRequest = z.infer<typeof VerifyResetCodeRequestSchema>;

export const ResetPasswordRequestSchema = z.strictObject({
  email: EmailSchema,
  code: ResetCodeSchema,
  newPassword: NewPasswordSchema,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;

/**
 * Opening Nuqat from the Salla merchant dashboard (decision 031): the embedded page sends the
 * short-lived token Salla appended to its address, once.
 */
export const EmbeddedExchangeRequestSchema = z.strictObject({
  token: z.string().trim().min(1).max(4096),
});
export type EmbeddedExchangeRequest = z.infer<typeof EmbeddedExchangeRequestSchema>;

/** The session the frame keeps in memory and sends as a bearer token (never a cookie). */
export const EmbeddedSessionSchema = z.object({
  token: z.string(),
  expiresAt: z.iso.datetime(),
  merchant: z.object({ id: z.string(), name: z.string() }),
});
export type EmbeddedSession = z.infer<typeof EmbeddedSessionSchema>;
export const EmbeddedExchangeResponseSchema = successEnvelope(EmbeddedSessionSchema);
