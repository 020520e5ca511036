import {
  RESET_CODE_LENGTH,
  RESET_CODE_MAX_ATTEMPTS,
  RESET_CODE_TTL_MINUTES,
  type EmbeddedSession,
  type LoginResult,
} from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  dummyPasswordHash,
  generateNumericCode,
  hashEmbeddedToken,
  hashPassword,
  hashResetCode,
  safeEqualHex,
  verifyPassword,
} from '../../lib/crypto.ts';
import { passwordResetCodeMail } from '../../lib/mail-templates.ts';
import { judgeCodeTry, newRequestId } from '../../lib/one-time-codes.ts';
import {
  claimBackoffTry,
  clearBackoff,
  enforceRateLimits,
  recordBackoffFailure,
} from '../../lib/rate-limit.ts';
import {
  SallaApiError,
  type EmbeddedTokenFacts,
  type SallaClient,
} from '../../lib/salla-client.ts';
import { signMerchantToken, verifyMerchantToken } from '../../lib/tokens.ts';
import {
  findMerchantByEmail,
  findMerchantById,
  updateMerchantPassword,
} from '../merchants/index.ts';
import {
  claimEmbeddedToken,
  consumeOpenResetCodes,
  deleteEmbeddedTokensBefore,
  findSession,
  insertResetCode,
  insertSession,
  lockOpenResetCode,
  lockResetCodeOfRequest,
  revokeAllSessions,
  revokeSession,
  updateResetCode,
  type ResetCodeRow,
} from './auth.repository.ts';

export const SESSION_TTL_DAYS = 7;
/**
 * A session opened from the Salla dashboard: a working day. It lives in the frame's memory and
 * the frame gets a new one from Salla in a second (decision 031), so it need not last a week.
 */
export const EMBEDDED_SESSION_TTL_HOURS = 8;
const WINDOW = 15 * 60;

/**
 * Per-IP limits are loose (offices share IPs) and count attempts; per-account limits count
 * failures only, so nobody can lock an owner out by trying (docs/decisions/012-abuse-limits.md).
 * Reset codes are guessed against per code, never per account (docs/decisions/025): what bounds
 * guessing is the codes an account can be sent (3 per 15 minutes, 5 a day) times each code's
 * tries (5 for its request, 5 for tries naming none), and the per-address limits.
 */
export const AUTH_RATE_LIMITS = {
  loginPerIp: { limit: 30, windowSeconds: WINDOW },
  /** After 5 wrong passwords, each try waits 1 s, 2 s, 4 s … up to 5 minutes after the last. */
  loginFailuresPerEmail: { free: 5, maxDelaySeconds: 300 },
  forgotPerIp: { limit: 10, windowSeconds: WINDOW },
  forgotPerEmail: { limit: 3, windowSeconds: WINDOW },
  forgotPerEmailDaily: { limit: 5, windowSeconds: 86_400 },
  codePerIp: { limit: 30, windowSeconds: WINDOW },
  /**
   * Dashboard tokens exchanged per IP: each one costs a call to Salla. An office opening Nuqat
   * from Salla all day stays far below; a script replaying junk does not.
   */
  embeddedPerIp: { limit: 120, windowSeconds: WINDOW },
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

export function createAuthService(ctx: AppContext, deps: { salla: SallaClient }) {
  const { db, config, log } = ctx;
  const codeKey = config.keys.oneTimeCodes.current;

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
      config.keys.sessionTokens.current,
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

  /**
   * Opens Nuqat from the Salla merchant dashboard (reference §5, decision 031): the token Salla
   * appended to the embedded page's address is verified with Salla's introspection, then used
   * once, for one session of the store it names — never of a store the request names. The token
   * itself is never logged or stored; only its hash, until it expires.
   */
  async function exchangeEmbeddedToken(
    input: { token: string } & RequestOrigin,
  ): Promise<EmbeddedSession & { session: MerchantAuth }> {
    await enforceRateLimits(db, [
      { key: `embedded:ip:${input.ip}`, ...AUTH_RATE_LIMITS.embeddedPerIp },
    ]);
    const appId = config.salla.appId;
    if (!appId) {
      log.warn(
        { event: 'embedded_not_configured' },
        'a Salla dashboard token arrived but SALLA_APP_ID is not set: it cannot be verified',
      );
      throw new AppError('EMBEDDED_NOT_CONFIGURED');
    }
    let facts: EmbeddedTokenFacts;
    try {
      facts = await deps.salla.introspectEmbeddedToken(appId, input.token);
    } catch (error) {
      const status = error instanceof SallaApiError ? error.status : 0;
      if (status >= 400 && status < 500 && status !== 429) {
        log.info({ event: 'embedded_token_refused', status }, 'Salla did not verify a token');
        throw new AppError('EMBEDDED_TOKEN_INVALID');
      }
      // Salla away, slow or failing: no session, and the merchant is told to try again.
      log.warn({ event: 'embedded_introspection_failed', err: error }, 'introspection failed');
      throw new AppError('EMBEDDED_SALLA_UNAVAILABLE');
    }
    const now = ctx.now();
    const { merchantId } = facts;
    if (facts.expiresAt <= now) {
      log.info({ event: 'embedded_token_expired', merchantId }, 'an expired Salla token');
      throw new AppError('EMBEDDED_TOKEN_EXPIRED');
    }
    const merchant = await findMerchantById(db, merchantId);
    if (!merchant || merchant.installStatus !== 'installed') {
      log.info(
        { event: 'embedded_store_unknown', merchantId, known: Boolean(merchant) },
        'a Salla token for a store without Nuqat',
      );
      throw new AppError('EMBEDDED_STORE_UNKNOWN');
    }
    const expiresAt = new Date(now.getTime() + EMBEDDED_SESSION_TTL_HOURS * 3_600_000);
    // The token is spent and the session made together: a failure leaves the token usable.
    const session = await db.transaction(async (tx) => {
      const fresh = await claimEmbeddedToken(tx, {
        merchantId,
        tokenHash: hashEmbeddedToken(input.token),
        expiresAt: facts.expiresAt,
      });
      if (!fresh) return null;
      return insertSession(tx, {
        merchantId,
        expiresAt,
        userAgent: input.userAgent?.slice(0, 300) ?? null,
        ip: input.ip,
        kind: 'salla_embedded',
        sallaUserId: facts.userId,
      });
    });
    if (!session) {
      log.warn({ event: 'embedded_token_reused', merchantId }, 'a used Salla token came again');
      throw new AppError('EMBEDDED_TOKEN_USED');
    }
    const auth = { merchantId, sessionId: session.id };
    log.info(
      { event: 'embedded_session', merchantId, sallaUserId: facts.userId },
      'signed in from the Salla dashboard',
    );
    return {
      token: await signMerchantToken(config.keys.sessionTokens.current, auth, expiresAt),
      expiresAt: expiresAt.toISOString(),
      merchant: { id: String(merchant.id), name: merchant.storeName },
      session: auth,
    };
  }

  /** Used dashboard tokens past their expiry are forgotten (hourly, with the rate limits). */
  function pruneEmbeddedTokens(): Promise<number> {
    return deleteEmbeddedTokensBefore(db, ctx.now());
  }

  async function authenticate(token: string): Promise<MerchantAuth> {
    const claims = await verifyMerchantToken(config.keys.sessionTokens, token);
    if (!claims) throw new AppError('UNAUTHENTICATED');
    const session = await findSession(db, claims.merchantId, claims.sessionId);
    if (!session || session.revokedAt || session.expiresAt <= ctx.now())
      throw new AppError('SESSION_EXPIRED');
    return claims;
  }

  async function logout(auth: MerchantAuth): Promise<void> {
    await revokeSession(db, auth.merchantId, auth.sessionId);
  }

  /**
   * A fresh code for the merchant; used by recovery (with the request's id) and by install.
   * Older open codes stay open: a new request, maybe a stranger's, must not end the code the
   * owner is typing. They die with their 15 minutes, or when one code is used.
   */
  async function issueResetCode(
    tx: Executor,
    merchantId: number,
    requestId: string = newRequestId(),
  ): Promise<string> {
    const code = generateNumericCode(RESET_CODE_LENGTH);
    await insertResetCode(tx, {
      merchantId,
      id: requestId,
      codeHash: hashResetCode(codeKey, merchantId, code),
      expiresAt: new Date(ctx.now().getTime() + RESET_CODE_TTL_MINUTES * 60_000),
    });
    return code;
  }

  /**
   * Always resolves the same way, whether or not the e-mail belongs to a merchant: with the id
   * of this request, which the code row carries (tries naming it count against this code only).
   */
  async function forgotPassword(
    input: { email: string } & RequestOrigin,
  ): Promise<{ requestId: string }> {
    await enforceRateLimits(db, [
      { key: `forgot:ip:${input.ip}`, ...AUTH_RATE_LIMITS.forgotPerIp },
      { key: `forgot:email:${input.email}`, ...AUTH_RATE_LIMITS.forgotPerEmail },
      { key: `forgot:day:${input.email}`, ...AUTH_RATE_LIMITS.forgotPerEmailDaily },
    ]);
    const requestId = newRequestId();
    const merchant = await findMerchantByEmail(db, input.email);
    if (!merchant) return { requestId };
    // Issuing the code and mailing it happen after the answer has gone: the request does the
    // same work (limits and one lookup) whether or not the e-mail is known, and the issuing —
    // started a moment later, not in the same turn of the event loop — does not slow the answer
    // down either, so timing reveals nothing.
    setTimeout(() => {
      sendResetCode(merchant, requestId).catch((error: unknown) =>
        log.error({ err: error, merchantId: merchant.id }, 'reset code mail failed'),
      );
    }, RESET_MAIL_DELAY_MS);
    return { requestId };
  }

  async function sendResetCode(
    merchant: { id: number; email: string | null; storeName: string },
    requestId: string,
  ): Promise<void> {
    const code = await db.transaction((tx) => issueResetCode(tx, merchant.id, requestId));
    await ctx.mailer.send(
      passwordResetCodeMail({ to: merchant.email!, storeName: merchant.storeName, code }),
    );
  }

  /**
   * One try at a code, under the code row's lock so its tries count one at a time: the code of
   * the named request, or the newest open one with the tries anyone can spend. A wrong code is
   * counted against that code only; nothing counts against the account, so nobody's wrong codes
   * can make the owner's right one fail (docs/decisions/025). Only the per-address limit applies.
   */
  async function tryCode(
    tx: Executor,
    merchantId: number,
    input: { code: string; requestId?: string | undefined },
  ): Promise<ResetCodeRow | null> {
    const row = input.requestId
      ? await lockResetCodeOfRequest(tx, merchantId, input.requestId)
      : await lockOpenResetCode(tx, merchantId);
    const judged = judgeCodeTry(row, {
      bound: input.requestId !== undefined,
      matches: () => safeEqualHex(row!.codeHash, hashResetCode(codeKey, merchantId, input.code)),
      now: ctx.now(),
      maxAttempts: RESET_CODE_MAX_ATTEMPTS,
    });
    if (judged.outcome === 'wrong') await updateResetCode(tx, merchantId, row!.id, judged.count);
    return judged.outcome === 'ok' ? row! : null;
  }

  type CodeInput = { email: string; code: string; requestId?: string | undefined } & RequestOrigin;

  async function verifyResetCode(input: CodeInput): Promise<void> {
    await enforceRateLimits(db, [{ key: `code:ip:${input.ip}`, ...AUTH_RATE_LIMITS.codePerIp }]);
    const merchant = await findMerchantByEmail(db, input.email);
    if (!merchant) throw new AppError('RESET_CODE_INVALID');
    const ok = await db.transaction(async (tx) => {
      const row = await tryCode(tx, merchant.id, input);
      if (row && !row.verifiedAt)
        await updateResetCode(tx, merchant.id, row.id, { verifiedAt: ctx.now() });
      return row !== null;
    });
    if (!ok) throw new AppError('RESET_CODE_INVALID');
  }

  async function resetPassword(input: CodeInput & { newPassword: string }): Promise<void> {
    await enforceRateLimits(db, [{ key: `code:ip:${input.ip}`, ...AUTH_RATE_LIMITS.codePerIp }]);
    const merchant = await findMerchantByEmail(db, input.email);
    if (!merchant) throw new AppError('RESET_CODE_INVALID');
    // The code first (a keyed hash, cheap); argon2 only for a right, verified code.
    const checked = await db.transaction(async (tx) => {
      const row = await tryCode(tx, merchant.id, input);
      if (!row) return 'invalid' as const;
      if (!row.verifiedAt) return 'not_verified' as const;
      return row.id;
    });
    if (checked === 'invalid') throw new AppError('RESET_CODE_INVALID');
    if (checked === 'not_verified') throw new AppError('RESET_CODE_NOT_VERIFIED');
    const passwordHash = await hashPassword(input.newPassword);
    const outcome = await db.transaction(async (tx) => {
      // Still open and in time: a concurrent reset (which ends every open code) wins.
      const row = await lockResetCodeOfRequest(tx, merchant.id, checked);
      if (!row || row.expiresAt <= ctx.now()) return 'invalid' as const;
      await updateMerchantPassword(tx, merchant.id, passwordHash);
      await consumeOpenResetCodes(tx, merchant.id);
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
    exchangeEmbeddedToken,
    pruneEmbeddedTokens,
    authenticate,
    logout,
    forgotPassword,
    verifyResetCode,
    resetPassword,
    issueResetCode,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
