import { describe, expect, test } from 'vitest';
import { earnEstimate } from '@nuqat/contracts';
import {
  campaignEffect,
  lineCampaigns,
  withMultipliers,
  type CampaignRule,
} from './campaign-rules.ts';
import { applyProductRules } from './product-rules.ts';

/** The overlap rule of decision 047, pure: the engine's decision and the shared estimate agree. */

const at = new Date('2026-09-23T10:00:00Z');
function rule(extra: Partial<CampaignRule>): CampaignRule {
  return {
    id: extra.id ?? 'c',
    startsAt: new Date('2026-09-22T21:00:00Z'),
    endsAt: new Date('2026-09-23T21:00:00Z'),
    effect: 'multiplier',
    multiplierPct: 200,
    bonusPoints: 0,
    minOrderTotalHalalas: 0,
    tierIds: [],
    firstOrderOnly: false,
    productIds: [],
    ...extra,
  };
}

describe('campaign rules', () => {
  test('the highest multiplier wins, bonuses add, the window is [start, end)', () => {
    const campaigns = [
      rule({ id: 'a', multiplierPct: 150 }),
      rule({ id: 'b', multiplierPct: 300 }),
      rule({ id: 'c', effect: 'bonus', multiplierPct: 100, bonusPoints: 5 }),
      rule({
        id: 'd',
        effect: 'bonus',
        multiplierPct: 100,
        bonusPoints: 7,
        minOrderTotalHalalas: 50_000,
      }),
    ];
    expect(campaignEffect(campaigns, { placedAt: at, baseHalalas: 20_000, tierId: null })).toEqual({
      multiplierPct: 300,
      bonusPoints: 5,
      ids: ['b', 'c'],
      products: new Map(),
    });
    const end = new Date('2026-09-23T21:00:00Z');
    expect(campaignEffect(campaigns, { placedAt: end, baseHalalas: 20_000, tierId: null })).toEqual(
      {
        multiplierPct: 100,
        bonusPoints: 0,
        ids: [],
        products: new Map(),
      },
    );
  });

  test('tiers and first orders', () => {
    const campaigns = [
      rule({ id: 'gold', tierIds: ['t-gold'], multiplierPct: 400 }),
      rule({ id: 'first', effect: 'bonus', bonusPoints: 50, firstOrderOnly: true }),
    ];
    const base = { placedAt: at, baseHalalas: 10_000 };
    expect(campaignEffect(campaigns, { ...base, tierId: 't-gold' }).multiplierPct).toBe(400);
    expect(campaignEffect(campaigns, { ...base, tierId: 't-silver' }).multiplierPct).toBe(100);
    expect(
      campaignEffect(campaigns, { ...base, tierId: null, alreadyUsed: new Set(['first']) })
        .bonusPoints,
    ).toBe(0);
  });

  test('tier × campaign rounds down once, as the estimate does', () => {
    // 7 × 1.33 × 1.5 = 13.965 → 13.
    expect(withMultipliers(7, 133, 150)).toBe(13);
    expect(withMultipliers(33, 125, 250)).toBe(103);
    const estimate = earnEstimate({
      spendHalalas: 33_000,
      totalHalalas: 33_000,
      perAmount: { points: 1, spendUnitHalalas: 1000, minOrderTotalHalalas: 0 },
      perOrder: { points: 7, minOrderTotalHalalas: 0 },
      multiplierPct: 125,
      campaigns: [
        { multiplierPct: 250, bonusPoints: 0, minOrderTotalHalalas: 0 },
        { multiplierPct: 200, bonusPoints: 0, minOrderTotalHalalas: 0 },
        { multiplierPct: 100, bonusPoints: 4, minOrderTotalHalalas: 0 },
        { multiplierPct: 100, bonusPoints: 9, minOrderTotalHalalas: 40_000 },
      ],
    });
    expect(estimate).toBe(withMultipliers(7, 125, 250) + withMultipliers(33, 125, 250) + 4);
  });

  test('products campaigns: per line the highest multiplier wins, the order-wide one included', () => {
    const campaigns = [
      rule({ id: 'wide', multiplierPct: 150 }),
      rule({ id: 'p3', effect: 'products', multiplierPct: 300, productIds: [1, 2] }),
      rule({ id: 'p2', effect: 'products', multiplierPct: 200, productIds: [2, 3] }),
      // Below the order-wide ×1.5: gives product 4 nothing.
      rule({ id: 'p-low', effect: 'products', multiplierPct: 120, productIds: [4] }),
      rule({ id: 'p-min', effect: 'products', multiplierPct: 500, productIds: [5] }),
    ];
    campaigns[4]!.minOrderTotalHalalas = 1_000_000;
    const effect = campaignEffect(campaigns, { placedAt: at, baseHalalas: 40_000, tierId: null });
    expect(effect.multiplierPct).toBe(150);
    expect(effect.ids).toEqual(['wide']);
    expect([...effect.products.keys()].sort()).toEqual([1, 2, 3, 4]);
    const lines = [1, 3, 4, 9].map((productId) => ({ productId, name: '', amountHalalas: 10_000 }));
    const byLine = lineCampaigns(effect, lines)!;
    expect(Object.fromEntries(byLine.pcts)).toEqual({ 1: 300, 3: 200 });
    expect(byLine.otherPct).toBe(150);
    expect(byLine.ids.sort()).toEqual(['p2', 'p3']);
    // 100 SAR each: 300 + 200 + 150 + 150 = 800 percent-lines of 400 → the spend × 2.
    expect(applyProductRules(new Map(), lines, 40_000, byLine)).toEqual({
      basis: 'lines',
      spendHalalas: 80_000,
      allExcluded: false,
    });
    // A standing rule composes with the campaign on its line; an excluded product stays excluded.
    const rules = new Map([
      [1, 0],
      [3, 150],
    ]);
    // 0 + 200×1.5 + 150 + 150 = 600 → ×1.5.
    expect(applyProductRules(rules, lines, 40_000, byLine).spendHalalas).toBe(60_000);
    // No line of a chosen product, or no lines at all: decision 047 alone.
    expect(lineCampaigns(effect, lines.slice(2))).toBeNull();
    expect(lineCampaigns(effect, null)).toBeNull();
    expect(applyProductRules(new Map(), null, 40_000, null, true).basis).toBe('total');
  });
});
