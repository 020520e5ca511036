import type { Executor } from '../../db/client.ts';
import { campaignEffect, campaignsAt, needsCustomer, withMultipliers } from './campaign-rules.ts';
import { campaignsUsedBy } from './campaigns.repository.ts';
import type { EngineConfig } from './points-rules.ts';
import { orderRulePoints } from './points-rules.ts';
import { earnMultiplier } from './tier-multipliers.ts';

/**
 * What a qualifying order earns, decided once and kept with it: the rules' points, the shopper's
 * tier multiplier and the campaigns running when Salla says it was placed (decision 047). The
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
  },
  tierId: string | null,
  at: Date,
) {
  const points = orderRulePoints(config.rules, order.earnBaseHalalas, order.spendHalalas);
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
  return {
    earnPoints: withMultipliers(points.earnPoints, pct, campaign.multiplierPct),
    amountPoints: withMultipliers(points.amountPoints, pct, campaign.multiplierPct),
    tierMultiplierPct: pct,
    campaignMultiplierPct: campaign.multiplierPct,
    campaignBonusPoints: campaign.bonusPoints,
    campaignIds: campaign.ids,
  };
}
