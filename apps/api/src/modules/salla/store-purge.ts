import { UNINSTALL_GRACE_DAYS } from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import { riyadhToday } from '../../lib/riyadh-time.ts';
import { claimJobRun, finishJobRun, touchJobRun } from '../engine/index.ts';
import { findPurgeCandidates, purgeStoreIfSilent } from './store-purge.repository.ts';

/**
 * How long an uninstalled store's data is kept, so a merchant who comes back finds it all: the
 * store is deleted once it has been uninstalled and silent (no webhook) this long. In contracts:
 * the FAQ and /privacy state it (docs/decisions/044).
 */
export { UNINSTALL_GRACE_DAYS };

/** A purge run touches its claim after every store; one silent this long died (see birthdays). */
export const PURGE_RUN_STALE_MS = 15 * 60 * 1000;

export function createStorePurge(ctx: AppContext) {
  const { db, log } = ctx;

  /**
   * Deletes the data of stores still uninstalled and silent (no webhook received) for the whole
   * grace period; once a day. A reinstall or any event since cancels it for that store. Store by
   * store, each under its lock; like the birthday run it touches its claim as it goes, and a
   * claim left unfinished and silent (the instance died) is taken over and the day resumed.
   */
  async function run(
    options: { force?: boolean; merchantIds?: number[] } = {},
  ): Promise<{ ran: boolean; purged: number[] }> {
    const now = ctx.now();
    const today = riyadhToday(now).date;
    const claimed =
      options.force ||
      (await claimJobRun(db, 'uninstall-purge', today, {
        at: now,
        staleAfterMs: PURGE_RUN_STALE_MS,
      }));
    if (!claimed) return { ran: false, purged: [] };
    const cutoff = new Date(now.getTime() - UNINSTALL_GRACE_DAYS * 86_400_000);
    const purged: number[] = [];
    let after = 0;
    for (;;) {
      const candidates = await findPurgeCandidates(db, {
        cutoff,
        after,
        limit: 100,
        ...(options.merchantIds ? { merchantIds: options.merchantIds } : {}),
      });
      for (const merchantId of candidates) {
        after = merchantId;
        if (await purgeStoreIfSilent(db, merchantId, cutoff)) purged.push(merchantId);
        await touchJobRun(db, 'uninstall-purge', today, ctx.now());
      }
      if (candidates.length < 100) break;
    }
    await finishJobRun(db, 'uninstall-purge', today, { purged });
    if (purged.length > 0)
      log.info({ job: 'uninstall-purge', purged }, 'uninstalled stores purged');
    return { ran: true, purged };
  }

  return { run };
}

export type StorePurge = ReturnType<typeof createStorePurge>;
