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
  effect: 'multiplier' | 'bonus' | 'products';
  multiplierPct: number;
  bonusPoints: number;
  minOrderTotalHalalas: number;
  tierIds: string[];
  firstOrderOnly: boolean;
  /** `products` (decision 057): the products whose share of the spend it multiplies. */
  productIds: number[];
}

/** A products campaign's hold on one product: the highest multiplier naming it, and whose. */
export interface ProductCampaignPct {
  pct: number;
  id: string;
  startsAt: Date;
}

export interface CampaignEffect {
  /** The winning multiplier (percent); 100 when none. */
  multiplierPct: number;
  bonusPoints: number;
  /** The campaigns that gave the order something: the winning multiplier and every bonus. */
  ids: string[];
  /**
   * Products campaigns the order is in (decision 057): product id → the highest multiplier naming
   * it. Whether one gives the order anything depends on its lines (`lineCampaigns`).
   */
  products: ReadonlyMap<number, ProductCampaignPct>;
}

export const NO_CAMPAIGN: CampaignEffect = {
  multiplierPct: 100,
  bonusPoints: 0,
  ids: [],
  products: new Map(),
};

/** Highest first; a tie: the earliest start, then the id (decision 047). */
const byStrength = (
  a: { pct: number; startsAt: Date; id: string },
  b: { pct: number; startsAt: Date; id: string },
) => b.pct - a.pct || a.startsAt.getTime() - b.startsAt.getTime() || a.id.localeCompare(b.id);

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
    .sort((a, b) => byStrength({ ...a, pct: a.multiplierPct }, { ...b, pct: b.multiplierPct }));
  const bonuses = applies.filter((c) => c.effect === 'bonus' && c.bonusPoints > 0);
  const winner = multipliers[0];
  const products = new Map<number, ProductCampaignPct>();
  for (const c of applies)
    if (c.effect === 'products' && c.multiplierPct > 100)
      for (const productId of c.productIds) {
        const mine = { pct: c.multiplierPct, id: c.id, startsAt: c.startsAt };
        const held = products.get(productId);
        if (!held || byStrength(mine, held) < 0) products.set(productId, mine);
      }
  return {
    multiplierPct: winner?.multiplierPct ?? 100,
    bonusPoints: bonuses.reduce((sum, c) => sum + c.bonusPoints, 0),
    ids: [...(winner ? [winner.id] : []), ...bonuses.map((c) => c.id)],
    products,
  };
}

/**
 * The campaign percent of each of an order's lines when a products campaign gives one of them
 * more than the order-wide multiplier (decision 057): per line, the highest of the order-wide
 * winner and the products campaigns naming its product. Null when none does (no products
 * campaign, no lines, or none of their products bought above the order-wide multiplier): the
 * order then earns exactly as decision 047 says.
 */
export function lineCampaigns(
  effect: CampaignEffect,
  lines: readonly { productId: number }[] | null | undefined,
): { pcts: Map<number, number>; otherPct: number; ids: string[] } | null {
  if (effect.products.size === 0 || !lines || lines.length === 0) return null;
  const pcts = new Map<number, number>();
  const ids = new Set<string>();
  for (const line of lines) {
    const held = effect.products.get(line.productId);
    if (held && held.pct > effect.multiplierPct) {
      pcts.set(line.productId, held.pct);
      ids.add(held.id);
    }
  }
  if (ids.size === 0) return null;
  return { pcts, otherPct: effect.multiplierPct, ids: [...ids] };
}

/** A rule's points under the tier's and the campaign's multipliers (rounded down once). */
export const withMultipliers = campaignMultiplied;
