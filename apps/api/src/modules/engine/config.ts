import type { Executor } from '../../db/client.ts';
import { findMerchantById } from '../merchants/index.ts';
import type { EngineConfig } from './points-rules.ts';
import { findRules, findTierMultipliers } from './engine.repository.ts';
import { findCampaignRules } from './campaigns.repository.ts';
import { findProductRuleMap } from './product-rules.repository.ts';

/**
 * Stores' rows, earning rules, tier multipliers and campaigns kept in memory. The database bumps `merchants.config_version`
 * (triggers of migration 0004) whenever anything the engine reads from them changes, so a copy
 * is used only while its version is current: the general path compares it with the row it reads
 * anyway, and the fast path's SQL function refuses a stale version.
 */
export function createEngineConfigCache(maxStores = 10_000) {
  const entries = new Map<number, EngineConfig>();

  function remember(config: EngineConfig): void {
    entries.delete(config.merchant.id);
    entries.set(config.merchant.id, config);
    if (entries.size > maxStores) entries.delete(entries.keys().next().value!);
  }

  /** The store as it is now (its row read fresh), with the rules from memory when current. */
  async function current(db: Executor, merchantId: number): Promise<EngineConfig | undefined> {
    const merchant = await findMerchantById(db, merchantId);
    if (!merchant) return undefined;
    const cached = entries.get(merchantId);
    if (cached && cached.merchant.configVersion === merchant.configVersion) {
      const config = {
        merchant,
        rules: cached.rules,
        tiers: cached.tiers,
        campaigns: cached.campaigns,
        productRules: cached.productRules,
      };
      remember(config);
      return config;
    }
    const config = {
      merchant,
      rules: await findRules(db, merchantId),
      tiers: await findTierMultipliers(db, merchant),
      campaigns: await findCampaignRules(db, merchant),
      productRules: await findProductRuleMap(db, merchant),
    };
    remember(config);
    return config;
  }

  return {
    current,
    /** The copy in memory, possibly stale (the fast path checks its version in the database). */
    cached: (merchantId: number) => entries.get(merchantId),
    forget: (merchantId: number) => void entries.delete(merchantId),
  };
}
