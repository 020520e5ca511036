import type { OrderLine } from './facts.ts';

/**
 * Product rules as the engine applies them (issue 29, docs/decisions/048): pure, so the general
 * path, a held-out order paid back and their tests share one rule.
 *
 * The order's spend for points per riyal is shared among its lines by their totals; each line's
 * share counts at its product's percent (0 excluded, 110–1000 multiplied, 100 without a rule),
 * rounded down once. An order whose every line is excluded earns no per-order points either.
 * Without lines (or with lines that add up to nothing) the order earns on its total, and the
 * basis `total` says so on the order.
 */

/** Product id → percent (0 excluded, 110–1000 multiplied). */
export type ProductRuleMap = ReadonlyMap<number, number>;

export interface ProductRuleOutcome {
  /** Null: the store has no product rules (nothing to say on the order). */
  basis: 'lines' | 'total' | null;
  spendHalalas: number;
  /** Every line excluded: the order's per-order points are not given either. */
  allExcluded: boolean;
}

/**
 * `campaign` (decision 057): the products campaigns' percent per product, and the order-wide
 * campaign percent for the other lines; given, the spend comes back with the campaign in it.
 * `inCampaign`: a products campaign holds the order, so its basis is said even without rules.
 */
export function applyProductRules(
  rules: ProductRuleMap,
  lines: readonly OrderLine[] | null | undefined,
  spendHalalas: number,
  campaign: { pcts: ReadonlyMap<number, number>; otherPct: number } | null = null,
  inCampaign = false,
): ProductRuleOutcome {
  if (rules.size === 0 && !campaign && !inCampaign)
    return { basis: null, spendHalalas, allExcluded: false };
  const lineTotal = (lines ?? []).reduce((sum, l) => sum + BigInt(l.amountHalalas), 0n);
  if (!lines || lines.length === 0 || lineTotal <= 0n)
    return { basis: 'total', spendHalalas, allExcluded: false };
  const linePct = (id: number) =>
    campaign ? BigInt(campaign.pcts.get(id) ?? campaign.otherPct) : 100n;
  const weighted = lines.reduce(
    (sum, l) =>
      sum + BigInt(l.amountHalalas) * BigInt(rules.get(l.productId) ?? 100) * linePct(l.productId),
    0n,
  );
  return {
    basis: 'lines',
    spendHalalas: Number((BigInt(spendHalalas) * weighted) / (lineTotal * 10_000n)),
    allExcluded: weighted === 0n,
  };
}
