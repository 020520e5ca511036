import {
  EXPIRY_REMINDER_DAYS,
  REWARD_TYPE_FEATURE,
  planHasFeature,
  type NotificationKind,
  type RewardType,
} from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import { earningBlock, RIYADH_OFFSET_MS, riyadhToday } from '../engine/index.ts';
import { claimJobRun, finishJobRun, touchJobRun } from '../engine/index.ts';
import { findMerchantById, type MerchantRow } from '../merchants/index.ts';
import { enqueueNotification } from './outbox.ts';
import {
  findActiveRewardCosts,
  findActiveStoreIds,
  findDailyEarners,
  findPointsExpiringBetween,
  findRewardCrossings,
} from './causes.repository.ts';
import { findNotificationSettings } from './notification-settings.repository.ts';

/** A daily run touches its claim after every store; one silent this long died and is taken over. */
export const NOTIFY_RUN_STALE_MS = 15 * 60 * 1000;
const DAY_MS = 86_400_000;

/** Midnight of a Riyadh calendar date, as an instant. */
export function riyadhMidnight(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - RIYADH_OFFSET_MS);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export interface DailyCausesResult {
  ran: boolean;
  day: string;
  digests: number;
  expiring: number;
  rewardReady: number;
}

/**
 * The scheduled causes, once per Riyadh day (claimed in job_runs like the birthday job), from the
 * first tick after midnight; their rows wait for 08:00 like any other in quiet hours:
 *  - the digest of the points each customer earned yesterday (`digest:{customer}:{date}`);
 *  - points expiring in 14 and in 3 days, by Riyadh date (`expiry:{customer}:{days}:{date}`);
 *  - a balance that crossed the store's cheapest reward yesterday (`reward_ready:{customer}:{date}`).
 * Each row is written once per key, so a forced re-run or a run taken over after a crash writes
 * nothing twice. Stores that are not earning and templates switched off write nothing.
 */
export function createNotificationCauses(ctx: AppContext) {
  const { db, log } = ctx;

  function cheapestReward(
    merchant: MerchantRow,
    costs: Awaited<ReturnType<typeof findActiveRewardCosts>>,
  ) {
    return costs.find((reward) => {
      const feature = REWARD_TYPE_FEATURE[reward.type as RewardType];
      return !feature || (merchant.plan !== null && planHasFeature(merchant.plan, feature));
    });
  }

  async function runStore(
    merchantId: number,
    today: string,
    now: Date,
  ): Promise<Omit<DailyCausesResult, 'ran' | 'day'>> {
    const counts = { digests: 0, expiring: 0, rewardReady: 0 };
    const merchant = await findMerchantById(db, merchantId);
    if (!merchant || earningBlock(merchant, now)) return counts;
    const off = new Set(
      (await findNotificationSettings(db, merchantId)).filter((s) => !s.enabled).map((s) => s.kind),
    );
    const on = (kind: NotificationKind) => !off.has(kind);
    const yesterday = addDays(today, -1);
    const from = riyadhMidnight(yesterday);
    const to = riyadhMidnight(today);

    if (on('points_digest')) {
      for (const earner of await findDailyEarners(db, merchantId, from, to)) {
        if (
          await enqueueNotification(db, {
            merchantId,
            customerId: earner.customerId,
            kind: 'points_digest',
            idempotencyKey: `digest:${earner.customerId}:${yesterday}`,
            payload: { date: yesterday, points: earner.points, balance: earner.balance },
            at: now,
          })
        )
          counts.digests += 1;
      }
    }

    if (on('points_expiring')) {
      for (const days of EXPIRY_REMINDER_DAYS) {
        const expiresOn = addDays(today, days);
        const start = riyadhMidnight(expiresOn);
        const end = new Date(start.getTime() + DAY_MS);
        for (const lot of await findPointsExpiringBetween(db, merchantId, start, end)) {
          if (
            await enqueueNotification(db, {
              merchantId,
              customerId: lot.customerId,
              kind: 'points_expiring',
              idempotencyKey: `expiry:${lot.customerId}:${days}:${expiresOn}`,
              payload: { days, points: lot.points, expiresOn },
              at: now,
            })
          )
            counts.expiring += 1;
        }
      }
    }

    if (on('reward_ready')) {
      const reward = cheapestReward(merchant, await findActiveRewardCosts(db, merchantId));
      if (reward) {
        for (const crossing of await findRewardCrossings(
          db,
          merchantId,
          reward.pointsRequired,
          from,
          to,
        )) {
          if (
            await enqueueNotification(db, {
              merchantId,
              customerId: crossing.customerId,
              kind: 'reward_ready',
              idempotencyKey: `reward_ready:${crossing.customerId}:${yesterday}`,
              payload: {
                rewardName: reward.name,
                pointsRequired: reward.pointsRequired,
                balance: crossing.balance,
              },
              at: now,
            })
          )
            counts.rewardReady += 1;
        }
      }
    }
    return counts;
  }

  async function runDailyCauses(
    options: { force?: boolean; merchantIds?: number[] } = {},
  ): Promise<DailyCausesResult> {
    const now = ctx.now();
    const today = riyadhToday(now).date;
    const result: DailyCausesResult = {
      ran: false,
      day: today,
      digests: 0,
      expiring: 0,
      rewardReady: 0,
    };
    const claimed =
      options.force ||
      (await claimJobRun(db, 'notify-daily', today, {
        at: now,
        staleAfterMs: NOTIFY_RUN_STALE_MS,
      }));
    if (!claimed) return result;
    result.ran = true;
    const stores = options.merchantIds ?? (await findActiveStoreIds(db));
    for (const merchantId of stores) {
      try {
        const counts = await runStore(merchantId, today, now);
        result.digests += counts.digests;
        result.expiring += counts.expiring;
        result.rewardReady += counts.rewardReady;
      } catch (error) {
        // One store's trouble must not stop the others; a forced re-run picks it up (keys dedupe).
        log.error({ err: error, merchantId, job: 'notify-daily' }, 'notification causes failed');
      }
      if (!options.force) await touchJobRun(db, 'notify-daily', today, ctx.now());
    }
    const { ran: _ran, ...summary } = result;
    if (!options.force) await finishJobRun(db, 'notify-daily', today, summary);
    log.info({ job: 'notify-daily', ...summary }, 'notification causes done');
    return result;
  }

  return { runDailyCauses };
}
