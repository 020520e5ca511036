import { describe, expect, test } from 'vitest';
import { earnEstimate } from '@nuqat/contracts';
import { campaignEffect, withMultipliers, type CampaignRule } from './campaign-rules.ts';

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
    });
    const end = new Date('2026-09-23T21:00:00Z');
    expect(campaignEffect(campaigns, { placedAt: end, baseHalalas: 20_000, tierId: null })).toEqual(
      {
        multiplierPct: 100,
        bonusPoints: 0,
        ids: [],
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
});
