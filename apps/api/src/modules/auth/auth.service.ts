import {
  DEMO_MERCHANT_ID,
  DEMO_VIEWER_SESSION_TTL_HOURS,
  type EmbeddedSession,
  type LoginResult,
} from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { dummyPasswordHash, hashEmbeddedToken, verifyPassword } from '../../lib/crypto.ts';
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
  recordMerchantLanguage,
} from '../merchants/index.ts';
import {
  claimEmbeddedToken,
  deleteEmbeddedTokensBefore,
  findSession,
  insertSession,
  revokeSession,
} from './auth.repository.ts';
import {
  SESSION_TTL_DAYS,
  EMBEDDED_SESSION_TTL_HOURS,
  AUTH_RATE_LIMITS,
  type RequestOrigin,
  type MerchantAuth,
} from './auth-limits.ts';
import { createPasswordResetService } from './password-reset.service.ts';

export {
  AUTH_RATE_LIMITS,
  EMBEDDED_SESSION_TTL_HOURS,
  SESSION_TTL_DAYS,
  type MerchantAuth,
  type RequestOrigin,
} from './auth-limits.ts';

export function createAuthService(ctx: AppContext, deps: { salla: SallaClient }) {
  const { db, config, log } = ctx;
  const { forgotPassword, verifyResetCode, resetPassword, issueResetCode } =
    createPasswordResetService(ctx);

  async function login(
    input: { email: string; password: string; language?: 'ar' | 'en' } & RequestOrigin,
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
    if (input.language) await recordMerchantLanguage(db, merchant.id, input.language);
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

  /**
   * The read-only demo (decision 044): with DEMO=1 anyone may open the demo store's back-office
   * as a viewer. The session is marked `demo_viewer` in its row; requireMerchant refuses every
   * change it asks for. Without the demo there is nothing to open.
   */
  async function openDemoViewer(
    input: RequestOrigin,
  ): Promise<LoginResult & { token: string; session: MerchantAuth }> {
    if (!config.demo) throw new AppError('DEMO_NOT_AVAILABLE');
    await enforceRateLimits(db, [
      { key: `demo-viewer:ip:${input.ip}`, ...AUTH_RATE_LIMITS.demoViewerPerIp },
    ]);
    const merchant = await findMerchantById(db, DEMO_MERCHANT_ID);
    if (!merchant) throw new AppError('DEMO_NOT_AVAILABLE');
    const expiresAt = new Date(ctx.now().getTime() + DEMO_VIEWER_SESSION_TTL_HOURS * 3_600_000);
    const session = await insertSession(db, {
      merchantId: merchant.id,
      expiresAt,
      userAgent: input.userAgent?.slice(0, 300) ?? null,
      ip: input.ip,
      kind: 'demo_viewer',
    });
    const auth = { merchantId: merchant.id, sessionId: session.id };
    return {
      token: await signMerchantToken(config.keys.sessionTokens.current, auth, expiresAt),
      merchantId: String(merchant.id),
      merchantName: merchant.storeName,
      expiresAt: expiresAt.toISOString(),
      session: { ...auth, readOnly: true },
    };
  }

  /** Used dashboard tokens past their expiry are forgotten (hourly, with the rate limits). */
  function pruneEmbeddedTokens(): Promise<number> {
    return deleteEmbeddedTokensBefore(db, ctx.now());
  }

  async function authenticate(token: string): Promise<MerchantAuth> {
    const claims = verifyMerchantToken(config.keys.sessionTokens, token, ctx.now());
    if (!claims) throw new AppError('UNAUTHENTICATED');
    const session = await findSession(db, claims.merchantId, claims.sessionId);
    if (!session || session.revokedAt || session.expiresAt <= ctx.now())
      throw new AppError('SESSION_EXPIRED');
    // The session row, not the token, says whether it may change anything (decision 044).
    return session.kind === 'demo_viewer' ? { ...claims, readOnly: true } : claims;
  }

  async function logout(auth: MerchantAuth): Promise<void> {
    await revokeSession(db, auth.merchantId, auth.sessionId);
  }

  return {
    login,
    exchangeEmbeddedToken,
    openDemoViewer,
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
