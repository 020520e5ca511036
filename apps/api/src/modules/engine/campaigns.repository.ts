import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { campaigns, orders } from '../../db/schema/index.ts';
import { planHasFeature } from '@nuqat/contracts';
import type { MerchantRow } from './engine.repository.ts';
import type { CampaignRule } from './campaign-rules.ts';

/**
 * The store's campaigns as the engine reads them (the campaigns module owns and writes the
 * table). All of them: an order placed in a window that has since closed still counts in it when
 * it qualifies later (paid after the end), and a store has a few dozen a year at most.
 */
export async function findCampaignRules(
  db: Executor,
  merchant: Pick<MerchantRow, 'id' | 'plan'>,
): Promise<CampaignRule[]> {
  if (!merchant.plan || !planHasFeature(merchant.plan, 'campaigns')) return [];
  const rows = await db.select().from(campaigns).where(eq(campaigns.merchantId, merchant.id));
  return rows.map((r) => ({
    id: r.id,
    startsAt: r.startsAt,
    endsAt: r.endsAt,
    effect: r.effect,
    multiplierPct: r.multiplierPct,
    bonusPoints: r.bonusPoints,
    minOrderTotalHalalas: r.minOrderTotalHalalas,
    tierIds: r.tierIds,
    firstOrderOnly: r.firstOrderOnly,
    productIds: r.products.map((p) => p.id),
  }));
}

/** Which of these campaigns an earlier order of the customer already got (under their lock). */
export async function campaignsUsedBy(
  tx: Executor,
  merchantId: number,
  customerId: number,
  campaignIds: string[],
): Promise<Set<string>> {
  if (campaignIds.length === 0) return new Set();
  const list = sql.join(
    campaignIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await tx
    .select({ ids: orders.campaignIds })
    .from(orders)
    .where(
      and(
        eq(orders.merchantId, merchantId),
        eq(orders.customerId, customerId),
        sql`${orders.campaignIds} && array[${list}]::uuid[]`,
      ),
    );
  const wanted = new Set(campaignIds);
  return new Set(rows.flatMap((r) => r.ids).filter((id) => wanted.has(id)));
}
