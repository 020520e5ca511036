import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  earnEstimate,
  StorefrontProgrammeResponseSchema,
  type StorefrontProgramme,
} from '@nuqat/contracts';
import { webhooks, type CustomerFacts, type OrderFacts } from '@nuqat/salla-sandbox';
import { merchants, orders } from '../../db/schema/index.ts';
import { sealForStore } from '../../lib/crypto.ts';
import {
  createEngineContext,
  customerFacts,
  deliverOk,
  randomId,
  setRules,
  type EngineContext,
} from '../../test/engine-support.ts';
import { signedInStore } from '../../test/test-app.ts';

/*
 * The store page's earn badge (docs/decisions/035) promises `earnEstimate` over the store's public
 * programme. Here the engine then counts the same orders: the badge's figure is exactly what it
 * credits, across minimums, odd spend units, shipping, tax, discounts and a tier multiplier whose
 * rounding bites.
 */

let ctx: EngineContext;
beforeAll(async () => {
  ctx = await createEngineContext();
});
afterAll(async () => {
  await ctx?.close();
});

const DAY = 86_400_000;

async function storeWithTiers() {
  const store = await signedInStore(ctx, {
    plan: 'growth',
    subscriptionStatus: 'active',
    subscriptionExpiresAt: new Date(Date.now() + 365 * DAY),
  });
  const tokens = ctx.sandbox.registerStore({ merchantId: store.merchantId });
  const seal = (v: string) => sealForStore(ctx.config.keys.storeSecrets, store.merchantId, v);
  await ctx.database.db
    .update(merchants)
    .set({
      subscriptionStartedAt: new Date(Date.now() - 30 * DAY),
      sallaAccessToken: seal(tokens.access_token),
      sallaRefreshToken: seal(tokens.refresh_token),
      sallaTokenExpiresAt: new Date(tokens.expires * 1000),
    })
    .where(eq(merchants.id, store.merchantId));
  await setRules(ctx, store.merchantId, {
    'order.created': { points: 25, minOrderTotalSar: 50 },
    purchase_amount: { points: 3, spendUnitSar: 7, minOrderTotalSar: 20 },
  });
  const res = await ctx.server.inject({
    method: 'PUT',
    url: '/api/tiers',
    headers: { authorization: store.authorization },
    payload: {
      enabled: true,
      basis: 'spend',
      window: 'lifetime',
      graceDays: 30,
      tiers: [
        {
          nameAr: 'فضي',
          nameEn: 'Silver',
          colour: '#94a3b8',
          threshold: 100,
          multiplierPct: 133,
          birthdayMultiplierPct: null,
        },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  await ctx.app.services.tiers.runPass(store.merchantId);
  return store;
}

async function programme(merchantId: number): Promise<StorefrontProgramme> {
  const res = await ctx.server.inject({
    method: 'GET',
    url: `/api/storefront/${merchantId}/programme`,
  });
  expect(res.statusCode).toBe(200);
  return StorefrontProgrammeResponseSchema.parse(res.json()).data;
}

async function credited(merchantId: number, orderId: number) {
  const [row] = await ctx.database.db
    .select({ earn: orders.earnPoints, amount: orders.amountPoints, pct: orders.tierMultiplierPct })
    .from(orders)
    .where(and(eq(orders.merchantId, merchantId), eq(orders.id, orderId)));
  return row!;
}

const halalas = (sar: number) => Math.round(sar * 100);

/** Orders as the cart would show them: sub-total (less discount) and total, in SAR. */
const ORDERS: Omit<OrderFacts, 'id' | 'customer' | 'status'>[] = [
  { total: 19.99 },
  { total: 20 },
  { total: 49.99 },
  { total: 50 },
  { total: 123.45, shipping: 15, tax: 10 },
  { total: 250, discount: 20 },
  { total: 999.99, shipping: 25.5 },
];

describe('the earn badge and the engine agree', () => {
  test('for a guest-priced order (no tier) and for a Silver shopper (×1.33), order by order', async () => {
    const store = await storeWithTiers();
    const published = await programme(store.merchantId);
    expect(published.earning).toEqual({
      perAmount: { points: 3, spendUnitHalalas: 700, minOrderTotalHalalas: 2000 },
      perOrder: { points: 25, minOrderTotalHalalas: 5000 },
    });
    const silver = published.tiers!.levels[0]!.multiplierPct;

    for (const tier of ['none', 'silver'] as const) {
      const shopper: CustomerFacts = customerFacts();
      if (tier === 'silver') {
        // A first order of 150 SAR lifts the shopper to Silver.
        await deliverOk(
          ctx,
          webhooks.orderCreated(store.merchantId, {
            id: randomId(),
            customer: shopper,
            total: 150,
            status: 'completed',
          }),
        );
        await ctx.app.services.tiers.runPass(store.merchantId);
      }
      for (const facts of ORDERS) {
        const order: OrderFacts = {
          id: randomId(),
          // Without a tier, each order is a new shopper's (their spend would lift them to Silver).
          customer: tier === 'silver' ? shopper : customerFacts(),
          status: 'completed',
          ...facts,
        };
        const subTotal =
          facts.total - (facts.shipping ?? 0) - (facts.tax ?? 0) + (facts.discount ?? 0);
        const badge = earnEstimate({
          spendHalalas: halalas(subTotal - (facts.discount ?? 0)),
          totalHalalas: halalas(facts.total),
          perAmount: published.earning!.perAmount,
          perOrder: published.earning!.perOrder,
          multiplierPct: tier === 'silver' ? silver : undefined,
        });
        await deliverOk(ctx, webhooks.orderCreated(store.merchantId, order));
        const row = await credited(store.merchantId, order.id);
        expect(row.pct, `${tier} ${facts.total}`).toBe(tier === 'silver' ? silver : 100);
        expect(row.earn + row.amount, `${tier} ${facts.total} SAR`).toBe(badge);
      }
    }
  });

  test('a paused store promises nothing (the engine credits nothing either)', async () => {
    const store = await storeWithTiers();
    await ctx.database.db
      .update(merchants)
      .set({ programmeEnabled: false })
      .where(eq(merchants.id, store.merchantId));
    expect((await programme(store.merchantId)).earning).toBeNull();
  });
});
