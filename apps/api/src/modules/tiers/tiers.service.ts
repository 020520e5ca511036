import { clearDeletedRewardsReservation } from '../rewards/index.ts';
import {
  TIER_DEFAULTS,
  planHasFeature,
  type Tier,
  type TiersConfig,
  type TiersPreview,
  type TiersRequest,
} from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { totalRollup } from '../insights/index.ts';
import { findMerchantById, type MerchantRow } from '../merchants/index.ts';
import {
  countCustomersByTier,
  countReservedRewards,
  deleteTiers,
  ensureTierSettings,
  findRewardsReservedFor,
  findTierChanges,
  findTierSettings,
  findTiers,
  moveCustomersOutOfTiers,
  previewBuckets,
  foldTierValues,
  updateTierSettings,
  upsertTier,
} from './tiers.repository.ts';
import { tierChangeView } from './tier-rules.ts';
import { createTierPassService } from './tier-passes.service.ts';
import { createTierShopperService } from './tiers-shopper.service.ts';

export {
  TIER_DUE_BATCH,
  TIER_PASS_BATCH,
  tierBrief,
  tierChangeView,
  tiersLive,
} from './tier-rules.ts';

/**
 * VIP tiers (issue 14, docs/decisions/024): the merchant's programme, its preview, the passes
 * that apply a change to every customer and the upkeep of grace periods and 12-month windows.
 * A customer's tier moves with every change of its basis in the database itself
 * (nuqat_tier_recompute, migration 0012); this service only starts and finishes the rest.
 */
export function createTiersService(ctx: Pick<AppContext, 'db' | 'now' | 'log'>) {
  const { db } = ctx;
  const { runPass, runMaintenance } = createTierPassService(ctx);
  const { shopperTier, programmeTiers } = createTierShopperService(ctx);

  async function growthMerchant(merchantId: number): Promise<MerchantRow> {
    const merchant = await findMerchantById(db, merchantId);
    if (!merchant) throw new AppError('NOT_FOUND');
    if (merchant.plan && planHasFeature(merchant.plan, 'vipTiers')) return merchant;
    throw new AppError('PLAN_FEATURE_REQUIRED', {
      issues: [{ path: 'plan', code: 'plan_feature_required', message: 'vipTiers' }],
    });
  }

  async function getConfig({ merchantId }: { merchantId: number }): Promise<TiersConfig> {
    await growthMerchant(merchantId);
    const [settings, rows, counts, reserved, store] = await Promise.all([
      findTierSettings(db, merchantId),
      findTiers(db, merchantId),
      countCustomersByTier(db, merchantId),
      countReservedRewards(db, merchantId),
      // Every customer the store has (the insights rollup keeps the count with each new one).
      totalRollup(db, merchantId),
    ]);
    const live = new Set(rows.map((t) => t.id));
    let tiered = 0;
    for (const [tierId, n] of counts) if (live.has(tierId)) tiered += n;
    const untiered = Math.max(0, store.members - tiered);
    const list: Tier[] = rows.map((t) => ({
      id: t.id,
      position: t.position,
      nameAr: t.nameAr,
      nameEn: t.nameEn,
      colour: t.colour,
      threshold: t.threshold,
      multiplierPct: t.multiplierPct,
      birthdayMultiplierPct: t.birthdayMultiplierPct,
      customers: counts.get(t.id) ?? 0,
      reservedRewards: reserved.get(t.id) ?? 0,
    }));
    return {
      enabled: settings?.enabled ?? TIER_DEFAULTS.enabled,
      basis: settings?.basis ?? TIER_DEFAULTS.basis,
      window: settings?.window ?? TIER_DEFAULTS.window,
      graceDays: settings?.graceDays ?? TIER_DEFAULTS.graceDays,
      tiers: list,
      untiered,
      recomputing: settings?.recomputeAfter != null,
    };
  }

  /** Replaces the programme in one transaction; a pass then applies it to every customer. */
  async function save({
    merchantId,
    body,
  }: {
    merchantId: number;
    body: TiersRequest;
  }): Promise<TiersConfig> {
    await growthMerchant(merchantId);
    await db.transaction(async (tx) => {
      await ensureTierSettings(tx, merchantId, {
        basis: body.basis,
        window: body.window,
        graceDays: body.graceDays,
      });
      // One save at a time per store; the row as it was before this save.
      const before = await findTierSettings(tx, merchantId, { forUpdate: true });
      const existing = await findTiers(tx, merchantId);
      const known = new Map(existing.map((t) => [t.id, t]));
      body.tiers.forEach((tier, i) => {
        if (tier.id && !known.has(tier.id))
          throw new AppError('TIER_NOT_FOUND', {
            issues: [{ path: `tiers.${i}.id`, code: 'not_found', message: 'Unknown tier' }],
          });
      });
      const kept = new Set(body.tiers.map((t) => t.id).filter(Boolean));
      const removed = existing.filter((t) => !kept.has(t.id)).map((t) => t.id);
      await clearDeletedRewardsReservation(tx, merchantId, removed);
      const reserved = await findRewardsReservedFor(tx, merchantId, removed);
      if (reserved.length > 0)
        throw new AppError('TIER_IN_USE', {
          issues: reserved.map((r) => ({ path: 'tiers', code: 'tier_in_use', message: r.name })),
        });
      await moveCustomersOutOfTiers(tx, merchantId, removed, before?.basis ?? body.basis);
      await deleteTiers(tx, merchantId, removed);
      // Positions follow the thresholds (the body is sorted by them).
      for (const [i, tier] of body.tiers.entries()) {
        await upsertTier(tx, merchantId, {
          id: tier.id,
          position: i + 1,
          nameAr: tier.nameAr,
          nameEn: tier.nameEn,
          colour: tier.colour,
          threshold: tier.threshold,
          multiplierPct: tier.multiplierPct,
          birthdayMultiplierPct: tier.birthdayMultiplierPct,
        });
      }
      await updateTierSettings(tx, merchantId, {
        enabled: body.enabled,
        basis: body.basis,
        window: body.window,
        graceDays: body.graceDays,
        // Every customer is looked at again with the new programme (from the first id).
        recomputeAfter: body.enabled ? 0 : null,
      });
    });
    if (body.enabled) void runPass(merchantId);
    return getConfig({ merchantId });
  }

  async function preview({
    merchantId,
    body,
  }: {
    merchantId: number;
    body: TiersRequest;
  }): Promise<TiersPreview> {
    await growthMerchant(merchantId);
    const settings = await findTierSettings(db, merchantId);
    const fromTierValue = Boolean(
      settings?.enabled &&
      settings.recomputeAfter === null &&
      settings.basis === body.basis &&
      settings.window === body.window,
    );
    const buckets = await previewBuckets(db, {
      merchantId,
      basis: body.basis,
      window: body.window,
      thresholds: body.tiers.map((t) => t.threshold),
      fromTierValue,
      now: ctx.now(),
    });
    const total = [...buckets.values()].reduce((a, b) => a + b, 0);
    return {
      tiers: body.tiers.map((_, i) => buckets.get(i + 1) ?? 0),
      untiered: buckets.get(0) ?? 0,
      total,
    };
  }

  /** Folds the preview's kept values (decision 064): the server runs it every few seconds. */
  async function fold(): Promise<{ folded: number }> {
    return { folded: await foldTierValues(db) };
  }

  async function customerTierChanges(merchantId: number, customerId: number, limit: number) {
    return (await findTierChanges(db, merchantId, customerId, limit)).map(tierChangeView);
  }

  return {
    getConfig,
    save,
    preview,
    runPass,
    runMaintenance,
    shopperTier,
    programmeTiers,
    customerTierChanges,
    fold,
  };
}

export type TiersService = ReturnType<typeof createTiersService>;
