import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  REDEEMED_STATUSES,
  REWARD_USAGE_STATUSES,
  type RedemptionStatus,
  type RewardType,
} from '@nuqat/contracts';
import type { Executor } from '../../db/client.ts';
import { customers, redemptions, rewards, tiers } from '../../db/schema/index.ts';

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

const statusList = (statuses: readonly string[]) =>
  sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  );

/** Issued coupons past their expiry are expired, whatever the stored status still says. */
const notExpired = (now: Date) =>
  sql`(${redemptions.couponExpiresAt} is null or ${redemptions.couponExpiresAt} > ${now.toISOString()}::timestamptz)`;

/** LIKE wildcards in what the merchant typed are matched literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

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

export async function findRewardById(
  db: Executor,
  merchantId: number,
  rewardId: string,
): Promise<RewardWithUsage | undefined> {
  const [row] = await selectRewardsWithUsage(db, merchantId, eq(rewards.id, rewardId)).limit(1);
  return row;
}

/** Locks a live reward for the rest of the transaction (delete decides on its redemptions). */
export async function lockRewardById(
  db: Executor,
  merchantId: number,
  rewardId: string,
): Promise<RewardRow | undefined> {
  const [row] = await db
    .select()
    .from(rewards)
    .where(
      and(eq(rewards.merchantId, merchantId), eq(rewards.id, rewardId), isNull(rewards.deletedAt)),
    )
    .for('update');
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

export interface RewardStatsRow {
  id: string;
  name: string;
  type: RewardType;
  pointsRequired: number;
  value: number;
  isActive: boolean;
  maxUsage: number | null;
  redeemedCount: number;
  pointsSpent: number;
  unusedCoupons: number;
  lastRedeemedAt: Date | null;
}

export interface RewardStatsFilter {
  search?: string | undefined;
  isActive?: boolean | undefined;
  type?: RewardType | undefined;
}

/** What each live reward did: coupons issued, points spent on them, coupons still open. */
export async function findRewardStats(
  db: Executor,
  merchantId: number,
  filter: RewardStatsFilter,
  now: Date,
): Promise<RewardStatsRow[]> {
  const redeemed = sql`${redemptions.status} in (${statusList(REDEEMED_STATUSES)})`;
  const unused = sql`${redemptions.status} = 'issued' and ${notExpired(now)}`;
  const rows = await db
    .select({
      id: rewards.id,
      name: rewards.name,
      type: rewards.type,
      pointsRequired: rewards.pointsRequired,
      value: rewards.value,
      isActive: rewards.isActive,
      maxUsage: rewards.maxUsage,
      redeemedCount: sql<number>`count(${redemptions.id}) filter (where ${redeemed})`.mapWith(
        Number,
      ),
      pointsSpent:
        sql<number>`coalesce(sum(${redemptions.points}) filter (where ${redeemed}), 0)`.mapWith(
          Number,
        ),
      unusedCoupons: sql<number>`count(${redemptions.id}) filter (where ${unused})`.mapWith(Number),
      lastRedeemedAt:
        sql<Date | null>`max(${redemptions.createdAt}) filter (where ${redeemed})`.mapWith(
          (value: unknown) => (value === null ? null : new Date(value as string | Date)),
        ),
    })
    .from(rewards)
    .leftJoin(
      redemptions,
      and(eq(redemptions.merchantId, rewards.merchantId), eq(redemptions.rewardId, rewards.id)),
    )
    .where(
      and(
        eq(rewards.merchantId, merchantId),
        isNull(rewards.deletedAt),
        filter.search ? ilike(rewards.name, containsPattern(filter.search)) : undefined,
        filter.isActive === undefined ? undefined : eq(rewards.isActive, filter.isActive),
        filter.type ? eq(rewards.type, filter.type) : undefined,
      ),
    )
    .groupBy(rewards.merchantId, rewards.id)
    .orderBy(desc(rewards.createdAt), desc(rewards.id));
  return rows;
}

export interface RedemptionTotals {
  redeemedCount: number;
  pointsSpent: number;
  unusedCoupons: number;
}

/** Over every redemption of the store, deleted rewards included. */
export async function findRedemptionTotals(
  db: Executor,
  merchantId: number,
  now: Date,
): Promise<RedemptionTotals> {
  const redeemed = sql`${redemptions.status} in (${statusList(REDEEMED_STATUSES)})`;
  const [row] = await db
    .select({
      redeemedCount: sql<number>`count(*) filter (where ${redeemed})`.mapWith(Number),
      pointsSpent:
        sql<number>`coalesce(sum(${redemptions.points}) filter (where ${redeemed}), 0)`.mapWith(
          Number,
        ),
      unusedCoupons:
        sql<number>`count(*) filter (where ${redemptions.status} = 'issued' and ${notExpired(now)})`.mapWith(
          Number,
        ),
    })
    .from(redemptions)
    .where(eq(redemptions.merchantId, merchantId));
  return row ?? { redeemedCount: 0, pointsSpent: 0, unusedCoupons: 0 };
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

export interface RedemptionFilter {
  search?: string | undefined;
  status?: RedemptionStatus | undefined;
  rewardId?: string | undefined;
  limit: number;
  offset: number;
}

export interface RedemptionListRow {
  id: string;
  rewardId: string;
  rewardName: string;
  rewardType: RewardType;
  rewardDeletedAt: Date | null;
  customerId: number;
  firstName: string | null;
  lastName: string | null;
  points: number;
  status: RedemptionStatus;
  couponCode: string | null;
  couponExpiresAt: Date | null;
  createdAt: Date;
}

/** An issued coupon past its expiry counts as expired, not issued, when filtering too. */
function statusCondition(status: RedemptionStatus, now: Date): SQL {
  if (status === 'issued') return and(eq(redemptions.status, 'issued'), notExpired(now))!;
  if (status === 'expired') {
    return or(
      eq(redemptions.status, 'expired'),
      and(eq(redemptions.status, 'issued'), sql`not ${notExpired(now)}`),
    )!;
  }
  return eq(redemptions.status, status);
}

/** The latest redemptions first, with the shopper's name and the reward's (deleted or not). */
export async function findRedemptions(
  db: Executor,
  merchantId: number,
  filter: RedemptionFilter,
  now: Date,
): Promise<{ rows: RedemptionListRow[]; total: number }> {
  const shopperName = sql`trim(coalesce(${customers.firstName}, '') || ' ' || coalesce(${customers.lastName}, ''))`;
  const pattern = filter.search ? containsPattern(filter.search) : null;
  const where = and(
    eq(redemptions.merchantId, merchantId),
    filter.status ? statusCondition(filter.status, now) : undefined,
    filter.rewardId ? eq(redemptions.rewardId, filter.rewardId) : undefined,
    pattern
      ? or(
          ilike(rewards.name, pattern),
          ilike(redemptions.couponCode, pattern),
          ilike(customers.email, pattern),
          sql`${shopperName} ilike ${pattern}`,
        )
      : undefined,
  );
  const joinReward = and(
    eq(rewards.merchantId, redemptions.merchantId),
    eq(rewards.id, redemptions.rewardId),
  );
  const joinCustomer = and(
    eq(customers.merchantId, redemptions.merchantId),
    eq(customers.id, redemptions.customerId),
  );

  const rows = await db
    .select({
      id: redemptions.id,
      rewardId: redemptions.rewardId,
      rewardName: rewards.name,
      rewardType: rewards.type,
      rewardDeletedAt: rewards.deletedAt,
      customerId: redemptions.customerId,
      firstName: customers.firstName,
      lastName: customers.lastName,
      points: redemptions.points,
      status: redemptions.status,
      couponCode: redemptions.couponCode,
      couponExpiresAt: redemptions.couponExpiresAt,
      createdAt: redemptions.createdAt,
    })
    .from(redemptions)
    .innerJoin(rewards, joinReward)
    .leftJoin(customers, joinCustomer)
    .where(where)
    .orderBy(desc(redemptions.createdAt), desc(redemptions.id))
    .limit(filter.limit)
    .offset(filter.offset);

  const [totals] = await db
    .select({ total: count() })
    .from(redemptions)
    .innerJoin(rewards, joinReward)
    .leftJoin(customers, joinCustomer)
    .where(where);

  return { rows, total: totals?.total ?? 0 };
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
