import type { AppContext } from '../../context.ts';
import { findMerchantById } from '../merchants/index.ts';
import { findRules, findTierMultipliers } from './engine.repository.ts';
import { findProductRuleMap } from './product-rules.repository.ts';
import { findCampaignRules } from './campaigns.repository.ts';
import { earningBlock, riyadhToday } from './engine-rules.ts';
import { releaseOrder } from './orders.service.ts';
import { enabled, expiryFor, type EngineConfig } from './points-rules.ts';
import {
  claimJobRun,
  findBirthdayCustomers,
  findOrdersDueForRelease,
  findMerchantsWithBirthdayRule,
  finishJobRun,
  touchJobRun,
} from './jobs.repository.ts';
import { countRuleEarns, findExpiredLots } from './ledger.repository.ts';
import { creditPoints, expireLot } from './ledger.service.ts';
import { birthdayMultiplier, multiplied } from './tier-multipliers.ts';

/** A birthday set this recently earns nothing yet, so nobody moves their birthday to today. */
export const BIRTHDAY_WAIT_DAYS = 30;

/**
 * A birthday run touches its claim after every store; one silent this long died (an error, a
 * restart) and the next tick resumes the day — the ledger keys skip what it already gave.
 */
export const BIRTHDAY_RUN_STALE_MS = 15 * 60 * 1000;

/**
 * Scheduled work. Each job claims its period in `job_runs` first, so with any number of API
 * instances it runs once per period; the ledger's idempotency keys make even a forced re-run
 * harmless.
 */
export function createJobsService(ctx: AppContext) {
  const { db, log } = ctx;

  /** Gives birthday points to every customer whose birthday is today in Riyadh. */
  async function runBirthdays(
    options: { force?: boolean } = {},
  ): Promise<{ ran: boolean; awarded: number }> {
    const now = ctx.now();
    const today = riyadhToday(now);
    const claimed =
      options.force ||
      (await claimJobRun(db, 'birthday', today.date, {
        at: now,
        staleAfterMs: BIRTHDAY_RUN_STALE_MS,
      }));
    if (!claimed) return { ran: false, awarded: 0 };
    let awarded = 0;
    const setBefore = new Date(now.getTime() - BIRTHDAY_WAIT_DAYS * 86_400_000);
    for (const merchantId of await findMerchantsWithBirthdayRule(db)) {
      awarded += await db.transaction(async (tx) => {
        const merchant = await findMerchantById(tx, merchantId);
        const rule = (await findRules(tx, merchantId)).get('birthday');
        if (!merchant || !enabled(rule) || earningBlock(merchant, now)) return 0;
        // A VIP tier's birthday multiplier (docs/decisions/024).
        const tiers = await findTierMultipliers(tx, merchant);
        let count = 0;
        for (const { id: customerId, tierId } of await findBirthdayCustomers(
          tx,
          merchantId,
          today.monthDays,
          setBefore,
        )) {
          if (
            rule.maxPerCustomer !== null &&
            (await countRuleEarns(tx, merchantId, customerId, 'birthday')) >= rule.maxPerCustomer
          )
            continue;
          const row = await creditPoints(tx, {
            merchantId,
            customerId,
            points: multiplied(rule.points, birthdayMultiplier(tiers, tierId)),
            sourceType: 'birthday',
            sourceId: `${customerId}:${today.year}`,
            ruleEvent: 'birthday',
            idempotencyKey: `birthday:${customerId}:${today.year}`,
            expiresAt: expiryFor(merchant, now),
            at: now,
          });
          if (row) count += 1;
        }
        return count;
      });
      await touchJobRun(db, 'birthday', today.date, ctx.now());
    }
    await finishJobRun(db, 'birthday', today.date, { awarded });
    log.info({ job: 'birthday', day: today.date, awarded }, 'birthday job done');
    return { ran: true, awarded };
  }

  /** Expires what is left of every lot past its date, oldest first, in batches. */
  async function runExpiry(): Promise<{ expiredPoints: number; lots: number }> {
    const now = ctx.now();
    let expiredPoints = 0;
    let lots = 0;
    for (;;) {
      const batch = await findExpiredLots(db, now, 200);
      if (batch.length === 0) break;
      for (const lot of batch) {
        const points = await db.transaction((tx) =>
          expireLot(tx, lot.merchantId, lot.ledgerId, now),
        );
        expiredPoints += points;
        lots += 1;
      }
    }
    if (lots > 0) log.info({ job: 'expiry', lots, expiredPoints }, 'expiry job done');
    return { expiredPoints, lots };
  }

  /**
   * Orders whose holding period is over: their points become spendable. In batches, one order
   * per transaction; the ledger's keys make a repeated run harmless.
   */
  async function runReleases(): Promise<{ released: number }> {
    const now = ctx.now();
    let released = 0;
    const configs = new Map<number, EngineConfig | null>();
    let after = { releaseAt: new Date(0), merchantId: 0, id: 0 };
    for (;;) {
      const todo = await findOrdersDueForRelease(db, now, after, 200);
      if (todo.length === 0) break;
      for (const order of todo) {
        if (!configs.has(order.merchantId)) {
          const merchant = await findMerchantById(db, order.merchantId);
          configs.set(
            order.merchantId,
            merchant
              ? {
                  merchant,
                  rules: await findRules(db, order.merchantId),
                  tiers: await findTierMultipliers(db, merchant),
                  campaigns: await findCampaignRules(db, merchant),
                  productRules: await findProductRuleMap(db, merchant),
                }
              : null,
          );
        }
        const config = configs.get(order.merchantId);
        if (config && (await db.transaction((tx) => releaseOrder(tx, config, order.id, now))))
          released += 1;
        after = { releaseAt: order.releaseAt!, merchantId: order.merchantId, id: order.id };
      }
    }
    if (released > 0) log.info({ job: 'release', released }, 'held points released');
    return { released };
  }

  return { runBirthdays, runExpiry, runReleases };
}

export type JobsService = ReturnType<typeof createJobsService>;
