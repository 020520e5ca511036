import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { webhooks } from '@nuqat/salla-sandbox';
import { customers, loyaltyRules, merchants, orders, redemptions } from '../../db/schema/index.ts';
import { signMerchantToken, signShopperToken } from '../../lib/tokens.ts';
import {
  balanceOf,
  createEngineContext,
  customerFacts,
  deliverOk,
  expectLedgerInvariant,
  ledgerOf,
  randomId,
  setupStore,
  type EngineContext,
} from '../../test/engine-support.ts';
import { signedInStore, uniqueEmail, uniqueIp } from '../../test/test-app.ts';
import { extractMailedCode } from '../../test/smtp-sink.ts';
import { creditPoints } from '../engine/index.ts';
import { SHOPPER_RATE_LIMITS } from './shopper.service.ts';
import { insertReward, type RewardValues } from '../rewards/index.ts';

let ctx: EngineContext;
/** What the Salla client waited between tries, in ms. */
const sallaWaits: number[] = [];

beforeAll(async () => {
  ctx = await createEngineContext({
    salla: {
      sleep: (ms) => {
        sallaWaits.push(ms);
        return new Promise((resolve) => setTimeout(resolve, ms));
      },
    },
  });
});
afterAll(async () => {
  await ctx?.close();
});

const REWARD: RewardValues = {
  name: 'خصم 20 ريال',
  type: 'fixed_discount',
  pointsRequired: 200,
  value: 20,
  description: 'على طلبك القادم',
  isActive: true,
  maxUsage: null,
  minOrderAmount: 100,
  freeProducts: [],
  couponValidDays: 30,
};

interface Shop {
  merchantId: number;
}

/** A store installed through Salla's app.store.authorize (tokens in the sandbox), growth plan. */
async function installedStore(
  c: EngineContext,
  options: Parameters<typeof setupStore>[1] = {},
): Promise<Shop> {
  const merchantId = await setupStore(c, { plan: 'growth', ...options });
  const tokens = c.sandbox.registerStore({
    merchantId,
    domain: `https://store-${merchantId}.example.sa`,
  });
  await deliverOk(c, webhooks.storeAuthorize(merchantId, tokens));
  return { merchantId };
}

/** A customer Salla told us about (customer.created), with `points` credited on the ledger. */
async function shopper(c: EngineContext, shop: Shop, points = 0) {
  const email = uniqueEmail('shopper');
  const facts = customerFacts({ email });
  await deliverOk(c, webhooks.customerCreated(shop.merchantId, facts));
  if (points > 0) {
    await c.database.db.transaction((tx) =>
      creditPoints(tx, {
        merchantId: shop.merchantId,
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
  }
  return { customerId: facts.id, email };
}

async function reward(c: EngineContext, shop: Shop, values: Partial<RewardValues> = {}) {
  return insertReward(c.database.db, shop.merchantId, { ...REWARD, ...values });
}

function requestCode(c: EngineContext, merchantId: number, email: string, ip = uniqueIp()) {
  return c.server.inject({
    method: 'POST',
    url: '/api/customers/auth/request-code',
    payload: { merchantId: String(merchantId), email },
    remoteAddress: ip,
  });
}

function verifyCode(
  c: EngineContext,
  merchantId: number,
  email: string,
  code: string,
  requestId?: string,
) {
  return c.server.inject({
    method: 'POST',
    url: '/api/customers/auth/verify-code',
    payload: { merchantId: String(merchantId), email, code, ...(requestId ? { requestId } : {}) },
    remoteAddress: uniqueIp(),
  });
}

/** Asks for a code as the loyalty page does: the request id from the answer, the mailed code. */
async function askCode(c: EngineContext, merchantId: number, email: string) {
  const after = c.smtp.messages.length;
  const res = await requestCode(c, merchantId, email);
  expect(res.statusCode, res.body).toBe(200);
  const code = extractMailedCode(await c.smtp.waitForMail(email, { after }));
  return { code, requestId: res.json().requestId as string };
}

const wrongFor = (code: string, i = 0) =>
  String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

/** The whole code login, reading the code from the mail that arrived over SMTP. */
async function signIn(c: EngineContext, merchantId: number, email: string): Promise<string> {
  const after = c.smtp.messages.length;
  expect((await requestCode(c, merchantId, email)).statusCode).toBe(200);
  const mail = await c.smtp.waitForMail(email, { after });
  const res = await verifyCode(c, merchantId, email, extractMailedCode(mail));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.token as string;
}

function getLoyalty(
  c: EngineContext,
  merchantId: number,
  customerId: number,
  token?: string,
  lang = 'ar',
) {
  return c.server.inject({
    method: 'GET',
    url: `/api/customers/loyalty/${merchantId}/${customerId}?lang=${lang}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

function redeem(
  c: EngineContext,
  merchantId: number,
  customerId: number,
  token: string,
  body: Record<string, unknown>,
  lang = 'ar',
) {
  return c.server.inject({
    method: 'POST',
    url: `/api/customers/loyalty/${merchantId}/${customerId}/redeem`,
    headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
    payload: body,
  });
}

const couponsOf = (c: EngineContext, merchantId: number) =>
  c.sandbox.coupons.filter((x) => x.merchantId === merchantId && x.status === 'active');

describe('shopper identity', () => {
  test('request-code answers the same for a customer, a stranger and an unknown store, and mails only the customer', async () => {
    const shop = await installedStore(ctx);
    const { email } = await shopper(ctx, shop);
    const stranger = uniqueEmail('stranger');
    const before = ctx.smtp.messages.length;
    const known = await requestCode(ctx, shop.merchantId, email.toUpperCase());
    const unknown = await requestCode(ctx, shop.merchantId, stranger);
    const noStore = await requestCode(ctx, randomId(), email);
    // The same answer but for the request's id, a fresh one for each (known or not).
    const answer = (res: typeof known) => ({ ...res.json(), requestId: 'id' });
    for (const res of [known, unknown, noStore]) {
      expect(res.statusCode).toBe(200);
      expect(answer(res)).toEqual(answer(known));
      expect(res.json().requestId).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(new Set([known, unknown, noStore].map((r) => r.json().requestId)).size).toBe(3);
    const mail = await ctx.smtp.waitForMail(email, { after: before });
    expect(extractMailedCode(mail)).toMatch(/^\d{6}$/);
    expect(mail.text).toContain('10');
    expect(mail.text).toMatch(/رمز|الرمز/);
    expect(mail.text).toContain('code');
    await new Promise((r) => setTimeout(r, 300));
    expect(ctx.smtp.messages.slice(before).flatMap((m) => m.to)).not.toContain(stranger);
  });

  test('a wrong code, an expired code and a sixth try are refused; the right code opens a session once', async () => {
    const shop = await installedStore(ctx);
    const { email, customerId } = await shopper(ctx, shop);

    let after = ctx.smtp.messages.length;
    await requestCode(ctx, shop.merchantId, email);
    let code = extractMailedCode(await ctx.smtp.waitForMail(email, { after }));
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await verifyCode(ctx, shop.merchantId, email, wrong);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('SHOPPER_CODE_INVALID');
    const ok = await verifyCode(ctx, shop.merchantId, email, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.customerId).toBe(String(customerId));
    expect(new Date(ok.json().data.expiresAt).getTime()).toBeGreaterThan(
      Date.now() + 29 * 86_400_000,
    );
    // One use only.
    expect((await verifyCode(ctx, shop.merchantId, email, code)).statusCode).toBe(400);

    // Expired after 10 minutes.
    after = ctx.smtp.messages.length;
    await requestCode(ctx, shop.merchantId, email);
    code = extractMailedCode(await ctx.smtp.waitForMail(email, { after }));
    ctx.clock.advance(11 * 60_000);
    expect((await verifyCode(ctx, shop.merchantId, email, code)).json().code).toBe(
      'SHOPPER_CODE_INVALID',
    );

    // Five wrong tries burn the code: the right one on the sixth try is refused.
    const other = await shopper(ctx, shop);
    after = ctx.smtp.messages.length;
    await requestCode(ctx, shop.merchantId, other.email);
    code = extractMailedCode(await ctx.smtp.waitForMail(other.email, { after }));
    const miss = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await verifyCode(ctx, shop.merchantId, other.email, miss)).statusCode).toBe(400);
    const sixth = await verifyCode(ctx, shop.merchantId, other.email, code);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().code).toBe('SHOPPER_CODE_INVALID');
  });

  test('codes are rate-limited per store and e-mail', async () => {
    const shop = await installedStore(ctx);
    const { email } = await shopper(ctx, shop);
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push((await requestCode(ctx, shop.merchantId, email)).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
    const limited = await requestCode(ctx, shop.merchantId, email);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(limited.json().retryAfter).toBeGreaterThan(0);
  });

  test('a +tag or case variant of the e-mail reaches the customer, and the code goes to the stored address only', async () => {
    const shop = await installedStore(ctx);
    const name = `shopper-${randomUUID().slice(0, 8)}`;
    const stored = `${name}@Example.com`;
    const facts = customerFacts({ email: stored });
    await deliverOk(ctx, webhooks.customerCreated(shop.merchantId, facts));
    const typed = `${name.toUpperCase()}+loyalty@example.com`;
    const before = ctx.smtp.messages.length;
    expect((await requestCode(ctx, shop.merchantId, typed)).statusCode).toBe(200);
    const mail = await ctx.smtp.waitForMail(stored, { after: before });
    await new Promise((r) => setTimeout(r, 300));
    // Only this shopper's mails (other tests' mails may still be arriving): one, to the stored address.
    expect(
      ctx.smtp.messages
        .slice(before)
        .flatMap((m) => m.to)
        .filter((to) => to.toLowerCase().includes(name)),
    ).toEqual([stored.toLowerCase()]);
    const res = await verifyCode(ctx, shop.merchantId, typed, extractMailedCode(mail));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.customerId).toBe(String(facts.id));
  });

  test('Gmail spellings of the address reach the customer; the code works with the stored spelling', async () => {
    const shop = await installedStore(ctx);
    const name = `shopper${randomUUID().slice(0, 8)}`;
    const stored = `${name.slice(0, 4)}.${name.slice(4)}@gmail.com`;
    const facts = customerFacts({ email: stored });
    await deliverOk(ctx, webhooks.customerCreated(shop.merchantId, facts));
    const before = ctx.smtp.messages.length;
    await requestCode(ctx, shop.merchantId, `${name}+x@googlemail.com`);
    const mail = await ctx.smtp.waitForMail(stored, { after: before });
    const res = await verifyCode(ctx, shop.merchantId, stored, extractMailedCode(mail));
    expect(res.json().data.customerId).toBe(String(facts.id));
  });

  test('two customers sharing a mailbox: the exact address picks one, another spelling none', async () => {
    const shop = await installedStore(ctx);
    const name = `shared-${randomUUID().slice(0, 8)}`;
    const home = customerFacts({ email: `${name}+home@example.com` });
    const work = customerFacts({ email: `${name}+work@example.com` });
    for (const facts of [home, work])
      await deliverOk(ctx, webhooks.customerCreated(shop.merchantId, facts));
    const before = ctx.smtp.messages.length;
    await requestCode(ctx, shop.merchantId, `${name}+work@example.com`);
    const mail = await ctx.smtp.waitForMail(`${name}+work@example.com`, { after: before });
    const res = await verifyCode(
      ctx,
      shop.merchantId,
      `${name}+work@example.com`,
      extractMailedCode(mail),
    );
    expect(res.json().data.customerId).toBe(String(work.id));
    const sent = ctx.smtp.messages.length;
    expect((await requestCode(ctx, shop.merchantId, `${name}@example.com`)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(ctx.smtp.messages.length).toBe(sent);
  });

  test('the per-address limits count every spelling of the address as one', async () => {
    const shop = await installedStore(ctx);
    const { email } = await shopper(ctx, shop);
    const answers = [];
    for (const tag of ['a', 'b', 'c', 'd'])
      answers.push(
        (await requestCode(ctx, shop.merchantId, email.replace('@', `+${tag}@`))).statusCode,
      );
    expect(answers).toEqual([200, 200, 200, 429]);
  });

  test('wrong codes under five spellings of the address burn the one code', async () => {
    const shop = await installedStore(ctx);
    const { email } = await shopper(ctx, shop);
    const after = ctx.smtp.messages.length;
    await requestCode(ctx, shop.merchantId, email);
    const code = extractMailedCode(await ctx.smtp.waitForMail(email, { after }));
    const miss = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect(
        (await verifyCode(ctx, shop.merchantId, email.replace('@', `+${i}@`), miss)).statusCode,
      ).toBe(400);
    expect((await verifyCode(ctx, shop.merchantId, email, code)).json().code).toBe(
      'SHOPPER_CODE_INVALID',
    );
  });

  test('bad input is a 400 with the error body, never a 500', async () => {
    for (const payload of [
      {},
      { merchantId: 'abc', email: 'a@b.co' },
      { merchantId: '1', email: 'not-an-email' },
      { merchantId: '1', email: 'a@b.co', extra: 1 },
    ]) {
      const res = await ctx.server.inject({
        method: 'POST',
        url: '/api/customers/auth/request-code',
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const res = await verifyCode(ctx, 1, 'a@b.co', '12345');
    expect(res.statusCode).toBe(400);
  });

  test('the loyalty data needs the shopper token of that store and that customer', async () => {
    const shop = await installedStore(ctx);
    const me = await shopper(ctx, shop, 50);
    const neighbour = await shopper(ctx, shop, 50);
    const otherShop = await installedStore(ctx);
    const token = await signIn(ctx, shop.merchantId, me.email);

    expect((await getLoyalty(ctx, shop.merchantId, me.customerId)).statusCode).toBe(401);
    const forged = await signShopperToken(
      new TextEncoder().encode('another-secret-that-is-long-enough-0123456789'),
      { merchantId: shop.merchantId, customerId: me.customerId, sessionId: randomUUID() },
      new Date(Date.now() + 3_600_000),
    );
    expect((await getLoyalty(ctx, shop.merchantId, me.customerId, forged)).statusCode).toBe(401);
    const merchantToken = await signMerchantToken(
      ctx.config.jwtSecret,
      { merchantId: shop.merchantId, sessionId: randomUUID() },
      new Date(Date.now() + 3_600_000),
    );
    expect((await getLoyalty(ctx, shop.merchantId, me.customerId, merchantToken)).statusCode).toBe(
      401,
    );
    const otherShopper = await getLoyalty(ctx, shop.merchantId, neighbour.customerId, token);
    expect(otherShopper.statusCode).toBe(403);
    expect(otherShopper.json().code).toBe('FORBIDDEN');
    expect((await getLoyalty(ctx, otherShop.merchantId, me.customerId, token)).statusCode).toBe(
      403,
    );
    expect((await getLoyalty(ctx, randomId(), me.customerId, token)).statusCode).toBe(404);
    expect(
      (await redeem(ctx, shop.merchantId, neighbour.customerId, token, { rewardId: randomUUID() }))
        .statusCode,
    ).toBe(403);

    const ok = await getLoyalty(ctx, shop.merchantId, me.customerId, token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.availablePoints).toBe(50);

    // Logging out revokes the token at once.
    const out = await ctx.server.inject({
      method: 'POST',
      url: '/api/customers/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(200);
    const after = await getLoyalty(ctx, shop.merchantId, me.customerId, token);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('SESSION_EXPIRED');
  });

  test('the storefront snippet revokes a token it dropped with a plain-text body, no header', async () => {
    const shop = await installedStore(ctx);
    const me = await shopper(ctx, shop, 10);
    const token = await signIn(ctx, shop.merchantId, me.email);
    const revoke = (body: string, contentType = 'text/plain;charset=UTF-8') =>
      ctx.server.inject({
        method: 'POST',
        url: '/api/customers/auth/revoke',
        headers: { 'content-type': contentType },
        payload: body,
      });
    expect((await revoke('not.a.token')).statusCode).toBe(401);
    expect((await revoke('')).statusCode).toBe(400);
    expect((await getLoyalty(ctx, shop.merchantId, me.customerId, token)).statusCode).toBe(200);
    const out = await revoke(`${token}\n`);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toMatchObject({ success: true });
    const after = await getLoyalty(ctx, shop.merchantId, me.customerId, token);
    expect(after.statusCode).toBe(401);
    // Once ended, the same token revokes nothing more.
    expect((await revoke(token)).statusCode).toBe(401);
  });
});

describe('loyalty data', () => {
  test('carries active rewards, enabled methods, newest-first history in the asked language and the programme state', async () => {
    const shop = await installedStore(ctx, {
      rules: {
        'order.created': { points: 40, minOrderTotalSar: 50 },
        signup: { points: 0 },
        product_review: { points: 15, minRating: 4 },
      },
      expiryDays: 20,
    });
    const me = await shopper(ctx, shop);
    const order = {
      id: randomId(),
      customer: { id: me.customerId, firstName: 'سارة', lastName: 'العتيبي', email: me.email },
      total: 120,
      status: 'completed' as const,
    };
    await deliverOk(ctx, webhooks.orderCreated(shop.merchantId, order));
    const active = await reward(ctx, shop, { pointsRequired: 30 });
    await reward(ctx, shop, { name: 'off', isActive: false });
    const token = await signIn(ctx, shop.merchantId, me.email);

    const res = await getLoyalty(ctx, shop.merchantId, me.customerId, token, 'en');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.availablePoints).toBe(40);
    expect(data.expiringPoints).toBe(40);
    expect(data.customer).toMatchObject({
      id: String(me.customerId),
      fullName: 'سارة العتيبي',
      email: me.email,
    });
    expect(data.pointsMethods.map((m: { id: string }) => m.id)).toEqual([
      'order.created',
      'product_review',
    ]);
    expect(data.pointsMethods[0]).toMatchObject({
      name: 'Shopping in the store',
      points: 40,
      condition: 'For every order of 50 SAR or more',
    });
    expect(data.rewards.map((r: { id: string }) => r.id)).toEqual([active.id]);
    expect(data.history[0]).toMatchObject({ points: 40, type: 'earned', kind: 'earn' });
    expect(data.history[0].description).toContain('order');
    expect(data.history[0].formattedDate).toMatch(/[A-Z][a-z]{2} \d{4}/);
    expect(data.programme).toEqual({ redeemable: true, reason: null });

    // Redeem, then the newest entry is the exchange, and Arabic texts come in Arabic.
    expect(
      (await redeem(ctx, shop.merchantId, me.customerId, token, { rewardId: active.id }))
        .statusCode,
    ).toBe(200);
    const ar = (await getLoyalty(ctx, shop.merchantId, me.customerId, token, 'ar')).json().data;
    expect(ar.history[0]).toMatchObject({ points: -30, type: 'redeemed', kind: 'redeem' });
    expect(ar.history[0].description).toContain('استبدال');
    expect(ar.coupons).toHaveLength(1);
    expect(ar.coupons[0]).toMatchObject({
      status: 'issued',
      pointsRequired: 30,
      name: REWARD.name,
    });
    expect(ar.coupons[0].code).toMatch(/^NQ-[A-Z2-9]{10}$/);

    await ctx.database.db
      .update(merchants)
      .set({ programmeEnabled: false })
      .where(eq(merchants.id, shop.merchantId));
    const paused = (await getLoyalty(ctx, shop.merchantId, me.customerId, token)).json().data;
    expect(paused.programme).toEqual({ redeemable: false, reason: 'PROGRAMME_PAUSED' });
  });
});

describe('pending points and points per riyal', () => {
  // Made in the database, not through webhooks: these read what the engine wrote, whatever path
  // wrote it.
  const plainStore = async (): Promise<Shop> => ({
    merchantId: await setupStore(ctx, { plan: 'growth' }),
  });
  const plainShopper = async (shop: Shop, pointsBalance = 0) => {
    const customer = { customerId: randomId(), email: uniqueEmail('shopper') };
    await ctx.database.db.insert(customers).values({
      merchantId: shop.merchantId,
      id: customer.customerId,
      firstName: 'سارة',
      email: customer.email,
    });
    // Through the ledger, so balance = ledger = lots still holds for the run's final check.
    if (pointsBalance > 0)
      await ctx.database.db.transaction((tx) =>
        creditPoints(tx, {
          merchantId: shop.merchantId,
          customerId: customer.customerId,
          points: pointsBalance,
          sourceType: 'manual',
          sourceId: randomUUID(),
          idempotencyKey: `test:${randomUUID()}`,
          kind: 'adjust',
          note: 'test grant',
          at: new Date(),
        }),
      );
    return customer;
  };

  test('pending points are the unreleased points of orders that earned and still stand, apart from the balance', async () => {
    const shop = await plainStore();
    const me = await plainShopper(shop, 15);
    const other = await plainShopper(shop);
    const elsewhere = await plainStore();
    const db = ctx.database.db;
    const order = (overrides: Partial<typeof orders.$inferInsert>) => ({
      merchantId: shop.merchantId,
      id: randomId(),
      customerId: me.customerId,
      earnStatus: 'earned' as const,
      earnPoints: 0,
      amountPoints: 0,
      ...overrides,
    });
    await db.insert(orders).values([
      // Counted: earned, not released yet.
      order({ earnPoints: 10, amountPoints: 24, statusSlug: 'under_review' }),
      order({ earnPoints: 0, amountPoints: 7, releaseAt: new Date(Date.now() + 86_400_000) }),
      // Not counted: released, never earning, or reversed.
      order({ earnPoints: 10, amountPoints: 100, releasedAt: new Date() }),
      order({ earnStatus: 'pending', earnPoints: 10 }),
      order({ earnStatus: 'over_limit', earnPoints: 10 }),
      order({ earnPoints: 10, cancelled: true }),
      order({ earnPoints: 10, deleted: true }),
      order({ earnPoints: 10, restored: true }),
      order({ earnPoints: 10, fullyRefunded: true }),
      // Someone else's, and the same customer id in another store.
      order({ customerId: other.customerId, earnPoints: 500 }),
      order({ merchantId: elsewhere.merchantId, earnPoints: 900 }),
    ]);
    await db
      .update(merchants)
      .set({ pointsSpendableOn: ['delivered', 'completed'], pointsHoldDays: 14 })
      .where(eq(merchants.id, shop.merchantId));

    const token = await signIn(ctx, shop.merchantId, me.email);
    const data = (await getLoyalty(ctx, shop.merchantId, me.customerId, token)).json().data;
    expect(data.pendingPoints).toBe(41);
    expect(data.availablePoints).toBe(15);
    expect(data.pointsRelease).toEqual({ spendableOn: ['completed', 'delivered'], holdDays: 14 });

    const otherToken = await signIn(ctx, shop.merchantId, other.email);
    const theirs = (await getLoyalty(ctx, shop.merchantId, other.customerId, otherToken)).json()
      .data;
    expect(theirs.pendingPoints).toBe(500);
    expect(theirs.pointsRelease).toEqual({ spendableOn: ['completed', 'delivered'], holdDays: 14 });
  });

  test('points per riyal leads the ways to earn and carries the rates of the estimate', async () => {
    const shop = await plainStore();
    const me = await plainShopper(shop);
    await ctx.database.db.insert(loyaltyRules).values([
      {
        merchantId: shop.merchantId,
        event: 'purchase_amount',
        points: 2,
        spendUnitHalalas: 1000,
        minOrderTotalHalalas: 5000,
      },
      { merchantId: shop.merchantId, event: 'order.created', points: 10, minOrderTotalHalalas: 0 },
      { merchantId: shop.merchantId, event: 'signup', points: 0 },
    ]);
    const token = await signIn(ctx, shop.merchantId, me.email);
    const en = (await getLoyalty(ctx, shop.merchantId, me.customerId, token, 'en')).json().data;
    expect(en.pendingPoints).toBe(0);
    expect(en.pointsRelease).toEqual({ spendableOn: ['completed', 'delivered'], holdDays: 0 });
    expect(en.earnRates).toEqual({
      perAmount: { points: 2, spendUnit: 10, minOrderTotal: 50 },
      perOrder: { points: 10, minOrderTotal: 0 },
    });
    expect(en.pointsMethods.map((m: { id: string }) => m.id)).toEqual([
      'purchase_amount',
      'order.created',
    ]);
    expect(en.pointsMethods[0]).toEqual({
      id: 'purchase_amount',
      name: 'Points on every riyal you spend',
      points: 2,
      condition:
        '2 points for every 10 SAR you spend after discounts, not counting shipping and VAT, on orders of 50 SAR or more',
    });
    const ar = (await getLoyalty(ctx, shop.merchantId, me.customerId, token, 'ar')).json().data;
    expect(ar.pointsMethods[0].name).toBe('نقاط على كل ريال تنفقه');
    expect(ar.pointsMethods[0].condition).toContain('2 نقطة لكل 10 ريال');

    // Off: neither listed nor used by the estimate.
    await ctx.database.db
      .update(loyaltyRules)
      .set({ points: 0 })
      .where(
        and(
          eq(loyaltyRules.merchantId, shop.merchantId),
          eq(loyaltyRules.event, 'purchase_amount'),
        ),
      );
    const off = (await getLoyalty(ctx, shop.merchantId, me.customerId, token, 'en')).json().data;
    expect(off.earnRates.perAmount).toBeNull();
    expect(off.pointsMethods.map((m: { id: string }) => m.id)).toEqual(['order.created']);
  });
});

describe('redemption', () => {
  test('a redemption takes the points, writes a ledger row, creates the Salla coupon the reference describes and mails it', async () => {
    const shop = await installedStore(ctx);
    const me = await shopper(ctx, shop, 500);
    const r = await reward(ctx, shop);
    const token = await signIn(ctx, shop.merchantId, me.email);
    const after = ctx.smtp.messages.length;
    const requestId = randomUUID();
    const res = await redeem(
      ctx,
      shop.merchantId,
      me.customerId,
      token,
      { rewardId: r.id, requestId },
      'en',
    );
    expect(res.statusCode, res.body).toBe(200);
    const coupon = res.json().data;
    expect(coupon).toMatchObject({
      id: requestId,
      name: REWARD.name,
      pointsRequired: 200,
      status: 'issued',
    });
    expect(new Date(coupon.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect(await balanceOf(ctx, shop.merchantId, me.customerId)).toBe(300);

    const [sallaCoupon] = couponsOf(ctx, shop.merchantId);
    expect(sallaCoupon!.code).toBe(coupon.code);
    expect(sallaCoupon!.body).toMatchObject({
      code: coupon.code,
      type: 'fixed',
      amount: 20,
      free_shipping: false,
      exclude_sale_products: false,
      usage_limit: 1,
      usage_limit_per_user: 1,
      minimum_amount: 100,
    });
    const ledger = (await ledgerOf(ctx, shop.merchantId)).filter((l) => l.kind === 'redeem');
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ delta: -200, idempotencyKey: `redeem:${requestId}` });

    const mail = await ctx.smtp.waitForMail(me.email, { after });
    expect(mail.text).toContain(coupon.code);
    expect(mail.subject).toMatch(/^Your/);

    // The same click again (same requestId) redeems nothing more.
    const again = await redeem(ctx, shop.merchantId, me.customerId, token, {
      rewardId: r.id,
      requestId,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.code).toBe(coupon.code);
    expect(couponsOf(ctx, shop.merchantId)).toHaveLength(1);
    expect(await balanceOf(ctx, shop.merchantId, me.customerId)).toBe(300);
    await expectLedgerInvariant(ctx, shop.merchantId);
  });

  test('percentage, free-shipping and free-product rewards map to Salla coupon fields', async () => {
    const shop = await installedStore(ctx);
    const me = await shopper(ctx, shop, 1000);
    const token = await signIn(ctx, shop.merchantId, me.email);
    const pct = await reward(ctx, shop, {
      type: 'percentage_discount',
      value: 15,
      pointsRequired: 10,
      minOrderAmount: 0,
    });
    const ship = await reward(ctx, shop, { type: 'free_shipping', value: 0, pointsRequired: 10 });
    const product = await reward(ctx, shop, {
      type: 'free_product',
      value: 0,
      pointsRequired: 10,
      freeProducts: [{ id: '1653503260', name: 'قهوة' }],
    });
    for (const r of [pct, ship, product])
      expect(
        (await redeem(ctx, shop.merchantId, me.customerId, token, { rewardId: r.id })).statusCode,
      ).toBe(200);
    const [a, b, c] = couponsOf(ctx, shop.merchantId).map((x) => x.body);
    expect(a).toMatchObject({ type: 'percentage', amount: 15 });
    expect(typeof a!.maximum_amount).toBe('number');
    expect(a).not.toHaveProperty('minimum_amount');
    expect(b).toMatchObject({ type: 'fixed', amount: 0, free_shipping: true });
    expect(c).toMatchObject({ type: 'percentage', amount: 100, products_include: ['1653503260'] });
  });

  test('a reward with a usage limit redeemed by many shoppers at once gives exactly its limit of coupons', async () => {
    const shop = await installedStore(ctx);
    const limited = await reward(ctx, shop, { maxUsage: 2, pointsRequired: 10 });
    const people = [];
    for (let i = 0; i < 6; i++) {
      const me = await shopper(ctx, shop, 50);
      people.push({ me, token: await signIn(ctx, shop.merchantId, me.email) });
    }
    const answers = await Promise.all(
      people.map(({ me, token }) =>
        redeem(ctx, shop.merchantId, me.customerId, token, { rewardId: limited.id }),
      ),
    );
    const outcomes = answers.map((res) =>
      res.statusCode === 200 ? 'coupon' : `${res.statusCode} ${res.json().code}`,
    );
    expect(outcomes.sort()).toEqual([
      '409 REWARD_LIMIT_REACHED',
      '409 REWARD_LIMIT_REACHED',
      '409 REWARD_LIMIT_REACHED',
      '409 REWARD_LIMIT_REACHED',
      'coupon',
      'coupon',
    ]);
    const balances = await Promise.all(
      people.map(({ me }) => balanceOf(ctx, shop.merchantId, me.customerId)),
    );
    expect(balances.sort()).toEqual([40, 40, 50, 50, 50, 50]);
  });

  test('a reward with a usage limit reads as no longer available once used up, though the store’s configuration is unchanged', async () => {
    const shop = await installedStore(ctx);
    const me = await shopper(ctx, shop, 50);
    const token = await signIn(ctx, shop.merchantId, me.email);
    const once = await reward(ctx, shop, { maxUsage: 1, pointsRequired: 10 });
    const availability = async () => {
      const res = await getLoyalty(ctx, shop.merchantId, me.customerId, token);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data as { rewards: { id: string; available: boolean }[] };
      return data.rewards.find((r) => r.id === once.id)?.available;
    };
    // Read twice first: the store's rewards are then kept for its configuration version.
    expect(await availability()).toBe(true);
    expect(await availability()).toBe(true);
    const used = await redeem(ctx, shop.merchantId, me.customerId, token, { rewardId: once.id });
    expect(used.statusCode, used.body).toBe(200);
    expect(await availability()).toBe(false);
  });

  test('too few points, an inactive reward, a reward used up, a paused programme and a lapsed subscription are refused and take nothing', async () => {
    const shop = await installedStore(ctx);
    const me = await shopper(ctx, shop, 250);
    const token = await signIn(ctx, shop.merchantId, me.email);
    const expensive = await reward(ctx, shop, { pointsRequired: 300 });
    const inactive = await reward(ctx, shop, { isActive: false, pointsRequired: 10 });
    const once = await reward(ctx, shop, { maxUsage: 1, pointsRequired: 10 });
    const cheap = await reward(ctx, shop, { pointsRequired: 10 });

    const refusals: [string, string][] = [];
    const attempt = async (rewardId: string) => {
      const res = await redeem(ctx, shop.merchantId, me.customerId, token, { rewardId });
      return [String(res.statusCode), res.json().code as string] as [string, string];
    };
    refusals.push(await attempt(expensive.id));
    refusals.push(await attempt(inactive.id));
    refusals.push(await attempt(randomUUID()));
    expect(
      (await redeem(ctx, shop.merchantId, me.customerId, token, { rewardId: once.id })).statusCode,
    ).toBe(200);
    refusals.push(await attempt(once.id));
    expect(refusals).toEqual([
      ['409', 'INSUFFICIENT_POINTS'],
      ['409', 'REWARD_UNAVAILABLE'],
      ['409', 'REWARD_UNAVAILABLE'],
      ['409', 'REWARD_LIMIT_REACHED'],
    ]);
    expect(await balanceOf(ctx, shop.merchantId, me.customerId)).toBe(240);

    await ctx.database.db
      .update(merchants)
      .set({ programmeEnabled: false })
      .where(eq(merchants.id, shop.merchantId));
    expect(await attempt(cheap.id)).toEqual(['409', 'PROGRAMME_PAUSED']);
    await ctx.database.db
      .update(merchants)
      .set({ programmeEnabled: true, subscriptionStatus: 'expired' })
      .where(eq(merchants.id, shop.merchantId));
    expect(await attempt(cheap.id)).toEqual(['409', 'SUBSCRIPTION_INACTIVE']);
    expect(await balanceOf(ctx, shop.merchantId, me.customerId)).toBe(240);
    expect(couponsOf(ctx, shop.merchantId)).toHaveLength(1);
    await expectLedgerInvariant(ctx, shop.merchantId);
  });

  test('a starter store cannot hand out a growth-only reward type', async () => {
    const shop = await installedStore(ctx, { plan: 'starter' });
    const me = await shopper(ctx, shop, 100);
    const token = await signIn(ctx, shop.merchantId, me.email);
    const cashback = await reward(ctx, shop, { type: 'cashback', value: 5, pointsRequired: 10 });
    const res = await redeem(ctx, shop.merchantId, me.customerId, token, { rewardId: cashback.id });
    expect(res.json().code).toBe('REWARD_UNAVAILABLE');
    const data = (await getLoyalty(ctx, shop.merchantId, me.customerId, token)).json().data;
    expect(data.rewards).toEqual([]);
  });

  test('50 concurrent redemptions against a balance that covers 3 make exactly 3 coupons', async () => {
    const shop = await installedStore(ctx);
    const me = await shopper(ctx, shop, 350);
    const token = await signIn(ctx, shop.merchantId, me.email);
    const r = await reward(ctx, shop, { pointsRequired: 100 });
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        redeem(ctx, shop.merchantId, me.customerId, token, { rewardId: r.id }),
      ),
    );
    const codes = results.map((x) => x.statusCode);
    expect(codes.filter((s) => s === 200)).toHaveLength(3);
    expect(codes.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    expect(couponsOf(ctx, shop.merchantId)).toHaveLength(3);
    expect(await balanceOf(ctx, shop.merchantId, me.customerId)).toBe(50);
    await expectLedgerInvariant(ctx, shop.merchantId);
  });

  test.each([
    ['500', { mode: '500' as const }],
    ['429 with a long Retry-After', { mode: '429' as const, retryAfter: 120 }],
  ])('Salla %s gives the points back and leaves no coupon', async (_name, fault) => {
    const shop = await installedStore(ctx);
    const me = await shopper(ctx, shop, 300);
    const token = await signIn(ctx, shop.merchantId, me.email);
    const r = await reward(ctx, shop);
    ctx.sandbox.fail({ ...fault, path: '/admin/v2/coupons' });
    const res = await redeem(ctx, shop.merchantId, me.customerId, token, { rewardId: r.id }, 'en');
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('REDEMPTION_FAILED');
    expect(res.json().message).toMatch(/points were returned/);
    expect(await balanceOf(ctx, shop.merchantId, me.customerId)).toBe(300);
    expect(couponsOf(ctx, shop.merchantId)).toHaveLength(0);
    const kinds = (await ledgerOf(ctx, shop.merchantId)).map((l) => l.kind);
    expect(kinds.filter((k) => k === 'redeem')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'redeem_rollback')).toHaveLength(1);
    const [row] = await ctx.database.db
      .select()
      .from(redemptions)
      .where(eq(redemptions.merchantId, shop.merchantId));
    expect(row!.status).toBe('failed');
    const data = (await getLoyalty(ctx, shop.merchantId, me.customerId, token)).json().data;
    expect(data.coupons[0]).toMatchObject({ status: 'failed', code: null });
    await expectLedgerInvariant(ctx, shop.merchantId);
  });

  test('a short Retry-After is honoured and the coupon is made', async () => {
    const shop = await installedStore(ctx);
    const me = await shopper(ctx, shop, 300);
    const token = await signIn(ctx, shop.merchantId, me.email);
    const r = await reward(ctx, shop);
    ctx.sandbox.fail({ mode: '429', retryAfter: 1, path: '/admin/v2/coupons' });
    sallaWaits.length = 0;
    const res = await redeem(ctx, shop.merchantId, me.customerId, token, { rewardId: r.id });
    expect(res.statusCode).toBe(200);
    // The client waited the one second Salla asked for (counted, not timed), then made the coupon.
    expect(sallaWaits).toEqual([1000]);
    expect(couponsOf(ctx, shop.merchantId)).toHaveLength(1);
  });

  test('the reconciliation job finishes a redemption a crash left pending, or refunds it, once', async () => {
    const shop = await installedStore(ctx);
    const me = await shopper(ctx, shop, 500);
    const r = await reward(ctx, shop);
    const service = ctx.app.services.redemptions;
    // The crash: points taken and the redemption written, Salla never called.
    const { redemption: first } = await service.reserveRedemption({
      merchantId: shop.merchantId,
      customerId: me.customerId,
      rewardId: r.id,
      lang: 'ar',
    });
    const { redemption: second } = await service.reserveRedemption({
      merchantId: shop.merchantId,
      customerId: me.customerId,
      rewardId: r.id,
      lang: 'ar',
    });
    expect(await balanceOf(ctx, shop.merchantId, me.customerId)).toBe(100);
    // Too fresh to touch.
    expect(await service.reconcileRedemptions({ merchantId: shop.merchantId })).toEqual({
      issued: 0,
      refunded: 0,
    });

    ctx.clock.advance(3 * 60_000);
    // Salla answers the first and fails the second.
    ctx.sandbox.fail({ mode: '500', path: '/admin/v2/coupons', count: 1 });
    const settled = await service.reconcileRedemptions({ merchantId: shop.merchantId });
    expect(settled).toEqual({ issued: 1, refunded: 1 });
    const rows = await ctx.database.db
      .select()
      .from(redemptions)
      .where(and(eq(redemptions.merchantId, shop.merchantId)));
    const statuses = new Map(rows.map((x) => [x.id, x.status]));
    // Faults hit the first request; reconciliation goes oldest first.
    expect(statuses.get(first.id)).toBe('failed');
    expect(statuses.get(second.id)).toBe('issued');
    expect(couponsOf(ctx, shop.merchantId).map((x) => x.code)).toEqual([second.couponCode]);
    expect(await balanceOf(ctx, shop.merchantId, me.customerId)).toBe(300);
    expect(await service.reconcileRedemptions({ merchantId: shop.merchantId })).toEqual({
      issued: 0,
      refunded: 0,
    });
    await expectLedgerInvariant(ctx, shop.merchantId);
  });

  test('a crash after Salla made the coupon: the repair finds the code taken and issues it, points stay spent', async () => {
    const shop = await installedStore(ctx);
    const me = await shopper(ctx, shop, 300);
    const token = await signIn(ctx, shop.merchantId, me.email);
    const r = await reward(ctx, shop);
    const service = ctx.app.services.redemptions;
    const { redemption } = await service.reserveRedemption({
      merchantId: shop.merchantId,
      customerId: me.customerId,
      rewardId: r.id,
      lang: 'ar',
    });
    // The crash (kill -9 in the chaos suite): Salla created the coupon, the process died before
    // marking the redemption issued.
    const sallaToken = ctx.sandbox.registerStore({ merchantId: shop.merchantId }).access_token;
    const made = await fetch(`${ctx.sandbox.apiBase}/coupons`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sallaToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        code: redemption.couponCode,
        type: 'fixed',
        amount: 20,
        free_shipping: false,
        exclude_sale_products: false,
        expiry_date: redemption.couponExpiresAt!.toISOString().slice(0, 10),
      }),
    });
    expect(made.status).toBe(200);
    ctx.clock.advance(3 * 60_000);
    expect(await service.reconcileRedemptions({ merchantId: shop.merchantId })).toEqual({
      issued: 1,
      refunded: 0,
    });
    const [row] = await ctx.database.db
      .select()
      .from(redemptions)
      .where(and(eq(redemptions.merchantId, shop.merchantId), eq(redemptions.id, redemption.id)));
    expect(row!.status).toBe('issued');
    expect(couponsOf(ctx, shop.merchantId).map((x) => x.code)).toEqual([redemption.couponCode]);
    expect(await balanceOf(ctx, shop.merchantId, me.customerId)).toBe(100);
    // The shopper's page shows the coupon with its code.
    const page = await getLoyalty(ctx, shop.merchantId, me.customerId, token);
    const coupons = page.json().data.coupons as { code: string | null; status: string }[];
    expect(coupons).toContainEqual(
      expect.objectContaining({ code: redemption.couponCode, status: 'issued' }),
    );
    await expectLedgerInvariant(ctx, shop.merchantId);
  });

  test('a code taken at Salla on the first try (not ours) still gives the points back', async () => {
    const shop = await installedStore(ctx);
    const me = await shopper(ctx, shop, 300);
    const r = await reward(ctx, shop);
    const service = ctx.app.services.redemptions;
    const { redemption } = await service.reserveRedemption({
      merchantId: shop.merchantId,
      customerId: me.customerId,
      rewardId: r.id,
      lang: 'ar',
    });
    const sallaToken = ctx.sandbox.registerStore({ merchantId: shop.merchantId }).access_token;
    await fetch(`${ctx.sandbox.apiBase}/coupons`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sallaToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        code: redemption.couponCode,
        type: 'fixed',
        amount: 20,
        free_shipping: false,
        exclude_sale_products: false,
        expiry_date: redemption.couponExpiresAt!.toISOString().slice(0, 10),
      }),
    });
    await expect(service.issueRedemption(redemption, 'ar')).rejects.toThrow();
    expect(await balanceOf(ctx, shop.merchantId, me.customerId)).toBe(300);
    await expectLedgerInvariant(ctx, shop.merchantId);
  });
});

describe('Salla unreachable', () => {
  test('a timed-out coupon call is asked again with the same code: one coupon, points spent', async () => {
    const slow = await createEngineContext({ salla: { timeoutMs: 300 } });
    try {
      const shop = await installedStore(slow);
      const me = await shopper(slow, shop, 300);
      const token = await signIn(slow, shop.merchantId, me.email);
      const r = await reward(slow, shop);
      slow.sandbox.fail({ mode: 'slow', delayMs: 1_000, path: '/admin/v2/coupons' });
      const res = await redeem(slow, shop.merchantId, me.customerId, token, { rewardId: r.id });
      expect(res.statusCode, res.body).toBe(200);
      const code = res.json().data.code as string;
      // The slow first call lands later and is refused: the code exists once.
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect(couponsOf(slow, shop.merchantId).map((c) => c.code)).toEqual([code]);
      expect(await balanceOf(slow, shop.merchantId, me.customerId)).toBe(100);
      await expectLedgerInvariant(slow, shop.merchantId);
    } finally {
      await slow.close();
    }
  });

  test('a coupon call timing out on every ask gives the points back', async () => {
    const slow = await createEngineContext({ salla: { timeoutMs: 300 } });
    try {
      const shop = await installedStore(slow);
      const me = await shopper(slow, shop, 300);
      const token = await signIn(slow, shop.merchantId, me.email);
      const r = await reward(slow, shop);
      // The first ask and every ask again (four) time out.
      slow.sandbox.fail({ mode: 'slow', delayMs: 1_000, path: '/admin/v2/coupons', count: 5 });
      const res = await redeem(slow, shop.merchantId, me.customerId, token, { rewardId: r.id });
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('REDEMPTION_FAILED');
      expect(await balanceOf(slow, shop.merchantId, me.customerId)).toBe(300);
      await expectLedgerInvariant(slow, shop.merchantId);
    } finally {
      await slow.close();
    }
  });

  test('a connection cut after Salla made the coupon: the second ask finds the code taken, the points stay spent', async () => {
    let cut = 0;
    // Salla receives the first Create Coupon and makes it; its answer never arrives.
    const cutting: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      if (String(input).endsWith('/coupons') && init?.method === 'POST' && cut++ === 0)
        throw new TypeError('fetch failed');
      return res;
    };
    const lossy = await createEngineContext({ salla: { fetch: cutting } });
    try {
      const shop = await installedStore(lossy);
      const me = await shopper(lossy, shop, 300);
      const token = await signIn(lossy, shop.merchantId, me.email);
      const r = await reward(lossy, shop);
      const res = await redeem(lossy, shop.merchantId, me.customerId, token, { rewardId: r.id });
      expect(res.statusCode, res.body).toBe(200);
      expect(cut).toBe(2);
      expect(couponsOf(lossy, shop.merchantId).map((c) => c.code)).toEqual([res.json().data.code]);
      expect(await balanceOf(lossy, shop.merchantId, me.customerId)).toBe(100);
      await expectLedgerInvariant(lossy, shop.merchantId);
    } finally {
      await lossy.close();
    }
  });

  test('a refused connection gives the points back', async () => {
    // A port nothing listens on (port 9 would be refused by fetch itself, before any connection).
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const dead = await createEngineContext({
      salla: { apiBase: `http://127.0.0.1:${port}/admin/v2` },
    });
    try {
      const shop = await installedStore(dead);
      const me = await shopper(dead, shop, 300);
      const token = await signIn(dead, shop.merchantId, me.email);
      const r = await reward(dead, shop);
      const res = await redeem(dead, shop.merchantId, me.customerId, token, { rewardId: r.id });
      expect(res.statusCode).toBe(502);
      expect(await balanceOf(dead, shop.merchantId, me.customerId)).toBe(300);
      expect(dead.sandbox.coupons).toHaveLength(0);
      await expectLedgerInvariant(dead, shop.merchantId);
    } finally {
      await dead.close();
    }
  });
});

describe('no lockout by strangers (docs/decisions/025)', () => {
  test("a stranger's wrong codes, however many, never make the shopper's right code fail", async () => {
    const shop = await installedStore(ctx);
    const { email, customerId } = await shopper(ctx, shop);
    const mine = await askCode(ctx, shop.merchantId, email);
    // 25 wrong codes from many addresses: until this change the 21st was a 429 for a day.
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++)
      statuses.push(
        (await verifyCode(ctx, shop.merchantId, email, wrongFor(mine.code, i))).statusCode,
      );
    expect(statuses.every((s) => s === 400)).toBe(true);
    // Naming a request the stranger does not have (or one of their own) changes nothing either.
    const theirs = (await requestCode(ctx, shop.merchantId, email)).json().requestId as string;
    for (let i = 0; i < 6; i++) {
      await verifyCode(ctx, shop.merchantId, email, wrongFor(mine.code, i), theirs);
      await verifyCode(ctx, shop.merchantId, email, wrongFor(mine.code, i), randomUUID());
    }
    const ok = await verifyCode(ctx, shop.merchantId, email, mine.code, mine.requestId);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.customerId).toBe(String(customerId));
  });

  test('a client that keeps no request id gets a fresh code after a stranger burned the last one', async () => {
    const shop = await installedStore(ctx);
    const { email } = await shopper(ctx, shop);
    const first = await askCode(ctx, shop.merchantId, email);
    for (let i = 0; i < 21; i++)
      expect(
        (await verifyCode(ctx, shop.merchantId, email, wrongFor(first.code, i))).statusCode,
      ).toBe(400);
    // The newest code's unnamed tries are spent: its right code fails without the request id…
    expect((await verifyCode(ctx, shop.merchantId, email, first.code)).statusCode).toBe(400);
    // …and a new code starts fresh.
    const second = await askCode(ctx, shop.merchantId, email);
    expect((await verifyCode(ctx, shop.merchantId, email, second.code)).statusCode).toBe(200);
  });

  test('a new request does not end the code the shopper is typing; a sign-in ends them all', async () => {
    const shop = await installedStore(ctx);
    const { email } = await shopper(ctx, shop);
    const mine = await askCode(ctx, shop.merchantId, email);
    const later = await askCode(ctx, shop.merchantId, email);
    expect(
      (await verifyCode(ctx, shop.merchantId, email, mine.code, mine.requestId)).statusCode,
    ).toBe(200);
    expect(
      (await verifyCode(ctx, shop.merchantId, email, later.code, later.requestId)).statusCode,
    ).toBe(400);
    // A request id is bound to its store and e-mail.
    const other = await shopper(ctx, shop);
    const theirs = await askCode(ctx, shop.merchantId, other.email);
    expect(
      (await verifyCode(ctx, shop.merchantId, email, theirs.code, theirs.requestId)).statusCode,
    ).toBe(400);
  });

  test('guessing stays bounded: 5 tries per code and request, 5 unnamed, 5 codes a day', async () => {
    const shop = await installedStore(ctx);
    const { email } = await shopper(ctx, shop);
    const { code, requestId } = await askCode(ctx, shop.merchantId, email);
    for (let i = 0; i < 5; i++)
      expect(
        (await verifyCode(ctx, shop.merchantId, email, wrongFor(code, i), requestId)).statusCode,
      ).toBe(400);
    expect((await verifyCode(ctx, shop.merchantId, email, code, requestId)).statusCode).toBe(400);
    for (let i = 0; i < 5; i++)
      expect((await verifyCode(ctx, shop.merchantId, email, wrongFor(code, i))).statusCode).toBe(
        400,
      );
    expect((await verifyCode(ctx, shop.merchantId, email, code)).statusCode).toBe(400);
    // One code a day was asked for; the 15-minute limit (3) passes, the daily cap (5) does not.
    const { limit } = SHOPPER_RATE_LIMITS.requestPerEmailDaily;
    const statuses: number[] = [];
    for (let i = 1; i <= limit; i++) {
      await ctx.database.db.execute(
        sql`update rate_limit_buckets set window_start = window_start - interval '16 minutes'
            where key = ${`shopper-code:email:${shop.merchantId}:${email}`}`,
      );
      statuses.push((await requestCode(ctx, shop.merchantId, email)).statusCode);
    }
    expect(statuses).toEqual([...Array(limit - 1).fill(200), 429]);
    const refused = await requestCode(ctx, shop.merchantId, email);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(86_400 - 600);
  });

  test("refused requests spend no recipient's daily codes", async () => {
    const shop = await installedStore(ctx);
    const { email } = await shopper(ctx, shop);
    const { limit } = SHOPPER_RATE_LIMITS.requestPerEmailDaily;
    const statuses: number[] = [];
    // Three codes, then a stranger's flood that the 15-minute limit refuses…
    for (let i = 0; i < 13; i++)
      statuses.push((await requestCode(ctx, shop.merchantId, email)).statusCode);
    expect(statuses).toEqual([200, 200, 200, ...Array(10).fill(429)]);
    await ctx.database.db.execute(
      sql`update rate_limit_buckets set window_start = window_start - interval '16 minutes'
          where key = ${`shopper-code:email:${shop.merchantId}:${email}`}`,
    );
    // …left the day's other codes to the shopper.
    for (let i = 3; i < limit; i++)
      expect((await requestCode(ctx, shop.merchantId, email)).statusCode).toBe(200);
  });

  test('verifications are still limited per address, across e-mails', async () => {
    const shop = await installedStore(ctx);
    const ip = uniqueIp();
    const { limit } = SHOPPER_RATE_LIMITS.verifyPerIp;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) {
      const res = await ctx.server.inject({
        method: 'POST',
        url: '/api/customers/auth/verify-code',
        payload: { merchantId: String(shop.merchantId), email: uniqueEmail('x'), code: '123456' },
        remoteAddress: ip,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, limit).every((s) => s === 400)).toBe(true);
    expect(statuses[limit]).toBe(429);
  });
});

test("the merchant's redemptions list shows a shopper's coupon and a redemption Salla refused", async () => {
  const store = await signedInStore(ctx, {
    plan: 'growth',
    subscriptionStatus: 'active',
    subscriptionExpiresAt: new Date(Date.now() + 30 * 86_400_000),
  });
  const shop = { merchantId: store.merchantId };
  const tokens = ctx.sandbox.registerStore({ merchantId: shop.merchantId });
  await deliverOk(ctx, webhooks.storeAuthorize(shop.merchantId, tokens));
  const me = await shopper(ctx, shop, 500);
  const token = await signIn(ctx, shop.merchantId, me.email);
  const r = await reward(ctx, shop);
  const issued = await redeem(ctx, shop.merchantId, me.customerId, token, { rewardId: r.id });
  expect(issued.statusCode).toBe(200);
  ctx.sandbox.fail({ mode: '500', path: '/admin/v2/coupons' });
  expect(
    (await redeem(ctx, shop.merchantId, me.customerId, token, { rewardId: r.id })).statusCode,
  ).toBe(502);

  const res = await ctx.server.inject({
    method: 'GET',
    url: '/api/rewards/redemptions',
    headers: { authorization: store.authorization },
  });
  expect(res.statusCode).toBe(200);
  const items = res.json().data.items as {
    status: string;
    couponCode: string | null;
    customerId: string;
    points: number;
  }[];
  expect(items.map((i) => i.status).sort()).toEqual(['failed', 'issued']);
  const shown = items.find((i) => i.status === 'issued')!;
  expect(shown).toMatchObject({
    couponCode: issued.json().data.code,
    customerId: String(me.customerId),
    points: 200,
  });
});

test('the same click sent five times at once redeems once and answers each with the same coupon', async () => {
  const shop = await installedStore(ctx);
  const me = await shopper(ctx, shop, 1000);
  const token = await signIn(ctx, shop.merchantId, me.email);
  const r = await reward(ctx, shop);
  const requestId = randomUUID();
  const answers = await Promise.all(
    Array.from({ length: 5 }, () =>
      redeem(ctx, shop.merchantId, me.customerId, token, { rewardId: r.id, requestId }),
    ),
  );
  expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
  expect(new Set(answers.map((a) => a.json().data.code)).size).toBe(1);
  expect(couponsOf(ctx, shop.merchantId)).toHaveLength(1);
  expect(await balanceOf(ctx, shop.merchantId, me.customerId)).toBe(800);
  await expectLedgerInvariant(ctx, shop.merchantId);
});

describe('the shopper cancels an unused coupon within the window (issue 23)', () => {
  function cancel(
    c: EngineContext,
    merchantId: number | string,
    customerId: number | string,
    couponId: string,
    token?: string,
    lang = 'en',
  ) {
    return c.server.inject({
      method: 'POST',
      url: `/api/customers/loyalty/${merchantId}/${customerId}/coupons/${couponId}/cancel`,
      headers: { 'accept-language': lang, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  }
  const sallaCoupon = (c: EngineContext, merchantId: number, code: string) =>
    c.sandbox.coupons.find((x) => x.merchantId === merchantId && x.code === code);
  const refunds = async (c: EngineContext, merchantId: number, couponId: string) =>
    (await ledgerOf(c, merchantId)).filter(
      (l) => l.kind === 'redeem_rollback' && l.idempotencyKey === `coupon_cancel:${couponId}`,
    );
  async function redemptionRow(c: EngineContext, merchantId: number, id: string) {
    const [row] = await c.database.db
      .select()
      .from(redemptions)
      .where(and(eq(redemptions.merchantId, merchantId), eq(redemptions.id, id)));
    return row!;
  }

  /** A signed-in shopper with 350 points who redeemed a 200-point reward: 150 left. */
  async function withCoupon(c: EngineContext = ctx) {
    const shop = await installedStore(c);
    const me = await shopper(c, shop, 350);
    const r = await reward(c, shop);
    const token = await signIn(c, shop.merchantId, me.email);
    const res = await redeem(c, shop.merchantId, me.customerId, token, { rewardId: r.id });
    expect(res.statusCode, res.body).toBe(200);
    const coupon = res.json().data as { id: string; code: string; cancellableUntil: string };
    expect(await balanceOf(c, shop.merchantId, me.customerId)).toBe(150);
    return { shop, me, token, coupon };
  }

  test('the coupon says until when; cancelling deletes it at Salla first and gives the points back once', async () => {
    const { shop, me, token, coupon } = await withCoupon();
    const until = new Date(coupon.cancellableUntil).getTime();
    expect(until).toBeGreaterThan(ctx.clock.now().getTime() + 29 * 60_000);
    expect(until).toBeLessThanOrEqual(ctx.clock.now().getTime() + 30 * 60_000);
    const page = await getLoyalty(ctx, shop.merchantId, me.customerId, token);
    expect(page.json().data.coupons[0]).toMatchObject({
      id: coupon.id,
      cancellableUntil: coupon.cancellableUntil,
    });

    const res = await cancel(ctx, shop.merchantId, me.customerId, coupon.id, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id: coupon.id,
      status: 'cancelled',
      cancelReason: 'shopper',
      cancellableUntil: null,
      pointsRequired: 200,
    });
    expect(sallaCoupon(ctx, shop.merchantId, coupon.code)?.status).toBe('deleted');
    expect(await balanceOf(ctx, shop.merchantId, me.customerId)).toBe(350);
    expect(await refunds(ctx, shop.merchantId, coupon.id)).toHaveLength(1);
    expect(await redemptionRow(ctx, shop.merchantId, coupon.id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'shopper',
    });

    // A second click: the coupon as it is, nothing more back.
    const again = await cancel(ctx, shop.merchantId, me.customerId, coupon.id, token);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.status).toBe('cancelled');
    expect(await balanceOf(ctx, shop.merchantId, me.customerId)).toBe(350);
    expect(await refunds(ctx, shop.merchantId, coupon.id)).toHaveLength(1);
    await expectLedgerInvariant(ctx, shop.merchantId);
  });

  test('two cancels at once give the points back once and delete the coupon once', async () => {
    const { shop, me, token, coupon } = await withCoupon();
    const deletesBefore = ctx.sandbox.stats.couponDeletes;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        cancel(ctx, shop.merchantId, me.customerId, coupon.id, token),
      ),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(await balanceOf(ctx, shop.merchantId, me.customerId)).toBe(350);
    expect(await refunds(ctx, shop.merchantId, coupon.id)).toHaveLength(1);
    expect(ctx.sandbox.stats.couponDeletes - deletesBefore).toBeLessThanOrEqual(4);
    expect(sallaCoupon(ctx, shop.merchantId, coupon.code)?.status).toBe('deleted');
    await expectLedgerInvariant(ctx, shop.merchantId);
  });

  test('a merchant cancel and a shopper cancel racing give the points back once', async () => {
    const { shop, me, token, coupon } = await withCoupon();
    const [a, b] = await Promise.all([
      cancel(ctx, shop.merchantId, me.customerId, coupon.id, token),
      ctx.app.services.redemptions.cancelCoupon({
        merchantId: shop.merchantId,
        redemptionId: coupon.id,
      }),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b).toHaveProperty('cancelled');
    expect(await balanceOf(ctx, shop.merchantId, me.customerId)).toBe(350);
    expect(await refunds(ctx, shop.merchantId, coupon.id)).toHaveLength(1);
    await expectLedgerInvariant(ctx, shop.merchantId);
  });

  test('used at Salla: refused with COUPON_USED_AT_SALLA, marked used, nothing back', async () => {
    const { shop, me, token, coupon } = await withCoupon();
    ctx.sandbox.useCoupon(shop.merchantId, coupon.code);
    const res = await cancel(ctx, shop.merchantId, me.customerId, coupon.id, token, 'ar');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('COUPON_USED_AT_SALLA');
    expect(res.json().message).toMatch(/سلة/);
    expect((await redemptionRow(ctx, shop.merchantId, coupon.id)).status).toBe('used');
    expect(sallaCoupon(ctx, shop.merchantId, coupon.code)?.status).toBe('active');
    expect(await balanceOf(ctx, shop.merchantId, me.customerId)).toBe(150);
    expect(await refunds(ctx, shop.merchantId, coupon.id)).toHaveLength(0);
    // Used now: no longer offered, and asking again is refused.
    const page = await getLoyalty(ctx, shop.merchantId, me.customerId, token);
    expect(page.json().data.coupons[0]).toMatchObject({ status: 'used', cancellableUntil: null });
    const again = await cancel(ctx, shop.merchantId, me.customerId, coupon.id, token);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('COUPON_NOT_CANCELLABLE');
    expect(await balanceOf(ctx, shop.merchantId, me.customerId)).toBe(150);
  });

  test('past the window: refused with COUPON_CANCEL_WINDOW_PASSED, Salla not asked, nothing back', async () => {
    const { shop, me, token, coupon } = await withCoupon();
    await ctx.database.db
      .update(redemptions)
      .set({ createdAt: new Date(ctx.clock.now().getTime() - 31 * 60_000) })
      .where(and(eq(redemptions.merchantId, shop.merchantId), eq(redemptions.id, coupon.id)));
    const page = await getLoyalty(ctx, shop.merchantId, me.customerId, token);
    expect(page.json().data.coupons[0]).toMatchObject({ status: 'issued', cancellableUntil: null });
    const deletesBefore = ctx.sandbox.stats.couponDeletes;
    for (const lang of ['en', 'ar']) {
      const res = await cancel(ctx, shop.merchantId, me.customerId, coupon.id, token, lang);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('COUPON_CANCEL_WINDOW_PASSED');
      expect(res.json().message).toMatch(lang === 'en' ? /time to cancel/ : /مهلة/);
    }
    expect(ctx.sandbox.stats.couponDeletes).toBe(deletesBefore);
    expect(sallaCoupon(ctx, shop.merchantId, coupon.code)?.status).toBe('active');
    expect((await redemptionRow(ctx, shop.merchantId, coupon.id)).status).toBe('issued');
    expect(await balanceOf(ctx, shop.merchantId, me.customerId)).toBe(150);
  });

  test("no token 401, another store's or shopper's path 403, another shopper's coupon 404, an unknown coupon 404, bad ids 400", async () => {
    const { shop, me, token, coupon } = await withCoupon();
    const other = await shopper(ctx, shop, 0);
    const otherToken = await signIn(ctx, shop.merchantId, other.email);
    const elsewhere = await installedStore(ctx);

    expect((await cancel(ctx, shop.merchantId, me.customerId, coupon.id)).statusCode).toBe(401);
    expect(
      (await cancel(ctx, shop.merchantId, me.customerId, coupon.id, 'not-a-token')).statusCode,
    ).toBe(401);
    // Someone else's path with one's own token.
    expect(
      (await cancel(ctx, shop.merchantId, me.customerId, coupon.id, otherToken)).statusCode,
    ).toBe(403);
    expect(
      (await cancel(ctx, elsewhere.merchantId, me.customerId, coupon.id, token)).statusCode,
    ).toBe(403);
    // One's own path, another shopper's coupon id.
    const theirs = await cancel(ctx, shop.merchantId, other.customerId, coupon.id, otherToken);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('NOT_FOUND');
    const unknown = await cancel(ctx, shop.merchantId, me.customerId, randomUUID(), token);
    expect(unknown.statusCode).toBe(404);
    for (const [m, c, id] of [
      [shop.merchantId, me.customerId, 'not-a-uuid'],
      [shop.merchantId, 'abc', coupon.id],
      ['x', me.customerId, coupon.id],
    ] as const) {
      const res = await cancel(ctx, m, c, id, token);
      expect(res.statusCode, `${m}/${c}/${id}`).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect(sallaCoupon(ctx, shop.merchantId, coupon.code)?.status).toBe('active');
    expect(await balanceOf(ctx, shop.merchantId, me.customerId)).toBe(150);
    expect(await balanceOf(ctx, shop.merchantId, other.customerId)).toBe(0);
  });

  test('Salla down: 502 SALLA_UNAVAILABLE, the coupon stays issued and nothing comes back', async () => {
    const { shop, me, token, coupon } = await withCoupon();
    ctx.sandbox.fail({ mode: '500', path: '/admin/v2/coupons/', count: 1000 });
    try {
      const res = await cancel(ctx, shop.merchantId, me.customerId, coupon.id, token);
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('SALLA_UNAVAILABLE');
    } finally {
      ctx.sandbox.clearFaults();
    }
    expect((await redemptionRow(ctx, shop.merchantId, coupon.id)).status).toBe('issued');
    expect(sallaCoupon(ctx, shop.merchantId, coupon.code)?.status).toBe('active');
    expect(await balanceOf(ctx, shop.merchantId, me.customerId)).toBe(150);
    expect(await refunds(ctx, shop.merchantId, coupon.id)).toHaveLength(0);
    // Salla back: the cancel goes through.
    const res = await cancel(ctx, shop.merchantId, me.customerId, coupon.id, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceOf(ctx, shop.merchantId, me.customerId)).toBe(350);
  });
});
