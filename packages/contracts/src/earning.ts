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
