import { describe, expect, test } from 'vitest';
import type { LoyaltyRule } from '@nuqat/contracts';
import { emptyDraft, previewOf, requestOf } from './campaign-draft';

/** The editor's draft of a products campaign (decision 057): its body and its sample order. */

// 10 points an order, 1 point per 10 SAR.
const rule = (event: LoyaltyRule['event'], points: number, spendUnit: number | null) => ({
  event,
  points,
  enabled: true,
  minRating: null,
  requiredPurchases: null,
  minOrderTotal: null,
  spendUnit,
  maxPerCustomer: null,
  updatedAt: null,
});
const rules: LoyaltyRule[] = [rule('order.created', 10, null), rule('purchase_amount', 1, 10)];

const draft = {
  ...emptyDraft(),
  nameAr: 'العود',
  nameEn: 'Oud week',
  startsAt: '2026-12-01T00:00',
  endsAt: '2026-12-08T00:00',
  effect: 'products' as const,
  multiplier: '3',
};

describe('a products campaign draft', () => {
  test('its body names the products; none chosen is the products field’s error', () => {
    expect(requestOf(draft).errors).toEqual({ productIds: expect.any(String) });
    const ok = requestOf({ ...draft, productIds: [720881993] });
    expect(ok.body).toMatchObject({
      effect: 'products',
      multiplierPct: 300,
      productIds: [720881993],
    });
    expect(requestOf({ ...draft, productIds: [1], multiplier: '11' }).errors).toHaveProperty(
      'multiplierPct',
    );
    // A category alone is enough (decision 061); another effect sends none.
    expect(requestOf({ ...draft, categoryIds: [501] }).body).toMatchObject({
      productIds: [],
      categoryIds: [501],
    });
    expect(
      requestOf({ ...draft, effect: 'multiplier', categoryIds: [501] }).body?.categoryIds,
    ).toEqual([]);
    // Another effect sends no products, whatever the draft still holds.
    expect(requestOf({ ...draft, effect: 'multiplier', productIds: [1] }).body?.productIds).toEqual(
      [],
    );
  });

  test('the sample order of the chosen products: its spend ×3, its per-order points not', () => {
    // 200 SAR: 10 + 20 without; 10 + 60 with.
    expect(previewOf(rules, { ...draft, productIds: [1] }, 200)).toEqual({ without: 30, with: 70 });
    // An order-wide ×3 multiplies both.
    expect(previewOf(rules, { ...draft, effect: 'multiplier' }, 200)).toEqual({
      without: 30,
      with: 90,
    });
  });
});
