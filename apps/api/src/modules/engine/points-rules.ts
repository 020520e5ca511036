import { amountPoints as amountPointsFor } from '@nuqat/contracts';
import type { RuleEvent } from '../../db/schema/index.ts';
import { type MerchantRow, type RuleRow } from './engine.repository.ts';
import { type TierMultipliers } from './tier-multipliers.ts';
import type { CampaignRule } from './campaign-rules.ts';

/** The engine's point rules for one store: pure, so they read (and test) as the policy they are. */

/** What the engine reads about a store: its row, its earning rules, its tiers' multipliers and its campaigns. */
import type { ProductRuleMap } from './product-rules.ts';

export interface EngineConfig {
  merchant: MerchantRow;
  rules: Map<RuleEvent, RuleRow>;
  tiers: TierMultipliers;
  campaigns: CampaignRule[];
  /** Product id → percent (decision 048); empty: the store has no product rules. */
  productRules: ProductRuleMap;
}

export function expiryFor(merchant: MerchantRow, at: Date): Date | null {
  return merchant.pointsExpiryDays
    ? new Date(at.getTime() + merchant.pointsExpiryDays * 86_400_000)
    : null;
}

export const enabled = (rule: RuleRow | undefined): rule is RuleRow =>
  Boolean(rule && rule.points > 0);

/** When an order that reached `status` at `at` makes its points spendable, or null if it does not. */
export function releaseTimeFor(
  merchant: MerchantRow,
  status: string | null,
  at: Date,
): Date | null {
  if (!status || !merchant.pointsSpendableOn.includes(status)) return null;
  return new Date(at.getTime() + merchant.pointsHoldDays * 86_400_000);
}

/** The order rule's and the points-per-riyal rule's points for an order, decided when it qualifies. */
export function orderRulePoints(
  rules: Map<RuleEvent, RuleRow>,
  baseHalalas: number,
  spendHalalas: number,
): { earnPoints: number; amountPoints: number } {
  const rule = rules.get('order.created');
  const amount = rules.get('purchase_amount');
  const earnPoints =
    enabled(rule) && baseHalalas >= (rule.minOrderTotalHalalas ?? 0) ? rule.points : 0;
  // The shared rounding (contracts/earning.ts): the back-office preview and the shopper's
  // estimate show exactly what the engine credits.
  const amountPoints =
    enabled(amount) && baseHalalas >= (amount.minOrderTotalHalalas ?? 0)
      ? amountPointsFor(spendHalalas, {
          points: amount.points,
          spendUnitHalalas: amount.spendUnitHalalas ?? 100,
        })
      : 0;
  return { earnPoints, amountPoints };
}
