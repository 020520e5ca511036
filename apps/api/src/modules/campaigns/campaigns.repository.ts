import { and, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { campaigns, orders, tiers } from '../../db/schema/index.ts';

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignValues = Omit<
  typeof campaigns.$inferInsert,
  'merchantId' | 'id' | 'createdAt' | 'updatedAt' | 'endedEarlyAt'
>;

export async function listCampaigns(db: Executor, merchantId: number): Promise<CampaignRow[]> {
  return db
    .select()
    .from(campaigns)
    .where(eq(campaigns.merchantId, merchantId))
    .orderBy(desc(campaigns.startsAt), desc(campaigns.createdAt));
}

/**
 * The store's campaigns, soonest end first, for what is running now on the shopper's loyalty
 * page and the store-page badges (kept per configuration version: campaigns bump it).
 */
export async function findStoreCampaigns(db: Executor, merchantId: number): Promise<CampaignRow[]> {
  return db
    .select()
    .from(campaigns)
    .where(eq(campaigns.merchantId, merchantId))
    .orderBy(campaigns.endsAt);
}

export async function lockCampaign(
  tx: Executor,
  merchantId: number,
  id: string,
): Promise<CampaignRow | undefined> {
  const [row] = await tx
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.merchantId, merchantId), eq(campaigns.id, id)))
    .for('update');
  return row;
}

export async function findCampaign(
  db: Executor,
  merchantId: number,
  id: string,
): Promise<CampaignRow | undefined> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.merchantId, merchantId), eq(campaigns.id, id)));
  return row;
}

export async function insertCampaign(
  tx: Executor,
  merchantId: number,
  values: CampaignValues,
): Promise<CampaignRow> {
  const [row] = await tx
    .insert(campaigns)
    .values({ ...values, merchantId })
    .returning();
  return row!;
}

export async function updateCampaign(
  tx: Executor,
  merchantId: number,
  id: string,
  values: Partial<CampaignValues> & { endedEarlyAt?: Date },
): Promise<CampaignRow> {
  const [row] = await tx
    .update(campaigns)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        eq(campaigns.merchantId, merchantId),
        eq(campaigns.id, id),
        isNull(campaigns.endedEarlyAt),
      ),
    )
    .returning();
  return row!;
}

/** Which of these ids are the store's tiers. */
export async function existingTierIds(
  db: Executor,
  merchantId: number,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: tiers.id })
    .from(tiers)
    .where(and(eq(tiers.merchantId, merchantId), inArray(tiers.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Orders placed in [from, to) that earned: how many, their points and their sales (halalas). */
export async function orderFigures(
  db: Executor,
  merchantId: number,
  from: Date,
  to: Date,
): Promise<{ orders: number; points: number; salesHalalas: number }> {
  const [row] = await db
    .select({
      orders: sql<number>`count(*)::int`,
      points: sql<number>`coalesce(sum(${orders.earnPoints} + ${orders.amountPoints} + ${orders.campaignBonusPoints}), 0)::bigint`,
      sales: sql<number>`coalesce(sum(${orders.totalHalalas}), 0)::bigint`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.merchantId, merchantId),
        eq(orders.earnStatus, 'earned'),
        eq(orders.cancelled, false),
        eq(orders.deleted, false),
        eq(orders.fullyRefunded, false),
        gte(orders.placedAt, from),
        lt(orders.placedAt, to),
      ),
    );
  return {
    orders: Number(row?.orders ?? 0),
    points: Number(row?.points ?? 0),
    salesHalalas: Number(row?.sales ?? 0),
  };
}

/** Orders the campaign itself gave something to. */
export async function countCampaignOrders(
  db: Executor,
  merchantId: number,
  id: string,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(eq(orders.merchantId, merchantId), sql`${orders.campaignIds} @> array[${id}]::uuid[]`),
    );
  return Number(row?.n ?? 0);
}

/** A campaign that never started: nothing counted in it. */
export async function deleteScheduledCampaign(
  tx: Executor,
  merchantId: number,
  id: string,
): Promise<void> {
  await tx.delete(campaigns).where(and(eq(campaigns.merchantId, merchantId), eq(campaigns.id, id)));
}
