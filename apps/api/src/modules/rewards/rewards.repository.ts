import { and, count, desc, eq, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { REWARD_USAGE_STATUSES } from '@nuqat/contracts';
import type { Executor } from '../../db/client.ts';
import { redemptions, rewards, tiers } from '../../db/schema/index.ts';

export type RewardRow = typeof rewards.$inferSelect;
export type RewardValues = Pick<
  typeof rewards.$inferInsert,
  | 'name'
  | 'nameEn'
  | 'type'
  | 'pointsRequired'
  | 'value'
  | 'description'
  | 'descriptionEn'
  | 'isActive'
  | 'maxUsage'
  | 'minOrderAmount'
  | 'freeProducts'
  | 'couponValidDays'
  | 'minTierId'
>;
export type RewardWithUsage = RewardRow & { usageCount: number };

function usageCounts(db: Executor, merchantId: number) {
  return db
    .select({ rewardId: redemptions.rewardId, usageCount: count().as('usage_count') })
    .from(redemptions)
    .where(
      and(
        eq(redemptions.merchantId, merchantId),
        inArray(redemptions.status, [...REWARD_USAGE_STATUSES]),
      ),
    )
    .groupBy(redemptions.rewardId)
    .as('usage');
}

function selectRewardsWithUsage(db: Executor, merchantId: number, where: SQL | undefined) {
  const usage = usageCounts(db, merchantId);
  return db
    .select({
      ...getTableColumns(rewards),
      usageCount: sql<number>`coalesce(${usage.usageCount}, 0)`.mapWith(Number),
    })
    .from(rewards)
    .leftJoin(usage, eq(usage.rewardId, rewards.id))
    .where(and(eq(rewards.merchantId, merchantId), isNull(rewards.deletedAt), where));
}

/** The store's rewards, newest first; deleted ones are gone from the list. */
export async function findRewards(db: Executor, merchantId: number): Promise<RewardWithUsage[]> {
  return selectRewardsWithUsage(db, merchantId, undefined).orderBy(
    desc(rewards.createdAt),
    desc(rewards.id),
  );
}

/** The store's live rewards, newest first, without their usage (what a store configures). */
export async function findRewardRows(db: Executor, merchantId: number): Promise<RewardRow[]> {
  return db
    .select()
    .from(rewards)
    .where(and(eq(rewards.merchantId, merchantId), isNull(rewards.deletedAt)))
    .orderBy(desc(rewards.createdAt), desc(rewards.id));
}

/** How many times each of `rewardIds` was used (the statuses `findRewards` counts). */
export async function countRewardUsage(
  db: Executor,
  merchantId: number,
  rewardIds: string[],
): Promise<Map<string, number>> {
  if (rewardIds.length === 0) return new Map();
  const rows = await db
    .select({ rewardId: redemptions.rewardId, usageCount: count() })
    .from(redemptions)
    .where(
      and(
        eq(redemptions.merchantId, merchantId),
        inArray(redemptions.rewardId, rewardIds),
        inArray(redemptions.status, [...REWARD_USAGE_STATUSES]),
      ),
    )
    .groupBy(redemptions.rewardId);
  return new Map(rows.map((r) => [r.rewardId, r.usageCount]));
}

export async function findRewardById(
  db: Executor,
  merchantId: number,
  rewardId: string,
): Promise<RewardWithUsage | undefined> {
  const [row] = await selectRewardsWithUsage(db, merchantId, eq(rewards.id, rewardId)).limit(1);
  return row;
}

/**
 * Locks a live reward for the rest of the transaction. `update` (the default): an edit or a delete
 * that decides on its redemptions. `share`: a redemption spending on it — edits wait until it
 * commits, while other shoppers' redemptions of the same reward go on at once.
 */
export async function lockRewardById(
  db: Executor,
  merchantId: number,
  rewardId: string,
  strength: 'update' | 'share' = 'update',
): Promise<RewardRow | undefined> {
  const [row] = await db
    .select()
    .from(rewards)
    .where(
      and(eq(rewards.merchantId, merchantId), eq(rewards.id, rewardId), isNull(rewards.deletedAt)),
    )
    .for(strength);
  return row;
}

export async function insertReward(
  db: Executor,
  merchantId: number,
  values: RewardValues,
): Promise<RewardRow> {
  const [row] = await db
    .insert(rewards)
    .values({ merchantId, ...values })
    .returning();
  return row!;
}

export async function updateReward(
  db: Executor,
  merchantId: number,
  rewardId: string,
  values: Partial<RewardValues>,
): Promise<RewardRow | undefined> {
  const [row] = await db
    .update(rewards)
    .set({ ...values, updatedAt: sql`now()` })
    .where(
      and(eq(rewards.merchantId, merchantId), eq(rewards.id, rewardId), isNull(rewards.deletedAt)),
    )
    .returning();
  return row;
}

export async function countRedemptionsOfReward(
  db: Executor,
  merchantId: number,
  rewardId: string,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(redemptions)
    .where(and(eq(redemptions.merchantId, merchantId), eq(redemptions.rewardId, rewardId)));
  return row?.n ?? 0;
}

/** Kept for the history of its coupons: out of every list, but its redemptions still name it. */
export async function archiveReward(
  db: Executor,
  merchantId: number,
  rewardId: string,
  now: Date,
): Promise<void> {
  await db
    .update(rewards)
    .set({ deletedAt: now, isActive: false, updatedAt: sql`now()` })
    .where(and(eq(rewards.merchantId, merchantId), eq(rewards.id, rewardId)));
}

export async function deleteReward(
  db: Executor,
  merchantId: number,
  rewardId: string,
): Promise<void> {
  await db.delete(rewards).where(and(eq(rewards.merchantId, merchantId), eq(rewards.id, rewardId)));
}

export async function countRewards(
  db: Executor,
  merchantId: number,
): Promise<{ rewards: number; activeRewards: number }> {
  const [row] = await db
    .select({
      rewards: count(),
      activeRewards: sql<number>`count(*) filter (where ${rewards.isActive})`.mapWith(Number),
    })
    .from(rewards)
    .where(and(eq(rewards.merchantId, merchantId), isNull(rewards.deletedAt)));
  return row ?? { rewards: 0, activeRewards: 0 };
}

/** Whether the store has this VIP tier (a reward may be reserved for it). */
export async function tierExists(
  db: Executor,
  merchantId: number,
  tierId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: tiers.id })
    .from(tiers)
    .where(and(eq(tiers.merchantId, merchantId), eq(tiers.id, tierId)));
  return row !== undefined;
}
