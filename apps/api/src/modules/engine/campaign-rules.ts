import { campaignMultiplied } from '@nuqat/contracts';

/**
 * Campaigns as the engine applies them (issue 29, docs/decisions/047): pure, so the fast path,
 * the general path and their tests share one rule.
 *
 * An order is in a campaign when Salla's placing time falls in its window (start included, end
 * excluded), its total reaches the campaign's minimum, the customer's tier is one the campaign
 * names (or it names none) and, for a first-order campaign, the customer has no earlier order
 * that got it. Of the multiplier campaigns an order is in, the highest multiplier wins (a tie:
 * the earliest start, then the id); the bonuses of every bonus campaign it is in add up.
 */

export interface CampaignRule {
  id: string;
  startsAt: Date;
  endsAt: Date;
  effect: 'multiplier' | 'bonus';
  multiplierPct: number;
  bonusPoints: number;
  minOrderTotalHalalas: number;
  tierIds: string[];
  firstOrderOnly: boolean;
}

export interface CampaignEffect {
  /** The winning multiplier (percent); 100 when none. */
  multiplierPct: number;
  bonusPoints: number;
  /** The campaigns that gave the order something: the winning multiplier and every bonus. */
  ids: string[];
}

export const NO_CAMPAIGN: CampaignEffect = { multiplierPct: 100, bonusPoints: 0, ids: [] };

/** The campaigns whose window holds `placedAt`. */
export function campaignsAt(campaigns: readonly CampaignRule[], placedAt: Date): CampaignRule[] {
  const t = placedAt.getTime();
  return campaigns.filter((c) => c.startsAt.getTime() <= t && t < c.endsAt.getTime());
}

/** Campaigns whose decision needs the customer (their tier, their earlier orders). */
export const needsCustomer = (c: CampaignRule) => c.tierIds.length > 0 || c.firstOrderOnly;

export function campaignEffect(
  campaigns: readonly CampaignRule[],
  order: {
    placedAt: Date;
    baseHalalas: number;
    tierId: string | null;
    /** First-order campaigns the customer already had an order in. */
    alreadyUsed?: ReadonlySet<string>;
  },
): CampaignEffect {
  const applies = campaignsAt(campaigns, order.placedAt).filter(
    (c) =>
      order.baseHalalas >= c.minOrderTotalHalalas &&
      (c.tierIds.length === 0 || (order.tierId !== null && c.tierIds.includes(order.tierId))) &&
      !(c.firstOrderOnly && order.alreadyUsed?.has(c.id)),
  );
  const multipliers = applies
    .filter((c) => c.effect === 'multiplier' && c.multiplierPct > 100)
    .sort(
      (a, b) =>
        b.multiplierPct - a.multiplierPct ||
        a.startsAt.getTime() - b.startsAt.getTime() ||
        a.id.localeCompare(b.id),
    );
  const bonuses = applies.filter((c) => c.effect === 'bonus' && c.bonusPoints > 0);
  const winner = multipliers[0];
  return {
    multiplierPct: winner?.multiplierPct ?? 100,
    bonusPoints: bonuses.reduce((sum, c) => sum + c.bonusPoints, 0),
    ids: [...(winner ? [winner.id] : []), ...bonuses.map((c) => c.id)],
  };
}

/** A rule's points under the tier's and the campaign's multipliers (rounded down once). */
export const withMultipliers = campaignMultiplied;
