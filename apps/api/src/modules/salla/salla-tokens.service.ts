import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { isLegacySeal, openForStore, sealForStore } from '../../lib/crypto.ts';
import { reconnectStoreMail } from '../../lib/mail-templates.ts';
import { SallaApiError, type SallaClient, type SallaTokens } from '../../lib/salla-client.ts';
import {
  findMerchantById,
  markNeedsReinstall,
  replaceSealedTokens,
  saveSallaTokens,
  type MerchantRow,
} from '../merchants/index.ts';
import type { Executor } from '../../db/client.ts';
import { findStoresWithLegacySealedTokens } from './salla-jobs.repository.ts';

/** A call that needs a token refreshes it first when it expires within this (reference §1.5). */
export const REFRESH_AHEAD_MS = 24 * 3_600_000;

/**
 * The scheduled job refreshes every store whose access token expires within this. Three days
 * give a store many runs (every 10 minutes) and a weekend of Salla trouble before its token
 * lapses, while a token (about 14 days) is still refreshed only every 11 days or so.
 */
export const SCHEDULED_REFRESH_WINDOW_MS = 3 * 86_400_000;

export async function storeTokens(
  tx: Executor,
  ctx: AppContext,
  merchantId: number,
  tokens: SallaTokens,
): Promise<void> {
  await saveSallaTokens(tx, merchantId, {
    sallaAccessToken: sealForStore(ctx.config.keys.storeSecrets, merchantId, tokens.accessToken),
    sallaRefreshToken: sealForStore(ctx.config.keys.storeSecrets, merchantId, tokens.refreshToken),
    sallaTokenExpiresAt: tokens.expiresAt,
    sallaScope: tokens.scope,
  });
}

/**
 * What one refresh attempt came to.
 * - `fresh`: the token was already good for longer than asked (maybe another caller refreshed it).
 * - `lost_grant`: Salla answered `invalid_grant`; the store is marked for reinstall.
 * - `client_rejected`: Salla answered `invalid_client`: our app's credentials are wrong, which
 *   says nothing about this store, so nothing is marked.
 * - `failed`: anything else (5xx, timeout, an unexplained 401); tried again later.
 */
export type RefreshOutcome =
  | { kind: 'fresh' | 'refreshed'; accessToken: string }
  | { kind: 'no_tokens' | 'lost_grant' }
  | { kind: 'client_rejected' | 'failed'; error: unknown };

export function createSallaTokenService(ctx: AppContext, client: SallaClient) {
  const { db, config, log } = ctx;

  const open = (merchantId: number, sealed: string) =>
    openForStore(config.keys.storeSecrets, merchantId, sealed);

  const freshFor = (expiresAt: Date | null, aheadMs: number) =>
    expiresAt !== null && expiresAt.getTime() - ctx.now().getTime() > aheadMs;

  /**
   * Refreshes the store's tokens unless they stay valid for longer than `aheadMs`. Runs under a
   * per-merchant advisory lock and re-reads the row inside it, so concurrent callers (requests,
   * the job, other instances) make one refresh call: Salla's refresh tokens work once, and
   * reusing one revokes both tokens (reference §1.5).
   */
  async function refreshIfDue({
    merchantId,
    aheadMs,
  }: {
    merchantId: number;
    aheadMs: number;
  }): Promise<RefreshOutcome> {
    let reconnectTo: { email: string; storeName: string } | null = null;
    const outcome = await db.transaction(async (tx): Promise<RefreshOutcome> => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`salla-refresh:${merchantId}`}))`,
      );
      const current = await findMerchantById(tx, merchantId);
      if (
        !current?.sallaAccessToken ||
        !current.sallaRefreshToken ||
        current.needsReinstall ||
        current.installStatus !== 'installed'
      )
        return { kind: 'no_tokens' };
      if (freshFor(current.sallaTokenExpiresAt, aheadMs))
        return {
          kind: 'fresh',
          accessToken: open(merchantId, current.sallaAccessToken),
        };
      let tokens: SallaTokens;
      try {
        tokens = await client.refreshTokens(open(merchantId, current.sallaRefreshToken), ctx.now());
      } catch (error) {
        if (error instanceof SallaApiError && error.isInvalidGrant) {
          await markNeedsReinstall(tx, merchantId);
          log.warn(
            { merchantId, code: error.code },
            'salla refused the refresh token (invalid_grant); the store must reinstall',
          );
          if (current.email) reconnectTo = { email: current.email, storeName: current.storeName };
          return { kind: 'lost_grant' };
        }
        if (error instanceof SallaApiError && error.code === 'invalid_client') {
          log.error(
            { merchantId, status: error.status, code: error.code },
            'SALLA REFUSED OUR CLIENT CREDENTIALS (invalid_client): check SALLA_CLIENT_ID and ' +
              'SALLA_CLIENT_SECRET; no store is marked for reinstall',
          );
          return { kind: 'client_rejected', error };
        }
        // Reference §1.5 and §5: only invalid_grant means the refresh token is gone. Any other
        // refusal (an unexplained 401, a 5xx, a timeout) leaves the store as it is.
        log.warn(
          {
            merchantId,
            err: error,
            status: error instanceof SallaApiError ? error.status : undefined,
          },
          'salla token refresh failed; will try again',
        );
        return { kind: 'failed', error };
      }
      if (!tokens.accessToken || !tokens.refreshToken) {
        // Storing an empty refresh token would lose the store for good; keep the old one.
        log.error({ merchantId }, 'salla refresh answer without tokens; kept the previous ones');
        return { kind: 'failed', error: new Error('refresh answer without tokens') };
      }
      await storeTokens(tx, ctx, merchantId, tokens);
      log.info({ merchantId, expiresAt: tokens.expiresAt }, 'salla tokens refreshed');
      return { kind: 'refreshed', accessToken: tokens.accessToken };
    });
    const mail = reconnectTo as { email: string; storeName: string } | null;
    if (mail) {
      void ctx.mailer
        .send(reconnectStoreMail({ to: mail.email, storeName: mail.storeName }))
        .catch((err: unknown) => log.error({ err, merchantId }, 'reconnect mail failed'));
    }
    return outcome;
  }

  /**
   * A usable access token for the store, refreshed first when it expires within a day. `merchant`:
   * the store's row the caller read a moment ago in the same request (a redemption's reserve
   * step), used instead of reading it again; a caller that passes it must read afresh and ask
   * again when Salla refuses the token (401: refreshed away in between).
   */
  async function getAccessToken({
    merchantId,
    merchant: readJustNow,
  }: {
    merchantId: number;
    merchant?: MerchantRow | undefined;
  }): Promise<string> {
    const merchant =
      readJustNow?.id === merchantId ? readJustNow : await findMerchantById(db, merchantId);
    if (!merchant) throw new AppError('NOT_FOUND');
    if (merchant.needsReinstall || !merchant.sallaAccessToken)
      throw new AppError('STORE_NEEDS_REINSTALL');
    if (freshFor(merchant.sallaTokenExpiresAt, REFRESH_AHEAD_MS))
      return open(merchantId, merchant.sallaAccessToken);

    const outcome = await refreshIfDue({ merchantId, aheadMs: REFRESH_AHEAD_MS });
    switch (outcome.kind) {
      case 'fresh':
      case 'refreshed':
        return outcome.accessToken;
      case 'no_tokens':
      case 'lost_grant':
        throw new AppError('STORE_NEEDS_REINSTALL');
      case 'client_rejected':
      case 'failed':
        throw new AppError('SALLA_UNAVAILABLE', { cause: outcome.error });
    }
  }

  /**
   * Seals again, the store-bound way (decision 026), every Salla token still sealed with
   * ENCRYPTION_KEY itself; run once at start-up (tokens a refresh writes are sealed anew anyway).
   * A row that changed since it was read is left to the writer; one that does not open is logged
   * and left as it is. Returns how many stores were re-sealed.
   */
  async function resealLegacyTokens(options: { batchSize?: number } = {}): Promise<number> {
    const limit = options.batchSize ?? 100;
    const reseal = (merchantId: number, sealed: string | null) =>
      sealed !== null && isLegacySeal(sealed)
        ? sealForStore(config.keys.storeSecrets, merchantId, open(merchantId, sealed))
        : sealed;
    let afterId = 0;
    let resealed = 0;
    for (;;) {
      const rows = await findStoresWithLegacySealedTokens(db, { afterId, limit });
      for (const row of rows) {
        try {
          const to = {
            accessToken: reseal(row.merchantId, row.accessToken),
            refreshToken: reseal(row.merchantId, row.refreshToken),
          };
          if (await replaceSealedTokens(db, row, to)) resealed++;
        } catch (err) {
          log.error(
            { err, merchantId: row.merchantId },
            'a legacy Salla token could not be opened',
          );
        }
      }
      if (rows.length < limit) return resealed;
      afterId = rows.at(-1)!.merchantId;
    }
  }

  return { getAccessToken, refreshIfDue, resealLegacyTokens };
}

export type SallaTokenService = ReturnType<typeof createSallaTokenService>;
