import {
  TIER_DEFAULTS,
  planHasFeature,
  type ShopperTier,
  type Tier,
  type TierBrief,
  type TierChange,
  type TiersConfig,
  type TiersPreview,
  type TiersRequest,
} from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { totalRollup } from '../insights/index.ts';
import { findMerchantById, type MerchantRow } from '../merchants/index.ts';
import {
  clearDeletedRewardsReservation,
  countCustomersByTier,
  countReservedRewards,
  deleteTiers,
  ensureTierSettings,
  findRewardsReservedFor,
  findTierChanges,
  findTierSettings,
  findTierStores,
  findTiers,
  moveCustomersOutOfTiers,
  previewBuckets,
  recomputeBatch,
  recomputeDue,
  updateTierSettings,
  upsertTier,
  type TierChangeRow,
  type TierRow,
  type TierSettingsRow,
} from './tiers.repository.ts';

/** Customers worked out per transaction by a store-wide pass. */
export const TIER_PASS_BATCH = 500;
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

/**
 * VIP tiers (issue 14, docs/decisions/024): the merchant's programme, its preview, the passes
 * that apply a change to every customer and the upkeep of grace periods and 12-month windows.
 * A customer's tier moves with every change of its basis in the database itself
 * (nuqat_tier_recompute, migration 0012); this service only starts and finishes the rest.
 */
export function createTiersService(ctx: Pick<AppContext, 'db' | 'now' | 'log'>) {
  const { db } = ctx;

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

  const passes = new Map<number, Promise<void>>();

  /** Applies the store's programme to every customer, in batches, resuming where it stopped. */
  function runPass(merchantId: number): Promise<void> {
    const running = passes.get(merchantId);
    if (running) return running;
    const pass = (async () => {
      try {
        for (;;) {
          const done = await db.transaction(async (tx) => {
            const settings = await findTierSettings(tx, merchantId, { forUpdate: true });
            if (!settings?.enabled || settings.recomputeAfter === null) return true;
            const { last } = await recomputeBatch(tx, {
              merchantId,
              after: settings.recomputeAfter,
              limit: TIER_PASS_BATCH,
              cause: 'tiers_changed',
              now: ctx.now(),
            });
            await updateTierSettings(tx, merchantId, { recomputeAfter: last });
            return last === null;
          });
          if (done) break;
        }
      } catch (error) {
        ctx.log.error({ err: error, merchantId }, 'tier pass failed; the next run resumes it');
      } finally {
        passes.delete(merchantId);
      }
    })();
    passes.set(merchantId, pass);
    return pass;
  }

  /**
   * The upkeep every store with tiers needs without any event: passes to finish, grace periods
   * that ended, 12-month values older than a day. Idempotent; any instance may run it.
   */
  async function runMaintenance(): Promise<{ moved: number }> {
    let moved = 0;
    for (const settings of await findTierStores(db)) {
      if (settings.recomputeAfter !== null) await runPass(settings.merchantId);
      for (;;) {
        const due = await db.transaction((tx) =>
          recomputeDue(tx, {
            merchantId: settings.merchantId,
            graceDays: settings.graceDays,
            window: settings.window,
            now: ctx.now(),
            limit: TIER_DUE_BATCH,
          }),
        );
        moved += due.moved;
        if (due.seen < TIER_DUE_BATCH) break;
      }
    }
    if (moved > 0) ctx.log.info({ job: 'tiers', moved }, 'tier upkeep moved customers');
    return { moved };
  }

  /** The shopper's tier, next tier and ladder on the loyalty page; null when tiers are off. */
  async function shopperTier(input: {
    merchant: MerchantRow;
    customer: { tierId: string | null; tierValue: number; tierBelowSince: Date | null };
    lang: 'ar' | 'en';
  }): Promise<{ tier: ShopperTier | null; rows: TierRow[] }> {
    const settings = await findTierSettings(db, input.merchant.id);
    if (!tiersLive(input.merchant, settings)) return { tier: null, rows: [] };
    const rows = await findTiers(db, input.merchant.id);
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
    const settings = await findTierSettings(db, merchant.id);
    if (!settings || !tiersLive(merchant, settings)) return null;
    const rows = await findTiers(db, merchant.id);
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
  };
}

export type TiersService = ReturnType<typeof createTiersService>;
