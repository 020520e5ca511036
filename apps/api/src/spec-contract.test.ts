/**
 * The product spec's 19 API calls (shared/spec/product-spec.md §7), each sent exactly as the
 * spec's client sends it — path, method, body, headers, no query unless it sends one — and each
 * answer checked for every field the spec's client reads, with the spec's types (§3). Answers may
 * carry more (supersets are allowed): the shapes below are written from the spec, not from
 * `@nuqat/contracts`, and do not strip or refuse extra fields.
 *
 * Where Nuqat departs from the spec on purpose, the test names the decision record (in its name
 * and a comment) and checks the documented form instead. docs/spec-departures.md lists them all.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { EARN_ACTION_EVENTS } from '@nuqat/contracts';
import { webhooks, type CustomerFacts } from '@nuqat/salla-sandbox';
import { merchants } from './db/schema/index.ts';
import { hashPassword } from './lib/crypto.ts';
import {
  createEngineContext,
  customerFacts,
  deliverOk,
  randomId,
  setupStore,
  type EngineContext,
} from './test/engine-support.ts';
import { extractMailedCode } from './test/smtp-sink.ts';
import { createMerchant, uniqueEmail, uniqueIp } from './test/test-app.ts';

let ctx: EngineContext;

beforeAll(async () => {
  ctx = await createEngineContext();
});
afterAll(async () => {
  await ctx?.close();
});

// ---- The spec's types (§3), as loose shapes: extra fields pass ----------------------------------

const date = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'a readable date');
/** Decision 040: Salla's numeric ids (store, customer, order) travel as decimal strings. */
const numericId = z.string().regex(/^[1-9]\d*$/, 'a decimal string id (decision 040)');
/** Decision 040: Nuqat's own ids (rewards, history entries) are UUID strings. */
const uuidId = z.string().regex(/^[0-9a-f-]{36}$/, 'a UUID string id (decision 040)');

/** Spec §7: `{success, message}` of the three recovery calls. */
const SpecMessage = z.object({ success: z.literal(true), message: z.string().min(1) });

/** Spec §8: what a failed call is read for (decision 002: the error model adds `code`). */
const SpecError = z.object({ success: z.literal(false), message: z.string().min(1) });

const SUBSCRIPTION_STATUSES_SEEN = ['active', 'inactive', 'trial', 'expired', 'suspended'];
const SUBSCRIPTION_TYPES_SEEN = ['premium', 'basic', 'trial', 'none'];

/** Spec §3 "Store info", and §7's answer to GET /api/merchants/store-info. */
const SpecStoreInfo = z.object({
  success: z.literal(true),
  data: z.object({
    storeName: z.string(),
    userEmail: z.string(),
    merchantId: numericId,
    storeUrl: z.string(),
    subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES_SEEN),
    subscriptionExpiryDate: date,
    subscriptionPlan: z.string(),
  }),
});

/** Spec §3 "Dashboard data". */
const SpecDashboard = z.object({
  success: z.literal(true),
  data: z.object({
    totalMembers: z.number(),
    totalPoints: z.number(),
    redeemedPoints: z.number(),
    totalOrders: z.number(),
    totalSales: z.number(),
    couponsUsed: z.number(),
    userEmail: z.string(),
    storeName: z.string(),
    subscription: z.object({
      status: z.enum(SUBSCRIPTION_STATUSES_SEEN),
      type: z.enum(SUBSCRIPTION_TYPES_SEEN),
      expiryDate: date,
      // Growth is unlimited: null is "no limit" (docs/insights.md).
      usageLimit: z.number().nullable(),
      ordersUsed: z.number(),
      usagePercentage: z.number(),
    }),
    activities: z.array(z.object({ customerName: z.string(), action: z.string(), date })),
    performanceStats: z.object({
      pointsEarned: z.number(),
      pointsRedeemed: z.number(),
      totalOrders: z.number(),
      couponsUsed: z.number(),
    }),
    recentOrders: z.array(
      z.object({
        id: numericId,
        customer: z.string(),
        total: z.number(),
        date,
        status: z.string(),
      }),
    ),
    topCustomers: z.array(
      z.object({
        id: numericId,
        name: z.string(),
        points: z.number(),
        orders: z.number(),
        totalSpent: z.number(),
      }),
    ),
  }),
});

/** Spec §3 "Subscription status response": `subscription {status, expiryDate, plan}`. */
const SpecSubscriptionStatus = z.object({
  success: z.literal(true),
  data: z.object({
    subscription: z.object({
      status: z.enum(SUBSCRIPTION_STATUSES_SEEN),
      expiryDate: date,
      plan: z.string(),
    }),
  }),
});

const SPEC_EVENTS = [
  'birthday',
  'product_review',
  'signup',
  'order_review',
  'repeat_purchase',
  'order.created',
] as const;

/** Spec §3 "Loyalty rule"; a field that does not belong to the event is null (decision 003). */
const SpecRule = z.object({
  event: z.string(),
  points: z.number(),
  minRating: z.number().nullable(),
  requiredPurchases: z.number().nullable(),
  minOrderTotal: z.number().nullable(),
});
const SpecRules = z.object({ success: z.literal(true), data: z.array(SpecRule) });

const SPEC_REWARD_TYPES = [
  'fixed_discount',
  'percentage_discount',
  'free_shipping',
  'cashback',
  'free_product',
] as const;

/** Spec §3 "Reward": `_id`, name, type, pointsRequired, value, …, usageCount. */
const SpecReward = z.object({
  _id: uuidId,
  name: z.string(),
  type: z.enum(SPEC_REWARD_TYPES),
  pointsRequired: z.number(),
  value: z.number(),
  description: z.string(),
  isActive: z.boolean(),
  maxUsage: z.number().nullable(),
  minOrderAmount: z.number(),
  usageCount: z.number(),
});
const SpecRewards = z.object({ success: z.literal(true), data: z.array(SpecReward) });

/** Spec §3 "Referral settings". */
const SpecReferralReward = z.object({
  type: z.enum(['fixed', 'percentage', 'shipping']),
  value: z.number().int(),
});
const SpecReferralSettings = z.object({
  success: z.literal(true),
  data: z.object({
    isActive: z.boolean(),
    participantReward: SpecReferralReward,
    referralReward: SpecReferralReward,
  }),
});

/** Spec §3 "Customer loyalty data", under `{success: true, data}` (§7). */
const SpecLoyaltyData = z.object({
  success: z.literal(true),
  data: z.object({
    availablePoints: z.number(),
    pointsMethods: z.array(z.object({ id: z.string(), name: z.string(), points: z.number() })),
    rewards: z.array(
      z.object({
        id: uuidId,
        name: z.string(),
        description: z.string(),
        pointsRequired: z.number(),
      }),
    ),
    coupons: z.array(z.object({ name: z.string(), pointsRequired: z.number() })),
    history: z.array(
      z.object({
        id: z.string(),
        date,
        formattedDate: z.string(),
        description: z.string(),
        points: z.number(),
        type: z.enum(['earned', 'redeemed']),
      }),
    ),
  }),
});

/** Spec §7: the redeem answer, `{success, data}` where data is the coupon. */
const SpecRedeemed = z.object({
  success: z.literal(true),
  data: z.object({ name: z.string(), pointsRequired: z.number() }),
});

/** Every issue of a shape, as readable lines (empty when the answer fits). */
function misfits(shape: z.ZodType, body: unknown): string[] {
  const result = shape.safeParse(body);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
}

// ---- The spec's client ----------------------------------------------------------------------

interface Answer {
  status: number;
  body: unknown;
  cookies: { name: string; value: string }[];
}

/**
 * A call as the spec's client makes it: JSON body when it has one (and only then a JSON
 * content type), the bearer token header on every call but the four before a login (§7 "All
 * calls … with a bearer token header unless noted"), cookies when it sends credentials.
 */
async function call(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: { bearer?: string; body?: Record<string, unknown>; cookie?: string } = {},
): Promise<Answer> {
  const res = await ctx.server.inject({
    method,
    url,
    remoteAddress: uniqueIp(),
    headers: {
      accept: 'application/json, text/plain, */*',
      ...(options.bearer ? { authorization: `Bearer ${options.bearer}` } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(options.body ? { payload: JSON.stringify(options.body) } : {}),
  });
  return {
    status: res.statusCode,
    body: res.body ? (res.json() as unknown) : undefined,
    cookies: res.cookies.map((c) => ({ name: c.name, value: c.value })),
  };
}

const asRecord = (body: unknown) => body as Record<string, unknown> & { data?: unknown };
const dataOf = <T = Record<string, unknown>>(answer: Answer) => asRecord(answer.body).data as T;

// ---- A store the way it is in production: installed, a customer, a completed order ----------

interface Store {
  merchantId: number;
  email: string;
  password: string;
  storeUrl: string;
}

/** A growth store on an active subscription, with Salla tokens, an owner password and a URL. */
async function growthStore(): Promise<Store> {
  const merchantId = await setupStore(ctx, {
    plan: 'growth',
    spendableOn: ['completed'],
    rules: { 'order.created': { points: 500 } },
  });
  const password = `spec-pass-${randomId()}`;
  const storeUrl = `https://store-${merchantId}.example.sa`;
  await ctx.database.db
    .update(merchants)
    .set({ passwordHash: await hashPassword(password), storeUrl })
    .where(eq(merchants.id, merchantId));
  const [row] = await ctx.database.db
    .select({ email: merchants.email })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  return { merchantId, email: row!.email!, password, storeUrl };
}

/** A customer Salla told us about, with one completed order (500 points, spendable). */
async function customerWithOrder(store: Store): Promise<CustomerFacts & { email: string }> {
  const email = uniqueEmail('shopper');
  const customer = customerFacts({ email });
  await deliverOk(ctx, webhooks.customerCreated(store.merchantId, customer));
  await deliverOk(
    ctx,
    webhooks.orderCreated(store.merchantId, {
      id: randomId(),
      customer,
      total: 250,
      status: 'completed',
    }),
  );
  return { ...customer, email };
}

/** Spec §7 row 1, as the client sends it: `{email, password}`, credentials included. */
async function specLogin(store: Store) {
  const answer = await call('POST', '/api/merchants/auth/login', {
    body: { email: store.email, password: store.password },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const token = dataOf<{ token: string }>(answer).token;
  const session = answer.cookies.find((c) => c.name === 'nuqat_session');
  return { token, cookie: session ? `nuqat_session=${session.value}` : '' };
}

/** Shopper sign-in (decision 006): the e-mailed code for a shopper token. Not a spec call. */
async function shopperToken(store: Store, email: string): Promise<string> {
  const after = ctx.smtp.messages.length;
  const asked = await call('POST', '/api/customers/auth/request-code', {
    body: { merchantId: String(store.merchantId), email },
  });
  expect(asked.status).toBe(200);
  const code = extractMailedCode(await ctx.smtp.waitForMail(email, { after }));
  const verified = await call('POST', '/api/customers/auth/verify-code', {
    body: { merchantId: String(store.merchantId), email, code },
  });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return dataOf<{ token: string }>(verified).token;
}

/** The spec's "new reward" (§9 defaults), as its reward form sends it (§7). */
const specRewardBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'خصم 10 ريال',
  type: 'fixed_discount',
  pointsRequired: 100,
  value: 10,
  description: 'على طلبك القادم',
  isActive: true,
  maxUsage: null,
  minOrderAmount: 0,
  ...overrides,
});

let store: Store;
let session: { token: string; cookie: string };

beforeAll(async () => {
  store = await growthStore();
  session = await specLogin(store);
});

// ---- Merchant sign-in and recovery (§7 rows 1–4) --------------------------------------------

describe('spec §7: merchant login and recovery', () => {
  test('1. POST /api/merchants/auth/login: token and merchantId under data, success true; merchantId a string (decision 040)', async () => {
    const answer = await call('POST', '/api/merchants/auth/login', {
      body: { email: `  ${store.email.toUpperCase()} `, password: ` ${store.password} ` },
    });
    expect(answer.status).toBe(200);
    expect(
      misfits(
        z.object({
          success: z.literal(true),
          data: z.object({ token: z.string().min(20), merchantId: numericId }),
        }),
        answer.body,
      ),
    ).toEqual([]);
    expect(dataOf(answer).merchantId).toBe(String(store.merchantId));
  });

  test('1. login "with cookies": the session cookie alone opens GET /api/merchants/store-info, the spec’s cookie-based check (decision 001)', async () => {
    const login = await call('POST', '/api/merchants/auth/login', {
      body: { email: store.email, password: store.password },
    });
    const cookie = login.cookies.find((c) => c.name === 'nuqat_session');
    expect(cookie?.value).toBeTruthy();
    const info = await call('GET', '/api/merchants/store-info', {
      cookie: `nuqat_session=${cookie!.value}`,
    });
    expect(info.status).toBe(200);
    expect(misfits(SpecStoreInfo, info.body)).toEqual([]);
  });

  test('1. a wrong password is 401 with a message the login screen shows (§8; error model, decision 002)', async () => {
    const answer = await call('POST', '/api/merchants/auth/login', {
      body: { email: store.email, password: 'not-the-password' },
    });
    expect(answer.status).toBe(401);
    expect(misfits(SpecError, answer.body)).toEqual([]);
  });

  test('2–4. forgot-password, verify-reset-code, reset-password: {email}, {email, code}, {email, code, newPassword} → {success, message} each', async () => {
    // Its own store: a reset ends every session of the merchant (decision 001).
    const { email } = await createMerchant(ctx);
    const after = ctx.smtp.messages.length;
    const forgot = await call('POST', '/api/merchants/auth/forgot-password', { body: { email } });
    expect(forgot.status).toBe(200);
    expect(misfits(SpecMessage, forgot.body)).toEqual([]);
    const code = extractMailedCode(await ctx.smtp.waitForMail(email, { after }));

    // The spec's client sends no cookie back: the code is found without the request's id
    // (decision 025's unnamed tries).
    const verify = await call('POST', '/api/merchants/auth/verify-reset-code', {
      body: { email, code },
    });
    expect(verify.status, JSON.stringify(verify.body)).toBe(200);
    expect(misfits(SpecMessage, verify.body)).toEqual([]);

    const newPassword = 'a-new-password-2026';
    const reset = await call('POST', '/api/merchants/auth/reset-password', {
      body: { email, code, newPassword },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(misfits(SpecMessage, reset.body)).toEqual([]);

    const login = await call('POST', '/api/merchants/auth/login', {
      body: { email, password: newPassword },
    });
    expect(login.status).toBe(200);
  });

  test('3. a wrong code is 400 with a message (§8 "HTTP 400: Invalid or expired verification code"; decision 002)', async () => {
    const { email } = await createMerchant(ctx);
    const after = ctx.smtp.messages.length;
    await call('POST', '/api/merchants/auth/forgot-password', { body: { email } });
    const code = extractMailedCode(await ctx.smtp.waitForMail(email, { after }));
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const answer = await call('POST', '/api/merchants/auth/verify-reset-code', {
      body: { email, code: wrong },
    });
    expect(answer.status).toBe(400);
    expect(misfits(SpecError, answer.body)).toEqual([]);
  });
});

// ---- The merchant's screens (§7 rows 5–7) ---------------------------------------------------

describe('spec §7: store info, dashboard, subscription', () => {
  test('5. GET /api/merchants/store-info: data{storeName, userEmail, merchantId, storeUrl, subscription…}; merchantId a string (decision 040)', async () => {
    const answer = await call('GET', '/api/merchants/store-info', { bearer: session.token });
    expect(answer.status).toBe(200);
    expect(misfits(SpecStoreInfo, answer.body)).toEqual([]);
    expect(dataOf(answer)).toMatchObject({
      merchantId: String(store.merchantId),
      userEmail: store.email,
      storeUrl: store.storeUrl,
      subscriptionStatus: 'active',
      subscriptionPlan: 'growth',
    });
  });

  test('6. GET /api/merchants/dashboard: every dashboard field, lists filled from a real order; ids as strings (decision 040)', async () => {
    const shop = await growthStore();
    const { token } = await specLogin(shop);
    const customer = await customerWithOrder(shop);
    const answer = await call('GET', '/api/merchants/dashboard', { bearer: token });
    expect(answer.status).toBe(200);
    expect(misfits(SpecDashboard, answer.body)).toEqual([]);
    const data = dataOf<z.infer<typeof SpecDashboard>['data']>(answer);
    expect(data).toMatchObject({ totalMembers: 1, totalPoints: 500, totalOrders: 1 });
    expect(data.subscription).toMatchObject({ status: 'active', type: 'premium' });
    expect(data.recentOrders).toHaveLength(1);
    expect(data.recentOrders[0]).toMatchObject({ total: 250, status: 'completed' });
    expect(data.topCustomers).toEqual([
      expect.objectContaining({ id: String(customer.id), points: 500, orders: 1, totalSpent: 250 }),
    ]);
    expect(data.activities.length).toBeGreaterThan(0);
  });

  test('6. the dashboard without a token is 401 {success: false, message} (§4: back to login; decision 002)', async () => {
    const answer = await call('GET', '/api/merchants/dashboard');
    expect(answer.status).toBe(401);
    expect(misfits(SpecError, answer.body)).toEqual([]);
  });

  test('7. GET /api/merchants/subscription/status: data.subscription {status, expiryDate, plan}', async () => {
    const answer = await call('GET', '/api/merchants/subscription/status', {
      bearer: session.token,
    });
    expect(answer.status).toBe(200);
    expect(misfits(SpecSubscriptionStatus, answer.body)).toEqual([]);
    const { subscription } = dataOf<{ subscription: Record<string, unknown> }>(answer);
    expect(subscription).toMatchObject({ status: 'active', plan: 'growth' });
    expect(Date.parse(subscription.expiryDate as string)).toBeGreaterThan(Date.now());
  });
});

// ---- Points programme (§7 rows 8–9) ---------------------------------------------------------

describe('spec §7: collection methods', () => {
  test('8. GET /api/loyalty: data is a list of rules with the spec’s six events (every method listed, decision 003; points per riyal added, decision 010)', async () => {
    const answer = await call('GET', '/api/loyalty', { bearer: session.token });
    expect(answer.status).toBe(200);
    expect(misfits(SpecRules, answer.body)).toEqual([]);
    const events = dataOf<{ event: string }[]>(answer).map((rule) => rule.event);
    expect(events).toEqual(expect.arrayContaining([...SPEC_EVENTS]));
    // Decisions 010 and 052: methods the spec does not have; a spec client shows them or skips them.
    expect(events.filter((event) => !(SPEC_EVENTS as readonly string[]).includes(event))).toEqual([
      'purchase_amount',
      ...EARN_ACTION_EVENTS,
    ]);
  });

  test('9. POST /api/loyalty: {event, points} plus the field the event needs saves; points 0 deletes (§4)', async () => {
    const shop = await growthStore();
    const { token } = await specLogin(shop);
    const bodies = [
      { event: 'birthday', points: 30 },
      { event: 'product_review', points: 30, minRating: 4 },
      { event: 'signup', points: 30 },
      { event: 'order_review', points: 30, minRating: 1 },
      { event: 'repeat_purchase', points: 30, requiredPurchases: 3 },
      { event: 'order.created', points: 30, minOrderTotal: 100 },
    ];
    for (const body of bodies) {
      const saved = await call('POST', '/api/loyalty', { bearer: token, body });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(asRecord(saved.body).success).toBe(true);
    }
    const deleted = await call('POST', '/api/loyalty', {
      bearer: token,
      body: { event: 'signup', points: 0 },
    });
    expect(deleted.status).toBe(200);

    const rules = dataOf<z.infer<typeof SpecRule>[]>(
      await call('GET', '/api/loyalty', { bearer: token }),
    );
    const byEvent = new Map(rules.map((rule) => [rule.event, rule]));
    expect(byEvent.get('birthday')).toMatchObject({ points: 30 });
    expect(byEvent.get('product_review')).toMatchObject({ points: 30, minRating: 4 });
    expect(byEvent.get('repeat_purchase')).toMatchObject({ points: 30, requiredPurchases: 3 });
    expect(byEvent.get('order.created')).toMatchObject({ points: 30, minOrderTotal: 100 });
    // §4: a method is enabled when its rule has points above 0; signup was deleted.
    expect(byEvent.get('signup')).toMatchObject({ points: 0 });
  });

  test('9. a points value that is not a whole number is refused with 400, never saved as 0 (decision 020)', async () => {
    const answer = await call('POST', '/api/loyalty', {
      bearer: session.token,
      body: { event: 'birthday', points: 'abc' },
    });
    expect(answer.status).toBe(400);
    expect(misfits(SpecError, answer.body)).toEqual([]);
  });
});

// ---- Rewards (§7 rows 10–14) ----------------------------------------------------------------

describe('spec §7: rewards, read and written by `_id` (decision 040)', () => {
  async function createAsSpec(token: string, overrides: Record<string, unknown> = {}) {
    const answer = await call('POST', '/api/rewards', {
      bearer: token,
      body: specRewardBody(overrides),
    });
    // Decision 040: a create answers 201 Created (any 2xx is success to the spec's client).
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer;
  }

  async function listAsSpec(token: string) {
    const answer = await call('GET', '/api/rewards', { bearer: token });
    expect(answer.status).toBe(200);
    expect(misfits(SpecRewards, answer.body)).toEqual([]);
    return dataOf<z.infer<typeof SpecReward>[]>(answer);
  }

  test('10. GET /api/rewards: data is a list of rewards, each with `_id` and the spec’s fields (decision 040)', async () => {
    const shop = await growthStore();
    const { token } = await specLogin(shop);
    expect(await listAsSpec(token)).toEqual([]);
    await createAsSpec(token);
    await createAsSpec(token, { name: 'شحن مجاني', type: 'free_shipping', maxUsage: 5 });
    const rewards = await listAsSpec(token);
    expect(rewards.map((reward) => reward.name).sort()).toEqual(['خصم 10 ريال', 'شحن مجاني']);
    for (const reward of rewards) expect(reward).toMatchObject({ usageCount: 0 });
  });

  test('11. POST /api/rewards: the spec’s body creates the reward; 201 and the reward with `_id` (decision 040)', async () => {
    const shop = await growthStore();
    const { token } = await specLogin(shop);
    const answer = await createAsSpec(token, { maxUsage: 20, minOrderAmount: 150 });
    expect(misfits(z.object({ success: z.literal(true), data: SpecReward }), answer.body)).toEqual(
      [],
    );
    const created = dataOf<z.infer<typeof SpecReward>>(answer);
    expect(created).toMatchObject(specRewardBody({ maxUsage: 20, minOrderAmount: 150 }));
    expect((await listAsSpec(token)).map((reward) => reward._id)).toEqual([created._id]);
  });

  test('11. every spec type with the spec’s body: a value sent for a type without one is kept as 0 (decision 003); free_product must name its products (decision 003)', async () => {
    const shop = await growthStore();
    const { token } = await specLogin(shop);
    for (const type of ['fixed_discount', 'percentage_discount', 'cashback'] as const) {
      const answer = await createAsSpec(token, { type, value: 10 });
      expect(dataOf(answer)).toMatchObject({ type, value: 10 });
    }
    // The spec's form keeps its hidden default value for free shipping.
    const shipping = await createAsSpec(token, { type: 'free_shipping', value: 10 });
    expect(dataOf(shipping)).toMatchObject({ type: 'free_shipping', value: 0 });
    // Decision 003: a free product is a coupon on named Salla products; the spec's body has none.
    const product = await call('POST', '/api/rewards', {
      bearer: token,
      body: specRewardBody({ type: 'free_product' }),
    });
    expect(product.status).toBe(400);
    expect(misfits(SpecError, product.body)).toEqual([]);
    const withProducts = await createAsSpec(token, {
      type: 'free_product',
      freeProducts: [{ id: '1234567', name: 'كوب قهوة' }],
    });
    expect(dataOf(withProducts)).toMatchObject({ type: 'free_product' });
  });

  test('12. PUT /api/rewards/{_id}: the same body saves the reward the client listed (decision 040)', async () => {
    const shop = await growthStore();
    const { token } = await specLogin(shop);
    await createAsSpec(token);
    const [listed] = await listAsSpec(token);
    const body = specRewardBody({
      name: 'خصم الصيف',
      type: 'percentage_discount',
      pointsRequired: 250,
      value: 15,
      isActive: false,
      maxUsage: 50,
      minOrderAmount: 200,
    });
    const answer = await call('PUT', `/api/rewards/${listed!._id}`, { bearer: token, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(asRecord(answer.body).success).toBe(true);
    const [saved] = await listAsSpec(token);
    expect(saved).toMatchObject({ ...body, _id: listed!._id });
  });

  test('13. PATCH /api/rewards/{_id}/toggle with no body flips isActive, and back', async () => {
    const shop = await growthStore();
    const { token } = await specLogin(shop);
    await createAsSpec(token);
    const [listed] = await listAsSpec(token);
    const first = await call('PATCH', `/api/rewards/${listed!._id}/toggle`, { bearer: token });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(asRecord(first.body).success).toBe(true);
    expect((await listAsSpec(token))[0]).toMatchObject({ _id: listed!._id, isActive: false });
    await call('PATCH', `/api/rewards/${listed!._id}/toggle`, { bearer: token });
    expect((await listAsSpec(token))[0]).toMatchObject({ isActive: true });
  });

  test('14. DELETE /api/rewards/{_id} removes the reward from the list', async () => {
    const shop = await growthStore();
    const { token } = await specLogin(shop);
    await createAsSpec(token);
    const [listed] = await listAsSpec(token);
    const answer = await call('DELETE', `/api/rewards/${listed!._id}`, { bearer: token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(asRecord(answer.body).success).toBe(true);
    expect(await listAsSpec(token)).toEqual([]);
  });
});

// ---- Referral programme (§7 rows 15–17) -----------------------------------------------------

describe('spec §7: referral programme (growth plan, decision 018)', () => {
  test('15. GET /api/referrals/settings: {success, data{participantReward, referralReward, isActive}}; never saved = the spec’s defaults, off (decision 018)', async () => {
    const shop = await growthStore();
    const { token } = await specLogin(shop);
    const answer = await call('GET', '/api/referrals/settings', { bearer: token });
    expect(answer.status).toBe(200);
    expect(misfits(SpecReferralSettings, answer.body)).toEqual([]);
    expect(dataOf(answer)).toMatchObject({
      isActive: false,
      participantReward: { type: 'percentage', value: 5 },
      referralReward: { type: 'percentage', value: 5 },
    });
  });

  test('16. POST /api/referrals/settings with credentials (bearer and the login’s cookie): the spec’s body saves', async () => {
    const shop = await growthStore();
    const login = await specLogin(shop);
    const body = {
      participantReward: { type: 'fixed', value: 20 },
      referralReward: { type: 'percentage', value: 10 },
      isActive: true,
    };
    const answer = await call('POST', '/api/referrals/settings', {
      bearer: login.token,
      cookie: login.cookie,
      body,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(asRecord(answer.body).success).toBe(true);
    const read = await call('GET', '/api/referrals/settings', { bearer: login.token });
    expect(misfits(SpecReferralSettings, read.body)).toEqual([]);
    expect(dataOf(read)).toMatchObject(body);
  });

  test('16. free shipping carries value 0; another value is refused with 400, not ignored (decision 018)', async () => {
    const shop = await growthStore();
    const { token } = await specLogin(shop);
    const shipping = (value: number) =>
      call('POST', '/api/referrals/settings', {
        bearer: token,
        body: {
          participantReward: { type: 'shipping', value },
          referralReward: { type: 'percentage', value: 5 },
          isActive: true,
        },
      });
    expect((await shipping(0)).status).toBe(200);
    const refused = await shipping(15);
    expect(refused.status).toBe(400);
    expect(misfits(SpecError, refused.body)).toEqual([]);
  });

  test('17. POST /api/referrals/toggle {isActive} switches the programme', async () => {
    const shop = await growthStore();
    const { token } = await specLogin(shop);
    for (const isActive of [true, false]) {
      const answer = await call('POST', '/api/referrals/toggle', {
        bearer: token,
        body: { isActive },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(asRecord(answer.body).success).toBe(true);
      const read = await call('GET', '/api/referrals/settings', { bearer: token });
      expect(dataOf(read)).toMatchObject({ isActive });
    }
  });
});

// ---- The customer loyalty page (§7 rows 18–19) ----------------------------------------------

describe('spec §7: the customer loyalty page (shopper token required, decision 006)', () => {
  test('18. GET /api/customers/loyalty/{merchantId}/{customerId} without a token is 401 {success: false, message} — the token is required, not optional (decision 006)', async () => {
    const shop = await growthStore();
    const customer = await customerWithOrder(shop);
    const answer = await call('GET', `/api/customers/loyalty/${shop.merchantId}/${customer.id}`);
    expect(answer.status).toBe(401);
    expect(misfits(SpecError, answer.body)).toEqual([]);
  });

  test('18–19. with the shopper token: the loyalty data (§3), then POST …/redeem {rewardId} answers the coupon with name and pointsRequired (decision 006)', async () => {
    const shop = await growthStore();
    const { token: merchantToken } = await specLogin(shop);
    await call('POST', '/api/loyalty', {
      bearer: merchantToken,
      body: { event: 'birthday', points: 30 },
    });
    const created = await call('POST', '/api/rewards', {
      bearer: merchantToken,
      body: specRewardBody({ pointsRequired: 200 }),
    });
    const rewardId = dataOf<{ _id: string }>(created)._id;
    const customer = await customerWithOrder(shop);
    const token = await shopperToken(shop, customer.email);
    const url = `/api/customers/loyalty/${shop.merchantId}/${customer.id}`;

    const before = await call('GET', url, { bearer: token });
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(misfits(SpecLoyaltyData, before.body)).toEqual([]);
    const data = dataOf<z.infer<typeof SpecLoyaltyData>['data']>(before);
    expect(data.availablePoints).toBe(500);
    expect(data.rewards).toEqual([expect.objectContaining({ id: rewardId, pointsRequired: 200 })]);
    expect(data.pointsMethods).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 'birthday', points: 30 })]),
    );
    expect(data.history).toEqual([expect.objectContaining({ points: 500, type: 'earned' })]);

    // The spec's client sends the reward's `id` from the loyalty data.
    const redeemed = await call('POST', `${url}/redeem`, { bearer: token, body: { rewardId } });
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
    expect(misfits(SpecRedeemed, redeemed.body)).toEqual([]);
    expect(dataOf(redeemed)).toMatchObject({ name: 'خصم 10 ريال', pointsRequired: 200 });

    // What the spec's client does locally (§4) is what the server now says.
    const after = dataOf<z.infer<typeof SpecLoyaltyData>['data']>(
      await call('GET', url, { bearer: token }),
    );
    expect(misfits(SpecLoyaltyData, { success: true, data: after })).toEqual([]);
    expect(after.availablePoints).toBe(500 - 200);
    expect(after.coupons).toEqual([
      expect.objectContaining({ name: 'خصم 10 ريال', pointsRequired: 200 }),
    ]);
    expect(after.history[0]).toMatchObject({ type: 'redeemed', points: -200 });
  });

  test('19. POST …/redeem without a token is 401, and spends nothing (decision 006)', async () => {
    const shop = await growthStore();
    const { token: merchantToken } = await specLogin(shop);
    const created = await call('POST', '/api/rewards', {
      bearer: merchantToken,
      body: specRewardBody(),
    });
    const customer = await customerWithOrder(shop);
    const url = `/api/customers/loyalty/${shop.merchantId}/${customer.id}`;
    const answer = await call('POST', `${url}/redeem`, {
      body: { rewardId: dataOf<{ _id: string }>(created)._id },
    });
    expect(answer.status).toBe(401);
    expect(misfits(SpecError, answer.body)).toEqual([]);
    const token = await shopperToken(shop, customer.email);
    expect(dataOf(await call('GET', url, { bearer: token }))).toMatchObject({
      availablePoints: 500,
      coupons: [],
    });
  });
});
