import { describe, expect, test } from 'vitest';
import { coupon, historyEntry, loyaltyData, reward } from '../testing/fixtures';
import { applyRedemption, redeemBlock } from './redemption';

describe('redemption rules of the page', () => {
  test('spec §4: points drop, the coupon is appended and a redeemed entry goes first', () => {
    const before = loyaltyData({
      availablePoints: 500,
      coupons: [coupon({ id: '5e1d0c3b-0000-4000-8000-00000000c000', code: 'OLD-1' })],
      history: [historyEntry(1)],
    });
    const after = applyRedemption(before, coupon(), {
      description: 'استبدال نقاط بمكافأة «خصم 20 ريال»',
      formattedDate: '23 نوفمبر 2026',
    });
    expect(after.availablePoints).toBe(300);
    expect(after.coupons.map((item) => item.code)).toEqual(['OLD-1', 'NQT-7K2M-9QX4']);
    expect(after.history[0]).toMatchObject({
      type: 'redeemed',
      points: -200,
      description: 'استبدال نقاط بمكافأة «خصم 20 ريال»',
      date: coupon().createdAt,
    });
    expect(after.history.slice(1)).toEqual(before.history);
    expect(before.availablePoints).toBe(500);
  });

  test('a reward is blocked by a paused programme, stock, the balance, then a running redemption', () => {
    const data = (availablePoints: number, redeemable = true) => ({
      availablePoints,
      programme: { redeemable, reason: redeemable ? null : ('PROGRAMME_PAUSED' as const) },
    });
    expect(redeemBlock(reward(), data(1000, false), false)).toBe('paused');
    expect(redeemBlock(reward({ available: false }), data(1000), false)).toBe('out-of-stock');
    expect(redeemBlock(reward(), data(199), true)).toBe('insufficient');
    expect(redeemBlock(reward(), data(200), true)).toBe('busy');
    expect(redeemBlock(reward(), data(200), false)).toBeNull();
  });
});
