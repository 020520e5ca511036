import {
  REWARD_TYPE_FEATURE,
  planHasFeature,
  rewardHasValue,
  type DeletedReward,
  type PlanId,
  type Redemption,
  type RedemptionsPage,
  type RedemptionsQuery,
  type Reward,
  type RewardRequest,
  type RewardType,
  type RewardsReport,
  type RewardsReportQuery,
} from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { findMerchantById } from '../merchants/index.ts';
import { redemptionStatusAt } from './redemption.service.ts';
import {
  findRedemptionTotals,
  findRedemptions as selectRedemptions,
  findRewardStats,
  type RedemptionListRow,
} from './rewards-report.repository.ts';
import {
  archiveReward,
  countRedemptionsOfReward,
  countRewards,
  deleteReward as removeReward,
  findRewardById,
  findRewards as selectRewards,
  insertReward,
  lockRewardById,
  tierExists,
  updateReward as saveReward,
  type RewardRow,
  type RewardValues,
} from './rewards.repository.ts';

function toReward(row: RewardRow, usageCount: number): Reward {
  return {
    id: row.id,
    // Spec §3 names a reward's id `_id`; both are sent (docs/decisions/040).
    _id: row.id,
    name: row.name,
    nameEn: row.nameEn,
    type: row.type,
    pointsRequired: row.pointsRequired,
    value: row.value,
    description: row.description,
    descriptionEn: row.descriptionEn,
    isActive: row.isActive,
    maxUsage: row.maxUsage,
    minOrderAmount: row.minOrderAmount,
    freeProducts: row.freeProducts,
    couponValidDays: row.couponValidDays,
    minTierId: row.minTierId,
    usageCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A value only for the types that have one; products only for free_product (spec §5). */
function toRewardValues(input: RewardRequest): RewardValues {
  return {
    name: input.name,
    nameEn: input.nameEn,
    type: input.type,
    pointsRequired: input.pointsRequired,
    value: rewardHasValue(input.type) ? input.value : 0,
    description: input.description,
    descriptionEn: input.descriptionEn,
    isActive: input.isActive,
    maxUsage: input.maxUsage,
    minOrderAmount: input.minOrderAmount,
    freeProducts: input.type === 'free_product' ? input.freeProducts : [],
    couponValidDays: input.couponValidDays,
    minTierId: input.minTierId,
  };
}

function toRedemption(row: RedemptionListRow, now: Date): Redemption {
  const customerName = `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim();
  return {
    id: row.id,
    rewardId: row.rewardId,
    rewardName: row.rewardName,
    rewardType: row.rewardType,
    rewardDeleted: row.rewardDeletedAt !== null,
    customerId: String(row.customerId),
    customerName: customerName || null,
    points: row.points,
    status: redemptionStatusAt(row, now),
    couponCode: row.couponCode,
    couponExpiresAt: row.couponExpiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createRewardsService({ db, now }: Pick<AppContext, 'db' | 'now'>) {
  /** A store without a plan yet gets the starter gates. */
  async function planOf(merchantId: number): Promise<PlanId> {
    const merchant = await findMerchantById(db, merchantId);
    if (!merchant) throw new AppError('NOT_FOUND');
    return merchant.plan ?? 'starter';
  }

  /** Decision 003: cashback and free-product rewards are the growth plan's full customisation. */
  async function assertTypeAllowed(merchantId: number, type: RewardType): Promise<void> {
    const feature = REWARD_TYPE_FEATURE[type];
    if (!feature) return;
    if (planHasFeature(await planOf(merchantId), feature)) return;
    throw new AppError('PLAN_FEATURE_REQUIRED', {
      issues: [{ path: 'body.type', code: 'plan_feature_required', message: feature }],
    });
  }

  /** A reward reserved for a VIP tier needs the tiers feature and one of the store's tiers. */
  async function assertTierAllowed(merchantId: number, minTierId: string | null): Promise<void> {
    if (minTierId === null) return;
    if (!planHasFeature(await planOf(merchantId), 'vipTiers'))
      throw new AppError('PLAN_FEATURE_REQUIRED', {
        issues: [{ path: 'body.minTierId', code: 'plan_feature_required', message: 'vipTiers' }],
      });
    if (!(await tierExists(db, merchantId, minTierId)))
      throw new AppError('TIER_NOT_FOUND', {
        issues: [{ path: 'body.minTierId', code: 'not_found', message: 'Unknown tier' }],
      });
  }

  async function findRewards({ merchantId }: { merchantId: number }): Promise<Reward[]> {
    const rows = await selectRewards(db, merchantId);
    return rows.map((row) => toReward(row, row.usageCount));
  }

  async function createReward({
    merchantId,
    reward,
  }: {
    merchantId: number;
    reward: RewardRequest;
  }): Promise<Reward> {
    await assertTypeAllowed(merchantId, reward.type);
    await assertTierAllowed(merchantId, reward.minTierId);
    const row = await insertReward(db, merchantId, toRewardValues(reward));
    return toReward(row, 0);
  }

  /** Replaces every field (spec §7: PUT takes the same body as POST). */
  async function updateReward({
    merchantId,
    rewardId,
    reward,
  }: {
    merchantId: number;
    rewardId: string;
    reward: RewardRequest;
  }): Promise<Reward> {
    const current = await findRewardById(db, merchantId, rewardId);
    if (!current) throw new AppError('NOT_FOUND');
    await assertTypeAllowed(merchantId, reward.type);
    await assertTierAllowed(merchantId, reward.minTierId);
    const row = await saveReward(db, merchantId, rewardId, toRewardValues(reward));
    if (!row) throw new AppError('NOT_FOUND');
    return toReward(row, current.usageCount);
  }

  /** Flips active/inactive. Switching a growth-only reward on needs the growth plan. */
  async function updateRewardStatus({
    merchantId,
    rewardId,
  }: {
    merchantId: number;
    rewardId: string;
  }): Promise<Reward> {
    const current = await findRewardById(db, merchantId, rewardId);
    if (!current) throw new AppError('NOT_FOUND');
    const isActive = !current.isActive;
    if (isActive) await assertTypeAllowed(merchantId, current.type);
    const row = await saveReward(db, merchantId, rewardId, { isActive });
    if (!row) throw new AppError('NOT_FOUND');
    return toReward(row, current.usageCount);
  }

  /**
   * A reward that has redemptions is archived (soft-deleted) so its coupons keep their history;
   * one that never had any is removed. The row lock keeps a redemption from slipping in between.
   */
  async function deleteReward({
    merchantId,
    rewardId,
  }: {
    merchantId: number;
    rewardId: string;
  }): Promise<DeletedReward> {
    return db.transaction(async (tx) => {
      const reward = await lockRewardById(tx, merchantId, rewardId);
      if (!reward) throw new AppError('NOT_FOUND');
      const used = await countRedemptionsOfReward(tx, merchantId, rewardId);
      if (used > 0) {
        await archiveReward(tx, merchantId, rewardId, now());
        return { id: rewardId, archived: true };
      }
      await removeReward(tx, merchantId, rewardId);
      return { id: rewardId, archived: false };
    });
  }

  async function getRewardsReport({
    merchantId,
    query,
  }: {
    merchantId: number;
    query: RewardsReportQuery;
  }): Promise<RewardsReport> {
    const at = now();
    const [stats, totals, counts] = await Promise.all([
      findRewardStats(
        db,
        merchantId,
        {
          search: query.search || undefined,
          isActive: query.status === 'all' ? undefined : query.status === 'active',
          type: query.type,
        },
        at,
      ),
      findRedemptionTotals(db, merchantId, at),
      countRewards(db, merchantId),
    ]);
    return {
      summary: { ...counts, ...totals },
      rewards: stats.map((row) => ({
        ...row,
        lastRedeemedAt: row.lastRedeemedAt?.toISOString() ?? null,
      })),
    };
  }

  async function findRedemptions({
    merchantId,
    query,
  }: {
    merchantId: number;
    query: RedemptionsQuery;
  }): Promise<RedemptionsPage> {
    const at = now();
    const { rows, total } = await selectRedemptions(
      db,
      merchantId,
      {
        search: query.search || undefined,
        status: query.status,
        rewardId: query.rewardId,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      },
      at,
    );
    return {
      items: rows.map((row) => toRedemption(row, at)),
      page: query.page,
      pageSize: query.pageSize,
      total,
    };
  }

  return {
    findRewards,
    createReward,
    updateReward,
    updateRewardStatus,
    deleteReward,
    getRewardsReport,
    findRedemptions,
  };
}

export type RewardsService = ReturnType<typeof createRewardsService>;
