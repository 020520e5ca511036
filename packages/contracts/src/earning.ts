/**
 * How an order's points are counted (docs/decisions/010), in one place for the engine, the
 * back-office's preview and the shopper's estimate. Plain functions, no Zod.
 */

export const HALALAS_PER_RIYAL = 100;

/** The points-per-riyal rule: `points` for every `spendUnitHalalas` spent. */
export interface AmountRate {
  points: number;
  spendUnitHalalas: number;
  /** Orders whose total is below this earn nothing from the rule (as on `order.created`). */
  minOrderTotalHalalas: number;
}

/** The fixed points per order (`order.created`). */
export interface OrderRate {
  points: number;
  minOrderTotalHalalas: number;
}

/**
 * Points per riyal for one order: every whole unit of the spend (sub-total less discounts,
 * without shipping and tax) gives `points`; what is left of a unit gives nothing (rounded down).
 */
export function amountPoints(
  spendHalalas: number,
  rate: Pick<AmountRate, 'points' | 'spendUnitHalalas'>,
): number {
  if (!(spendHalalas > 0) || !(rate.points > 0) || !(rate.spendUnitHalalas >= 1)) return 0;
  return Math.floor(Math.floor(spendHalalas) / Math.floor(rate.spendUnitHalalas)) * rate.points;
}

/**
 * What an order earns when it qualifies: points per riyal plus the fixed order points, each when
 * its rule is on and the order total reaches its minimum. Caps per shopper are not applied here.
 * The shopper's estimate passes one amount as both spend and total.
 */
export function orderPoints(input: {
  spendHalalas: number;
  totalHalalas: number;
  perAmount: AmountRate | null;
  perOrder: OrderRate | null;
}): number {
  const { spendHalalas, totalHalalas, perAmount, perOrder } = input;
  let points = 0;
  if (perAmount && perAmount.points > 0 && totalHalalas >= perAmount.minOrderTotalHalalas)
    points += amountPoints(spendHalalas, perAmount);
  if (perOrder && perOrder.points > 0 && totalHalalas >= perOrder.minOrderTotalHalalas)
    points += perOrder.points;
  return points;
}

/**
 * Points times a VIP tier's multiplier in percent, rounded down: the engine applies it to the
 * order rule's points and to the points-per-riyal points separately (the fast path's SQL does
 * the same), and so does the estimate below.
 */
export function tierMultiplied(points: number, pct: number): number {
  return Math.floor((points * pct) / 100);
}

/**
 * Points times a VIP tier's multiplier and a campaign's (both in percent), rounded down once
 * (docs/decisions/047): the engine, the fast path's SQL and the estimate below agree.
 */
export function campaignMultiplied(points: number, tierPct: number, campaignPct: number): number {
  return Math.floor((points * tierPct * campaignPct) / 10_000);
}

/** A running campaign as the estimate applies it: its multiplier, or its bonus above a minimum. */
export interface CampaignRate {
  multiplierPct: number;
  bonusPoints: number;
  minOrderTotalHalalas: number;
}

/**
 * The store page's badge (docs/decisions/035): what an order of this spend and total earns under
 * the store's order rules, times the signed-in shopper's tier multiplier (100 when unknown). The
 * same sums and the same rounding as the engine (engine.service `orderRulePoints` and the tier
 * step), so the badge never promises more than the engine credits. Caps per shopper, the
 * monthly plan limit and a paused programme can only make the engine give less.
 */
export function earnEstimate(input: {
  spendHalalas: number;
  totalHalalas: number;
  perAmount: AmountRate | null;
  perOrder: OrderRate | null;
  multiplierPct?: number;
  /** Campaigns the order would be in (decision 047): the highest multiplier wins, bonuses add. */
  campaigns?: readonly CampaignRate[];
}): number {
  const { spendHalalas, totalHalalas, perAmount, perOrder } = input;
  const pct = input.multiplierPct && input.multiplierPct > 0 ? input.multiplierPct : 100;
  const inCampaign = (input.campaigns ?? []).filter((c) => totalHalalas >= c.minOrderTotalHalalas);
  const campaignPct = Math.max(100, ...inCampaign.map((c) => c.multiplierPct));
  const bonus = inCampaign.reduce((sum, c) => sum + Math.max(0, c.bonusPoints), 0);
  const order =
    perOrder && perOrder.points > 0 && totalHalalas >= perOrder.minOrderTotalHalalas
      ? perOrder.points
      : 0;
  const amount =
    perAmount && perAmount.points > 0 && totalHalalas >= perAmount.minOrderTotalHalalas
      ? amountPoints(spendHalalas, perAmount)
      : 0;
  return (
    campaignMultiplied(order, pct, campaignPct) +
    campaignMultiplied(amount, pct, campaignPct) +
    bonus
  );
}
