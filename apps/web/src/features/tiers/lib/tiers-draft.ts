import {
  TIER_DEFAULTS,
  TIER_LIMITS,
  TiersRequestSchema,
  type TierBasis,
  type TiersConfig,
  type TiersRequest,
  type TierWindow,
} from '@nuqat/contracts';
import { parseNumber } from '../../../lib/number-input';
import { validationErrorMap } from '../../../lib/validation';

/**
 * The editor's draft: number fields are kept as typed (decision 020: what is not a number is a
 * field error, never 0) and the multipliers as a merchant says them, "1.25", not the API's 125.
 */
export interface TierDraft {
  /** An existing tier's id; absent for a tier added here. */
  tierId?: string | undefined;
  nameAr: string;
  nameEn: string;
  colour: string;
  threshold: string;
  multiplier: string;
  /** Empty = the earning multiplier applies to birthday points too. */
  birthdayMultiplier: string;
}

export interface TiersDraft {
  enabled: boolean;
  basis: TierBasis;
  window: TierWindow;
  graceDays: string;
  tiers: TierDraft[];
}

/** A small palette with names, plus any #RRGGBB the merchant types. */
export const TIER_PALETTE = [
  { id: 'bronze', hex: '#b45309' },
  { id: 'silver', hex: '#64748b' },
  { id: 'gold', hex: '#ca8a04' },
  { id: 'platinum', hex: '#0e7490' },
  { id: 'diamond', hex: '#7c3aed' },
  { id: 'ruby', hex: '#be123c' },
] as const;

const pctText = (pct: number) => String(pct / 100);

export function draftOf(config: TiersConfig | undefined): TiersDraft {
  if (!config)
    return {
      enabled: TIER_DEFAULTS.enabled,
      basis: TIER_DEFAULTS.basis,
      window: TIER_DEFAULTS.window,
      graceDays: String(TIER_DEFAULTS.graceDays),
      tiers: [],
    };
  return {
    enabled: config.enabled,
    basis: config.basis,
    window: config.window,
    graceDays: String(config.graceDays),
    tiers: config.tiers.map((tier) => ({
      tierId: tier.id,
      nameAr: tier.nameAr,
      nameEn: tier.nameEn,
      colour: tier.colour,
      threshold: String(tier.threshold),
      multiplier: pctText(tier.multiplierPct),
      birthdayMultiplier:
        tier.birthdayMultiplierPct === null ? '' : pctText(tier.birthdayMultiplierPct),
    })),
  };
}

/** A new tier: the next colour of the palette, numbers left for the merchant to choose. */
export function newTier(existing: TierDraft[]): TierDraft {
  const used = new Set(existing.map((tier) => tier.colour.toLowerCase()));
  const colour = TIER_PALETTE.find((c) => !used.has(c.hex))?.hex ?? TIER_PALETTE[0].hex;
  return {
    nameAr: '',
    nameEn: '',
    colour,
    threshold: '',
    multiplier: '1',
    birthdayMultiplier: '',
  };
}

/** "1.25" (or ١٫٢٥) → 125; NaN when it is not a multiplier with at most two decimals. */
export function multiplierPct(text: string): number {
  const value = parseNumber(text);
  if (!Number.isFinite(value)) return Number.NaN;
  const pct = Math.round(value * 100);
  return Math.abs(value * 100 - pct) < 1e-6 ? pct : Number.NaN;
}

/** Field errors as catalogue keys (`key` or `key|limit`, see lib/validation), by field path. */
export type DraftErrors = Record<string, string>;

const MULTIPLIER_ERROR = 'tiers:errors.multiplier';

/** The API's body, or the field errors that keep it from being sent. */
export function requestOf(
  draft: TiersDraft,
): { request: TiersRequest; errors: null } | { request: null; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const whole = (text: string) => parseNumber(text);
  const tiers = draft.tiers.map((tier, i) => {
    const multiplier = multiplierPct(tier.multiplier);
    const birthday =
      tier.birthdayMultiplier.trim() === '' ? null : multiplierPct(tier.birthdayMultiplier);
    const inRange = (pct: number) =>
      Number.isInteger(pct) &&
      pct >= TIER_LIMITS.multiplierPct.min &&
      pct <= TIER_LIMITS.multiplierPct.max;
    if (!inRange(multiplier)) errors[`tiers.${i}.multiplier`] = MULTIPLIER_ERROR;
    if (birthday !== null && !inRange(birthday))
      errors[`tiers.${i}.birthdayMultiplier`] = MULTIPLIER_ERROR;
    return {
      ...(tier.tierId ? { id: tier.tierId } : {}),
      nameAr: tier.nameAr,
      nameEn: tier.nameEn,
      colour: tier.colour,
      threshold: whole(tier.threshold),
      multiplierPct: multiplier,
      birthdayMultiplierPct: birthday,
    };
  });
  const parsed = TiersRequestSchema.safeParse(
    {
      enabled: draft.enabled,
      basis: draft.basis,
      window: draft.window,
      graceDays: whole(draft.graceDays),
      tiers,
    },
    { error: validationErrorMap },
  );
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [first, index, field] = issue.path.map(String);
      if (first === 'tiers' && index !== undefined && field !== undefined) {
        const name =
          field === 'multiplierPct'
            ? 'multiplier'
            : field === 'birthdayMultiplierPct'
              ? 'birthdayMultiplier'
              : field;
        if (name === 'multiplier' || name === 'birthdayMultiplier') {
          errors[`tiers.${index}.${name}`] = MULTIPLIER_ERROR;
        } else if (issue.code === 'custom' && name === 'threshold') {
          errors[`tiers.${index}.threshold`] = 'tiers:errors.thresholdOrder';
        } else {
          errors[`tiers.${index}.${name}`] ??= issue.message;
        }
      } else if (first === 'tiers') {
        errors.tiers = draft.tiers.length === 0 ? 'tiers:errors.noTiers' : 'tiers:errors.duplicate';
      } else if (first) {
        errors[first] ??= issue.message;
      }
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { request: null, errors };
  return { request: parsed.data, errors: null };
}

/** The tiers lowest first by what was typed; a threshold not yet a number stays where it is. */
export function sortedByThreshold(tiers: TierDraft[]): TierDraft[] {
  const value = (tier: TierDraft) => {
    const n = parseNumber(tier.threshold);
    return Number.isFinite(n) ? n : Number.POSITIVE_INFINITY;
  };
  return tiers
    .map((tier, index) => ({ tier, index }))
    .sort((a, b) => value(a.tier) - value(b.tier) || a.index - b.index)
    .map(({ tier }) => tier);
}
