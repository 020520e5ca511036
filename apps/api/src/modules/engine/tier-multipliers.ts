import { tierMultiplied } from '@nuqat/contracts';

/**
 * What a customer's VIP tier does to the points they earn (docs/decisions/024): each tier's
 * earning multiplier and birthday multiplier, in percent. Empty when the store has no tiers
 * switched on or its plan has none: everyone earns ×1.
 */
export type TierMultipliers = Map<string, { multiplierPct: number; birthdayMultiplierPct: number }>;

/** The earning multiplier of a customer's tier (percent); 100 outside any tier. */
export function earnMultiplier(multipliers: TierMultipliers, tierId: string | null): number {
  return (tierId && multipliers.get(tierId)?.multiplierPct) || 100;
}

/** The birthday multiplier of a customer's tier (percent); 100 outside any tier. */
export function birthdayMultiplier(multipliers: TierMultipliers, tierId: string | null): number {
  return (tierId && multipliers.get(tierId)?.birthdayMultiplierPct) || 100;
}

/**
 * Points times a multiplier in percent, rounded down (the fast path's SQL does the same): the
 * shared rounding of contracts/earning.ts, which the store page's earn badge uses too.
 */
export const multiplied = tierMultiplied;

/** The multipliers as the fast path's SQL function reads them (tier id → percent). */
export function multipliersForSql(multipliers: TierMultipliers): Record<string, number> {
  return Object.fromEntries([...multipliers].map(([id, m]) => [id, m.multiplierPct]));
}
