import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ErrorBodySchema, StoreInfoResponseSchema } from '@nuqat/contracts';
import { merchants } from '../../db/schema/index.ts';
import {
  createMerchant,
  createTestContext,
  uniqueIp,
  type TestContext,
} from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function tokenFor(email: string, password: string): Promise<string> {
  const res = await ctx.server.inject({
    method: 'POST',
    url: '/api/merchants/auth/login',
    payload: { email, password },
    remoteAddress: uniqueIp(),
  });
  return res.json().data.token;
}

const storeInfo = (authorization?: string) =>
  ctx.server.inject({
    method: 'GET',
    url: '/api/merchants/store-info',
    headers: authorization ? { authorization } : {},
  });

describe('GET /api/merchants/store-info', () => {
  test('answers the spec’s fields for the logged-in merchant', async () => {
    const expires = new Date('2027-01-31T21:00:00.000Z');
    const { merchant, email, password } = await createMerchant(ctx, {
      storeUrl: 'https://salla.sa/my-store',
      plan: 'starter',
      subscriptionStatus: 'active',
      subscriptionExpiresAt: expires,
    });
    const res = await storeInfo(`Bearer ${await tokenFor(email, password)}`);
    expect(res.statusCode).toBe(200);
    const body = StoreInfoResponseSchema.parse(res.json());
    expect(body.data).toEqual({
      merchantId: String(merchant.id),
      storeName: merchant.storeName,
      userEmail: email,
      storeUrl: 'https://salla.sa/my-store',
      subscriptionStatus: 'active',
      subscriptionPlan: 'starter',
      subscriptionExpiryDate: expires.toISOString(),
      needsReinstall: false,
      isEarning: true,
      programmeEnabled: true,
    });
  });

  test('without a token it is 401 UNAUTHENTICATED', async () => {
    for (const header of [undefined, 'Bearer ', 'Bearer null', 'Basic abc']) {
      const res = await storeInfo(header);
      expect(res.statusCode, String(header)).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
  });

  test('a forged or malformed token is 401', async () => {
    for (const token of ['abc', 'a.b.c', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.']) {
      expect((await storeInfo(`Bearer ${token}`)).statusCode).toBe(401);
    }
    const forged = await new SignJWT({ sid: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('nuqat')
      .setAudience('nuqat:merchant')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('some-other-secret-some-other-secret-123'));
    expect((await storeInfo(`Bearer ${forged}`)).statusCode).toBe(401);
  });

  test('a token never opens another store: its session belongs to its own merchant', async () => {
    const a = await createMerchant(ctx);
    const b = await createMerchant(ctx);
    const tokenA = await tokenFor(a.email, a.password);
    const resA = await storeInfo(`Bearer ${tokenA}`);
    expect(resA.json().data.merchantId).toBe(String(a.merchant.id));
    // A validly signed token that names B but carries A's session id is refused.
    const [, payload] = tokenA.split('.');
    const { sid } = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { sid: string };
    const crossed = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(b.merchant.id))
      .setIssuer('nuqat')
      .setAudience('nuqat:merchant')
      .setExpirationTime('1h')
      .sign(ctx.config.jwtSecret);
    const res = await storeInfo(`Bearer ${crossed}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SESSION_EXPIRED');
  });
});

describe('createMerchant', () => {
  test('refuses a second merchant with the same e-mail, whatever its case', async () => {
    const { email } = await createMerchant(ctx);
    await expect(createMerchant(ctx, { email: email.toUpperCase() })).rejects.toMatchObject({
      code: 'MERCHANT_EMAIL_TAKEN',
    });
  });

  test('stores the password with argon2id', async () => {
    const { merchant } = await createMerchant(ctx);
    expect(merchant.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('GET /api/merchants/subscription/status', () => {
  test('shows the plan, this month’s order usage and the orders over the limit', async () => {
    const { planUsage } = await import('../../db/schema/index.ts');
    const { planPeriodStart } = await import('./plan-rules.ts');
    const { merchant, email, password } = await createMerchant(ctx, {
      plan: 'starter',
      subscriptionStatus: 'active',
      subscriptionExpiresAt: new Date(Date.now() + 10 * 86_400_000),
    });
    await ctx.database.db.insert(planUsage).values({
      merchantId: merchant.id,
      periodStart: planPeriodStart(merchant, new Date()),
      ordersCounted: 1000,
      ordersOverLimit: 3,
    });
    const res = await ctx.server.inject({
      method: 'GET',
      url: '/api/merchants/subscription/status',
      headers: { authorization: `Bearer ${await tokenFor(email, password)}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.subscription).toMatchObject({
      status: 'active',
      plan: 'starter',
      isActive: true,
      usageLimit: 1000,
      ordersUsed: 1000,
      ordersOverLimit: 3,
      usagePercentage: 100,
      needsReinstall: false,
    });
  });

  test('a growth store has no usage limit, and the call needs a login', async () => {
    const { email, password } = await createMerchant(ctx, {
      plan: 'growth',
      subscriptionStatus: 'trial',
    });
    const res = await ctx.server.inject({
      method: 'GET',
      url: '/api/merchants/subscription/status',
      headers: { authorization: `Bearer ${await tokenFor(email, password)}` },
    });
    expect(res.json().data.subscription).toMatchObject({
      plan: 'growth',
      usageLimit: null,
      usagePercentage: 0,
      // Spec §3: active means status active (and not expired); a trial still earns points.
      isActive: false,
      isEarning: true,
    });
    expect(
      (await ctx.server.inject({ method: 'GET', url: '/api/merchants/subscription/status' }))
        .statusCode,
    ).toBe(401);
  });
});

describe('GET/PUT /api/merchants/settings', () => {
  const put = (token: string, payload: unknown) =>
    ctx.server.inject({
      method: 'PUT',
      url: '/api/merchants/settings',
      headers: { authorization: `Bearer ${token}` },
      payload: payload as object,
    });

  test('points expiry is never by default and can be set, bounded 1–3650 days, or cleared', async () => {
    const { email, password } = await createMerchant(ctx);
    const token = await tokenFor(email, password);
    const get = await ctx.server.inject({
      method: 'GET',
      url: '/api/merchants/settings',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(get.json().data).toEqual({
      pointsExpiryDays: null,
      pointsSpendableOn: ['completed', 'delivered'],
      pointsHoldDays: 0,
      forgiveSpentClawbacks: false,
      monthlyReportEmail: true,
    });
    for (const bad of [0, -1, 3651, 1.5, '30']) {
      const res = await put(token, { pointsExpiryDays: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await put(token, { pointsExpiryDays: 30, extra: true })).statusCode).toBe(400);
    expect((await put(token, {})).statusCode).toBe(400);
    for (const good of [1, 365, 3650]) {
      const res = await put(token, { pointsExpiryDays: good });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ pointsExpiryDays: good });
    }
    expect((await put(token, { pointsExpiryDays: null })).json().data).toMatchObject({
      pointsExpiryDays: null,
    });
  });

  test('the statuses that make points spendable and the holding days are saved beside expiry', async () => {
    const { email, password, merchant } = await createMerchant(ctx);
    const token = await tokenFor(email, password);
    await put(token, { pointsExpiryDays: 90 });
    const res = await put(token, {
      pointsSpendableOn: ['delivered', 'shipped', 'completed'],
      pointsHoldDays: 14,
    });
    expect(res.statusCode, res.body).toBe(200);
    // Answered in the contract's order; expiry, not sent, stays.
    expect(res.json().data).toEqual({
      pointsExpiryDays: 90,
      pointsSpendableOn: ['completed', 'delivered', 'shipped'],
      pointsHoldDays: 14,
      forgiveSpentClawbacks: false,
      monthlyReportEmail: true,
    });
    const [row] = await ctx.database.db
      .select({ on: merchants.pointsSpendableOn, hold: merchants.pointsHoldDays })
      .from(merchants)
      .where(eq(merchants.id, merchant.id));
    expect(row).toEqual({ on: ['completed', 'delivered', 'shipped'], hold: 14 });

    // Each setting alone leaves the others as they were.
    expect((await put(token, { pointsHoldDays: 0 })).json().data).toEqual({
      pointsExpiryDays: 90,
      pointsSpendableOn: ['completed', 'delivered', 'shipped'],
      pointsHoldDays: 0,
      forgiveSpentClawbacks: false,
      monthlyReportEmail: true,
    });
    expect((await put(token, { pointsSpendableOn: ['under_review'] })).json().data).toMatchObject({
      pointsSpendableOn: ['under_review'],
      pointsHoldDays: 0,
    });
  });

  test.each([
    ['pointsSpendableOn', []],
    ['pointsSpendableOn', ['canceled']],
    ['pointsSpendableOn', ['payment_pending']],
    ['pointsSpendableOn', ['restored']],
    ['pointsSpendableOn', ['Completed']],
    ['pointsSpendableOn', ['completed', 'completed']],
    ['pointsSpendableOn', 'completed'],
    ['pointsSpendableOn', null],
    ['pointsHoldDays', -1],
    ['pointsHoldDays', 366],
    ['pointsHoldDays', 1.5],
    ['pointsHoldDays', '7'],
    ['pointsHoldDays', null],
  ])('%s: %j is a 400 naming the field, and nothing is saved', async (field, value) => {
    const { email, password } = await createMerchant(ctx);
    const token = await tokenFor(email, password);
    const res = await put(token, { pointsHoldDays: 3, [field]: value, pointsExpiryDays: 30 });
    expect(res.statusCode).toBe(400);
    const body = ErrorBodySchema.parse(res.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.issues?.some((issue) => issue.path.includes(field))).toBe(true);
    const get = await ctx.server.inject({
      method: 'GET',
      url: '/api/merchants/settings',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(get.json().data).toEqual({
      pointsExpiryDays: null,
      pointsSpendableOn: ['completed', 'delivered'],
      pointsHoldDays: 0,
      forgiveSpentClawbacks: false,
      monthlyReportEmail: true,
    });
  });

  test('the monthly report e-mail is switched off and on again alone, and a non-boolean is a 400', async () => {
    const { email, password, merchant } = await createMerchant(ctx);
    const token = await tokenFor(email, password);
    await put(token, { pointsHoldDays: 7 });
    const off = await put(token, { monthlyReportEmail: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ monthlyReportEmail: false, pointsHoldDays: 7 });
    const [row] = await ctx.database.db
      .select({ on: merchants.monthlyReportEmail })
      .from(merchants)
      .where(eq(merchants.id, merchant.id));
    expect(row).toEqual({ on: false });
    for (const bad of ['false', 0, null]) {
      const res = await put(token, { monthlyReportEmail: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(ErrorBodySchema.parse(res.json()).issues?.[0]?.path).toContain('monthlyReportEmail');
    }
    expect((await put(token, { monthlyReportEmail: true })).json().data).toMatchObject({
      monthlyReportEmail: true,
      pointsHoldDays: 7,
    });
  });

  test('a status slug written outside the API is left out of the answer', async () => {
    const { email, password, merchant } = await createMerchant(ctx);
    await ctx.database.db
      .update(merchants)
      .set({ pointsSpendableOn: ['completed', 'restoring'] })
      .where(eq(merchants.id, merchant.id));
    const res = await ctx.server.inject({
      method: 'GET',
      url: '/api/merchants/settings',
      headers: { authorization: `Bearer ${await tokenFor(email, password)}` },
    });
    expect(res.json().data.pointsSpendableOn).toEqual(['completed']);
  });

  test('one store’s settings never change another’s', async () => {
    const a = await createMerchant(ctx);
    const b = await createMerchant(ctx);
    await put(await tokenFor(a.email, a.password), {
      pointsExpiryDays: 90,
      pointsSpendableOn: ['shipped'],
      pointsHoldDays: 30,
    });
    const res = await ctx.server.inject({
      method: 'GET',
      url: '/api/merchants/settings',
      headers: { authorization: `Bearer ${await tokenFor(b.email, b.password)}` },
    });
    expect(res.json().data).toEqual({
      pointsExpiryDays: null,
      pointsSpendableOn: ['completed', 'delivered'],
      pointsHoldDays: 0,
      forgiveSpentClawbacks: false,
      monthlyReportEmail: true,
    });
    expect(
      (
        await ctx.server.inject({
          method: 'PUT',
          url: '/api/merchants/settings',
          payload: { pointsExpiryDays: 5 },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await ctx.server.inject({
          method: 'PUT',
          url: '/api/merchants/settings',
          payload: { pointsHoldDays: 5 },
        })
      ).statusCode,
    ).toBe(401);
  });
});
