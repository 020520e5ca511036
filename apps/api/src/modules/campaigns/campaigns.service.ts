import {
  dateToRiyadhMinute,
  planHasFeature,
  riyadhMinuteToDate,
  type Campaign,
  type CampaignBody,
  type CampaignResults,
  type CampaignsData,
  type RunningCampaign,
} from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { storeConfigMemo } from '../../lib/store-config-memo.ts';
import { findMerchantById, type MerchantRow } from '../merchants/index.ts';
import {
  countCampaignOrders,
  deleteScheduledCampaign,
  existingTierIds,
  findCampaign,
  findStoreCampaigns,
  insertCampaign,
  listCampaigns,
  lockCampaign,
  orderFigures,
  updateCampaign,
  type CampaignRow,
  type CampaignValues,
} from './campaigns.repository.ts';
import { campaignScope } from './campaign-scope.ts';
import { createCategoryCatalogue, type CatalogueDeps } from './category-catalogue.ts';

/**
 * Campaigns (issue 29, docs/decisions/047): the merchant's windows of richer earning. The engine
 * reads the table itself (its configuration follows every change); this service keeps the rows
 * and answers what a campaign did.
 */

export function campaignStatus(row: CampaignRow, now: Date): Campaign['status'] {
  if (now < row.startsAt) return 'scheduled';
  return now < row.endsAt ? 'running' : 'ended';
}

export function campaignView(row: CampaignRow, now: Date): Campaign {
  return {
    id: row.id,
    nameAr: row.nameAr,
    nameEn: row.nameEn,
    startsAt: dateToRiyadhMinute(row.startsAt),
    endsAt: dateToRiyadhMinute(row.endsAt),
    effect: row.effect,
    multiplierPct: row.multiplierPct,
    bonusPoints: row.bonusPoints,
    minOrderTotal: row.minOrderTotalHalalas / 100,
    tierIds: row.tierIds,
    firstOrderOnly: row.firstOrderOnly,
    products: row.products,
    categories: row.categories,
    status: campaignStatus(row, now),
    endedEarly: row.endedEarlyAt !== null,
  };
}

const field = (path: string, code: string, message: string) =>
  new AppError('VALIDATION_FAILED', { issues: [{ path, code, message }] });

export function createCampaignsService(
  ctx: Pick<AppContext, 'db' | 'now' | 'log'>,
  deps: CatalogueDeps,
) {
  const { db } = ctx;
  const catalogue = createCategoryCatalogue(ctx, deps);
  const campaignsOf = storeConfigMemo((merchantId) => findStoreCampaigns(db, merchantId));

  async function growthMerchant(merchantId: number) {
    const merchant = await findMerchantById(db, merchantId);
    if (!merchant) throw new AppError('NOT_FOUND');
    if (merchant.plan && planHasFeature(merchant.plan, 'campaigns')) return merchant;
    throw new AppError('PLAN_FEATURE_REQUIRED', {
      issues: [{ path: 'plan', code: 'plan_feature_required', message: 'campaigns' }],
    });
  }

  /** The body in the table's words, after the checks only the store can answer. */
  async function values(merchantId: number, body: CampaignBody): Promise<CampaignValues> {
    const endsAt = riyadhMinuteToDate(body.endsAt);
    if (endsAt <= ctx.now()) throw field('body.endsAt', 'in_the_past', 'The end has passed');
    const known = await existingTierIds(db, merchantId, body.tierIds);
    const unknown = body.tierIds.findIndex((id) => !known.has(id));
    if (unknown >= 0)
      throw field(`body.tierIds.${unknown}`, 'unknown_tier', 'Not a tier of the store');
    // Its products, and its categories' products read from Salla (before anything is written).
    const scope = await campaignScope(db, catalogue, merchantId, body);
    return {
      nameAr: body.nameAr,
      nameEn: body.nameEn,
      startsAt: riyadhMinuteToDate(body.startsAt),
      endsAt,
      effect: body.effect,
      multiplierPct: body.effect === 'bonus' ? 100 : body.multiplierPct!,
      bonusPoints: body.effect === 'bonus' ? body.bonusPoints! : 0,
      minOrderTotalHalalas: Math.round(body.minOrderTotal * 100),
      tierIds: [...new Set(body.tierIds)],
      firstOrderOnly: body.firstOrderOnly,
      products: scope.products,
      categories: scope.categories,
    };
  }

  return {
    async list({ merchantId }: { merchantId: number }): Promise<CampaignsData> {
      await growthMerchant(merchantId);
      const now = ctx.now();
      const rows = await listCampaigns(db, merchantId);
      return {
        campaigns: rows.map((r) => campaignView(r, now)),
        nowRiyadh: dateToRiyadhMinute(now),
      };
    },

    async create({ merchantId, body }: { merchantId: number; body: CampaignBody }) {
      await growthMerchant(merchantId);
      const fields = await values(merchantId, body);
      const row = await db.transaction(async (tx) => insertCampaign(tx, merchantId, fields));
      return campaignView(row, ctx.now());
    },

    /** A campaign that has not ended; orders already counted keep what they got. */
    async update({ merchantId, id, body }: { merchantId: number; id: string; body: CampaignBody }) {
      await growthMerchant(merchantId);
      const ended = (c: CampaignRow | undefined) => {
        if (!c) throw new AppError('CAMPAIGN_NOT_FOUND');
        if (campaignStatus(c, ctx.now()) === 'ended') throw new AppError('CAMPAIGN_ENDED');
      };
      ended(await findCampaign(db, merchantId, id));
      // Salla's catalogue is read outside the transaction; the row is checked again under lock.
      const fields = await values(merchantId, body);
      const row = await db.transaction(async (tx) => {
        ended(await lockCampaign(tx, merchantId, id));
        return updateCampaign(tx, merchantId, id, fields);
      });
      return campaignView(row, ctx.now());
    },

    /**
     * Ends a running campaign now (orders placed from now on are not in it). A campaign that has
     * not started is withdrawn: it never counted an order, so nothing keeps it.
     */
    async end({ merchantId, id }: { merchantId: number; id: string }) {
      await growthMerchant(merchantId);
      const now = ctx.now();
      return db.transaction(async (tx) => {
        const current = await lockCampaign(tx, merchantId, id);
        if (!current) throw new AppError('CAMPAIGN_NOT_FOUND');
        const status = campaignStatus(current, now);
        if (status === 'ended') throw new AppError('CAMPAIGN_ENDED');
        if (status === 'scheduled') {
          await deleteScheduledCampaign(tx, merchantId, id);
          return { ...campaignView(current, now), status: 'ended' as const, endedEarly: true };
        }
        return campaignView(
          await updateCampaign(tx, merchantId, id, { endsAt: now, endedEarlyAt: now }),
          now,
        );
      });
    },

    /** Its orders, points and sales so far, next to the same number of days just before it. */
    async results({
      merchantId,
      id,
    }: {
      merchantId: number;
      id: string;
    }): Promise<CampaignResults> {
      await growthMerchant(merchantId);
      const row = await findCampaign(db, merchantId, id);
      if (!row) throw new AppError('CAMPAIGN_NOT_FOUND');
      const now = ctx.now();
      const to = now < row.endsAt ? now : row.endsAt;
      const from = row.startsAt;
      const span = Math.max(0, to.getTime() - from.getTime());
      const beforeFrom = new Date(from.getTime() - span);
      const figures = async (a: Date, b: Date) => {
        const f = await orderFigures(db, merchantId, a, b);
        return {
          from: dateToRiyadhMinute(a),
          to: dateToRiyadhMinute(b),
          orders: f.orders,
          points: f.points,
          sales: f.salesHalalas / 100,
        };
      };
      return {
        during: await figures(from, to < from ? from : to),
        before: await figures(beforeFrom, from),
        campaignOrders: await countCampaignOrders(db, merchantId, id),
      };
    },

    /**
     * Campaigns running now, for the shopper's page and the store-page badges; `store` is the
     * store's row read fresh by the caller (its plan, and the configuration version its
     * campaigns are kept under).
     */
    async running(store: MerchantRow, now = ctx.now()): Promise<RunningCampaign[]> {
      if (!store.plan || !planHasFeature(store.plan, 'campaigns')) return [];
      return (await campaignsOf(store))
        .filter((r) => r.startsAt <= now && now < r.endsAt)
        .map((r) => ({
          nameAr: r.nameAr,
          nameEn: r.nameEn,
          effect: r.effect,
          multiplierPct: r.multiplierPct,
          bonusPoints: r.bonusPoints,
          minOrderTotal: r.minOrderTotalHalalas / 100,
          endsAt: r.endsAt.toISOString(),
          conditional: r.tierIds.length > 0 || r.firstOrderOnly,
          productIds: r.products.map((p) => p.id),
          categoryNames: r.categories.map((c) => c.name),
          chosenProducts: r.products.some((p) => p.categoryId === undefined),
        }));
    },
  };
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;
