import { planHasFeature, type TierBrief, type TierChange } from '@nuqat/contracts';
import { type MerchantRow } from '../merchants/index.ts';
import { type TierChangeRow, type TierRow, type TierSettingsRow } from './tiers.repository.ts';

/** Customers worked out per transaction by a store-wide pass (set-based, one batch a few statements). */
export const TIER_PASS_BATCH = 20_000;
/** Customers due (grace over, stale 12-month value) looked at per store per run. */
export const TIER_DUE_BATCH = 2000;

export const tierBrief = (t: TierRow): TierBrief => ({
  id: t.id,
  nameAr: t.nameAr,
  nameEn: t.nameEn,
  colour: t.colour,
  position: t.position,
});

/** Whether the store's tiers are live: switched on, on a plan that has them. */
export function tiersLive(
  merchant: Pick<MerchantRow, 'plan'>,
  settings: Pick<TierSettingsRow, 'enabled'> | undefined,
): boolean {
  return Boolean(settings?.enabled && merchant.plan && planHasFeature(merchant.plan, 'vipTiers'));
}

export function tierChangeView(row: TierChangeRow): TierChange {
  return {
    from: row.fromTier,
    to: row.toTier,
    cause: row.cause,
    detail: row.detail,
    basis: row.basis,
    basisValue: row.basisValue,
    at: row.createdAt.toISOString(),
  };
}
