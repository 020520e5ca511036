import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  CreatedWebhookEndpointResponseSchema,
  WebhookDeliveriesResponseSchema,
  WebhookEndpointsResponseSchema,
  type WebhookEventType,
} from '@nuqat/contracts';
import { webhooks, type CustomerFacts } from '@nuqat/salla-sandbox';
import {
  merchants,
  outboundEvents,
  redemptions,
  rewards,
  tierChanges,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/crypto.ts';
import {
  createEngineContext,
  deliverOk,
  randomId,
  setupStore,
  type EngineContext,
} from '../../test/engine-support.ts';
import { uniqueIp } from '../../test/test-app.ts';
import {
  createOutboundWebhooks,
  MAX_ATTEMPTS,
  RETRY_DELAYS_MS,
} from './outbound-webhooks.service.ts';

// ---- A receiver on loopback that fails on command ------------------------------------------------

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  path: string;
}
interface Receiver {
  url: string;
  received: Received[];
  /** What the next requests get: 'ok' (204), 'fail' (500), 'redirect' (307). */
  mode: 'ok' | 'fail' | 'redirect';
  /** Fail (500) the next request whose body names this customer, then answer as `mode` says. */
  failNextFor(customerId: number): void;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  let failFor: string | null = null;
  const state: Receiver = {
    url: '',
    received: [],
    mode: 'ok',
    failNextFor: (customerId) => (failFor = `"customerId":"${customerId}"`),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      state.received.push({ headers: req.headers, body, path: req.url ?? '' });
      if (failFor && body.includes(failFor)) {
        failFor = null;
        res.writeHead(500).end('down for now');
      } else if (state.mode === 'fail') res.writeHead(500).end('down');
      else if (state.mode === 'redirect')
        res.writeHead(307, { location: `${state.url}-elsewhere` }).end();
      else res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return state;
}

/**
 * Standard Webhooks verification written from the specification's text, not from the product's
 * code: the secret is the base64 after `whsec_`; the signed content is
 * `${webhook-id}.${webhook-timestamp}.${body}`; the header lists space-separated `v1,<base64>`
 * signatures of HMAC-SHA256; the timestamp must be within five minutes.
 */
function verifyStandardWebhook(
  secret: string,
  headers: http.IncomingHttpHeaders,
  body: string,
  nowSeconds: number,
): boolean {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string')
    return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.split('_')[1]!, 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return signatures.split(' ').some((candidate) => {
    const [version, value] = candidate.split(',');
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

let ctx: EngineContext;
let receiver: Receiver;
beforeAll(async () => {
  ctx = await createEngineContext({ env: { OUTBOUND_WEBHOOKS_ALLOW_LOOPBACK: '1' } });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await ctx?.close();
});

const ALL_EVENTS: WebhookEventType[] = [
  'points.earned',
  'points.spent',
  'points.expired',
  'points.adjusted',
  'reward.redeemed',
  'coupon.used',
  'tier.changed',
  'referral.completed',
  'customer.erased',
];

async function store() {
  const merchantId = await setupStore(ctx, { rules: { 'order.created': { points: 100 } } });
  const password = 'webhooks-pass-123';
  await ctx.database.db
    .update(merchants)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(merchants.id, merchantId));
  const [row] = await ctx.database.db
    .select({ email: merchants.email })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  const res = await ctx.server.inject({
    method: 'POST',
    url: '/api/merchants/auth/login',
    payload: { email: row!.email, password },
    remoteAddress: uniqueIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return {
    merchantId,
    email: row!.email,
    authorization: `Bearer ${res.json().data.token as string}`,
  };
}
type Store = Awaited<ReturnType<typeof store>>;

async function newCustomer(s: Store): Promise<CustomerFacts> {
  const customer: CustomerFacts = {
    id: randomId() % 1_000_000_000,
    firstName: 'Sara',
    lastName: 'Ali',
    email: `sara.${randomId()}@example.com`,
  };
  await deliverOk(ctx, webhooks.customerCreated(s.merchantId, customer, new Date()));
  return customer;
}

async function order(s: Store, customer: CustomerFacts) {
  await deliverOk(
    ctx,
    webhooks.orderCreated(
      s.merchantId,
      { id: randomId(), customer, total: 100, status: 'completed', placedAt: new Date() },
      new Date(),
    ),
  );
}

const call = (
  s: Store,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  ctx.server.inject({
    method,
    url: `/api/merchants${url}`,
    headers: { authorization: s.authorization, 'accept-language': 'en' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function register(s: Store, events: WebhookEventType[] = ALL_EVENTS, url = receiver.url) {
  const res = await call(s, 'POST', '/webhooks/endpoints', { url, description: 'test', events });
  expect(res.statusCode, res.body).toBe(200);
  return CreatedWebhookEndpointResponseSchema.parse(res.json()).data;
}

function adjust(s: Store, customer: CustomerFacts, points: number) {
  return ctx.app.services.customers.adjust({
    merchantId: s.merchantId,
    sessionId: null,
    customerId: String(customer.id),
    body: { points, reason: 'webhook test', idempotencyKey: randomUUID() },
  });
}

/** The bodies the receiver got for this store's events (other tests share the receiver). */
function receivedFor(customer: CustomerFacts) {
  return receiver.received
    .map((r) => ({
      ...r,
      event: JSON.parse(r.body) as { id: string; type: string; data: Record<string, unknown> },
    }))
    .filter((r) => r.event.data.customerId === String(customer.id));
}

const run = () => ctx.app.services.outboundWebhooks.runOnce();

describe('registering endpoints', () => {
  test('Starter stores get PLAN_FEATURE_REQUIRED', async () => {
    const starter = await store();
    await ctx.database.db
      .update(merchants)
      .set({ plan: 'starter' })
      .where(eq(merchants.id, starter.merchantId));
    for (const [method, url] of [
      ['GET', '/webhooks/endpoints'],
      ['GET', '/webhooks/deliveries'],
    ] as const) {
      const res = await call(starter, method, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('PLAN_FEATURE_REQUIRED');
    }
    const create = await call(starter, 'POST', '/webhooks/endpoints', {
      url: 'https://hooks.example.sa/x',
      events: ['points.earned'],
    });
    expect(create.statusCode).toBe(403);
  });

  test('private, loopback-by-name-without-the-flag and non-https addresses are refused', async () => {
    const s = await store();
    for (const url of [
      'https://10.0.0.1/hook',
      'https://192.168.1.10/hook',
      'https://172.20.0.1/hook',
      'https://100.64.0.9/hook',
      'https://169.254.169.254/latest',
      'https://[fd00::1]/hook',
      'https://[fe80::1]/hook',
      'https://[::ffff:10.0.0.1]/hook',
      'http://hooks.example.sa/hook',
    ]) {
      const res = await call(s, 'POST', '/webhooks/endpoints', { url, events: ['points.earned'] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code, url).toMatch(/WEBHOOK_URL_NOT_ALLOWED|VALIDATION_FAILED/);
    }
    const bad = await call(s, 'POST', '/webhooks/endpoints', {
      url: 'https://hooks.example.sa/x',
      events: ['points.everything'],
    });
    expect(bad.statusCode).toBe(400);
  });

  test('the secret is shown once and kept sealed; another store cannot see or change it', async () => {
    const a = await store();
    const b = await store();
    const created = await register(a, ['points.adjusted']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const [row] = await ctx.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, created.endpoint.id));
    expect(row!.secretSealed).not.toContain(created.secret.slice(6));
    const listA = WebhookEndpointsResponseSchema.parse(
      (await call(a, 'GET', '/webhooks/endpoints')).json(),
    );
    expect(listA.data.map((e) => e.id)).toEqual([created.endpoint.id]);
    expect(JSON.stringify(listA)).not.toContain(created.secret);
    const listB = WebhookEndpointsResponseSchema.parse(
      (await call(b, 'GET', '/webhooks/endpoints')).json(),
    );
    expect(listB.data).toEqual([]);
    const id = created.endpoint.id;
    expect(
      (await call(b, 'PATCH', `/webhooks/endpoints/${id}`, { enabled: false })).statusCode,
    ).toBe(404);
    expect((await call(b, 'DELETE', `/webhooks/endpoints/${id}`)).statusCode).toBe(404);
    const deliveriesB = WebhookDeliveriesResponseSchema.parse(
      (await call(b, 'GET', '/webhooks/deliveries')).json(),
    );
    expect(deliveriesB.data.items).toEqual([]);
  });
});

describe('the outbox', () => {
  test('nothing is written for a store without endpoints', async () => {
    const s = await store();
    const customer = await newCustomer(s);
    await order(s, customer);
    await adjust(s, customer, 5);
    const rows = await ctx.database.db
      .select()
      .from(outboundEvents)
      .where(eq(outboundEvents.merchantId, s.merchantId));
    expect(rows).toEqual([]);
  });

  test('events are delivered signed, verifiable by an independent implementation of the scheme', async () => {
    const s = await store();
    const { secret } = await register(s);
    const customer = await newCustomer(s);
    await order(s, customer);
    await adjust(s, customer, 25);
    await adjust(s, customer, -10);
    await run();
    const got = receivedFor(customer);
    expect(got.map((r) => r.event.type)).toEqual([
      'points.earned',
      'points.adjusted',
      'points.adjusted',
    ]);
    expect(got.map((r) => r.event.data.points)).toEqual([100, 25, -10]);
    const now = Math.floor(ctx.clock.now().getTime() / 1000);
    for (const r of got) {
      expect(verifyStandardWebhook(secret, r.headers, r.body, now)).toBe(true);
      expect(r.headers['webhook-id']).toBe(r.event.id);
      expect(r.event.id).toMatch(/^evt_[0-9a-f]{32}$/);
      expect(r.headers['content-type']).toBe('application/json');
      // A changed body or another secret does not verify.
      expect(
        verifyStandardWebhook(secret, r.headers, r.body.replace('"points"', '"Points"'), now),
      ).toBe(false);
      expect(
        verifyStandardWebhook(
          `whsec_${Buffer.alloc(32, 1).toString('base64')}`,
          r.headers,
          r.body,
          now,
        ),
      ).toBe(false);
    }
    const log = WebhookDeliveriesResponseSchema.parse(
      (await call(s, 'GET', '/webhooks/deliveries')).json(),
    );
    expect(log.data.items.map((d) => d.status)).toEqual(['delivered', 'delivered', 'delivered']);
  });

  test("a customer's events arrive in order: a failing one holds the later ones back, others flow", async () => {
    const s = await store();
    await register(s, ['points.adjusted']);
    const sara = await newCustomer(s);
    const omar = await newCustomer(s);
    await order(s, sara);
    await order(s, omar);
    // Concurrent changes of one customer: the outbox numbers them in commit order.
    await Promise.all([1, 2, 3, 4, 5].map((n) => adjust(s, sara, n)));
    await adjust(s, omar, 7);
    // Sara's first event fails; Omar's goes through in the same run; Sara's later ones wait.
    receiver.failNextFor(sara.id);
    await run();
    expect(receivedFor(sara)).toHaveLength(1);
    expect(receivedFor(omar).map((r) => r.event.data.points)).toEqual([7]);
    ctx.clock.advance(RETRY_DELAYS_MS[0]!);
    await run();
    const saraEvents = receivedFor(sara);
    expect(saraEvents).toHaveLength(6);
    // The failed one again (same event id), then the four after it, in order.
    expect(saraEvents[1]!.event.id).toBe(saraEvents[0]!.event.id);
    const delivered = saraEvents.slice(1).map((r) => r.event.data.ledgerId as string);
    // In ledger order, which is the commit order under the customer's lock.
    expect([...delivered].sort((x, y) => Number(x) - Number(y))).toEqual(delivered);
    const seqs = await ctx.database.db
      .select({ seq: outboundEvents.customerSeq, data: outboundEvents.data })
      .from(outboundEvents)
      .where(
        and(eq(outboundEvents.merchantId, s.merchantId), eq(outboundEvents.customerId, sara.id)),
      )
      .orderBy(outboundEvents.customerSeq);
    expect(seqs.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(seqs.map((r) => (r.data as { ledgerId: string }).ledgerId)).toEqual(delivered);
    expect(receivedFor(omar).map((r) => r.event.data.points)).toEqual([7]);
  });

  test('retries with back-off for a day, then the endpoint is switched off and the merchant mailed', async () => {
    const s = await store();
    const created = await register(s, ['points.adjusted']);
    const customer = await newCustomer(s);
    await order(s, customer);
    await adjust(s, customer, 3);
    receiver.mode = 'fail';
    try {
      const start = ctx.clock.now().getTime();
      const row = async () =>
        (
          await ctx.database.db
            .select()
            .from(webhookDeliveries)
            .where(eq(webhookDeliveries.endpointId, created.endpoint.id))
        )[0]!;
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const before = ctx.clock.now().getTime();
        await run();
        const after = ctx.clock.now().getTime();
        const d = await row();
        expect(d.attempts, `attempt ${attempt}`).toBe(attempt);
        expect(d.lastStatusCode).toBe(500);
        if (attempt < MAX_ATTEMPTS) {
          expect(d.status).toBe('pending');
          // The back-off after this attempt, counted from when it was made.
          const delay = RETRY_DELAYS_MS[attempt - 1]!;
          expect(d.nextAttemptAt!.getTime()).toBeGreaterThanOrEqual(before + delay);
          expect(d.nextAttemptAt!.getTime()).toBeLessThanOrEqual(after + delay);
          // Not due a second before it: no attempt is made.
          ctx.clock.advance(d.nextAttemptAt!.getTime() - ctx.clock.now().getTime() - 1000);
          await run();
          expect((await row()).attempts).toBe(attempt);
          ctx.clock.advance(1001);
        }
      }
      const elapsed = ctx.clock.now().getTime() - start;
      expect(elapsed).toBeGreaterThan(23 * 3_600_000);
      expect(elapsed).toBeLessThanOrEqual(24 * 3_600_000);
    } finally {
      receiver.mode = 'ok';
    }
    expect(receivedFor(customer)).toHaveLength(MAX_ATTEMPTS);
    const [d] = await ctx.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, created.endpoint.id));
    expect(d!.status).toBe('failed');
    const endpoints = WebhookEndpointsResponseSchema.parse(
      (await call(s, 'GET', '/webhooks/endpoints')).json(),
    ).data;
    expect(endpoints[0]).toMatchObject({ enabled: false, disabledReason: 'failing' });
    const mail = await ctx.smtp.waitForMail(s.email!);
    expect(mail.subject).toContain('webhook');
    expect(mail.text).toContain(receiver.url);
    // Switched off: new events are not queued for it, and nothing is sent.
    await adjust(s, customer, 4);
    await run();
    expect(receivedFor(customer)).toHaveLength(MAX_ATTEMPTS);
    // Replay from the log once it is switched on again: the same event id arrives.
    const on = await call(s, 'PATCH', `/webhooks/endpoints/${created.endpoint.id}`, {
      enabled: true,
    });
    expect(on.json().data).toMatchObject({ enabled: true, disabledReason: null });
    const replay = await call(s, 'POST', `/webhooks/deliveries/${d!.id}/replay`);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().data.status).toBe('pending');
    await run();
    const all = receivedFor(customer);
    expect(all).toHaveLength(MAX_ATTEMPTS + 1);
    expect(all.at(-1)!.headers['webhook-id']).toBe(d!.eventId);
    const other = await store();
    expect((await call(other, 'POST', `/webhooks/deliveries/${d!.id}/replay`)).statusCode).toBe(
      404,
    );
  });

  test('a redirect is a failure and is not followed', async () => {
    const s = await store();
    await register(s, ['points.adjusted']);
    const customer = await newCustomer(s);
    await order(s, customer);
    await adjust(s, customer, 2);
    receiver.mode = 'redirect';
    const before = receiver.received.length;
    try {
      await run();
    } finally {
      receiver.mode = 'ok';
    }
    const paths = receiver.received.slice(before).map((r) => r.path);
    expect(paths).toEqual(['/hook']);
    const log = WebhookDeliveriesResponseSchema.parse(
      (await call(s, 'GET', '/webhooks/deliveries')).json(),
    );
    expect(log.data.items[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastStatusCode: 307,
    });
    expect(log.data.items[0]!.lastError).toContain('not followed');
  });

  test('a name that resolves to a private address is refused at delivery, on every attempt', async () => {
    let lookups = 0;
    const worker = createOutboundWebhooks(
      { ...ctx.app.context, config: { ...ctx.config, outboundWebhooks: { allowLoopback: false } } },
      {
        lookup: async () => {
          lookups++;
          return [{ address: '10.0.0.7', family: 4 }];
        },
      },
    );
    const s = await store();
    const created = await worker.create(s.merchantId, {
      url: 'https://hooks.example.sa/nuqat',
      events: ['points.adjusted'],
    });
    const customer = await newCustomer(s);
    await order(s, customer);
    await adjust(s, customer, 9);
    await worker.runOnce();
    const firstLookups = lookups;
    expect(firstLookups).toBeGreaterThanOrEqual(1);
    ctx.clock.advance(RETRY_DELAYS_MS[0]!);
    await worker.runOnce();
    // Resolved again for the second attempt, and refused again.
    expect(lookups).toBeGreaterThan(firstLookups);
    const [d] = await ctx.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, created.endpoint.id));
    expect(d).toMatchObject({ status: 'pending', attempts: 2, lastStatusCode: null });
    expect(d!.lastError).toContain('10.0.0.7');
  });

  test('redemptions, coupons, tiers, referrals and erasure each write their event', async () => {
    const s = await store();
    await register(s);
    const customer = await newCustomer(s);
    await order(s, customer);
    const db = ctx.database.db;
    const [reward] = await db
      .insert(rewards)
      .values({
        merchantId: s.merchantId,
        name: 'Ten off',
        type: 'fixed_discount',
        pointsRequired: 50,
        value: 10,
      })
      .returning();
    const [redemption] = await db
      .insert(redemptions)
      .values({
        merchantId: s.merchantId,
        customerId: customer.id,
        rewardId: reward!.id,
        points: 50,
      })
      .returning();
    await db
      .update(redemptions)
      .set({ status: 'issued', couponCode: 'NQ-TEN' })
      .where(and(eq(redemptions.merchantId, s.merchantId), eq(redemptions.id, redemption!.id)));
    await db
      .update(redemptions)
      .set({ status: 'used', usedAt: new Date(), usedOrderId: 77 })
      .where(and(eq(redemptions.merchantId, s.merchantId), eq(redemptions.id, redemption!.id)));
    await db.insert(tierChanges).values({
      merchantId: s.merchantId,
      customerId: customer.id,
      fromTier: null,
      toTier: { id: randomUUID(), nameAr: 'فضي', nameEn: 'Silver', colour: '#94a3b8', position: 1 },
      direction: 1,
      cause: 'activity',
      basisValue: 100,
    });
    await db.execute(sql`
      insert into referrals (merchant_id, code, inviter_customer_id, friend_customer_id, status,
                             friend_type, friend_value, inviter_type, inviter_value)
      values (${s.merchantId}, 'CODE1', ${customer.id}, 5, 'pending', 'fixed', 10, 'fixed', 10)`);
    await db.execute(sql`
      update referrals set status = 'completed', completed_at = now()
       where merchant_id = ${s.merchantId} and inviter_customer_id = ${customer.id}`);
    await ctx.app.services.customers.erase(s.merchantId, String(customer.id));
    await run();
    const types = receivedFor(customer).map((r) => r.event.type);
    expect(types).toEqual([
      'points.earned',
      'reward.redeemed',
      'coupon.used',
      'tier.changed',
      'referral.completed',
      'customer.erased',
    ]);
    const erased = receivedFor(customer).at(-1)!.event;
    expect(Object.keys(erased.data).sort()).toEqual(['customerId', 'erasedAt']);
  });
});
