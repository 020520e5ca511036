import {
  RESET_CODE_LENGTH,
  RESET_CODE_MAX_ATTEMPTS,
  RESET_CODE_TTL_MINUTES,
  type LoginResult,
} from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  dummyPasswordHash,
  generateNumericCode,
  hashPassword,
  hashResetCode,
  safeEqualHex,
  verifyPassword,
} from '../../lib/crypto.ts';
import { passwordResetCodeMail } from '../../lib/mail-templates.ts';
import {
  claimBackoffTry,
  clearBackoff,
  enforceRateLimits,
  recordBackoffFailure,
  refundRateLimit,
} from '../../lib/rate-limit.ts';
import { signMerchantToken, verifyMerchantToken } from '../../lib/tokens.ts';
import { findMerchantByEmail, updateMerchantPassword } from '../merchants/merchants.repository.ts';
import {
  consumeOpenResetCodes,
  findSession,
  insertResetCode,
  insertSession,
  lockOpenResetCode,
  revokeAllSessions,
  revokeSession,
  updateResetCode,
  type ResetCodeRow,
} from './auth.repository.ts';

export const SESSION_TTL_DAYS = 7;
const WINDOW = 15 * 60;

/**
 * Per-IP limits are loose (offices share IPs) and count attempts; per-account limits count
 * failures only, so nobody can lock an owner out by trying (docs/decisions/012-abuse-limits.md).
 */
export const AUTH_RATE_LIMITS = {
  loginPerIp: { limit: 30, windowSeconds: WINDOW },
  /** After 5 wrong passwords, each try waits 1 s, 2 s, 4 s … up to 5 minutes after the last. */
  loginFailuresPerEmail: { free: 5, maxDelaySeconds: 300 },
  forgotPerIp: { limit: 10, windowSeconds: WINDOW },
  forgotPerEmail: { limit: 3, windowSeconds: WINDOW },
  codePerIp: { limit: 30, windowSeconds: WINDOW },
  /**
   * Wrong reset codes per account per day (verify and reset together). 10 guesses a day
   * against 10⁶ codes: one chance in 100,000 a day, under 0.4 % in a year of non-stop trying.
   */
  codeFailuresPerEmail: { limit: 10, windowSeconds: 86_400 },
} as const;

export interface RequestOrigin {
  ip: string;
  userAgent?: string | undefined;
}

export interface MerchantAuth {
  merchantId: number;
  sessionId: string;
}

/** How long after answering a forgot-password request its code is issued and mailed. */
const RESET_MAIL_DELAY_MS = 50;

export function createAuthService(ctx: AppContext) {
  const { db, config, log } = ctx;
  const codeKey = config.jwtSecret;

  async function login(
    input: { email: string; password: string } & RequestOrigin,
  ): Promise<LoginResult & { token: string; session: MerchantAuth }> {
    await enforceRateLimits(db, [{ key: `login:ip:${input.ip}`, ...AUTH_RATE_LIMITS.loginPerIp }]);
    // Unknown e-mails back off the same way, so the limit tells nothing about who exists.
    const backoff = { key: `login:fail:${input.email}`, ...AUTH_RATE_LIMITS.loginFailuresPerEmail };
    await claimBackoffTry(db, backoff);
    const merchant = await findMerchantByEmail(db, input.email);
    // Unknown e-mail and wrong password take the same time and give the same answer.
    const passwordOk = await verifyPassword(
      merchant?.passwordHash ?? (await dummyPasswordHash()),
      input.password,
    );
    if (!merchant?.passwordHash || !passwordOk) {
      log.info({ event: 'login_failed', known: Boolean(merchant) }, 'login failed');
      await recordBackoffFailure(db, backoff);
      throw new AppError('AUTH_INVALID_CREDENTIALS');
    }
    await clearBackoff(db, backoff);
    const expiresAt = new Date(ctx.now().getTime() + SESSION_TTL_DAYS * 86_400_000);
    const session = await insertSession(db, {
      merchantId: merchant.id,
      expiresAt,
      userAgent: input.userAgent?.slice(0, 300) ?? null,
      ip: input.ip,
    });
    const token = await signMerchantToken(
      config.jwtSecret,
      { merchantId: merchant.id, sessionId: session.id },
      expiresAt,
    );
    return {
      token,
      merchantId: String(merchant.id),
      merchantName: merchant.storeName,
      expiresAt: expiresAt.toISOString(),
      session: { merchantId: merchant.id, sessionId: session.id },
    };
  }

  async function authenticate(token: string): Promise<MerchantAuth> {
    const claims = await verifyMerchantToken(config.jwtSecret, token);
    if (!claims) throw new AppError('UNAUTHENTICATED');
    const session = await findSession(db, claims.merchantId, claims.sessionId);
    if (!session || session.revokedAt || session.expiresAt <= ctx.now())
      throw new AppError('SESSION_EXPIRED');
    return claims;
  }

  async function logout(auth: MerchantAuth): Promise<void> {
    await revokeSession(db, auth.merchantId, auth.sessionId);
  }

  /** A fresh code for the merchant (older open codes die); used by recovery and by install. */
  async function issueResetCode(tx: Executor, merchantId: number): Promise<string> {
    const code = generateNumericCode(RESET_CODE_LENGTH);
    await consumeOpenResetCodes(tx, merchantId);
    await insertResetCode(tx, {
      merchantId,
      codeHash: hashResetCode(codeKey, merchantId, code),
      expiresAt: new Date(ctx.now().getTime() + RESET_CODE_TTL_MINUTES * 60_000),
    });
    return code;
  }

  /** Always resolves the same way, whether or not the e-mail belongs to a merchant. */
  async function forgotPassword(input: { email: string } & RequestOrigin): Promise<void> {
    await enforceRateLimits(db, [
      { key: `forgot:ip:${input.ip}`, ...AUTH_RATE_LIMITS.forgotPerIp },
      { key: `forgot:email:${input.email}`, ...AUTH_RATE_LIMITS.forgotPerEmail },
    ]);
    const merchant = await findMerchantByEmail(db, input.email);
    if (!merchant) return;
    // Issuing the code and mailing it happen after the answer has gone: the request does the
    // same work (limits and one lookup) whether or not the e-mail is known, and the issuing —
    // started a moment later, not in the same turn of the event loop — does not slow the answer
    // down either, so timing reveals nothing.
    setTimeout(() => {
      sendResetCode(merchant).catch((error: unknown) =>
        log.error({ err: error, merchantId: merchant.id }, 'reset code mail failed'),
      );
    }, RESET_MAIL_DELAY_MS);
  }

  async function sendResetCode(merchant: {
    id: number;
    email: string | null;
    storeName: string;
  }): Promise<void> {
    const code = await db.transaction((tx) => issueResetCode(tx, merchant.id));
    await ctx.mailer.send(
      passwordResetCodeMail({ to: merchant.email!, storeName: merchant.storeName, code }),
    );
  }

  /**
   * Every try at a code is counted against the account's daily cap before the code is looked
   * at (so concurrent guesses cannot overrun it), and handed back when the code was right.
   */
  async function claimCodeTry(input: { email: string } & RequestOrigin) {
    const cap = { key: `code:fail:${input.email}`, ...AUTH_RATE_LIMITS.codeFailuresPerEmail };
    await enforceRateLimits(db, [
      { key: `code:ip:${input.ip}`, ...AUTH_RATE_LIMITS.codePerIp },
      cap,
    ]);
    return { succeeded: () => refundRateLimit(db, cap) };
  }

  type CodeCheck = 'ok' | 'invalid';

  /** Counts a try against the open code; the row lock makes the 5-try limit exact under load. */
  function checkCode(
    row: ResetCodeRow | undefined,
    merchantId: number,
    code: string,
  ): CodeCheck | 'wrong' {
    if (!row || row.expiresAt <= ctx.now() || row.attempts >= RESET_CODE_MAX_ATTEMPTS)
      return 'invalid';
    return safeEqualHex(row.codeHash, hashResetCode(codeKey, merchantId, code)) ? 'ok' : 'wrong';
  }

  async function verifyResetCode(
    input: { email: string; code: string } & RequestOrigin,
  ): Promise<void> {
    const attempt = await claimCodeTry(input);
    const merchant = await findMerchantByEmail(db, input.email);
    if (!merchant) throw new AppError('RESET_CODE_INVALID');
    const outcome = await db.transaction(async (tx) => {
      const row = await lockOpenResetCode(tx, merchant.id);
      const check = checkCode(row, merchant.id, input.code);
      if (check === 'wrong')
        await updateResetCode(tx, merchant.id, row!.id, { attempts: row!.attempts + 1 });
      if (check === 'ok' && !row!.verifiedAt)
        await updateResetCode(tx, merchant.id, row!.id, { verifiedAt: ctx.now() });
      return check;
    });
    if (outcome !== 'ok') throw new AppError('RESET_CODE_INVALID');
    await attempt.succeeded();
  }

  async function resetPassword(
    input: { email: string; code: string; newPassword: string } & RequestOrigin,
  ): Promise<void> {
    const attempt = await claimCodeTry(input);
    const merchant = await findMerchantByEmail(db, input.email);
    if (!merchant) throw new AppError('RESET_CODE_INVALID');
    // The code first (a keyed hash, cheap); argon2 only for a right, verified code.
    const checked = await db.transaction(async (tx) => {
      const row = await lockOpenResetCode(tx, merchant.id);
      const check = checkCode(row, merchant.id, input.code);
      if (check === 'wrong') {
        await updateResetCode(tx, merchant.id, row!.id, { attempts: row!.attempts + 1 });
        return 'invalid' as const;
      }
      if (check === 'invalid') return 'invalid' as const;
      if (!row!.verifiedAt) return 'not_verified' as const;
      return row!.id;
    });
    if (checked === 'invalid') throw new AppError('RESET_CODE_INVALID');
    await attempt.succeeded();
    if (checked === 'not_verified') throw new AppError('RESET_CODE_NOT_VERIFIED');
    const passwordHash = await hashPassword(input.newPassword);
    const outcome = await db.transaction(async (tx) => {
      // Still the same open code: a concurrent reset or a newer code wins over this one.
      const row = await lockOpenResetCode(tx, merchant.id);
      if (row?.id !== checked || row.expiresAt <= ctx.now()) return 'invalid' as const;
      await updateMerchantPassword(tx, merchant.id, passwordHash);
      await updateResetCode(tx, merchant.id, row!.id, { consumedAt: ctx.now() });
      const ended = await revokeAllSessions(tx, merchant.id);
      log.info(
        { event: 'password_reset', merchantId: merchant.id, sessionsEnded: ended },
        'password reset',
      );
      return 'ok' as const;
    });
    if (outcome === 'invalid') throw new AppError('RESET_CODE_INVALID');
  }

  return {
    login,
    authenticate,
    logout,
    forgotPassword,
    verifyResetCode,
    resetPassword,
    issueResetCode,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
