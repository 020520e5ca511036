import { z } from 'zod';
import { successEnvelope } from './common.ts';

/**
 * Campaigns (issue 29, docs/decisions/047), a Growth-plan feature.
 *
 * - GET   /api/campaigns           every campaign of the store, newest window first, with its status
 * - POST  /api/campaigns           a new campaign
 * - PUT   /api/campaigns/:id       changes a campaign that has not ended
 * - POST  /api/campaigns/:id/end   ends a running (or scheduled) campaign now
 * - GET   /api/campaigns/:id/results  orders, points and sales in the window next to the same
 *                                  number of days before it
 *
 * A window is in Riyadh time to the minute (`YYYY-MM-DDTHH:mm`); an order counts in it by the
 * time Salla says it was placed (the order's `date`), not by when its webhook arrived.
 *
 * Overlaps (decision 047): of the multiplier campaigns an order falls in, the highest wins; the
 * fixed bonuses of every bonus campaign it falls in add up. The winning multiplier composes with
 * the customer's VIP tier multiplier (points × tier × campaign, rounded down once per rule); a
 * bonus is never multiplied.
 *
 * A `products` campaign (decision 057) multiplies only the chosen products' share of an order's
 * spend (its lines, as for product rules): per line the highest multiplier wins — the order-wide
 * one or a products campaign naming the line's product — and composes with the product's own
 * rule and the tier; the order's per-order points take the order-wide multiplier only.
 */

export const CAMPAIGN_EFFECTS = ['multiplier', 'bonus', 'products'] as const;
export const CampaignEffectSchema = z.enum(CAMPAIGN_EFFECTS);
export type CampaignEffect = z.infer<typeof CampaignEffectSchema>;
export const CAMPAIGN_STATUSES = ['scheduled', 'running', 'ended'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_LIMITS = {
  name: { min: 1, max: 60 },
  /** ×1 to ×10, in percent. */
  multiplierPct: { min: 100, max: 1000 },
  bonusPoints: { min: 1, max: 1_000_000 },
  /** Whole SAR. */
  minOrderTotal: { min: 0, max: 1_000_000 },
  /** A campaign lasts at most a year. */
  maxDays: 366,
  /** A `products` campaign names 1 to 50 products. */
  products: { min: 1, max: 50 },
  /** …and up to 10 of the store's categories, whose products join it (decision 061). */
  categories: { max: 10 },
} as const;

/** A Riyadh wall-clock minute, as an `<input type="datetime-local">` gives it. */
export const RiyadhMinuteSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'A time is YYYY-MM-DDTHH:mm (Riyadh)')
  .refine((v) => !Number.isNaN(riyadhMinuteToDate(v).getTime()), 'Not a real date');

const RIYADH_OFFSET_MS = 3 * 3_600_000;

/** `YYYY-MM-DDTHH:mm` in Riyadh (UTC+3 all year, no daylight saving) → the instant. */
export function riyadhMinuteToDate(v: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(v);
  if (!m) return new Date(Number.NaN);
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const utc = Date.UTC(y, mo - 1, d, h, mi);
  const back = new Date(utc);
  // 2026-02-30 is not a date: Date.UTC would roll it into March.
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59)
    return new Date(Number.NaN);
  return new Date(utc - RIYADH_OFFSET_MS);
}

/** The instant → its Riyadh minute, `YYYY-MM-DDTHH:mm`. */
export function dateToRiyadhMinute(at: Date): string {
  return new Date(at.getTime() + RIYADH_OFFSET_MS).toISOString().slice(0, 16);
}

const int = (min: number, max: number) => z.number().int().min(min).max(max);
const Name = z.string().trim().min(CAMPAIGN_LIMITS.name.min).max(CAMPAIGN_LIMITS.name.max);

export const CampaignInputSchema = z
  .strictObject({
    nameAr: Name,
    nameEn: Name,
    startsAt: RiyadhMinuteSchema,
    endsAt: RiyadhMinuteSchema,
    effect: CampaignEffectSchema,
    /** `multiplier` and `products`: ×1.1 … ×10 as percent (110 … 1000). */
    multiplierPct: int(CAMPAIGN_LIMITS.multiplierPct.min, CAMPAIGN_LIMITS.multiplierPct.max)
      .nullable()
      .default(null),
    /** `bonus` only: points per order. */
    bonusPoints: int(CAMPAIGN_LIMITS.bonusPoints.min, CAMPAIGN_LIMITS.bonusPoints.max)
      .nullable()
      .default(null),
    /** Orders below this total (whole SAR) are not in the campaign. */
    minOrderTotal: int(
      CAMPAIGN_LIMITS.minOrderTotal.min,
      CAMPAIGN_LIMITS.minOrderTotal.max,
    ).default(0),
    /** Only customers in these VIP tiers; empty: everyone. */
    tierIds: z.array(z.guid()).max(5).default([]),
    /** Only a shopper's first order in the campaign. */
    firstOrderOnly: z.boolean().default(false),
    /**
     * `products` only: Salla's product ids (`items[].product.id` of its orders) whose share of the
     * spend the campaign multiplies; each must be a product the store's orders named.
     */
    productIds: z
      .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
      .max(CAMPAIGN_LIMITS.products.max)
      .default([]),
    /**
     * `products` only (decision 061): Salla's category ids (List Categories) whose products join
     * the campaign's, read from Salla when the campaign is saved; each must be a category Salla
     * lists in the store.
     */
    categoryIds: z
      .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
      .max(CAMPAIGN_LIMITS.categories.max)
      .default([]),
  })
  .superRefine((body, ctx) => {
    const start = riyadhMinuteToDate(body.startsAt).getTime();
    const end = riyadhMinuteToDate(body.endsAt).getTime();
    if (end <= start)
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end comes after the start' });
    else if (end - start > CAMPAIGN_LIMITS.maxDays * 86_400_000)
      ctx.addIssue({
        code: 'custom',
        path: ['endsAt'],
        message: 'A campaign lasts at most a year',
      });
    if (
      (body.effect === 'multiplier' || body.effect === 'products') &&
      (body.multiplierPct === null || body.multiplierPct <= 100)
    )
      ctx.addIssue({
        code: 'custom',
        path: ['multiplierPct'],
        message: 'A multiplier campaign multiplies by more than ×1 (at most ×10)',
      });
    if (body.effect === 'bonus' && body.bonusPoints === null)
      ctx.addIssue({
        code: 'custom',
        path: ['bonusPoints'],
        message: 'A bonus campaign gives points',
      });
    if (
      body.effect === 'products' &&
      body.productIds.length + body.categoryIds.length < CAMPAIGN_LIMITS.products.min
    )
      ctx.addIssue({
        code: 'custom',
        path: ['productIds'],
        message: 'A products campaign names at least one product or category',
      });
    if (body.effect !== 'products' && body.productIds.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['productIds'],
        message: 'Only a products campaign names products',
      });
    if (body.effect !== 'products' && body.categoryIds.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['categoryIds'],
        message: 'Only a products campaign names categories',
      });
  });
export type CampaignInput = z.input<typeof CampaignInputSchema>;
export type CampaignBody = z.output<typeof CampaignInputSchema>;

export const CampaignSchema = z.object({
  id: z.string(),
  nameAr: z.string(),
  nameEn: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  effect: CampaignEffectSchema,
  multiplierPct: z.number().int(),
  bonusPoints: z.number().int(),
  minOrderTotal: z.number(),
  tierIds: z.array(z.string()),
  firstOrderOnly: z.boolean(),
  /**
   * `products`: the products it multiplies, with the name an order (or Salla's catalogue) gave
   * each when saved; `categoryId` set when the product came from one of its categories only.
   */
  products: z.array(
    z.object({ id: z.number().int(), name: z.string(), categoryId: z.number().int().optional() }),
  ),
  /** `products` (decision 061): the categories it was made from, as Salla named them. */
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  status: z.enum(CAMPAIGN_STATUSES),
  endedEarly: z.boolean(),
});
export type Campaign = z.infer<typeof CampaignSchema>;

export const CampaignResponseSchema = successEnvelope(CampaignSchema);
export const CampaignsResponseSchema = successEnvelope(
  z.object({ campaigns: z.array(CampaignSchema), nowRiyadh: z.string() }),
);
export type CampaignsData = z.infer<typeof CampaignsResponseSchema>['data'];

export const CampaignIdParamsSchema = z.object({ id: z.guid() });

/** One period's figures: orders placed in it that earned, their points and their sales (SAR). */
export const CampaignFiguresSchema = z.object({
  from: z.string(),
  to: z.string(),
  orders: z.number().int(),
  points: z.number().int(),
  sales: z.number(),
});
export const CampaignResultsResponseSchema = successEnvelope(
  z.object({
    /** The window so far (to its end, or to now while it runs). */
    during: CampaignFiguresSchema,
    /** The same number of days just before the window. */
    before: CampaignFiguresSchema,
    /** Orders the campaign itself changed (multiplied or given a bonus). */
    campaignOrders: z.number().int(),
  }),
);
export type CampaignResults = z.infer<typeof CampaignResultsResponseSchema>['data'];

/** A running campaign as the shopper sees it (loyalty page, store-page badges). */
export const RunningCampaignSchema = z.object({
  nameAr: z.string(),
  nameEn: z.string(),
  effect: CampaignEffectSchema,
  multiplierPct: z.number().int(),
  bonusPoints: z.number().int(),
  minOrderTotal: z.number(),
  /** The window's end, an ISO instant. */
  endsAt: z.string(),
  /** Only for some tiers or only for the first order: the badge does not promise it to everyone. */
  conditional: z.boolean(),
  /** `products`: the product ids it multiplies (empty otherwise). */
  productIds: z.array(z.number().int()),
  /** `products`: the names of the categories it was made from (decision 061), for the banner. */
  categoryNames: z.array(z.string()),
  /** `products`: it also multiplies products chosen one by one (not only its categories'). */
  chosenProducts: z.boolean(),
});
export type RunningCampaign = z.infer<typeof RunningCampaignSchema>;
