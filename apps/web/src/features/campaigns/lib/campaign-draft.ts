import {
  CampaignInputSchema,
  earnEstimate,
  type Campaign,
  type CampaignBody,
  type LoyaltyRule,
} from '@nuqat/contracts';

/** The editor's fields as typed (strings), turned into the API's body by the shared schema. */
export interface CampaignDraft {
  nameAr: string;
  nameEn: string;
  startsAt: string;
  endsAt: string;
  effect: 'multiplier' | 'bonus' | 'products';
  /** ×, as the merchant types it ("2" for double points); also a products campaign's. */
  multiplier: string;
  bonusPoints: string;
  minOrderTotal: string;
  firstOrderOnly: boolean;
  /** Kept from the campaign being edited (the screen does not change them). */
  tierIds: string[];
  /** A products campaign's products (Salla's ids, as the store's orders named them). */
  productIds: number[];
  /** …and its categories (Salla's ids), whose products join it when it is saved (decision 061). */
  categoryIds: number[];
}

export function emptyDraft(): CampaignDraft {
  return {
    nameAr: '',
    nameEn: '',
    startsAt: '',
    endsAt: '',
    effect: 'multiplier',
    multiplier: '2',
    bonusPoints: '50',
    minOrderTotal: '0',
    firstOrderOnly: false,
    tierIds: [],
    productIds: [],
    categoryIds: [],
  };
}

export function draftOf(c: Campaign): CampaignDraft {
  return {
    nameAr: c.nameAr,
    nameEn: c.nameEn,
    startsAt: c.startsAt,
    endsAt: c.endsAt,
    effect: c.effect,
    multiplier: String(c.multiplierPct / 100),
    bonusPoints: String(c.bonusPoints || 50),
    minOrderTotal: String(c.minOrderTotal),
    firstOrderOnly: c.firstOrderOnly,
    tierIds: c.tierIds,
    // The products chosen one by one; the ones a category brought come back with it on save.
    productIds: c.products.filter((p) => p.categoryId === undefined).map((p) => p.id),
    categoryIds: c.categories.map((k) => k.id),
  };
}

const num = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));

/** The body, or each field's first problem (the schema's own paths). */
export function requestOf(
  d: CampaignDraft,
): { body: CampaignBody; errors: null } | { body: null; errors: Record<string, string> } {
  const parsed = CampaignInputSchema.safeParse({
    nameAr: d.nameAr,
    nameEn: d.nameEn,
    startsAt: d.startsAt,
    endsAt: d.endsAt,
    effect: d.effect,
    multiplierPct: d.effect === 'bonus' ? null : Math.round(num(d.multiplier) * 100),
    bonusPoints: d.effect === 'bonus' ? num(d.bonusPoints) : null,
    minOrderTotal: num(d.minOrderTotal),
    tierIds: d.tierIds,
    firstOrderOnly: d.firstOrderOnly,
    productIds: d.effect === 'products' ? d.productIds : [],
    categoryIds: d.effect === 'products' ? d.categoryIds : [],
  });
  if (parsed.success) return { body: parsed.data, errors: null };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = String(issue.path[0] ?? '');
    errors[path] ??= issue.message;
  }
  return { body: null, errors };
}

/**
 * What a sample order earns under the store's rules, without and with the campaign. For a
 * products campaign the sample is an order of the chosen products only: their spend is
 * multiplied, the per-order points are not (decision 057).
 */
export function previewOf(
  rules: LoyaltyRule[],
  d: CampaignDraft,
  sampleSar: number,
): { without: number; with: number } {
  const byEvent = new Map(rules.map((r) => [r.event, r]));
  const order = byEvent.get('order.created');
  const amount = byEvent.get('purchase_amount');
  const halalas = Math.max(0, Math.round(sampleSar * 100));
  const base = {
    spendHalalas: halalas,
    totalHalalas: halalas,
    perOrder:
      order && order.enabled
        ? { points: order.points, minOrderTotalHalalas: (order.minOrderTotal ?? 0) * 100 }
        : null,
    perAmount:
      amount && amount.enabled
        ? {
            points: amount.points,
            spendUnitHalalas: (amount.spendUnit ?? 1) * 100,
            minOrderTotalHalalas: (amount.minOrderTotal ?? 0) * 100,
          }
        : null,
  };
  const pct = Math.round(num(d.multiplier) * 100);
  const bonus = num(d.bonusPoints);
  const campaign = {
    multiplierPct: d.effect !== 'bonus' && pct > 100 && pct <= 1000 ? pct : 100,
    bonusPoints: d.effect === 'bonus' && bonus > 0 ? bonus : 0,
    minOrderTotalHalalas: Math.max(0, num(d.minOrderTotal) || 0) * 100,
  };
  const without = earnEstimate(base);
  if (d.effect === 'products')
    return {
      without,
      with:
        earnEstimate({ ...base, perAmount: null }) +
        earnEstimate({ ...base, perOrder: null, campaigns: [campaign] }),
    };
  return { without, with: earnEstimate({ ...base, campaigns: [campaign] }) };
}
