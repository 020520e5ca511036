import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  apiKeys,
  merchants,
  redemptions,
  rewards,
  tierSettings,
  tiers,
} from '../../db/schema/index.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function insertApiKey(db: Executor, row: typeof apiKeys.$inferInsert) {
  const [saved] = await db.insert(apiKeys).values(row).returning();
  return saved!;
}

export async function listApiKeys(db: Executor, merchantId: number): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.merchantId, merchantId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export async function countLiveApiKeys(db: Executor, merchantId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(and(eq(apiKeys.merchantId, merchantId), isNull(apiKeys.revokedAt)));
  return row?.n ?? 0;
}

/** Revokes the store's key; null when the store has no such key. */
export async function revokeApiKey(db: Executor, merchantId: number, id: string, at: Date) {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(apiKeys.merchantId, merchantId), eq(apiKeys.id, id)))
    .returning();
  return row ?? null;
}

/** The key with this hash and its store's plan (the one lookup not scoped by store: the key names it). */
export async function findApiKeyByHash(db: Executor, keyHash: string) {
  const [row] = await db
    .select({ key: apiKeys, plan: merchants.plan, installStatus: merchants.installStatus })
    .from(apiKeys)
    .innerJoin(merchants, eq(merchants.id, apiKeys.merchantId))
    .where(eq(apiKeys.keyHash, keyHash))
    .limit(1);
  return row ?? null;
}

/** At most one write a minute per key: the column says "to the minute". */
export async function touchApiKey(db: Executor, merchantId: number, id: string, at: Date) {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: at })
    .where(
      and(
        eq(apiKeys.merchantId, merchantId),
        eq(apiKeys.id, id),
        sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < ${at.toISOString()}::timestamptz - interval '1 minute')`,
      ),
    );
}

// ---- Reads of the public API that no back-office screen makes in this shape ------------------

export async function findRedemptionsPage(
  db: Executor,
  merchantId: number,
  filter: { customerId?: number; status?: string },
  after: { at: string; id: string } | undefined,
  limit: number,
) {
  return db
    .select({
      id: redemptions.id,
      customerId: redemptions.customerId,
      rewardId: redemptions.rewardId,
      points: redemptions.points,
      status: redemptions.status,
      couponCode: redemptions.couponCode,
      couponExpiresAt: redemptions.couponExpiresAt,
      usedAt: redemptions.usedAt,
      createdAt: redemptions.createdAt,
      atKey: sql<string>`to_char(${redemptions.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(redemptions)
    .where(
      and(
        eq(redemptions.merchantId, merchantId),
        filter.customerId !== undefined ? eq(redemptions.customerId, filter.customerId) : undefined,
        filter.status !== undefined ? eq(redemptions.status, filter.status as 'issued') : undefined,
        after
          ? sql`(${redemptions.createdAt}, ${redemptions.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(redemptions.createdAt), desc(redemptions.id))
    .limit(limit);
}

export async function findLiveRewards(db: Executor, merchantId: number) {
  return db
    .select()
    .from(rewards)
    .where(and(eq(rewards.merchantId, merchantId), isNull(rewards.deletedAt)))
    .orderBy(asc(rewards.pointsRequired), asc(rewards.id));
}

export async function findTierProgramme(db: Executor, merchantId: number) {
  const [settings] = await db
    .select()
    .from(tierSettings)
    .where(eq(tierSettings.merchantId, merchantId))
    .limit(1);
  const rows = await db
    .select()
    .from(tiers)
    .where(eq(tiers.merchantId, merchantId))
    .orderBy(asc(tiers.position));
  return { settings: settings ?? null, tiers: rows };
}
