import { z } from 'zod';
import { successEnvelope } from './common.ts';

/**
 * VIP tiers (issue 14, docs/decisions/024), a Growth-plan feature.
 *
 * - GET  /api/tiers          the programme: its basis, window, grace and up to 5 tiers, with how
 *                            many customers are in each now
 * - PUT  /api/tiers          replaces the programme (tiers keep their ids; a new tier has none)
 * - POST /api/tiers/preview  the same body: how many of today's customers would land in each tier
 *
 * A customer's tier follows one basis the merchant picks for the whole programme — points earned
 * (earned less clawed back, with bonuses, adjustments and imports; never reduced by spending or
 * expiry) or SAR spent (counted orders less refunds) — over the last 12 months or lifetime. A
 * customer moves up at once and down only when the grace period has passed below the tier.
 */

export const TIERS_MAX = 5;
export const TIER_BASES = ['points', 'spend'] as const;
export const TierBasisSchema = z.enum(TIER_BASES);
export type TierBasis = z.infer<typeof TierBasisSchema>;
export const TIER_WINDOWS = ['rolling_12_months', 'lifetime'] as const;
export const TierWindowSchema = z.enum(TIER_WINDOWS);
export type TierWindow = z.infer<typeof TierWindowSchema>;

export const TIER_LIMITS = {
  name: { min: 1, max: 40 },
  /** Points, or whole SAR. */
  threshold: { min: 0, max: 100_000_000 },
  /** A multiplier in percent: 100 = ×1, 125 = ×1.25, 1000 = ×10. */
  multiplierPct: { min: 100, max: 1000 },
  graceDays: { min: 0, max: 365 },
} as const;

export const TIER_DEFAULTS = {
  enabled: false,
  basis: 'spend' as TierBasis,
  window: 'rolling_12_months' as TierWindow,
  graceDays: 30,
} as const;

const int = (min: number, max: number) => z.number().int().min(min).max(max);
const Name = z.string().trim().min(TIER_LIMITS.name.min).max(TIER_LIMITS.name.max);
export const TierColourSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'A colour is #RRGGBB')
  .transform((v) => v.toLowerCase());

export const TierInputSchema = z.strictObject({
  /** An existing tier's id keeps its customers and reserved rewards; absent for a new tier. */
  id: z.guid().optional(),
  nameAr: Name,
  nameEn: Name,
  colour: TierColourSchema,
  /** Points earned or whole SAR spent to enter the tier (per the programme's basis). */
  threshold: int(TIER_LIMITS.threshold.min, TIER_LIMITS.threshold.max),
  /** Points earned in the tier are multiplied by this (percent, rounded down). */
  multiplierPct: int(TIER_LIMITS.multiplierPct.min, TIER_LIMITS.multiplierPct.max),
  /** Birthday points are multiplied by this instead; null = the earning multiplier. */
  birthdayMultiplierPct: int(TIER_LIMITS.multiplierPct.min, TIER_LIMITS.multiplierPct.max)
    .nullable()
    .default(null),
});
export type TierInput = z.infer<typeof TierInputSchema>;

export const TiersRequestSchema = z
  .strictObject({
    enabled: z.boolean(),
    basis: TierBasisSchema,
    window: TierWindowSchema,
    graceDays: int(TIER_LIMITS.graceDays.min, TIER_LIMITS.graceDays.max),
    tiers: z.array(TierInputSchema).max(TIERS_MAX),
  })
  .superRefine((body, ctx) => {
    body.tiers.forEach((tier, i) => {
      const before = body.tiers[i - 1];
      if (before && tier.threshold <= before.threshold)
        ctx.addIssue({
          code: 'custom',
          path: ['tiers', i, 'threshold'],
          message: 'Each tier starts above the one before it',
        });
    });
    const ids = body.tiers.map((t) => t.id).filter(Boolean);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', path: ['tiers'], message: 'A tier id appears twice' });
    if (body.enabled && body.tiers.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['tiers'],
        message: 'Add a tier before switching tiers on',
      });
  });
export type TiersRequest = z.infer<typeof TiersRequestSchema>;
export type TiersRequestInput = z.input<typeof TiersRequestSchema>;

export const TierSchema = z.object({
  id: z.guid(),
  /** 1 = the first (lowest) tier. */
  position: z.number().int().min(1).max(TIERS_MAX),
  nameAr: z.string(),
  nameEn: z.string(),
  colour: z.string(),
  threshold: z.number().int(),
  multiplierPct: z.number().int(),
  birthdayMultiplierPct: z.number().int().nullable(),
  /** Customers in the tier now. */
  customers: z.number().int().nonnegative(),
  /** Active rewards reserved for this tier and above. */
  reservedRewards: z.number().int().nonnegative(),
});
export type Tier = z.infer<typeof TierSchema>;

export const TiersConfigSchema = z.object({
  enabled: z.boolean(),
  basis: TierBasisSchema,
  window: TierWindowSchema,
  graceDays: z.number().int(),
  tiers: z.array(TierSchema),
  /** Customers in no tier (below the first threshold). */
  untiered: z.number().int().nonnegative(),
  /** True while a change of the programme is still being applied to every customer. */
  recomputing: z.boolean(),
});
export type TiersConfig = z.infer<typeof TiersConfigSchema>;
export const TiersResponseSchema = successEnvelope(TiersConfigSchema);

export const TiersPreviewSchema = z.object({
  /** One count per tier of the request, in its order. */
  tiers: z.array(z.number().int().nonnegative()),
  untiered: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type TiersPreview = z.infer<typeof TiersPreviewSchema>;
export const TiersPreviewResponseSchema = successEnvelope(TiersPreviewSchema);

/** A tier as a customer's list row, account or a reward shows it. */
export const TierBriefSchema = z.object({
  id: z.guid(),
  nameAr: z.string(),
  nameEn: z.string(),
  colour: z.string(),
  position: z.number().int(),
});
export type TierBrief = z.infer<typeof TierBriefSchema>;

/** Why a tier change happened, as recorded with it. */
export const TIER_CHANGE_CAUSES = [
  /** The basis moved (an order, a review, an adjustment...): `detail` names the source. */
  'activity',
  /** The grace period below the tier ended. */
  'grace_ended',
  /** The merchant changed the tiers. */
  'tiers_changed',
  /** Older activity left the 12-month window. */
  'window',
] as const;
export const TierChangeCauseSchema = z.enum(TIER_CHANGE_CAUSES);

export const TierChangeSchema = z.object({
  from: TierBriefSchema.nullable(),
  to: TierBriefSchema.nullable(),
  cause: TierChangeCauseSchema,
  detail: z.string().nullable(),
  /** What basisValue counts: points earned or whole SAR spent (the programme's basis then). */
  basis: TierBasisSchema.nullable(),
  /** The basis value at the change (points, or whole SAR). */
  basisValue: z.number().int(),
  at: z.iso.datetime(),
});
export type TierChange = z.infer<typeof TierChangeSchema>;

/** The shopper's tier on the loyalty page, in the page's language. */
export const ShopperTierLevelSchema = z.object({
  id: z.guid(),
  name: z.string(),
  colour: z.string(),
  multiplierPct: z.number().int(),
  birthdayMultiplierPct: z.number().int().nullable(),
  threshold: z.number().int(),
});
export type ShopperTierLevel = z.infer<typeof ShopperTierLevelSchema>;
export const ShopperTierSchema = z.object({
  basis: TierBasisSchema,
  window: TierWindowSchema,
  /** The basis value now: points earned, or whole SAR spent, over the window. */
  value: z.number().int().nonnegative(),
  current: ShopperTierLevelSchema.nullable(),
  /** The next tier up and how much more it takes; null at the top. */
  next: ShopperTierLevelSchema.extend({ remaining: z.number().int().positive() }).nullable(),
  /** Set while the shopper is below their tier: the day they move down unless they catch up. */
  graceEndsAt: z.iso.datetime().nullable(),
  /** Every tier of the programme, lowest first, for the ladder. */
  levels: z.array(ShopperTierLevelSchema),
});
export type ShopperTier = z.infer<typeof ShopperTierSchema>;
