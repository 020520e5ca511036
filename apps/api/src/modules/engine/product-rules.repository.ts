import { eq } from 'drizzle-orm';
import { planHasFeature } from '@nuqat/contracts';
import type { Executor } from '../../db/client.ts';
import { productRules } from '../../db/schema/index.ts';
import type { MerchantRow } from './engine.repository.ts';

/** The store's product rules as the engine reads them (Growth plan, like campaigns). */
export async function findProductRuleMap(
  db: Executor,
  merchant: Pick<MerchantRow, 'id' | 'plan'>,
): Promise<Map<number, number>> {
  if (!merchant.plan || !planHasFeature(merchant.plan, 'campaigns')) return new Map();
  const rows = await db
    .select({ productId: productRules.productId, pct: productRules.multiplierPct })
    .from(productRules)
    .where(eq(productRules.merchantId, merchant.id));
  return new Map(rows.map((r) => [r.productId, r.pct]));
}
