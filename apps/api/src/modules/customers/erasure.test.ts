import { createHmac, randomInt, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { emailKey, type ReferralSettingsRequest } from '@nuqat/contracts';
import {
  customerModel,
  storeEventTime,
  webhooks,
  type CustomerFacts,
  type Envelope,
  type OrderFacts,
} from '@nuqat/salla-sandbox';
import { pgTextArray, rowsOf } from '../../db/client.ts';
import {
  merchants,
  notificationOutbox,
  webhookDeadLetters,
  webhookEvents,
} from '../../db/schema/index.ts';
import { sealForStore } from '../../lib/crypto.ts';
import {
  balanceOf,
  createEngineContext,
  deliver,
  deliverOk,
  expectLedgerInvariant,
  randomId,
  setRules,
  WEBHOOK_SECRET,
  type EngineContext,
} from '../../test/engine-support.ts';
import { extractMailedCode } from '../../test/smtp-sink.ts';
import { signedInStore, uniqueEmail, uniqueIp, type SignedInStore } from '../../test/test-app.ts';
import { insertReward } from '../rewards/index.ts';
import { REDACT_BATCH } from '../engine/index.ts';
import { erasedPerson, REDACTED, redactPerson, textPatterns } from './erasure.ts';

/**
 * Erasure everywhere (docs/decisions/029): after a shopper is erased, nothing in the database —
 * any text or JSON column of any table — holds their e-mail, mobile or name, however they were
 * written, while the points stay exact and another shopper's data stays; and Salla's later
 * events do not bring any of it back.
 */

let ctx: EngineContext;
beforeAll(async () => {
  ctx = await createEngineContext();
});
afterAll(async () => {
  await ctx?.close();
});

const REFERRALS: ReferralSettingsRequest = {
  isActive: true,
  participantReward: { type: 'fixed', value: 25 },
  referralReward: { type: 'fixed', value: 15 },
};

/** An installed growth store (tokens in the sandbox), its owner signed in, rules and referrals on. */
async function store(): Promise<SignedInStore> {
  const s = await signedInStore(ctx, {
    plan: 'growth',
    subscriptionStatus: 'active',
    subscriptionExpiresAt: new Date(Date.now() + 365 * 86_400_000),
  });
  const storeUrl = `https://store-${s.merchantId}.example.sa`;
  const tokens = ctx.sandbox.registerStore({ merchantId: s.merchantId, domain: storeUrl });
  await ctx.database.db
    .update(merchants)
    .set({
      storeUrl,
      subscriptionStartedAt: new Date(Date.now() - 86_400_000),
      sallaAccessToken: sealForStore(
        ctx.config.keys.storeSecrets,
        s.merchantId,
        tokens.access_token,
      ),
      sallaRefreshToken: sealForStore(
        ctx.config.keys.storeSecrets,
        s.merchantId,
        tokens.refresh_token,
      ),
      sallaTokenExpiresAt: new Date(tokens.expires * 1000),
    })
    .where(eq(merchants.id, s.merchantId));
  await setRules(ctx, s.merchantId, {
    'order.created': { points: 300 },
    signup: { points: 20 },
    product_review: { points: 15 },
  });
  const res = await merchant(s, 'POST', '/api/referrals/settings', REFERRALS);
  expect(res.statusCode, res.body).toBe(200);
  return s;
}

function merchant(s: SignedInStore, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return ctx.server.inject({
    method,
    url,
    headers: { authorization: s.authorization, 'accept-language': 'en' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** A shopper whose identifiers appear nowhere else in the database. */
function person(first: string, last: string): CustomerFacts & { email: string; mobile: number } {
  const tag = randomUUID().slice(0, 8);
  return {
    id: randomId(),
    firstName: `${first}${tag}`,
    lastName: `${last}${tag}`,
    // As Salla may hold it: capitals, a dot and a +tag in a Gmail address.
    email: `${first}.Q${tag}+shop@Gmail.com`,
    mobile: 500_000_000 + randomInt(0, 100_000_000),
  };
}

/** Every spelling of a shopper's data we look for: as Salla sent it and as Nuqat wrote it. */
function needles(p: ReturnType<typeof person>): string[] {
  const m = String(p.mobile);
  return [
    p.email,
    p.email.toLowerCase(),
    emailKey(p.email),
    p.email.toLowerCase().replace('+shop', '+ref'),
    m, // the last nine digits: inside +966…, 966…, 05… and Salla's bare number
    `+966${m}`,
    `0${m}`,
    p.firstName,
    p.lastName,
    `${p.firstName} ${p.lastName}`,
  ];
}

/**
 * Where in the whole database (every text, JSON and text-array column of every table of the
 * public schema, found from information_schema) any of the needles occurs, case-insensitively.
 */
async function findEverywhere(search: string[]): Promise<string[]> {
  const columns = rowsOf<{ table_name: string; column_name: string }>(
    await ctx.database.db.execute(sql`
      select c.table_name, c.column_name
        from information_schema.columns c
        join information_schema.tables t
          on t.table_schema = c.table_schema and t.table_name = c.table_name
       where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
         and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
              or c.udt_name in ('_text', '_varchar'))
       order by 1, 2`),
  );
  expect(columns.length).toBeGreaterThan(30);
  const lowered = search.map((s) => s.toLowerCase());
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    const hits = rowsOf<{ needle: string }>(
      await ctx.database.db.execute(sql`
        select n.needle from unnest(${pgTextArray(lowered)}::text[]) as n(needle)
         where exists (select 1 from ${sql.identifier(table_name)} x
                        where strpos(lower(x.${sql.identifier(column_name)}::text), n.needle) > 0)`),
    );
    for (const { needle } of hits) found.push(`${table_name}.${column_name}: ${needle}`);
  }
  return found;
}

function requestCode(merchantId: number, email: string) {
  return ctx.server.inject({
    method: 'POST',
    url: '/api/customers/auth/request-code',
    payload: { merchantId: String(merchantId), email },
    remoteAddress: uniqueIp(),
  });
}

/** The shopper's code login, with the code read from the mail. */
async function signIn(merchantId: number, email: string): Promise<string> {
  const after = ctx.smtp.messages.length;
  expect((await requestCode(merchantId, email)).statusCode).toBe(200);
  const mail = await ctx.smtp.waitForMail(email.toLowerCase(), { after });
  const res = await ctx.server.inject({
    method: 'POST',
    url: '/api/customers/auth/verify-code',
    payload: { merchantId: String(merchantId), email, code: extractMailedCode(mail) },
    remoteAddress: uniqueIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.token as string;
}

async function referralCodeOf(merchantId: number, customerId: number, token: string) {
  const res = await ctx.server.inject({
    method: 'GET',
    url: `/api/customers/loyalty/${merchantId}/${customerId}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.referral as { code: string }).code;
}

function claim(merchantId: number, code: string, email: string) {
  return ctx.server.inject({
    method: 'POST',
    url: '/api/customers/referrals/claim',
    payload: { merchantId: String(merchantId), code, email },
    remoteAddress: uniqueIp(),
  });
}

/** A signed delivery sent as it is (here: not even JSON). */
function deliverRaw(raw: string) {
  return ctx.server.inject({
    method: 'POST',
    url: '/api/salla/webhooks',
    headers: {
      'content-type': 'application/json',
      'x-salla-security-strategy': 'Signature',
      'x-salla-signature': createHmac('sha256', WEBHOOK_SECRET).update(raw).digest('hex'),
    },
    payload: raw,
  });
}

const order = (customer: CustomerFacts, total: number, status = 'completed'): OrderFacts => ({
  id: randomId(),
  customer,
  total,
  status,
  placedAt: new Date(Date.now() - 60_000),
});

/**
 * Salla store events that Nuqat does not handle, naming the shopper; each call's are new
 * deliveries (another time, another code), not redeliveries of the last ones.
 */
function unhandledEvents(merchantId: number, c: CustomerFacts): Envelope[] {
  const at = storeEventTime(new Date(Date.now() - randomInt(0, 1_000_000_000)));
  return [
    { event: 'customer.login', merchant: merchantId, created_at: at, data: customerModel(c) },
    {
      event: 'abandoned.cart',
      merchant: merchantId,
      created_at: at,
      data: {
        id: randomId(),
        total: { amount: 120, currency: 'SAR' },
        customer: { id: c.id, name: `${c.firstName} ${c.lastName}`, email: c.email },
      },
    },
    {
      event: 'customer.otp.request',
      merchant: merchantId,
      created_at: at,
      data: { code: String(randomInt(1000, 10_000)), contact: `+966${c.mobile}` },
    },
  ];
}

/** customer.updated with a numeric mobile_code: a signed delivery our schema refuses (a dead letter). */
function deadLetter(merchantId: number, c: CustomerFacts): Envelope {
  const envelope = webhooks.customerUpdated(merchantId, c);
  return { ...envelope, data: { ...envelope.data, mobile_code: 966 } };
}

async function everythingAbout(s: SignedInStore, p: ReturnType<typeof person>) {
  const { merchantId } = s;
  await deliverOk(ctx, webhooks.customerCreated(merchantId, p, new Date(Date.now() - 3_600_000)));
  await deliverOk(ctx, webhooks.customerUpdated(merchantId, p, new Date(Date.now() - 1_800_000)));
  // A new order (the fast path), and one that moves from review to completed (general path).
  const first = order(p, 250);
  await deliverOk(ctx, webhooks.orderCreated(merchantId, first));
  const second = order(p, 180, 'under_review');
  await deliverOk(ctx, webhooks.orderCreated(merchantId, second));
  await deliverOk(ctx, webhooks.orderStatusUpdated(merchantId, { ...second, status: 'completed' }));
  await deliverOk(
    ctx,
    webhooks.reviewAdded(merchantId, {
      id: randomId(),
      customer: p,
      rating: 5,
      productId: randomId(),
      content: `${p.firstName} loves it`,
    }),
  );
  for (const e of unhandledEvents(merchantId, p)) await deliverOk(ctx, e);
  expect((await deliver(ctx, deadLetter(merchantId, p))).statusCode).toBe(400);
  return { first, second };
}

describe('erasure everywhere', () => {
  test("after an erasure no table holds the shopper's e-mail, mobile or name; points stay exact; another shopper's data stays", async () => {
    const s = await store();
    const { merchantId } = s;
    const nouf = person('Nouf', 'Qahtani');
    const omar = person('Omar', 'Harbi');
    const friend = uniqueEmail('friend');

    await everythingAbout(s, nouf);
    await everythingAbout(s, omar);
    // A delivery that is not even JSON, naming her address (signed, so kept as a dead letter).
    const broken = `{"event":"customer.updated","merchant":${merchantId},"data":{"email":"${nouf.email}"`;
    expect((await deliverRaw(broken)).statusCode).toBe(400);

    // Sign-in (codes, sessions, limits keyed by her address), her referral code, a friend's
    // claim of it, her own e-mail claiming it (self-referral), her claim of Omar's code.
    const noufToken = await signIn(merchantId, nouf.email.toLowerCase());
    const omarToken = await signIn(merchantId, omar.email.toLowerCase());
    expect((await requestCode(merchantId, nouf.email.toLowerCase())).statusCode).toBe(200);
    const noufCode = await referralCodeOf(merchantId, nouf.id, noufToken);
    const omarCode = await referralCodeOf(merchantId, omar.id, omarToken);
    expect((await claim(merchantId, noufCode, friend)).statusCode).toBe(200);
    expect((await claim(merchantId, noufCode, nouf.email.toLowerCase())).statusCode).toBe(409);
    // Whether this claim is refused (she already ordered) is the claim rules' business; either
    // way a referral row holds her address.
    const asFriend = await claim(
      merchantId,
      omarCode,
      nouf.email.toLowerCase().replace('+shop', '+ref'),
    );
    expect([200, 409], asFriend.body).toContain(asFriend.statusCode);

    // A redemption (coupon, its ledger row, its mail in the outbox), an opening balance found by
    // another spelling of her address, and an adjustment whose reason names her.
    const reward = await insertReward(ctx.database.db, merchantId, {
      name: '20 SAR off',
      type: 'fixed_discount',
      pointsRequired: 100,
      value: 20,
      description: '',
      isActive: true,
      maxUsage: null,
      minOrderAmount: 0,
      freeProducts: [],
      couponValidDays: 30,
    });
    const redeemed = await ctx.server.inject({
      method: 'POST',
      url: `/api/customers/loyalty/${merchantId}/${nouf.id}/redeem`,
      headers: { authorization: `Bearer ${noufToken}` },
      payload: { rewardId: reward.id },
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const imported = await ctx.server.inject({
      method: 'POST',
      url: '/api/merchants/customers/import?dryRun=0',
      headers: { authorization: s.authorization, 'content-type': 'text/csv' },
      payload: `email,points\r\n${emailKey(nouf.email).toUpperCase()},40\r\n${omar.email},40\r\n`,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data.good).toBe(2);
    const adjusted = await merchant(s, 'POST', `/api/merchants/customers/${nouf.id}/adjust`, {
      points: 5,
      reason: `Sorry ${nouf.firstName} ${nouf.lastName} (${nouf.email.toLowerCase()}, 0${nouf.mobile}) — late`,
      idempotencyKey: randomUUID(),
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);

    const before = await findEverywhere(needles(nouf));
    // The search finds what it looks for: she is all over the database before the erasure.
    for (const table of [
      'customers',
      'webhook_events',
      'webhook_dead_letters',
      'referrals',
      'rate_limit_buckets',
      'shopper_codes',
      'points_ledger',
      'customer_adjustments',
    ])
      expect(
        before.some((hit) => hit.startsWith(`${table}.`)),
        table,
      ).toBe(true);
    const balance = await balanceOf(ctx, merchantId, nouf.id);
    const omarBefore = await findEverywhere(needles(omar));
    /** The dashboard's figures (its lists show names, which the erasure removes). */
    const totals = async () => {
      const dashboard = (await merchant(s, 'GET', '/api/merchants/dashboard')).json().data;
      const { activities, recentOrders, topCustomers, ...figures } = dashboard;
      return {
        ...figures,
        activities: (activities as { points: number }[]).map((a) => a.points),
        recentOrders: (recentOrders as { id: string }[]).map((o) => o.id),
        topCustomers: (topCustomers as { id: string }[]).map((c) => c.id),
      };
    };
    const dashboard = await totals();

    const erased = await merchant(s, 'POST', `/api/merchants/customers/${nouf.id}/erase`);
    expect(erased.statusCode, erased.body).toBe(200);

    expect(await findEverywhere(needles(nouf))).toEqual([]);
    // Points, totals and everyone else are as they were.
    expect(await balanceOf(ctx, merchantId, nouf.id)).toBe(balance);
    await expectLedgerInvariant(ctx, merchantId);
    expect(await totals()).toEqual(dashboard);
    expect(await findEverywhere(needles(omar))).toEqual(omarBefore);
    expect((await findEverywhere([friend])).map((h) => h.split(':')[0])).toContain(
      'referrals.friend_email',
    );
    // Nothing waits to be mailed to her.
    const waiting = await ctx.database.db
      .select()
      .from(notificationOutbox)
      .where(
        and(
          eq(notificationOutbox.merchantId, merchantId),
          eq(notificationOutbox.customerId, nouf.id),
          eq(notificationOutbox.status, 'pending'),
        ),
      );
    expect(waiting).toEqual([]);
  });

  test('what the ledger needs stays in the stored events: order ids, amounts, the customer id', async () => {
    const s = await store();
    const nouf = person('Nouf', 'Qahtani');
    const { first, second } = await everythingAbout(s, nouf);
    expect(
      (await merchant(s, 'POST', `/api/merchants/customers/${nouf.id}/erase`)).statusCode,
    ).toBe(200);
    const stored = await ctx.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.merchantId, s.merchantId));
    const created = stored.find(
      (e) => e.event === 'order.created' && (e.payload as Envelope).data.id === first.id,
    );
    expect(created?.payload).toMatchObject({
      event: 'order.created',
      merchant: s.merchantId,
      erased: true,
      data: {
        id: first.id,
        status: { slug: 'completed' },
        amounts: { total: { amount: 250 } },
        customer: { id: nouf.id },
      },
    });
    expect(Object.keys((created!.payload as Envelope).data.customer as object)).toEqual(['id']);
    const status = stored.find((e) => e.event === 'order.status.updated');
    expect(status?.payload).toMatchObject({
      data: {
        order: { id: second.id, customer: { id: nouf.id }, amounts: { total: { amount: 180 } } },
      },
    });
    const [letter] = await ctx.database.db
      .select()
      .from(webhookDeadLetters)
      .where(eq(webhookDeadLetters.merchantId, s.merchantId));
    expect(JSON.parse(letter!.body)).toMatchObject({
      event: 'customer.updated',
      erased: true,
      data: { id: nouf.id },
    });
  });

  test('a store with more stored events than one pass reads at a time: every one of hers is found', async () => {
    const s = await store();
    const nouf = person('Nouf', 'Qahtani');
    await everythingAbout(s, nouf);
    // Volume, written straight to the table: 2.5 batches of other shoppers' orders, a few of hers
    // among them (by her id, as a string once).
    const n = Math.floor(REDACT_BATCH * 2.5);
    await ctx.database.db.execute(sql`
      insert into webhook_events (merchant_id, dedupe_key, event, payload, outcome)
      select ${s.merchantId}::bigint, md5(random()::text || g), 'order.updated',
             jsonb_build_object('event', 'order.updated', 'merchant', ${s.merchantId}::bigint,
               'data', jsonb_build_object('id', g, 'customer', case
                 when g % 2000 = 0 then jsonb_build_object('id', ${nouf.id}::bigint, 'email', ${nouf.email}::text)
                 when g % 2000 = 1000 then jsonb_build_object('id', ${String(nouf.id)}::text, 'mobile', ${nouf.mobile}::bigint)
                 else jsonb_build_object('id', g, 'email', 'someone' || g || '@example.com') end)),
             'processed'
        from generate_series(1, ${n}::int) g`);
    const erased = await merchant(s, 'POST', `/api/merchants/customers/${nouf.id}/erase`);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().data.webhookPayloadsBlanked).toBeGreaterThanOrEqual(Math.floor(n / 1000));
    expect(await findEverywhere(needles(nouf))).toEqual([]);
    const others = rowsOf<{ n: number }>(
      await ctx.database.db.execute(sql`
        select count(*)::int as n from webhook_events
         where merchant_id = ${s.merchantId} and payload::text like '%someone%@example.com%'`),
    );
    expect(others[0]!.n).toBe(n - Math.floor(n / 1000));
  });

  test("Salla's later events for an erased shopper do not bring their data back; their points still count", async () => {
    const s = await store();
    const nouf = person('Nouf', 'Qahtani');
    const omar = person('Omar', 'Harbi');
    await everythingAbout(s, nouf);
    expect(
      (await merchant(s, 'POST', `/api/merchants/customers/${nouf.id}/erase`)).statusCode,
    ).toBe(200);
    const balance = await balanceOf(ctx, s.merchantId, nouf.id);

    // Everything again, after the erasure: profile, orders (fast and general path), a review, the
    // events Nuqat does not handle, a dead letter — and Omar's, which stay as received.
    const { first } = await everythingAbout(s, nouf);
    await everythingAbout(s, omar);
    expect(await findEverywhere(needles(nouf))).toEqual([]);
    expect((await findEverywhere(needles(omar))).length).toBeGreaterThan(0);
    // Her new orders and review earned as they would have: 300 + 300 + 15.
    expect(await balanceOf(ctx, s.merchantId, nouf.id)).toBe(balance + 615);
    await expectLedgerInvariant(ctx, s.merchantId);
    const [stored] = await ctx.database.db
      .select()
      .from(webhookEvents)
      .where(
        and(
          eq(webhookEvents.merchantId, s.merchantId),
          eq(webhookEvents.event, 'order.created'),
          sql`${webhookEvents.payload} -> 'data' ->> 'id' = ${String(first.id)}`,
        ),
      );
    expect(stored?.payload).toMatchObject({
      erased: true,
      data: { id: first.id, amounts: { total: { amount: 250 } }, customer: { id: nouf.id } },
    });
  });
});

describe("taking a shopper out of a merchant's note", () => {
  const nouf = erasedPerson({
    addresses: ['Nouf.Q+shop@Gmail.com', null],
    mobile: '+966501234567',
    firstName: 'نوف',
    lastName: 'Al Qahtani',
  });

  test('names as whole words, any spelling of the address, the mobile however written', () => {
    expect(
      redactPerson(
        'Goodwill for نوف Al Qahtani (NOUFQ@googlemail.com, 050 123 4567) — not for نوفل or Sara.',
        nouf,
      ),
    ).toBe(`Goodwill for ${REDACTED} (${REDACTED}, ${REDACTED}) — not for نوفل or Sara.`);
    expect(redactPerson('call +966501234567.', nouf)).toBe(`call ${REDACTED}.`);
    expect(redactPerson('nouf.q@gmail.com.', nouf)).toBe(`${REDACTED}.`);
    // Another mailbox and another number stay.
    expect(redactPerson('sara@gmail.com, 0501234568, nouf.q@outlook.com', nouf)).toBe(
      'sara@gmail.com, 0501234568, nouf.q@outlook.com',
    );
  });

  test('the patterns that find her in stored text match her address alone, not a longer one', () => {
    const matches = (text: string) => textPatterns(nouf).some((p) => new RegExp(p, 'i').test(text));
    expect(matches('{"email":"NOUF.Q+SHOP@gmail.com"}')).toBe(true);
    expect(matches('{"mobile":501234567,"mobile_code":"+966"}')).toBe(true);
    expect(matches('{"contact":"+966501234567"}')).toBe(true);
    expect(matches('{"email":"xnouf.q+shop@gmail.com"}')).toBe(false);
    expect(matches('{"email":"nouf.q+shop@gmail.com.sa"}')).toBe(false);
    expect(matches('{"id":15012345670}')).toBe(false);
  });
});
