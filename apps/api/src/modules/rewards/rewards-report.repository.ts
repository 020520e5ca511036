import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { REDEEMED_STATUSES, type RedemptionStatus, type RewardType } from '@nuqat/contracts';
import type { Executor } from '../../db/client.ts';
import { customers, redemptions, rewards } from '../../db/schema/index.ts';

/** The merchant's reports on rewards and redemptions (read only). */

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
