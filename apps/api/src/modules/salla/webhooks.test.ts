import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orderModel, webhooks } from '@nuqat/salla-sandbox';
import { merchants, orders, webhookEvents } from '../../db/schema/index.ts';
import { openForStore } from '../../lib/crypto.ts';
import { extractMailedCode } from '../../test/smtp-sink.ts';
import {
  balanceOf,
  createEngineContext,
  deliver,
  deliverOk,
  expectLedgerInvariant,
  ledgerOf,
  setupStore,
  WEBHOOK_SECRET,
  type EngineContext,
  customerFacts,
  randomId,
} from '../../test/engine-support.ts';
import { uniqueEmail, uniqueIp } from '../../test/test-app.ts';

let ctx: EngineContext;
beforeAll(async () => {
  ctx = await createEngineContext();
});
afterAll(async () => {
  await ctx?.close();
});

const nextId = randomId;
const customer = customerFacts;
const storedEvents = async (merchantId: number) =>
  ctx.database.db.select().from(webhookEvents).where(eq(webhookEvents.merchantId, merchantId));

describe('signature', () => {
  const body = () => JSON.stringify(webhooks.appUpdated(nextId()));
  const post = (payload: string, headers: Record<string, string>) =>
    ctx.server.inject({
      method: 'POST',
      url: '/api/salla/webhooks',
      payload,
      headers: { 'content-type': 'application/json', ...headers },
    });
  const sign = (payload: string, secret = WEBHOOK_SECRET) =>
    createHmac('sha256', secret).update(payload).digest('hex');

  test('a valid signature is accepted', async () => {
    const payload = body();
    const res = await post(payload, {
      'x-salla-security-strategy': 'Signature',
      'x-salla-signature': sign(payload),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.outcome).toBe('processed');
  });

  test('invalid, missing, wrong-secret and one-byte-altered signatures are 401 and store nothing', async () => {
    const merchantId = nextId();
    const payload = JSON.stringify(webhooks.appUpdated(merchantId));
    const altered = payload.replace('"app.updated"', '"app.updatee"');
    const cases: [string, string, Record<string, string>][] = [
      ['invalid', payload, { 'x-salla-signature': 'deadbeef'.repeat(8) }],
      ['missing', payload, {}],
      ['missing with strategy', payload, { 'x-salla-security-strategy': 'Signature' }],
      ['wrong secret', payload, { 'x-salla-signature': sign(payload, 'another-secret') }],
      ['body altered by one byte', altered, { 'x-salla-signature': sign(payload) }],
      [
        'token strategy, wrong token',
        payload,
        { 'x-salla-security-strategy': 'Token', authorization: 'nope' },
      ],
    ];
    for (const [name, p, headers] of cases) {
      const res = await post(p, headers);
      expect(res.statusCode, name).toBe(401);
      expect(res.json().code, name).toBe('WEBHOOK_SIGNATURE_INVALID');
    }
    expect(await storedEvents(merchantId)).toHaveLength(0);
  });

  test('the token strategy is accepted with the secret in Authorization', async () => {
    const res = await post(body(), {
      'x-salla-security-strategy': 'Token',
      authorization: WEBHOOK_SECRET,
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('shapes', () => {
  const signedPost = (payload: string) =>
    ctx.server.inject({
      method: 'POST',
      url: '/api/salla/webhooks',
      payload,
      headers: {
        'content-type': 'application/json',
        'x-salla-signature': createHmac('sha256', WEBHOOK_SECRET).update(payload).digest('hex'),
      },
    });

  test('malformed JSON is 400 with a clear code', async () => {
    const res = await signedPost('{"event": "order.created", ');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('WEBHOOK_PAYLOAD_INVALID');
  });

  test('an unknown shape is 400 and names the fields', async () => {
    const res = await signedPost(JSON.stringify({ hello: 'world' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: { path: string }) => i.path)).toEqual(
      expect.arrayContaining(['event', 'merchant', 'data']),
    );
  });

  test('a known event whose data does not fit is 400 and stores nothing', async () => {
    const merchantId = nextId();
    const res = await deliver(ctx, {
      event: 'order.created',
      merchant: merchantId,
      created_at: 'x',
      data: { total: 5 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe('data.id');
    expect(await storedEvents(merchantId)).toHaveLength(0);
  });

  test('an unknown event name is accepted, recorded and ignored', async () => {
    const merchantId = nextId();
    const res = await deliver(ctx, {
      event: 'product.created',
      merchant: merchantId,
      created_at: 'Sun Jun 26 2022 12:21:48 GMT+0300',
      data: { id: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.outcome).toBe('ignored');
    expect((await storedEvents(merchantId))[0]?.outcome).toBe('ignored');
  });

  test('a redelivery is a no-op answered 200', async () => {
    const merchantId = await setupStore(ctx, { rules: { signup: { points: 50 } } });
    const c = customer();
    const event = webhooks.customerCreated(merchantId, c);
    expect(await deliverOk(ctx, event)).toBe('processed');
    expect(await deliverOk(ctx, event)).toBe('duplicate');
    expect(await balanceOf(ctx, merchantId, c.id)).toBe(50);
    expect(await ledgerOf(ctx, merchantId)).toHaveLength(1);
  });

  test('without SALLA_WEBHOOK_SECRET webhooks are refused with 503', async () => {
    const { createTestContext } = await import('../../test/test-app.ts');
    const local = await createTestContext();
    try {
      const res = await deliver(local, webhooks.appUpdated(nextId()));
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('WEBHOOK_NOT_CONFIGURED');
    } finally {
      await local.close();
    }
  });
});

describe('app events', () => {
  test('app.store.authorize keeps encrypted tokens, learns the owner e-mail and mails a set-password code that works', async () => {
    const merchantId = nextId();
    const ownerEmail = uniqueEmail('owner');
    const tokens = ctx.sandbox.registerStore({
      merchantId,
      name: 'متجر الورد',
      ownerEmail,
      domain: 'https://rose.salla.sa',
    });
    const before = ctx.smtp.messages.length;
    expect(await deliverOk(ctx, webhooks.storeAuthorize(merchantId, tokens))).toBe('processed');

    const [m] = await ctx.database.db.select().from(merchants).where(eq(merchants.id, merchantId));
    expect(m!.storeName).toBe('متجر الورد');
    expect(m!.storeUrl).toBe('https://rose.salla.sa');
    expect(m!.email).toBe(ownerEmail);
    expect(m!.sallaAccessToken).not.toContain(tokens.access_token);
    expect(m!.sallaRefreshToken).not.toContain(tokens.refresh_token);
    expect(openForStore(ctx.config.keys.storeSecrets, m!.id, m!.sallaAccessToken!)).toBe(
      tokens.access_token,
    );
    expect(m!.sallaTokenExpiresAt!.getTime()).toBe(tokens.expires * 1000);

    const mail = await ctx.smtp.waitForMail(ownerEmail, { after: before });
    expect(mail.text).toContain('/login');
    const code = extractMailedCode(mail);
    const ip = uniqueIp();
    const call = (url: string, payload: object) =>
      ctx.server.inject({
        method: 'POST',
        url: `/api/merchants/auth/${url}`,
        payload,
        remoteAddress: ip,
      });
    expect((await call('verify-reset-code', { email: ownerEmail, code })).statusCode).toBe(200);
    expect(
      (await call('reset-password', { email: ownerEmail, code, newPassword: 'owner-pass-123' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('login', { email: ownerEmail, password: 'owner-pass-123' })).statusCode,
    ).toBe(200);
  });

  test('app.store.authorize again (after an update) updates the tokens and sends no second invitation', async () => {
    const merchantId = nextId();
    const ownerEmail = uniqueEmail('owner');
    const first = ctx.sandbox.registerStore({ merchantId, ownerEmail });
    await deliverOk(ctx, webhooks.storeAuthorize(merchantId, first));
    await ctx.smtp.waitForMail(ownerEmail);
    await ctx.database.db
      .update(merchants)
      .set({ passwordHash: 'set' })
      .where(eq(merchants.id, merchantId));
    const count = ctx.smtp.messages.length;
    const second = ctx.sandbox.registerStore({ merchantId, ownerEmail });
    await deliverOk(ctx, webhooks.storeAuthorize(merchantId, second, new Date(Date.now() + 1000)));
    const [m] = await ctx.database.db.select().from(merchants).where(eq(merchants.id, merchantId));
    expect(openForStore(ctx.config.keys.storeSecrets, m!.id, m!.sallaAccessToken!)).toBe(
      second.access_token,
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(ctx.smtp.messages.length).toBe(count);
  });

  test('app.store.authorize with Salla down keeps the tokens and answers 200 (the profile is fetched later, see install.test.ts)', async () => {
    const merchantId = nextId();
    const tokens = ctx.sandbox.registerStore({ merchantId });
    ctx.sandbox.fail({ mode: '500', path: '/oauth2/user/info', count: 3 });
    const install = webhooks.storeAuthorize(merchantId, tokens);
    expect(await deliverOk(ctx, install)).toBe('processed');
    expect(await storedEvents(merchantId)).toHaveLength(1);
    ctx.sandbox.clearFaults();
    expect(await deliverOk(ctx, install)).toBe('duplicate');
  });

  test('subscription events set plan, status and expiry; an older event arriving late changes nothing', async () => {
    const merchantId = nextId();
    const start = new Date('2026-11-01T00:00:00Z');
    const end = new Date('2026-12-01T00:00:00Z');
    const t = (s: number) => new Date(Date.UTC(2026, 10, 1, 12, 0, s));
    await deliverOk(
      ctx,
      webhooks.subscription(
        'app.subscription.started',
        merchantId,
        { name: 'باقة النمو', price: 299, start, end },
        t(10),
      ),
    );
    let [m] = await ctx.database.db.select().from(merchants).where(eq(merchants.id, merchantId));
    expect(m).toMatchObject({
      plan: 'growth',
      subscriptionStatus: 'active',
      sallaPlanName: 'باقة النمو',
    });
    expect(m!.subscriptionExpiresAt?.toISOString()).toBe(end.toISOString());
    await deliverOk(
      ctx,
      webhooks.subscription(
        'app.trial.started',
        merchantId,
        { name: 'Starter', price: 75, start, end },
        t(5),
      ),
    );
    [m] = await ctx.database.db.select().from(merchants).where(eq(merchants.id, merchantId));
    expect(m).toMatchObject({ plan: 'growth', subscriptionStatus: 'active' });
    await deliverOk(
      ctx,
      webhooks.subscription(
        'app.subscription.expired',
        merchantId,
        { name: null, price: 0, start, end },
        t(20),
      ),
    );
    [m] = await ctx.database.db.select().from(merchants).where(eq(merchants.id, merchantId));
    expect(m!.subscriptionStatus).toBe('expired');
    await deliverOk(
      ctx,
      webhooks.subscription(
        'app.subscription.renewed',
        merchantId,
        { name: 'starter', price: 75, start, end },
        t(30),
      ),
    );
    [m] = await ctx.database.db.select().from(merchants).where(eq(merchants.id, merchantId));
    expect(m).toMatchObject({ plan: 'starter', subscriptionStatus: 'active' });
    await deliverOk(
      ctx,
      webhooks.subscription(
        'app.subscription.started',
        merchantId,
        { name: 'addon', price: 10, start, end, itemType: 'addon' },
        t(40),
      ),
    );
    [m] = await ctx.database.db.select().from(merchants).where(eq(merchants.id, merchantId));
    expect(m!.plan).toBe('starter');
  });

  test('each trial and subscription event sets its status', async () => {
    const start = new Date('2026-11-01T00:00:00Z');
    const end = new Date('2026-12-01T00:00:00Z');
    const cases = [
      ['app.trial.started', 'trial'],
      ['app.trial.expired', 'expired'],
      ['app.trial.canceled', 'inactive'],
      ['app.subscription.started', 'active'],
      ['app.subscription.renewed', 'active'],
      ['app.subscription.expired', 'expired'],
      ['app.subscription.canceled', 'inactive'],
    ] as const;
    for (const [event, status] of cases) {
      const merchantId = nextId();
      await deliverOk(
        ctx,
        webhooks.subscription(event, merchantId, { name: 'Starter', price: 75, start, end }),
      );
      const [m] = await ctx.database.db
        .select()
        .from(merchants)
        .where(eq(merchants.id, merchantId));
      expect(m!.subscriptionStatus, event).toBe(status);
    }
  });

  test('app.updated and app.installed are recorded for a store seen for the first time', async () => {
    const merchantId = nextId();
    await deliverOk(ctx, webhooks.appInstalled(merchantId));
    await deliverOk(ctx, webhooks.appUpdated(merchantId, new Date(Date.now() + 1000)));
    const [m] = await ctx.database.db.select().from(merchants).where(eq(merchants.id, merchantId));
    expect(m!.installStatus).toBe('installed');
    expect((await storedEvents(merchantId)).map((e) => e.event).sort()).toEqual([
      'app.installed',
      'app.updated',
    ]);
  });

  test('app.uninstalled stops processing but keeps the data; app.installed resumes it', async () => {
    const merchantId = await setupStore(ctx, { rules: { signup: { points: 10 } } });
    const a = customer();
    await deliverOk(ctx, webhooks.customerCreated(merchantId, a));
    await deliverOk(ctx, webhooks.appUninstalled(merchantId, new Date(Date.now() + 1000)));
    const b = customer();
    expect(
      await deliverOk(ctx, webhooks.customerCreated(merchantId, b, new Date(Date.now() + 2000))),
    ).toBe('ignored');
    expect(await balanceOf(ctx, merchantId, a.id)).toBe(10);
    expect(await balanceOf(ctx, merchantId, b.id)).toBe(0);
    const [m] = await ctx.database.db.select().from(merchants).where(eq(merchants.id, merchantId));
    expect(m).toMatchObject({ installStatus: 'uninstalled', sallaAccessToken: null });
    await deliverOk(ctx, webhooks.appInstalled(merchantId, new Date(Date.now() + 3000)));
    const c = customer();
    await deliverOk(ctx, webhooks.customerCreated(merchantId, c, new Date(Date.now() + 4000)));
    expect(await balanceOf(ctx, merchantId, c.id)).toBe(10);
  });
});

describe('store events', () => {
  test('customer.created gives signup points once; customer.updated gives none', async () => {
    const merchantId = await setupStore(ctx, { rules: { signup: { points: 25 } } });
    const c = customer();
    await deliverOk(ctx, webhooks.customerCreated(merchantId, c));
    await deliverOk(
      ctx,
      webhooks.customerUpdated(
        merchantId,
        { ...c, firstName: 'نورة' },
        new Date(Date.now() + 1000),
      ),
    );
    expect(await balanceOf(ctx, merchantId, c.id)).toBe(25);
    await expectLedgerInvariant(ctx, merchantId);
  });

  test('an order earns when it reaches a status that makes points spendable (completed by default); before that they are pending', async () => {
    const merchantId = await setupStore(ctx, {
      rules: { 'order.created': { points: 40, minOrderTotalSar: 100 } },
    });
    const c = customer();
    const t0 = Date.now();
    const reviewed = { id: nextId(), customer: c, total: 150, status: 'under_review' };
    await deliverOk(ctx, webhooks.orderCreated(merchantId, reviewed, new Date(t0)));
    // Counted (a bank transfer may still fail), but not spendable.
    expect(await balanceOf(ctx, merchantId, c.id)).toBe(0);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, reviewed.id));
    expect(row).toMatchObject({ earnStatus: 'earned', earnPoints: 40, releasedAt: null });
    await deliverOk(
      ctx,
      webhooks.orderStatusUpdated(
        merchantId,
        { ...reviewed, status: 'completed' },
        new Date(t0 + 500),
      ),
    );
    expect(await balanceOf(ctx, merchantId, c.id)).toBe(40);
    const pending = { id: nextId(), customer: c, total: 200, status: 'payment_pending' };
    await deliverOk(ctx, webhooks.orderCreated(merchantId, pending, new Date(t0 + 1000)));
    expect(await balanceOf(ctx, merchantId, c.id)).toBe(40);
    await deliverOk(
      ctx,
      webhooks.orderStatusUpdated(
        merchantId,
        { ...pending, status: 'completed' },
        new Date(t0 + 2000),
      ),
    );
    expect(await balanceOf(ctx, merchantId, c.id)).toBe(80);
    const small = { id: nextId(), customer: c, total: 99.99, status: 'completed' };
    await deliverOk(ctx, webhooks.orderCreated(merchantId, small, new Date(t0 + 3000)));
    expect(await balanceOf(ctx, merchantId, c.id)).toBe(80);
    await expectLedgerInvariant(ctx, merchantId);
  });

  test('cancel, delete and return each reverse exactly what the order earned, once', async () => {
    const merchantId = await setupStore(ctx, { rules: { 'order.created': { points: 30 } } });
    const c = customer();
    const t0 = Date.now();
    const o1 = { id: nextId(), customer: c, total: 100, status: 'completed' };
    const o2 = { id: nextId(), customer: c, total: 100, status: 'completed' };
    const o3 = { id: nextId(), customer: c, total: 100, status: 'completed' };
    for (const [i, o] of [o1, o2, o3].entries())
      await deliverOk(ctx, webhooks.orderCreated(merchantId, o, new Date(t0 + i)));
    expect(await balanceOf(ctx, merchantId, c.id)).toBe(90);
    await deliverOk(ctx, webhooks.orderCancelled(merchantId, o1, new Date(t0 + 10)));
    await deliverOk(ctx, webhooks.orderDeleted(merchantId, o2, new Date(t0 + 11)));
    await deliverOk(
      ctx,
      webhooks.orderStatusUpdated(merchantId, { ...o3, status: 'restored' }, new Date(t0 + 12)),
    );
    // A later update saying "completed" again does not bring the points back.
    await deliverOk(ctx, webhooks.orderUpdated(merchantId, o1, new Date(t0 + 13)));
    expect(await balanceOf(ctx, merchantId, c.id)).toBe(0);
    const ledger = await ledgerOf(ctx, merchantId);
    expect(ledger.filter((r) => r.kind === 'clawback').map((r) => r.delta)).toEqual([
      -30, -30, -30,
    ]);
    await expectLedgerInvariant(ctx, merchantId);
  });

  test('a refund is sized from the order Salla’s Merchant API shows: less than paid is partial, a failed fetch is full', async () => {
    const merchantId = await setupStore(ctx, { rules: { 'order.created': { points: 100 } } });
    const c = customer();
    const full = { id: nextId(), customer: c, total: 200, status: 'completed' };
    const partial = { id: nextId(), customer: c, total: 200, status: 'completed' };
    const unknown = { id: nextId(), customer: c, total: 200, status: 'completed' };
    await deliverOk(ctx, webhooks.orderCreated(merchantId, full));
    await deliverOk(ctx, webhooks.orderCreated(merchantId, partial));
    await deliverOk(ctx, webhooks.orderCreated(merchantId, unknown));
    expect(await balanceOf(ctx, merchantId, c.id)).toBe(300);

    // Nothing left of the order: a full refund.
    ctx.sandbox.setOrder(merchantId, orderModel({ ...full, total: 0 }));
    await deliverOk(ctx, webhooks.orderRefunded(merchantId, full, new Date(Date.now() + 1000)));
    expect(await balanceOf(ctx, merchantId, c.id)).toBe(200);

    // 50 of 200 SAR refunded, then 150 in all: a quarter, then three quarters taken back.
    ctx.sandbox.setOrder(merchantId, orderModel({ ...partial, total: 150 }));
    await deliverOk(ctx, webhooks.orderRefunded(merchantId, partial, new Date(Date.now() + 2000)));
    expect(await balanceOf(ctx, merchantId, c.id)).toBe(175);
    ctx.sandbox.setOrder(merchantId, orderModel({ ...partial, total: 50 }));
    await deliverOk(ctx, webhooks.orderRefunded(merchantId, partial, new Date(Date.now() + 3000)));
    expect(await balanceOf(ctx, merchantId, c.id)).toBe(125);

    // Salla cannot tell (here: the order is unknown to its API): counted as full, and said so.
    await deliverOk(ctx, webhooks.orderRefunded(merchantId, unknown, new Date(Date.now() + 4000)));
    expect(await balanceOf(ctx, merchantId, c.id)).toBe(25);
    const notes = (await storedEvents(merchantId))
      .filter((e) => e.event === 'order.refunded')
      .map((e) => e.note);
    expect(notes.filter((n) => n?.includes('full refund: Salla'))).toHaveLength(1);
    await expectLedgerInvariant(ctx, merchantId);
  });

  test('order.total.price.updated lowering the total takes back the share no longer paid', async () => {
    const merchantId = await setupStore(ctx, {
      rules: { 'order.created': { points: 100 }, purchase_amount: { points: 1, spendUnitSar: 1 } },
    });
    const c = customer();
    const order = { id: nextId(), customer: c, total: 200, status: 'completed' };
    await deliverOk(ctx, webhooks.orderCreated(merchantId, order));
    expect(await balanceOf(ctx, merchantId, c.id)).toBe(300);
    await deliverOk(
      ctx,
      webhooks.orderTotalPriceUpdated(
        merchantId,
        { ...order, total: 100 },
        new Date(Date.now() + 1000),
      ),
    );
    expect(await balanceOf(ctx, merchantId, c.id)).toBe(150);
    await deliverOk(
      ctx,
      webhooks.orderProductsUpdated(
        merchantId,
        { ...order, total: 150 },
        new Date(Date.now() + 2000),
      ),
    );
    expect(await balanceOf(ctx, merchantId, c.id)).toBe(225);
    await expectLedgerInvariant(ctx, merchantId);
  });

  test('review.added with a string rating earns when the rating reaches the minimum, once per review', async () => {
    const merchantId = await setupStore(ctx, {
      rules: { product_review: { points: 15, minRating: 4 }, order_review: { points: 5 } },
    });
    const c = customer();
    const review = webhooks.reviewAdded(merchantId, {
      id: nextId(),
      customer: c,
      rating: 5,
      productId: 1653503260,
    });
    expect((review.data as { rating: unknown }).rating).toBe('5');
    await deliverOk(ctx, review);
    await deliverOk(ctx, review);
    await deliverOk(
      ctx,
      webhooks.reviewAdded(merchantId, { id: nextId(), customer: c, rating: 3, productId: 42 }),
    );
    await deliverOk(
      ctx,
      webhooks.reviewAdded(merchantId, { id: nextId(), customer: c, rating: 1, orderId: 77 }),
    );
    expect(await balanceOf(ctx, merchantId, c.id)).toBe(20);
  });

  test('order.created for a guest records the order and awards nothing', async () => {
    const merchantId = await setupStore(ctx, { rules: { 'order.created': { points: 10 } } });
    const id = nextId();
    await deliverOk(
      ctx,
      webhooks.orderCreated(merchantId, { id, customer: null, total: 100, status: 'completed' }),
    );
    const [o] = await ctx.database.db.select().from(orders).where(eq(orders.id, id));
    expect(o).toMatchObject({ customerId: null, earnStatus: 'pending', statusSlug: 'completed' });
    expect(await ledgerOf(ctx, merchantId)).toHaveLength(0);
  });

  test('absolute `expires` timestamps are read as dates, not durations', async () => {
    const merchantId = nextId();
    const tokens = ctx.sandbox.registerStore({ merchantId }, { expiresInSeconds: 3 * 86_400 });
    await deliverOk(ctx, webhooks.storeAuthorize(merchantId, tokens));
    const [m] = await ctx.database.db.select().from(merchants).where(eq(merchants.id, merchantId));
    expect(
      Math.abs(m!.sallaTokenExpiresAt!.getTime() - (Date.now() + 3 * 86_400_000)),
    ).toBeLessThan(60_000);
  });
});

describe('secrets at rest', () => {
  test("Salla's install tokens are never kept in the stored app.store.authorize event", async () => {
    const merchantId = nextId();
    const tokens = ctx.sandbox.registerStore({ merchantId });
    expect(await deliverOk(ctx, webhooks.storeAuthorize(merchantId, tokens))).toBe('processed');
    const rows = await ctx.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.merchantId, merchantId));
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows[0]!.payload);
    expect(stored).not.toContain(tokens.access_token);
    expect(stored).not.toContain(tokens.refresh_token);
    expect(rows[0]!.payload).toMatchObject({
      event: 'app.store.authorize',
      data: { scope: tokens.scope },
    });
  });

  test('the migration scrubs tokens from events stored before the fix', async () => {
    const merchantId = nextId();
    const tokens = ctx.sandbox.registerStore({ merchantId });
    const envelope = webhooks.storeAuthorize(merchantId, tokens);
    await ctx.database.db.insert(merchants).values({ id: merchantId, storeName: 'old' });
    await ctx.database.db.insert(webhookEvents).values({
      merchantId,
      dedupeKey: `old-${merchantId}`,
      event: envelope.event,
      payload: envelope,
      outcome: 'processed',
    });
    const scrub = readFileSync(
      new URL('../../db/migrations/0003_scrub_webhook_tokens.sql', import.meta.url),
      'utf8',
    );
    await ctx.database.db.execute(sql.raw(scrub));
    const [row] = await ctx.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.merchantId, merchantId));
    expect(JSON.stringify(row!.payload)).not.toContain(tokens.access_token);
    expect(JSON.stringify(row!.payload)).not.toContain(tokens.refresh_token);
    expect(row!.payload).toMatchObject({ merchant: merchantId, data: { scope: tokens.scope } });
  });
});
