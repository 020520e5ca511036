import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { webhooks } from '@nuqat/salla-sandbox';
import { notificationOutbox } from '../../db/schema/index.ts';
import {
  balanceOf,
  createEngineContext,
  customerFacts,
  deliverOk,
  expectLedgerInvariant,
  setupStore,
  type EngineContext,
} from '../../test/engine-support.ts';
import { uniqueEmail } from '../../test/test-app.ts';
import { creditPoints } from '../engine/index.ts';
import { enqueueNotification } from '../notifications/index.ts';
import { insertReward, type RewardValues } from './rewards.repository.ts';

// What a redemption hands on instead of doing again (docs/decisions/063): the store row of the
// reserve step to the token service, and its coupon mail to the deliverer, batched.

let ctx: EngineContext;
beforeAll(async () => {
  ctx = await createEngineContext();
});
afterAll(async () => {
  await ctx?.close();
});

const REWARD: RewardValues = {
  name: 'خصم 20 ريال',
  type: 'fixed_discount',
  pointsRequired: 100,
  value: 20,
  description: 'على طلبك القادم',
  isActive: true,
  maxUsage: null,
  minOrderAmount: 0,
  freeProducts: [],
  couponValidDays: 30,
};

async function installedStore(): Promise<number> {
  const merchantId = await setupStore(ctx, { plan: 'growth' });
  const tokens = ctx.sandbox.registerStore({
    merchantId,
    domain: `https://store-${merchantId}.example.sa`,
  });
  await deliverOk(ctx, webhooks.storeAuthorize(merchantId, tokens));
  return merchantId;
}

async function shopper(merchantId: number, points: number) {
  const email = uniqueEmail('handover');
  const facts = customerFacts({ email });
  await deliverOk(ctx, webhooks.customerCreated(merchantId, facts));
  if (points === 0) return { customerId: facts.id, email };
  await ctx.database.db.transaction((tx) =>
    creditPoints(tx, {
      merchantId,
      customerId: facts.id,
      points,
      sourceType: 'manual',
      sourceId: randomUUID(),
      idempotencyKey: `test:${randomUUID()}`,
      kind: 'adjust',
      note: 'test grant',
      at: new Date(),
    }),
  );
  return { customerId: facts.id, email };
}

const couponsOf = (merchantId: number) =>
  ctx.sandbox.coupons.filter((c) => c.merchantId === merchantId && c.status === 'active');

const mailsTo = (email: string) =>
  ctx.smtp.messages.filter((m) => m.to.includes(email.toLowerCase()));

async function outboxOf(merchantId: number) {
  return ctx.database.db
    .select()
    .from(notificationOutbox)
    .where(
      and(
        eq(notificationOutbox.merchantId, merchantId),
        eq(notificationOutbox.kind, 'coupon_issued'),
      ),
    );
}

describe('the store row of the reserve step', () => {
  test('a token refreshed away between the reserve and the Salla call: read afresh, asked again, one coupon', async () => {
    const merchantId = await installedStore();
    const me = await shopper(merchantId, 300);
    const r = await insertReward(ctx.database.db, merchantId, REWARD);
    const { redemptions, sallaTokens } = ctx.app.services;
    const { redemption, created, merchant } = await redemptions.reserveRedemption({
      merchantId,
      customerId: me.customerId,
      rewardId: r.id,
      lang: 'ar',
    });
    expect(created).toBe(true);
    expect(merchant?.id).toBe(merchantId);
    // Another caller refreshes now: Salla revokes the access token the reserve step read.
    const refresh = await sallaTokens.refreshIfDue({ merchantId, aheadMs: 365 * 86_400_000 });
    expect(refresh.kind).toBe('refreshed');

    const issued = await redemptions.issueRedemption(redemption, 'ar', { merchant });
    expect(issued.status).toBe('issued');
    expect(couponsOf(merchantId).map((c) => c.code)).toEqual([redemption.couponCode]);
    expect(await balanceOf(ctx, merchantId, me.customerId)).toBe(200);
    await expectLedgerInvariant(ctx, merchantId);
  });
});

describe('coupon mails after the answer', () => {
  test('redemptions at once: every shopper gets their coupon mail once, every row sent once', async () => {
    const merchantId = await installedStore();
    const r = await insertReward(ctx.database.db, merchantId, REWARD);
    const people = await Promise.all(Array.from({ length: 6 }, () => shopper(merchantId, 100)));
    const coupons = await Promise.all(
      people.map((p) =>
        ctx.app.services.redemptions.redeemReward({
          merchantId,
          customerId: p.customerId,
          rewardId: r.id,
          lang: 'en',
        }),
      ),
    );
    for (const [i, p] of people.entries()) {
      const mail = await ctx.smtp.waitForMail(p.email);
      expect(mail.text).toContain(coupons[i]!.code);
    }
    const rows = await outboxOf(merchantId);
    expect(rows).toHaveLength(6);
    await expect
      .poll(async () => (await outboxOf(merchantId)).map((o) => o.status))
      .toEqual(Array(6).fill('sent'));
    // Handed over again, they are not sent again.
    const again = await ctx.app.services.notifications.deliverDue({
      only: rows.map((o) => ({ merchantId, idempotencyKey: o.idempotencyKey })),
    });
    expect(again).toEqual({ sent: 0, retried: 0, failed: 0, skipped: 0 });
    for (const p of people) expect(mailsTo(p.email)).toHaveLength(1);
  });

  test('a list of keys claims those rows only, each once', async () => {
    const merchantId = await installedStore();
    const people = await Promise.all(Array.from({ length: 3 }, () => shopper(merchantId, 0)));
    const keys = people.map(() => `coupon:${randomUUID()}`);
    for (const [i, p] of people.entries())
      await enqueueNotification(ctx.database.db, {
        merchantId,
        customerId: p.customerId,
        kind: 'coupon_issued',
        idempotencyKey: keys[i]!,
        payload: {
          rewardName: 'خصم',
          points: 100,
          code: `NQ-LIST${i}`,
          expiresOn: '2030-01-01',
          minOrderAmount: 0,
        },
      });
    const { deliverDue } = ctx.app.services.notifications;
    const first = await deliverDue({
      only: keys.slice(0, 2).map((idempotencyKey) => ({ merchantId, idempotencyKey })),
    });
    expect(first.sent).toBe(2);
    expect(mailsTo(people[2]!.email)).toHaveLength(0);
    const statuses = async () =>
      Object.fromEntries((await outboxOf(merchantId)).map((o) => [o.idempotencyKey, o.status]));
    expect(await statuses()).toEqual({
      [keys[0]!]: 'sent',
      [keys[1]!]: 'sent',
      [keys[2]!]: 'pending',
    });
    const second = await deliverDue({
      only: keys.map((idempotencyKey) => ({ merchantId, idempotencyKey })),
    });
    expect(second.sent).toBe(1);
    for (const [i, p] of people.entries()) {
      expect(mailsTo(p.email)).toHaveLength(1);
      expect(mailsTo(p.email)[0]!.text).toContain(`NQ-LIST${i}`);
    }
  });
});
