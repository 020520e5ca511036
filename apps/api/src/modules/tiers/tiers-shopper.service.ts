import { type ShopperTier } from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import { storeConfigMemo } from '../../lib/store-config-memo.ts';
import { type MerchantRow } from '../merchants/index.ts';
import { findTierSettings, findTiers, type TierRow } from './tiers.repository.ts';
import { tiersLive } from './tier-rules.ts';

/** The tiers on the loyalty page: a shopper's, and the store's ladder a visitor sees. */
export function createTierShopperService(ctx: Pick<AppContext, 'db' | 'now' | 'log'>) {
  const { db } = ctx;
  // The store's ladder, read once per configuration version (tiers and tier settings bump it).
  const ladderOf = storeConfigMemo(async (merchantId) => {
    const [settings, rows] = await Promise.all([
      findTierSettings(db, merchantId),
      findTiers(db, merchantId),
    ]);
    return { settings, rows };
  });

  /** The shopper's tier, next tier and ladder on the loyalty page; null when tiers are off. */
  async function shopperTier(input: {
    merchant: MerchantRow;
    customer: { tierId: string | null; tierValue: number; tierBelowSince: Date | null };
    lang: 'ar' | 'en';
  }): Promise<{ tier: ShopperTier | null; rows: TierRow[] }> {
    const { settings, rows } = await ladderOf(input.merchant);
    if (!tiersLive(input.merchant, settings)) return { tier: null, rows: [] };
    if (rows.length === 0) return { tier: null, rows };
    const level = (t: TierRow) => ({
      id: t.id,
      name: input.lang === 'en' ? t.nameEn : t.nameAr,
      colour: t.colour,
      multiplierPct: t.multiplierPct,
      birthdayMultiplierPct: t.birthdayMultiplierPct,
      threshold: t.threshold,
    });
    const value =
      settings!.basis === 'spend'
        ? Math.floor(input.customer.tierValue / 100)
        : input.customer.tierValue;
    const current = rows.find((t) => t.id === input.customer.tierId) ?? null;
    const next = rows.find((t) => t.position > (current?.position ?? 0)) ?? null;
    return {
      rows,
      tier: {
        basis: settings!.basis,
        window: settings!.window,
        value,
        current: current ? level(current) : null,
        next: next ? { ...level(next), remaining: Math.max(1, next.threshold - value) } : null,
        graceEndsAt:
          current && input.customer.tierBelowSince
            ? new Date(
                input.customer.tierBelowSince.getTime() + settings!.graceDays * 86_400_000,
              ).toISOString()
            : null,
        levels: rows.map(level),
      },
    };
  }

  /** The store's tiers as a visitor sees them (no customer); null when tiers are off. */
  async function programmeTiers(merchant: MerchantRow, lang: 'ar' | 'en') {
    const { settings, rows } = await ladderOf(merchant);
    if (!settings || !tiersLive(merchant, settings)) return null;
    if (rows.length === 0) return null;
    return {
      basis: settings.basis,
      window: settings.window,
      levels: rows.map((t) => ({
        id: t.id,
        name: lang === 'en' ? t.nameEn : t.nameAr,
        colour: t.colour,
        multiplierPct: t.multiplierPct,
        birthdayMultiplierPct: t.birthdayMultiplierPct,
        threshold: t.threshold,
      })),
      rows,
    };
  }

  return { shopperTier, programmeTiers };
}
