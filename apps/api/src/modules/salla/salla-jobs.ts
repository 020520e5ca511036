import type { AppContext } from '../../context.ts';
import type { SallaClient } from '../../lib/salla-client.ts';
import type { AuthService } from '../auth/index.ts';
import { createInstallService } from './install.service.ts';
import {
  findStoresWithProfileDue,
  findStoresWithTokensExpiringBefore,
  type DueToken,
} from './salla-jobs.repository.ts';
import { SCHEDULED_REFRESH_WINDOW_MS, type SallaTokenService } from './salla-tokens.service.ts';

const PAGE = 100;

/**
 * Salla's scheduled work, run with the other jobs (server.ts). Both are safe on any number of
 * instances at once: a refresh re-reads the store under its advisory lock, a profile fetch claims
 * its try with a conditional update.
 */
export function createSallaJobs(deps: {
  ctx: AppContext;
  salla: SallaClient;
  authService: AuthService;
  sallaTokens: SallaTokenService;
}) {
  const { ctx, salla, authService, sallaTokens } = deps;
  const { db, log } = ctx;
  const install = createInstallService({ ctx, salla, authService });

  /**
   * Refreshes every installed store whose access token expires within the window, before any
   * call needs it: a refresh token works once and its chain must not lapse (reference §1.5).
   * `invalid_client` stops the run: our credentials are wrong for every store alike.
   */
  async function runTokenRefresh(
    options: { windowMs?: number; merchantIds?: number[] } = {},
  ): Promise<{
    refreshed: number;
    failed: number;
    lostGrant: number;
    clientRejected: boolean;
  }> {
    const windowMs = options.windowMs ?? SCHEDULED_REFRESH_WINDOW_MS;
    const result = { refreshed: 0, failed: 0, lostGrant: 0, clientRejected: false };
    const before = new Date(ctx.now().getTime() + windowMs);
    let after: DueToken | null = null;
    for (;;) {
      const due = await findStoresWithTokensExpiringBefore(db, {
        before,
        after,
        limit: PAGE,
        ...(options.merchantIds ? { merchantIds: options.merchantIds } : {}),
      });
      for (const store of due) {
        after = store;
        let outcome;
        try {
          outcome = await sallaTokens.refreshIfDue({
            merchantId: store.merchantId,
            aheadMs: windowMs,
          });
        } catch (err) {
          log.error({ err, merchantId: store.merchantId }, 'token refresh job: store failed');
          result.failed += 1;
          continue;
        }
        if (outcome.kind === 'refreshed') result.refreshed += 1;
        else if (outcome.kind === 'lost_grant') result.lostGrant += 1;
        else if (outcome.kind === 'failed') result.failed += 1;
        else if (outcome.kind === 'client_rejected') {
          result.clientRejected = true;
          log.error(
            { job: 'salla-token-refresh', ...result },
            'token refresh job stopped: Salla refused our client credentials (invalid_client)',
          );
          return result;
        }
      }
      if (due.length < PAGE) break;
    }
    log.info({ job: 'salla-token-refresh', ...result }, 'token refresh job done');
    return result;
  }

  /** Fetches the owner's profile for every store whose earlier try failed and is due again. */
  async function runProfileFetches(
    options: { merchantIds?: number[] } = {},
  ): Promise<Record<'fetched' | 'failed' | 'gave_up', number>> {
    const result = { fetched: 0, failed: 0, gave_up: 0 };
    // Each try pushes the store's next one into the future, so one pass meets each store once.
    const due = await findStoresWithProfileDue(db, {
      now: ctx.now(),
      limit: PAGE,
      ...(options.merchantIds ? { merchantIds: options.merchantIds } : {}),
    });
    for (const merchantId of due) {
      try {
        const outcome = await install.fetchProfile({
          merchantId,
          getToken: () => sallaTokens.getAccessToken({ merchantId }),
        });
        if (outcome === 'fetched' || outcome === 'failed' || outcome === 'gave_up')
          result[outcome] += 1;
      } catch (err) {
        log.error({ err, merchantId }, 'profile job: store failed');
        result.failed += 1;
      }
    }
    if (due.length > 0) log.info({ job: 'salla-profile', ...result }, 'profile job done');
    return result;
  }

  return { runTokenRefresh, runProfileFetches };
}

export type SallaJobs = ReturnType<typeof createSallaJobs>;
