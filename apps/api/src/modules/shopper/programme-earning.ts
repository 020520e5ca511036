import { HALALAS_PER_RIYAL, type StorefrontProgramme } from '@nuqat/contracts';
import type { RuleEvent } from '../../db/schema/index.ts';
import { earningBlock, type RuleRow } from '../engine/index.ts';
import type { MerchantRow } from '../merchants/index.ts';

/**
 * The order rules for the store page's earn badges (docs/decisions/035), in the engine's units:
 * a rule counts when it gives points (as the engine's `enabled`); nothing while the engine
 * would credit nothing (paused, uninstalled, no subscription).
 */
export function programmeEarning(
  merchant: MerchantRow,
  rules: Map<RuleEvent, RuleRow>,
  at: Date,
): StorefrontProgramme['earning'] {
  if (earningBlock(merchant, at)) return null;
  const amount = rules.get('purchase_amount');
  const order = rules.get('order.created');
  return {
    perAmount:
      amount && amount.points > 0
        ? {
            points: amount.points,
            spendUnitHalalas: amount.spendUnitHalalas ?? HALALAS_PER_RIYAL,
            minOrderTotalHalalas: amount.minOrderTotalHalalas ?? 0,
          }
        : null,
    perOrder:
      order && order.points > 0
        ? { points: order.points, minOrderTotalHalalas: order.minOrderTotalHalalas ?? 0 }
        : null,
  };
}

/** The store's logo for the loyalty page, when the merchant shows it (Widget settings, Growth). */
export function panelLogo(merchant: MerchantRow): string | null {
  return merchant.widget?.showLogo && merchant.plan === 'growth' ? merchant.storeLogoUrl : null;
}
