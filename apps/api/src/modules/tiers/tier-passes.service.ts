import type { AppContext } from '../../context.ts';
import {
  findTierSettings,
  findTierStores,
  recomputeBatch,
  recomputeDue,
  updateTierSettings,
} from './tiers.repository.ts';
import { TIER_PASS_BATCH, TIER_DUE_BATCH } from './tier-rules.ts';

/** The passes that apply a store's programme to every customer, and the upkeep run without any event. */
export function createTierPassService(ctx: Pick<AppContext, 'db' | 'now' | 'log'>) {
  const { db } = ctx;

  const passes = new Map<number, Promise<void>>();

  /** Applies the store's programme to every customer, in batches, resuming where it stopped. */
  function runPass(merchantId: number): Promise<void> {
    const running = passes.get(merchantId);
    if (running) return running;
    const pass = (async () => {
      try {
        for (;;) {
          const done = await db.transaction(async (tx) => {
            const settings = await findTierSettings(tx, merchantId, { forUpdate: true });
            if (!settings?.enabled || settings.recomputeAfter === null) return true;
            const { last } = await recomputeBatch(tx, {
              merchantId,
              after: settings.recomputeAfter,
              limit: TIER_PASS_BATCH,
              cause: 'tiers_changed',
              now: ctx.now(),
            });
            await updateTierSettings(tx, merchantId, { recomputeAfter: last });
            return last === null;
          });
          if (done) break;
        }
      } catch (error) {
        ctx.log.error({ err: error, merchantId }, 'tier pass failed; the next run resumes it');
      } finally {
        passes.delete(merchantId);
      }
    })();
    passes.set(merchantId, pass);
    return pass;
  }

  /**
   * The upkeep every store with tiers needs without any event: passes to finish, grace periods
   * that ended, 12-month values older than a day. Idempotent; any instance may run it.
   */
  async function runMaintenance(): Promise<{ moved: number }> {
    let moved = 0;
    for (const settings of await findTierStores(db)) {
      if (settings.recomputeAfter !== null) await runPass(settings.merchantId);
      for (;;) {
        const due = await db.transaction((tx) =>
          recomputeDue(tx, {
            merchantId: settings.merchantId,
            graceDays: settings.graceDays,
            window: settings.window,
            now: ctx.now(),
            limit: TIER_DUE_BATCH,
          }),
        );
        moved += due.moved;
        if (due.seen < TIER_DUE_BATCH) break;
      }
    }
    if (moved > 0) ctx.log.info({ job: 'tiers', moved }, 'tier upkeep moved customers');
    return { moved };
  }

  return { runPass, runMaintenance };
}
