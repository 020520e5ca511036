import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { decryptSecret, encryptSecret } from '../../lib/crypto.ts';
import { reconnectStoreMail } from '../../lib/mail-templates.ts';
import { SallaApiError, type SallaClient, type SallaTokens } from '../../lib/salla-client.ts';
import { findMerchantById } from '../merchants/merchants.repository.ts';
import { updateMerchant } from '../engine/engine.repository.ts';
import type { Executor } from '../../db/client.ts';

/** Refresh this long before the access token expires (reference §1.5 suggests about a day). */
export const REFRESH_AHEAD_MS = 24 * 3_600_000;

export async function storeTokens(
  tx: Executor,
  ctx: AppContext,
  merchantId: number,
  tokens: SallaTokens,
): Promise<void> {
  await updateMerchant(tx, merchantId, {
    sallaAccessToken: encryptSecret(ctx.config.encryptionKey, tokens.accessToken),
    sallaRefreshToken: encryptSecret(ctx.config.encryptionKey, tokens.refreshToken),
    sallaTokenExpiresAt: tokens.expiresAt,
    sallaScope: tokens.scope,
    needsReinstall: false,
  });
}

export function createSallaTokenService(ctx: AppContext, client: SallaClient) {
  const { db, config, log } = ctx;

  /**
   * A usable access token for the store, refreshed ahead of expiry. The refresh runs under a
   * per-merchant advisory lock and re-reads the row inside it, so concurrent callers make one
   * refresh call (Salla's refresh tokens work once; reusing one revokes both tokens).
   */
  async function getAccessToken({ merchantId }: { merchantId: number }): Promise<string> {
    const merchant = await findMerchantById(db, merchantId);
    if (!merchant) throw new AppError('NOT_FOUND');
    if (merchant.needsReinstall || !merchant.sallaAccessToken)
      throw new AppError('STORE_NEEDS_REINSTALL');
    const fresh = (expiresAt: Date | null) =>
      expiresAt && expiresAt.getTime() - ctx.now().getTime() > REFRESH_AHEAD_MS;
    if (fresh(merchant.sallaTokenExpiresAt))
      return decryptSecret(config.encryptionKey, merchant.sallaAccessToken);

    let lostGrant = false;
    const token = await db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`salla-refresh:${merchantId}`}))`,
      );
      const current = await findMerchantById(tx, merchantId);
      if (!current?.sallaAccessToken || !current.sallaRefreshToken || current.needsReinstall)
        return null;
      if (fresh(current.sallaTokenExpiresAt))
        return decryptSecret(config.encryptionKey, current.sallaAccessToken);
      try {
        const tokens = await client.refreshTokens(
          decryptSecret(config.encryptionKey, current.sallaRefreshToken),
          ctx.now(),
        );
        await storeTokens(tx, ctx, merchantId, tokens);
        log.info({ merchantId, expiresAt: tokens.expiresAt }, 'salla tokens refreshed');
        return tokens.accessToken;
      } catch (error) {
        if (error instanceof SallaApiError && (error.isInvalidGrant || error.status === 401)) {
          await updateMerchant(tx, merchantId, { needsReinstall: true });
          lostGrant = true;
          log.warn(
            { merchantId, code: error.code },
            'salla refused the refresh token; the store must reinstall',
          );
          return null;
        }
        throw new AppError('SALLA_UNAVAILABLE', { cause: error });
      }
    });
    if (lostGrant && merchant.email) {
      void ctx.mailer
        .send(reconnectStoreMail({ to: merchant.email, storeName: merchant.storeName }))
        .catch((err: unknown) => log.error({ err, merchantId }, 'reconnect mail failed'));
    }
    if (!token) throw new AppError('STORE_NEEDS_REINSTALL');
    return token;
  }

  return { getAccessToken };
}

export type SallaTokenService = ReturnType<typeof createSallaTokenService>;
