import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  CouponsResponseSchema,
  CustomerLoyaltyResponseSchema,
  REFERRAL_WEEKLY_CAP,
  ReferralClaimResponseSchema,
  ReferralsResponseSchema,
  ReferralSummaryResponseSchema,
} from '@nuqat/contracts';
import { webhooks } from '@nuqat/salla-sandbox';
import { merchants, referrals } from '../../db/schema/index.ts';
import {
  createEngineContext,
  customerFacts,
  deliverOk,
  randomId,
  type EngineContext,
} from '../../test/engine-support.ts';
import { REFERRAL_SETTINGS, referralHelpers } from '../../test/referral-support.ts';
import { uniqueEmail, uniqueIp } from '../../test/test-app.ts';

let ctx: EngineContext;
beforeAll(async () => {
  ctx = await createEngineContext();
});
afterAll(async () => {
  await ctx?.close();
});

const {
  merchantCall,
  referralStore,
  signedInShopper,
  loyaltyReferral,
  claim,
  referralRows,
  couponsOf,
  claimedReferral,
  settle,
} = referralHelpers(() => ctx);

describe('codes and links', () => {
  test('a shopper gets one stable code and a link to the store carrying it', async () => {
    const store = await referralStore();
    const shopper = await signedInShopper(store);
    const first = await loyaltyReferral(store, shopper);
    expect(first).toMatchObject({ invited: 0, rewarded: 0 });
    expect(first!.code).toMatch(/^[A-Z0-9]{8}$/);
    expect(first!.link).toBe(`${store.storeUrl}/?ref=${first!.code}`);
    expect((await loyaltyReferral(store, shopper))!.code).toBe(first!.code);
    const other = await signedInShopper(store);
    expect((await loyaltyReferral(store, other))!.code).not.toBe(first!.code);
  });

  test('no referral in the loyalty data while the programme is off', async () => {
    const store = await referralStore({ settings: { ...REFERRAL_SETTINGS, isActive: false } });
    expect(await loyaltyReferral(store, await signedInShopper(store))).toBeNull();
  });
});

describe('the friend claims', () => {
  test('the gift is made at Salla as the settings say, mailed to the friend, never shown in the answer', async () => {
    const store = await referralStore();
    const inviter = await signedInShopper(store);
    const { code } = (await loyaltyReferral(store, inviter))!;
    const offer = await ctx.server.inject({
      method: 'GET',
      url: `/api/customers/referrals/offer?merchantId=${store.merchantId}&code=${code.toLowerCase()}`,
    });
    expect(offer.statusCode, offer.body).toBe(200);
    expect(offer.json().data.reward).toEqual({ type: 'percentage', value: 15, maxAmount: 60 });

    const friendEmail = uniqueEmail('friend');
    const after = ctx.smtp.messages.length;
    const res = await claim(store, code, friendEmail.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    const body = ReferralClaimResponseSchema.parse(res.json());
    expect(body.data.coupon).toMatchObject({ type: 'percentage', value: 15, maxAmount: 60 });
    expect(body.data.coupon.sentTo).toBe(`${friendEmail[0]}***@${friendEmail.split('@')[1]}`);
    expect(res.body).not.toMatch(/NQF-/);

    const [coupon] = couponsOf(store, 'NQF-');
    expect(coupon!.body).toMatchObject({
      type: 'percentage',
      amount: 15,
      maximum_amount: 60,
      free_shipping: false,
      exclude_sale_products: false,
      usage_limit: 1,
      usage_limit_per_user: 1,
    });
    const mail = await ctx.smtp.waitForMail(friendEmail, { after });
    expect(mail.text).toContain(coupon!.code);
    expect((await loyaltyReferral(store, inviter))!.invited).toBe(1);
  });

  test('one gift per e-mail per store, also when two claims race', async () => {
    const store = await referralStore();
    const inviter = await signedInShopper(store);
    const { code } = (await loyaltyReferral(store, inviter))!;
    const email = uniqueEmail('friend');
    const answers = await Promise.all([claim(store, code, email), claim(store, code, email)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().code).toBe('REFERRAL_NOT_ELIGIBLE');
    expect(couponsOf(store, 'NQF-')).toHaveLength(1);
  });

  test.each([
    ['the inviter’s own e-mail', 'self', 'REFERRAL_NOT_ELIGIBLE', 409, 'self_referral'],
    [
      'a shopper who already ordered',
      'customer',
      'REFERRAL_NOT_ELIGIBLE',
      409,
      'existing_customer',
    ],
    ['an unknown code', 'unknown', 'REFERRAL_CODE_INVALID', 404, 'unknown_code'],
  ] as const)(
    '%s is refused, recorded as blocked and shown to the merchant',
    async (_, kind, code, status, reason) => {
      const store = await referralStore();
      const inviter = await signedInShopper(store);
      const referral = (await loyaltyReferral(store, inviter))!;
      let email = uniqueEmail('friend');
      let useCode = referral.code;
      if (kind === 'self') email = inviter.email;
      if (kind === 'unknown') useCode = 'NOSUCHCODE';
      if (kind === 'customer') {
        const facts = customerFacts({ email });
        await deliverOk(
          ctx,
          webhooks.orderCreated(store.merchantId, {
            id: randomId(),
            customer: facts,
            total: 100,
            status: 'completed',
          }),
        );
      }
      const res = await claim(store, useCode, email, uniqueIp(), 'ar');
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().code).toBe(code);
      expect(res.json().message).toMatch(/[\u0600-\u06FF]/);
      expect(couponsOf(store, 'NQF-')).toHaveLength(0);
      const list = ReferralsResponseSchema.parse(
        (await merchantCall(store, 'GET', '/?status=blocked')).json(),
      );
      expect(list.data.items).toHaveLength(1);
      expect(list.data.items[0]).toMatchObject({ status: 'blocked', reason, friend: { email } });
    },
  );

  test('a switched-off programme and a starter store refuse with their own errors', async () => {
    const off = await referralStore();
    const { code } = (await loyaltyReferral(off, await signedInShopper(off)))!;
    await merchantCall(off, 'POST', '/toggle', { isActive: false });
    const res = await claim(off, code, uniqueEmail('friend'));
    expect([res.statusCode, res.json().code]).toEqual([409, 'REFERRAL_INACTIVE']);

    const starter = await referralStore({ plan: 'starter' });
    const gated = await claim(starter, 'ANYCODE1', uniqueEmail('friend'));
    expect([gated.statusCode, gated.json().code]).toEqual([403, 'PLAN_FEATURE_REQUIRED']);
    for (const url of ['/', '/summary']) {
      const r = await merchantCall(starter, 'GET', url);
      expect([r.statusCode, r.json().code]).toEqual([403, 'PLAN_FEATURE_REQUIRED']);
    }
  });

  test('bad input is a 400 naming the field, never a 500', async () => {
    const store = await referralStore();
    for (const payload of [
      { merchantId: String(store.merchantId), code: 'ABC', email: 'not-an-email' },
      { merchantId: String(store.merchantId), code: '<script>', email: 'a@b.sa' },
      { merchantId: 'x', code: 'ABC', email: 'a@b.sa' },
      { merchantId: String(store.merchantId), code: 'ABC', email: 'a@b.sa', extra: 1 },
    ]) {
      const res = await ctx.server.inject({
        method: 'POST',
        url: '/api/customers/referrals/claim',
        payload,
        remoteAddress: uniqueIp(),
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  test('Salla failing the gift undoes the claim: an error the friend can read, and they may try again', async () => {
    const store = await referralStore();
    const { code } = (await loyaltyReferral(store, await signedInShopper(store)))!;
    const email = uniqueEmail('friend');
    ctx.sandbox.fail({ mode: '500', path: '/admin/v2/coupons', count: 10 });
    const res = await claim(store, code, email);
    ctx.sandbox.clearFaults();
    expect([res.statusCode, res.json().code]).toEqual([502, 'REFERRAL_CLAIM_FAILED']);
    expect(await referralRows(store)).toHaveLength(0);
    expect((await claim(store, code, email)).statusCode).toBe(200);
  });

  test('claims are rate-limited per address', async () => {
    const store = await referralStore();
    const ip = uniqueIp();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push((await claim(store, 'NOSUCHCODE', uniqueEmail('farm'), ip)).statusCode);
    expect(codes.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe('the inviter is paid once the friend’s first order counts', () => {
  test('paid once when the order becomes spendable, under redelivery and concurrent settles', async () => {
    const store = await referralStore();
    const { inviter, friendEmail } = await claimedReferral(store);
    const friend = customerFacts({ email: friendEmail });
    const order = { id: randomId(), customer: friend, total: 240, status: 'under_review' };
    await deliverOk(ctx, webhooks.orderCreated(store.merchantId, order));
    await settle(store);
    expect(couponsOf(store, 'NQR-')).toHaveLength(0);
    expect((await referralRows(store))[0]).toMatchObject({ status: 'pending', orderId: order.id });

    const after = ctx.smtp.messages.length;
    const completed = webhooks.orderStatusUpdated(store.merchantId, {
      ...order,
      status: 'completed',
    });
    await deliverOk(ctx, completed);
    await deliverOk(ctx, completed);
    await Promise.all([settle(store), settle(store), ctx.app.services.referrals.settleAll()]);
    await settle(store);
    const made = couponsOf(store, 'NQR-');
    expect(made).toHaveLength(1);
    expect(made[0]!.body).toMatchObject({ type: 'fixed', amount: 25, usage_limit: 1 });
    const [row] = await referralRows(store);
    expect(row).toMatchObject({ status: 'completed', inviterCouponStatus: 'issued' });
    const mail = await ctx.smtp.waitForMail(inviter.email, { after });
    expect(mail.text).toContain(made[0]!.code);
    expect(await loyaltyReferral(store, inviter)).toMatchObject({ invited: 1, rewarded: 1 });
  });

  test('a holding period delays the payout until it is over', async () => {
    const store = await referralStore();
    await ctx.database.db
      .update(merchants)
      .set({ pointsHoldDays: 3 })
      .where(eq(merchants.id, store.merchantId));
    const { friendEmail } = await claimedReferral(store);
    const order = {
      id: randomId(),
      customer: customerFacts({ email: friendEmail }),
      total: 90,
      status: 'completed',
    };
    await deliverOk(ctx, webhooks.orderCreated(store.merchantId, order));
    await settle(store);
    expect(couponsOf(store, 'NQR-')).toHaveLength(0);
    ctx.clock.advance(3 * 86_400_000 + 60_000);
    try {
      await settle(store);
    } finally {
      ctx.clock.advance(-(3 * 86_400_000 + 60_000));
    }
    expect(couponsOf(store, 'NQR-')).toHaveLength(1);
  });

  test.each([
    ['cancelled', 'orderCancelled', 'order_cancelled'],
    ['refunded', 'orderRefunded', 'order_refunded'],
  ] as const)(
    'reversed when the order is %s before it counts: nothing paid',
    async (_, event, reason) => {
      const store = await referralStore();
      const { friendEmail } = await claimedReferral(store);
      const order = {
        id: randomId(),
        customer: customerFacts({ email: friendEmail }),
        total: 150,
        status: 'under_review',
      };
      await deliverOk(ctx, webhooks.orderCreated(store.merchantId, order));
      await deliverOk(
        ctx,
        webhooks[event](store.merchantId, {
          ...order,
          status: event === 'orderCancelled' ? 'canceled' : 'refunded',
        }),
      );
      await deliverOk(
        ctx,
        webhooks.orderStatusUpdated(store.merchantId, { ...order, status: 'completed' }),
      );
      await settle(store);
      expect(couponsOf(store, 'NQR-')).toHaveLength(0);
      expect((await referralRows(store))[0]).toMatchObject({ status: 'reversed', reason });
    },
  );

  test('the friend’s order under the inviter’s own mobile is a self-referral: blocked, not paid', async () => {
    const store = await referralStore();
    const inviter = await signedInShopper(store, { mobile: 555123456 });
    const { code } = (await loyaltyReferral(store, inviter))!;
    const email = uniqueEmail('alias');
    expect((await claim(store, code, email)).statusCode).toBe(200);
    const order = {
      id: randomId(),
      customer: customerFacts({ email, mobile: 555123456 }),
      total: 80,
      status: 'completed',
    };
    await deliverOk(ctx, webhooks.orderCreated(store.merchantId, order));
    await settle(store);
    expect(couponsOf(store, 'NQR-')).toHaveLength(0);
    expect((await referralRows(store))[0]).toMatchObject({
      status: 'blocked',
      reason: 'self_referral',
    });
  });

  test(`an inviter is paid for at most ${REFERRAL_WEEKLY_CAP} friends a week; more are blocked`, async () => {
    const store = await referralStore();
    const { inviter, friendEmail } = await claimedReferral(store);
    // The inviter was paid for REFERRAL_WEEKLY_CAP friends in the last days.
    for (let i = 0; i < REFERRAL_WEEKLY_CAP; i++)
      await ctx.database.db.insert(referrals).values({
        merchantId: store.merchantId,
        code: 'PAIDEARLIER',
        inviterCustomerId: inviter.facts.id,
        friendEmail: `earlier-${randomUUID()}@example.sa`,
        status: 'completed',
        friendType: 'fixed',
        friendValue: 5,
        inviterType: 'fixed',
        inviterValue: 5,
        completedAt: new Date(Date.now() - 86_400_000),
      });
    const order = {
      id: randomId(),
      customer: customerFacts({ email: friendEmail }),
      total: 80,
      status: 'completed',
    };
    await deliverOk(ctx, webhooks.orderCreated(store.merchantId, order));
    await settle(store);
    expect(couponsOf(store, 'NQR-')).toHaveLength(0);
    const [row] = await ctx.database.db
      .select()
      .from(referrals)
      .where(
        and(eq(referrals.merchantId, store.merchantId), eq(referrals.friendEmail, friendEmail)),
      );
    expect(row).toMatchObject({ status: 'blocked', reason: 'weekly_cap' });
  });

  test('Salla failing the payout keeps it pending with its code; the retry makes that one coupon', async () => {
    const store = await referralStore();
    const { friendEmail } = await claimedReferral(store);
    ctx.sandbox.fail({ mode: '500', path: '/admin/v2/coupons', count: 10 });
    const order = {
      id: randomId(),
      customer: customerFacts({ email: friendEmail }),
      total: 80,
      status: 'completed',
    };
    await deliverOk(ctx, webhooks.orderCreated(store.merchantId, order));
    await settle(store);
    ctx.sandbox.clearFaults();
    const [pending] = await referralRows(store);
    expect(pending).toMatchObject({ status: 'pending', inviterCouponStatus: 'pending' });
    await settle(store); // within the lease: nobody asks Salla
    expect(couponsOf(store, 'NQR-')).toHaveLength(0);
    ctx.clock.advance(3 * 60_000);
    try {
      await settle(store);
    } finally {
      ctx.clock.advance(-3 * 60_000);
    }
    const made = couponsOf(store, 'NQR-');
    expect(made.map((c) => c.code)).toEqual([pending!.inviterCouponCode]);
    expect((await referralRows(store))[0]).toMatchObject({ status: 'completed' });
  });
});

describe('the merchant sees it', () => {
  test('list and figures come from the referrals and the orders, and only the store’s own', async () => {
    const store = await referralStore();
    const { friendEmail } = await claimedReferral(store);
    const friend = customerFacts({ email: friendEmail });
    const [gift] = couponsOf(store, 'NQF-');
    // The friend's first order uses the gift (60 SAR off at most) and is completed.
    const first = {
      id: randomId(),
      customer: friend,
      total: 340,
      discount: 60,
      couponCode: gift!.code,
      status: 'completed',
    };
    await deliverOk(ctx, webhooks.orderCreated(store.merchantId, first));
    await settle(store);
    const second = { id: randomId(), customer: friend, total: 100, status: 'completed' };
    await deliverOk(ctx, webhooks.orderCreated(store.merchantId, second));
    await settle(store);

    const list = ReferralsResponseSchema.parse((await merchantCall(store, 'GET', '/')).json());
    expect(list.data.items).toHaveLength(1);
    expect(list.data.items[0]).toMatchObject({
      status: 'completed',
      friend: { email: friendEmail, customerId: String(friend.id) },
      orderId: String(first.id),
      orderTotal: 340,
      friendReward: {
        status: 'used',
        code: gift!.code,
        discount: 60,
        usedOrderId: String(first.id),
      },
      inviterReward: { status: 'issued', type: 'fixed', value: 25 },
    });
    const summary = ReferralSummaryResponseSchema.parse(
      (await merchantCall(store, 'GET', '/summary')).json(),
    );
    expect(summary.data).toEqual({
      sent: 1,
      pending: 0,
      converted: 1,
      reversed: 0,
      blocked: 0,
      revenue: 440,
      referredOrders: 2,
      cost: 60,
      couponsIssued: 2,
      couponsUsed: 1,
    });

    const other = await referralStore();
    const theirs = ReferralsResponseSchema.parse((await merchantCall(other, 'GET', '/')).json());
    expect(theirs.data.items).toEqual([]);
    expect((await merchantCall(other, 'GET', '/summary')).json().data.sent).toBe(0);
    const anonymous = await ctx.server.inject({ method: 'GET', url: '/api/referrals/summary' });
    expect(anonymous.statusCode).toBe(401);
  });

  test('the list pages by claim time with a cursor and filters by status', async () => {
    const store = await referralStore();
    const inviter = await signedInShopper(store);
    const { code } = (await loyaltyReferral(store, inviter))!;
    for (let i = 0; i < 3; i++)
      expect((await claim(store, code, uniqueEmail('friend'))).statusCode).toBe(200);
    await claim(store, code, inviter.email);
    const first = ReferralsResponseSchema.parse(
      (await merchantCall(store, 'GET', '/?limit=2')).json(),
    );
    expect(first.data.items).toHaveLength(2);
    const rest = ReferralsResponseSchema.parse(
      (await merchantCall(store, 'GET', `/?limit=2&cursor=${first.data.nextCursor}`)).json(),
    );
    expect(rest.data.nextCursor).toBeNull();
    const ids = [...first.data.items, ...rest.data.items].map((r) => r.id);
    expect(new Set(ids).size).toBe(4);
    const pending = ReferralsResponseSchema.parse(
      (await merchantCall(store, 'GET', '/?status=pending')).json(),
    );
    expect(pending.data.items).toHaveLength(3);
    expect((await merchantCall(store, 'GET', '/?cursor=bm9wZQ')).statusCode).toBe(400);
  });
});

describe('referral coupons where shoppers and merchants look', () => {
  async function couponsOnPage(
    store: { merchantId: number },
    shopper: { facts: { id: number }; token: string },
  ) {
    const res = await ctx.server.inject({
      method: 'GET',
      url: `/api/customers/loyalty/${store.merchantId}/${shopper.facts.id}?lang=en`,
      headers: { authorization: `Bearer ${shopper.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return CustomerLoyaltyResponseSchema.parse(res.json()).data.coupons;
  }
  function merchantCoupons(store: { authorization: string }, query = '') {
    return ctx.server.inject({
      method: 'GET',
      url: `/api/merchants/coupons${query}`,
      headers: { authorization: store.authorization },
    });
  }

  test('a referral coupon cannot be cancelled by the shopper: nothing was paid for it in points', async () => {
    const store = await referralStore();
    const { friendEmail } = await claimedReferral(store);
    const [gift] = couponsOf(store, 'NQF-');
    await ctx.smtp.waitForMail(friendEmail);
    const friend = await signedInShopper(store, { email: friendEmail });
    const [coupon] = await couponsOnPage(store, friend);
    expect(coupon).toMatchObject({ source: 'referral', status: 'issued', cancellableUntil: null });
    const res = await ctx.server.inject({
      method: 'POST',
      url: `/api/customers/loyalty/${store.merchantId}/${friend.facts.id}/coupons/${coupon!.id}/cancel`,
      headers: { authorization: `Bearer ${friend.token}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect(couponsOf(store, 'NQF-')).toEqual([gift]);
    expect((await couponsOnPage(store, friend))[0]).toMatchObject({ status: 'issued' });
  });

  test("the friend's gift and the inviter's reward are among each one's coupons and under the referral filter of /coupons", async () => {
    const store = await referralStore();
    const { inviter, friendEmail } = await claimedReferral(store);
    const [gift] = couponsOf(store, 'NQF-');
    await ctx.smtp.waitForMail(friendEmail);
    // The friend opens an account with the e-mail they claimed with (in another case) and signs in.
    const friend = await signedInShopper(store, { email: friendEmail.toUpperCase() });
    const friendCoupons = await couponsOnPage(store, friend);
    expect(friendCoupons).toEqual([
      expect.objectContaining({
        source: 'referral',
        rewardId: null,
        name: 'Gift from a friend’s invitation',
        pointsRequired: 0,
        type: 'percentage_discount',
        value: 15,
        status: 'issued',
        code: gift!.code,
      }),
    ]);
    expect(await couponsOnPage(store, inviter)).toEqual([]);

    // The friend's first order counts: the inviter's reward is made, and shows on their page.
    const order = { id: randomId(), customer: friend.facts, total: 240, status: 'completed' };
    await deliverOk(ctx, webhooks.orderCreated(store.merchantId, order));
    await settle(store);
    const [reward] = couponsOf(store, 'NQR-');
    expect(await couponsOnPage(store, inviter)).toEqual([
      expect.objectContaining({
        source: 'referral',
        name: 'Reward for inviting a friend',
        type: 'fixed_discount',
        value: 25,
        status: 'issued',
        code: reward!.code,
      }),
    ]);
    expect((await couponsOnPage(store, friend)).map((c) => c.code)).toEqual([gift!.code]);

    // The merchant's /coupons: both under the referral filter, none under points redemption.
    const referral = CouponsResponseSchema.parse(
      (await merchantCoupons(store, '?source=referral')).json(),
    );
    expect(referral.data.items).toEqual([
      expect.objectContaining({
        source: 'referral',
        code: reward!.code,
        status: 'issued',
        reward: null,
        points: 0,
        referral: { side: 'inviter', type: 'fixed', value: 25, maxAmount: null },
        customer: expect.objectContaining({ id: String(inviter.facts.id), email: inviter.email }),
      }),
      expect.objectContaining({
        source: 'referral',
        code: gift!.code,
        referral: { side: 'friend', type: 'percentage', value: 15, maxAmount: 60 },
        // Known by their order now: the friend's account.
        customer: expect.objectContaining({ id: String(friend.facts.id) }),
      }),
    ]);
    const ids = referral.data.items.map((c) => c.id);
    expect(new Set(ids).size).toBe(2);
    expect(
      CouponsResponseSchema.parse((await merchantCoupons(store, '?source=reward')).json()).data
        .items,
    ).toEqual([]);
    // Unfiltered, paged one by one, and searched by code or e-mail.
    const first = CouponsResponseSchema.parse((await merchantCoupons(store, '?limit=1')).json());
    const second = CouponsResponseSchema.parse(
      (await merchantCoupons(store, `?limit=1&cursor=${first.data.nextCursor}`)).json(),
    );
    expect([...first.data.items, ...second.data.items].map((c) => c.id)).toEqual(ids);
    expect(second.data.nextCursor).toBeNull();
    const byCode = CouponsResponseSchema.parse(
      (await merchantCoupons(store, `?q=${reward!.code.slice(0, 6).toLowerCase()}`)).json(),
    );
    expect(byCode.data.items.map((c) => c.code)).toEqual([reward!.code]);
    const byEmail = CouponsResponseSchema.parse(
      (await merchantCoupons(store, `?q=${encodeURIComponent(inviter.email)}`)).json(),
    );
    expect(byEmail.data.items.map((c) => c.code)).toEqual([reward!.code]);
    expect(
      CouponsResponseSchema.parse((await merchantCoupons(store, '?status=failed')).json()).data
        .items,
    ).toEqual([]);

    // Another store sees none of them.
    const other = await referralStore();
    expect(
      CouponsResponseSchema.parse((await merchantCoupons(other, '?source=referral')).json()).data
        .items,
    ).toEqual([]);
  });
});
