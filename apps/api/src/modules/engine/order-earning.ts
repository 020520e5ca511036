import type { Executor } from '../../db/client.ts';
import {
  campaignEffect,
  campaignsAt,
  lineCampaigns,
  needsCustomer,
  withMultipliers,
} from './campaign-rules.ts';
import { campaignsUsedBy } from './campaigns.repository.ts';
import type { EngineConfig } from './points-rules.ts';
import { orderRulePoints } from './points-rules.ts';
import { earnMultiplier } from './tier-multipliers.ts';
import type { OrderLine } from './facts.ts';
import { applyProductRules } from './product-rules.ts';

/**
 * What a qualifying order earns, decided once and kept with it: the rules' points, the shopper's
 * tier multiplier, the campaigns running when Salla says it was placed (decision 047, products
 * campaigns 057) and the store's product rules over its lines (decision 048). The
 * general path and a held-out order paid back (decision 049) both decide it here.
 */
export async function orderEarning(
  tx: Executor,
  config: EngineConfig,
  order: {
    customerId: number;
    placedAt: Date | null;
    earnBaseHalalas: number;
    spendHalalas: number;
    /** Its lines as its events last said them (decision 048), null when none did. */
    lines: readonly OrderLine[] | null;
  },
  tierId: string | null,
  at: Date,
) {
  const pct = earnMultiplier(config.tiers, tierId);
  const placedAt = order.placedAt ?? at;
  const running = campaignsAt(config.campaigns, placedAt);
  const firstOnly = running.filter((c) => c.firstOrderOnly).map((c) => c.id);
  const campaign = campaignEffect(running, {
    placedAt,
    baseHalalas: order.earnBaseHalalas,
    tierId,
    alreadyUsed: running.some(needsCustomer)
      ? await campaignsUsedBy(tx, config.merchant.id, order.customerId, firstOnly)
      : new Set(),
  });
  // A products campaign multiplies its products' lines (decision 057): the campaign then rides in
  // the spend, line by line, and the per-order points keep the order-wide multiplier only.
  const byLine = lineCampaigns(campaign, order.lines);
  // Product rules share the spend among the order's lines (decision 048); no lines: the total.
  const products = applyProductRules(
    config.productRules,
    order.lines,
    order.spendHalalas,
    byLine,
    campaign.products.size > 0,
  );
  const points = orderRulePoints(config.rules, order.earnBaseHalalas, products.spendHalalas);
  if (products.allExcluded) points.earnPoints = 0;
  return {
    earnPoints: withMultipliers(points.earnPoints, pct, campaign.multiplierPct),
    amountPoints: withMultipliers(points.amountPoints, pct, byLine ? 100 : campaign.multiplierPct),
    tierMultiplierPct: pct,
    campaignMultiplierPct: campaign.multiplierPct,
    campaignBonusPoints: campaign.bonusPoints,
    campaignIds: byLine ? [...campaign.ids, ...byLine.ids] : campaign.ids,
    earningBasis: products.basis,
  };
}
