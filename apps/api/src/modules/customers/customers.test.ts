import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { webhooks, type CustomerFacts, type OrderFacts } from '@nuqat/salla-sandbox';
import {
  AdjustmentSchema,
  CustomerAccountSchema,
  CustomerDataSchema,
  CustomersPageSchema,
  ImportResultSchema,
  type CustomerSummary,
} from '@nuqat/contracts';
import {
  customers,
  merchants,
  pointsLedger,
  rewards,
  shopperSessions,
  webhookEvents,
} from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/crypto.ts';
import {
  balanceOf,
  createEngineContext,
  deliverOk,
  expectLedgerInvariant,
  randomId,
  setupStore,
  type EngineContext,
} from '../../test/engine-support.ts';
import { uniqueIp } from '../../test/test-app.ts';
import { EXPORT_BATCH } from './customers-views.ts';

let ctx: EngineContext;

beforeAll(async () => {
  ctx = await createEngineContext();
});
afterAll(async () => {
  await ctx?.close();
});

/** A store (10 points per order, points expire after 90 days) and its owner logged in. */
async function store() {
  const merchantId = await setupStore(ctx, {
    rules: { 'order.created': { points: 10 } },
    spendableOn: ['completed'],
    expiryDays: 90,
  });
  const password = 'customers-pass-123';
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
  return { merchantId, authorization: `Bearer ${res.json().data.token as string}` };
}

type Store = Awaited<ReturnType<typeof store>>;

const get = (s: Store, url: string, lang = 'ar') =>
  ctx.server.inject({
    method: 'GET',
    url,
    headers: { authorization: s.authorization, 'accept-language': lang },
  });
const post = (s: Store, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  ctx.server.inject({
    method: 'POST',
    url,
    headers: { authorization: s.authorization, ...headers },
    ...(payload === undefined ? {} : { payload: payload as string }),
  });

/** Salla's event times carry whole seconds. */
const toSecond = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000).toISOString();

const completed = (
  id: number,
  customer: CustomerFacts,
  total: number,
  placedAt: Date,
): OrderFacts => ({
  id,
  customer,
  total,
  status: 'completed',
  placedAt,
});

/** A store with three shoppers who ordered through the sandbox's webhooks. */
async function storeWithShoppers() {
  const s = await store();
  const now = ctx.clock.now();
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
  const base = randomId() % 1_000_000_000;
  const sara: CustomerFacts = {
    id: base + 1,
    firstName: 'سارة',
    lastName: 'العتيبي',
    email: `sara.${base}@example.com`,
    mobile: 501234567,
  };
  const omar: CustomerFacts = {
    id: base + 2,
    firstName: 'Omar',
    lastName: 'Ali',
    email: `omar.${base}@example.com`,
    mobile: 559876543,
  };
  const lina: CustomerFacts = { id: base + 3, firstName: 'Lina', lastName: 'Saad' };
  // Each joined when Salla says: Sara and Omar 200 days ago, Lina today.
  for (const c of [sara, omar])
    await deliverOk(ctx, webhooks.customerCreated(s.merchantId, c, daysAgo(200)));
  await deliverOk(ctx, webhooks.customerCreated(s.merchantId, lina, now));
  // Sara: two orders (20 points), Omar: one recent, one cancelled (10 points), Lina: none.
  const orders = [
    completed(base + 11, sara, 100, daysAgo(100)),
    completed(base + 12, sara, 250, daysAgo(10)),
    completed(base + 13, omar, 80, daysAgo(2)),
    completed(base + 14, omar, 60, daysAgo(1)),
  ];
  for (const o of orders) await deliverOk(ctx, webhooks.orderCreated(s.merchantId, o, o.placedAt));
  await deliverOk(ctx, webhooks.orderCancelled(s.merchantId, orders[3]!, now));
  return { ...s, sara, omar, lina, orders, base };
}

async function list(s: Store, query = '') {
  const res = await get(s, `/api/merchants/customers${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return CustomersPageSchema.parse(res.json().data);
}

const adjust = (s: Store, id: number, body: Record<string, unknown>) =>
  post(s, `/api/merchants/customers/${id}/adjust`, body);

describe('the customers list', () => {
  test('each shopper with their figures, kept with every event', async () => {
    const s = await storeWithShoppers();
    const page = await list(s);
    const byId = new Map(page.items.map((c) => [c.id, c]));
    expect(page.items).toHaveLength(3);
    expect(byId.get(String(s.sara.id))).toMatchObject({
      name: 'سارة العتيبي',
      email: s.sara.email,
      mobile: expect.stringContaining('501234567') as unknown as string,
      balance: 20,
      pendingPoints: 0,
      lifetimeEarned: 20,
      lifetimeRedeemed: 0,
      orders: 2,
      spend: 350,
      lastOrderAt: toSecond(s.orders[1]!.placedAt!),
    } satisfies Partial<CustomerSummary>);
    // Omar's cancelled order is taken back: one counted order, its 10 points.
    expect(byId.get(String(s.omar.id))).toMatchObject({
      balance: 10,
      lifetimeEarned: 20,
      orders: 1,
      spend: 80,
      lastOrderAt: toSecond(s.orders[3]!.placedAt!),
    });
    expect(byId.get(String(s.lina.id))).toMatchObject({
      balance: 0,
      orders: 0,
      spend: 0,
      lastOrderAt: null,
    });
    await expectLedgerInvariant(ctx, s.merchantId);
  });

  test('search by name, e-mail, mobile or Salla id; only the caller store', async () => {
    const s = await storeWithShoppers();
    const other = await storeWithShoppers();
    const ids = async (q: string) =>
      (await list(s, `?q=${encodeURIComponent(q)}`)).items.map((c) => Number(c.id));
    expect(await ids('العتيبي')).toEqual([s.sara.id]);
    expect(await ids('OMAR.')).toEqual([s.omar.id]);
    expect(await ids('9876543')).toEqual([s.omar.id]);
    expect(await ids('0559876543')).toEqual([s.omar.id]);
    expect(await ids('+966559876543')).toEqual([s.omar.id]);
    expect(await ids(s.omar.email!.toUpperCase())).toEqual([s.omar.id]);
    expect(await ids(other.omar.email!)).toEqual([]);
    expect(await ids(String(s.lina.id))).toEqual([s.lina.id]);
    expect(await ids(String(other.lina.id))).toEqual([]);
    expect(await ids('nobody-like-this')).toEqual([]);
    // LIKE's wildcards are searched as themselves.
    expect(await ids('%%%')).toEqual([]);
    const short = await get(s, '/api/merchants/customers?q=ab');
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('VALIDATION_FAILED');
  });

  test('filters: balance range, inactive for N days, points expiring within N days', async () => {
    const s = await storeWithShoppers();
    const ids = async (q: string) =>
      (await list(s, q)).items.map((c) => Number(c.id)).sort((a, b) => a - b);
    expect(await ids('?minBalance=15')).toEqual([s.sara.id]);
    expect(await ids('?minBalance=5&maxBalance=10')).toEqual([s.omar.id]);
    expect(await ids('?maxBalance=0')).toEqual([s.lina.id]);
    // A shopper joined when their customer.created happened, not when Nuqat stored them.
    const joined = (await list(s)).items.find((c) => Number(c.id) === s.sara.id)!.joinedAt;
    const expected = ctx.clock.now().getTime() - 200 * 86_400_000;
    expect(Math.abs(Date.parse(joined) - expected)).toBeLessThan(60_000);
    // No order in the last 5 days: Sara (10 days ago); Lina never ordered but joined today.
    expect(await ids('?inactiveDays=5')).toEqual([s.sara.id]);
    await ctx.database.db
      .update(customers)
      .set({ createdAt: new Date(ctx.clock.now().getTime() - 30 * 86_400_000) })
      .where(and(eq(customers.merchantId, s.merchantId), eq(customers.id, s.lina.id)));
    expect(await ids('?inactiveDays=5')).toEqual([s.sara.id, s.lina.id].sort((a, b) => a - b));
    expect(await ids('?inactiveDays=40')).toEqual([]);
    // Points expire 90 days after release: Sara's first order's expire within a week or so.
    expect(await ids('?expiringDays=7')).toEqual([]);
    expect(await ids('?expiringDays=60')).toEqual([]);
    expect(await ids('?expiringDays=89')).toEqual([s.omar.id, s.sara.id].sort((a, b) => a - b));
    const bad = await get(s, '/api/merchants/customers?minBalance=10&maxBalance=5');
    expect(bad.statusCode).toBe(400);
    for (const q of ['?minBalance=-1', '?inactiveDays=0', '?sort=name', '?limit=1000', '?x=1'])
      expect((await get(s, `/api/merchants/customers${q}`)).statusCode, q).toBe(400);
  });

  test('keyset pages in every sort cover every shopper once, in order', async () => {
    const s = await store();
    const base = randomId() % 1_000_000_000;
    // 37 shoppers with ties on every key, straight into the table (the triggers still run).
    await ctx.database.db.insert(customers).values(
      Array.from({ length: 37 }, (_, i) => ({
        merchantId: s.merchantId,
        id: base + i,
        firstName: `Shopper ${i}`,
        createdAt: new Date(Date.UTC(2026, 0, 1 + (i % 5))),
      })),
    );
    for (const sort of ['joined', 'balance', 'last_order', 'spend'])
      for (const order of ['asc', 'desc']) {
        const seen: string[] = [];
        let cursor: string | null = null;
        let pages = 0;
        do {
          const page: Awaited<ReturnType<typeof list>> = await list(
            s,
            `?sort=${sort}&order=${order}&limit=10${cursor ? `&cursor=${cursor}` : ''}`,
          );
          seen.push(...page.items.map((c) => c.id));
          cursor = page.nextCursor;
          pages++;
        } while (cursor && pages < 10);
        expect(new Set(seen).size, `${sort} ${order}`).toBe(37);
        expect(seen).toHaveLength(37);
      }
    const joined = (await list(s, '?sort=joined&order=asc&limit=100')).items.map((c) => c.joinedAt);
    expect([...joined].sort()).toEqual(joined);
    const bad = await get(s, '/api/merchants/customers?cursor=bm90LWEtY3Vyc29y');
    expect(bad.statusCode).toBe(400);
    const wrongType = Buffer.from(JSON.stringify(['yesterday', '1'])).toString('base64url');
    expect((await get(s, `/api/merchants/customers?cursor=${wrongType}`)).statusCode).toBe(400);
  });
});

describe("a shopper's account", () => {
  test('balance, pending, expiring lots, coupons, orders and a ledger with causes', async () => {
    const s = await storeWithShoppers();
    const [reward] = await ctx.database.db
      .insert(rewards)
      .values({
        merchantId: s.merchantId,
        name: '5 SAR off',
        type: 'fixed_discount',
        pointsRequired: 10,
        value: 5,
      })
      .returning();
    const coupon = await ctx.app.services.redemptions.redeemReward({
      merchantId: s.merchantId,
      customerId: s.sara.id,
      rewardId: reward!.id,
      lang: 'en',
    });
    // An order still pending (under review): its points wait.
    const pending: OrderFacts = {
      ...completed(s.base + 20, s.sara, 70, ctx.clock.now()),
      status: 'under_review',
    };
    await deliverOk(ctx, webhooks.orderCreated(s.merchantId, pending, ctx.clock.now()));

    const res = await get(s, `/api/merchants/customers/${s.sara.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const account = CustomerAccountSchema.parse(res.json().data);
    expect(account.customer).toMatchObject({
      balance: 10,
      pendingPoints: 10,
      lifetimeEarned: 20,
      lifetimeRedeemed: 10,
    });
    expect(account.expiring.reduce((sum, l) => sum + l.points, 0)).toBe(10);
    expect(account.coupons).toEqual([
      expect.objectContaining({
        id: coupon.id,
        status: 'issued',
        points: 10,
        rewardName: '5 SAR off',
      }),
    ]);
    expect(account.orders.map((o) => o.id)).toContain(String(s.base + 20));

    const ledger = await get(s, `/api/merchants/customers/${s.sara.id}/ledger?limit=2`);
    expect(ledger.statusCode, ledger.body).toBe(200);
    const first = ledger.json().data;
    expect(first.items).toHaveLength(2);
    expect(first.items[0]).toMatchObject({ cause: 'redemption', points: -10, couponId: coupon.id });
    const next = await get(
      s,
      `/api/merchants/customers/${s.sara.id}/ledger?limit=2&cursor=${first.nextCursor}`,
    );
    const rest = next.json().data;
    expect(rest.items.map((e: { cause: string }) => e.cause)).toEqual(['order']);
    expect(rest.items[0].orderId).toBe(String(s.base + 11));
    expect(rest.nextCursor).toBeNull();
  });

  test("every route answers 404 for another store's shopper or an unknown one", async () => {
    const s = await storeWithShoppers();
    const other = await store();
    const id = s.sara.id;
    const key = randomUUID();
    const routes = [
      () => get(other, `/api/merchants/customers/${id}`),
      () => get(other, `/api/merchants/customers/${id}/ledger`),
      () => get(other, `/api/merchants/customers/${id}/data`),
      () => adjust(other, id, { points: 5, reason: 'goodwill', idempotencyKey: key }),
      () => post(other, `/api/merchants/customers/${id}/erase`),
      () => get(s, `/api/merchants/customers/999999999999999`),
    ];
    for (const route of routes) {
      const res = await route();
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    // Nothing of the shopper moved, and their name is still there.
    expect(await balanceOf(ctx, s.merchantId, id)).toBe(20);
    expect((await list(s, `?q=${id}`)).items[0]!.name).toBe('سارة العتيبي');
    const noAuth = await ctx.server.inject({ method: 'GET', url: '/api/merchants/customers' });
    expect(noAuth.statusCode).toBe(401);
  });
});

describe('manual adjustment', () => {
  test('bounds and a required reason', async () => {
    const s = await storeWithShoppers();
    const key = randomUUID();
    for (const body of [
      { points: 0, reason: 'nothing', idempotencyKey: key },
      { points: 1.5, reason: 'half', idempotencyKey: key },
      { points: 1_000_001, reason: 'too many', idempotencyKey: key },
      { points: 5, reason: 'ab', idempotencyKey: key },
      { points: 5, reason: 'x'.repeat(201), idempotencyKey: key },
      { points: 5, idempotencyKey: key },
      { points: 5, reason: 'no key' },
      { points: 5, reason: 'bad key', idempotencyKey: 'not-a-uuid' },
    ]) {
      const res = await adjust(s, s.sara.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await balanceOf(ctx, s.merchantId, s.sara.id)).toBe(20);
  });

  test('adds and removes once per key, never below zero, shown in the shopper history', async () => {
    const s = await storeWithShoppers();
    const add = { points: 15, reason: 'Late delivery, sorry', idempotencyKey: randomUUID() };
    const [a, b, c] = await Promise.all([
      adjust(s, s.sara.id, add),
      adjust(s, s.sara.id, add),
      adjust(s, s.sara.id, add),
    ]);
    for (const res of [a, b, c]) expect(res.statusCode, res.body).toBe(200);
    const answer = AdjustmentSchema.parse(a.json().data);
    expect(answer).toMatchObject({ points: 15, balanceAfter: 35, reason: add.reason });
    expect(answer.sessionId).not.toBeNull();
    expect(b.json().data).toEqual(a.json().data);
    expect(c.json().data).toEqual(a.json().data);
    expect(await balanceOf(ctx, s.merchantId, s.sara.id)).toBe(35);
    // The same key with another body is refused, for this shopper or another.
    for (const [id, body] of [
      [s.sara.id, { ...add, points: 16 }],
      [s.sara.id, { ...add, reason: 'another reason' }],
      [s.omar.id, add],
    ] as const) {
      const res = await adjust(s, id, body);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    }

    const tooMuch = await adjust(s, s.sara.id, {
      points: -36,
      reason: 'remove all and more',
      idempotencyKey: randomUUID(),
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().code).toBe('ADJUSTMENT_EXCEEDS_BALANCE');
    const remove = await adjust(s, s.sara.id, {
      points: -35,
      reason: 'Duplicate account',
      idempotencyKey: randomUUID(),
    });
    expect(remove.statusCode, remove.body).toBe(200);
    expect(remove.json().data.balanceAfter).toBe(0);
    expect(await balanceOf(ctx, s.merchantId, s.sara.id)).toBe(0);
    await expectLedgerInvariant(ctx, s.merchantId);

    const rows = await ctx.database.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.merchantId, s.merchantId), eq(pointsLedger.kind, 'adjust')));
    expect(rows.map((r) => r.delta).sort()).toEqual([-35, 15].sort());

    const ledger = (await get(s, `/api/merchants/customers/${s.sara.id}/ledger`)).json().data;
    expect(ledger.items[0]).toMatchObject({
      cause: 'adjustment',
      points: -35,
      note: 'Duplicate account',
      adjustedBy: { sessionId: answer.sessionId },
    });
    const history = await ctx.app.services.shopper.getLoyaltyData({
      merchantId: s.merchantId,
      customerId: s.sara.id,
      lang: 'en',
    });
    expect(history.history.map((h) => h.description)).toEqual(
      expect.arrayContaining([
        'Adjusted by the store: Late delivery, sorry',
        'Adjusted by the store: Duplicate account',
      ]),
    );
    const list = await get(s, `/api/merchants/customers?q=${s.sara.id}`);
    expect(list.json().data.items[0]).toMatchObject({ balance: 0, lifetimeEarned: 35 });
  });
});

describe('CSV export', () => {
  test('the list: BOM, header in the request language, the current filter', async () => {
    const s = await storeWithShoppers();
    const ar = await get(s, '/api/merchants/customers/export.csv?minBalance=1', 'ar');
    expect(ar.statusCode, ar.body).toBe(200);
    expect(ar.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(ar.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = ar.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]!.startsWith('رقم العميل,الاسم')).toBe(true);
    expect(lines).toHaveLength(3);
    expect(lines.some((l) => l.startsWith(`${s.sara.id},سارة العتيبي,`))).toBe(true);
    const en = await get(s, '/api/merchants/customers/export.csv', 'en');
    expect(en.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toMatch(/^Customer ID,Name,E-mail/);
    expect((await get(s, '/api/merchants/customers/export.csv?inactiveDays=x')).statusCode).toBe(
      400,
    );
  });

  test('streamed in batches: one batch in memory, never the whole store', async () => {
    const s = await store();
    const base = randomId() % 1_000_000_000;
    const n = EXPORT_BATCH * 2 + 321;
    await ctx.database.db.insert(customers).values(
      Array.from({ length: n }, (_, i) => ({
        merchantId: s.merchantId,
        id: base + i,
        firstName: i === 0 ? '=cmd()' : `عميل ${i}`,
        lastName: 'a,"b"',
      })),
    );
    const chunks: string[] = [];
    const stream = ctx.app.services.customers.exportCustomersCsv(
      s.merchantId,
      { sort: 'joined', order: 'desc' },
      'en',
    );
    // The first rows arrive after one query of one batch, before the rest is read.
    const head = await stream.next();
    const firstBatch = await stream.next();
    expect(head.value).toMatch(/^\uFEFFCustomer ID/);
    expect((firstBatch.value as string).split('\r\n').length - 1).toBe(EXPORT_BATCH);
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.map((c) => c.split('\r\n').length - 1)).toEqual([EXPORT_BATCH, 321]);
    const res = await get(s, '/api/merchants/customers/export.csv', 'en');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(n + 1);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[0])).size).toBe(n);
    // A formula is never run by a spreadsheet; quotes and commas stay in their cell.
    expect(res.body).toContain(`${base},"'=cmd() a,""b"""`);
  });

  test('the ledger of a date range', async () => {
    const s = await storeWithShoppers();
    const today = new Date(ctx.clock.now().getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
    const res = await get(s, `/api/merchants/customers/ledger.csv?from=${today}&to=${today}`, 'en');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Entry ID,Date,Customer ID,Points,Kind,Cause/);
    // Today: Omar's cancelled order taken back (the earns are dated when the orders were placed).
    expect(lines.slice(1).map((l) => l.split(',').slice(2, 6).join(','))).toEqual([
      `${s.omar.id},-10,clawback,refund`,
    ]);
    const from = new Date(ctx.clock.now().getTime() - 300 * 86_400_000).toISOString().slice(0, 10);
    const all = await get(s, `/api/merchants/customers/ledger.csv?from=${from}&to=${today}`);
    expect(all.body.trimEnd().split('\r\n')).toHaveLength(1 + 5);
    for (const q of [
      '?from=2026-01-02&to=2026-01-01',
      '?from=2024-01-01&to=2026-01-01',
      '?from=x&to=y',
    ])
      expect((await get(s, `/api/merchants/customers/ledger.csv${q}`)).statusCode, q).toBe(400);
  });
});

describe('CSV import of opening balances', () => {
  const csv = (s: Store, body: string, dryRun: 0 | 1) =>
    post(s, `/api/merchants/customers/import?dryRun=${dryRun}`, body, {
      'content-type': 'text/csv',
    });

  test('a dry run names each problem and writes nothing; applying twice changes nothing more', async () => {
    const s = await storeWithShoppers();
    const other = await storeWithShoppers();
    const file =
      '\uFEFFcustomer_id;email;points\r\n' +
      `${s.sara.id};;100\r\n` +
      `;${s.omar.email!.toUpperCase()};"50"\r\n` +
      `${other.lina.id};;10\r\n` +
      `${s.lina.id};;ten\r\n` +
      `${s.sara.id};;5\r\n` +
      `;;7\r\n` +
      `${s.lina.id};;0\r\n`;
    const ledgerCount = async () =>
      (
        await ctx.database.db
          .select()
          .from(pointsLedger)
          .where(eq(pointsLedger.merchantId, s.merchantId))
      ).length;
    const before = await ledgerCount();
    const dry = await csv(s, file, 1);
    expect(dry.statusCode, dry.body).toBe(200);
    const result = ImportResultSchema.parse(dry.json().data);
    expect(result).toMatchObject({ dryRun: true, rows: 7, good: 2, points: 150 });
    expect(result.problems).toEqual([
      { line: 4, problem: 'unknown_shopper', value: String(other.lina.id) },
      { line: 5, problem: 'bad_number', value: String(s.lina.id) },
      { line: 6, problem: 'duplicate_in_file', value: String(s.sara.id) },
      { line: 7, problem: 'missing_shopper', value: '' },
      { line: 8, problem: 'bad_number', value: String(s.lina.id) },
    ]);
    expect(await ledgerCount()).toBe(before);
    expect(await balanceOf(ctx, s.merchantId, s.sara.id)).toBe(20);

    const applied = await csv(s, file, 0);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toMatchObject({ dryRun: false, good: 2, points: 150 });
    expect(await balanceOf(ctx, s.merchantId, s.sara.id)).toBe(120);
    expect(await balanceOf(ctx, s.merchantId, s.omar.id)).toBe(60);
    expect(await ledgerCount()).toBe(before + 2);
    await expectLedgerInvariant(ctx, s.merchantId);

    const again = await csv(s, file, 0);
    expect(again.json().data).toMatchObject({ good: 0, points: 0 });
    expect(
      again
        .json()
        .data.problems.filter((p: { problem: string }) => p.problem === 'already_imported'),
    ).toHaveLength(2);
    expect(await ledgerCount()).toBe(before + 2);
    expect(await balanceOf(ctx, s.merchantId, s.sara.id)).toBe(120);
    const entry = (await get(s, `/api/merchants/customers/${s.sara.id}/ledger`)).json().data
      .items[0];
    expect(entry).toMatchObject({ cause: 'import', points: 100 });
    expect((await list(s, `?q=${s.sara.id}`)).items[0]!.lifetimeEarned).toBe(120);
  });

  test('a file without the columns, not CSV, or too large is refused', async () => {
    const s = await store();
    const noColumns = await csv(s, 'name,amount\r\nx,1\r\n', 1);
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json().code).toBe('IMPORT_FILE_INVALID');
    const json = await post(s, '/api/merchants/customers/import?dryRun=1', { points: 1 });
    expect(json.statusCode).toBe(415);
    const big = await csv(s, `email,points\r\n${'a@b.c,1\r\n'.repeat(300_000)}`, 1);
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('PAYLOAD_TOO_LARGE');
    expect((await csv(s, 'email,points\r\n', 2 as 0)).statusCode).toBe(400);
  });
});

describe('privacy', () => {
  test("a shopper's data as JSON, and an erasure that keeps every total", async () => {
    const s = await storeWithShoppers();
    await adjust(s, s.sara.id, { points: 5, reason: 'goodwill', idempotencyKey: randomUUID() });
    await ctx.database.db.insert(shopperSessions).values({
      merchantId: s.merchantId,
      customerId: s.sara.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const data = await get(s, `/api/merchants/customers/${s.sara.id}/data`);
    expect(data.statusCode, data.body).toBe(200);
    const exported = CustomerDataSchema.parse(data.json().data);
    expect(exported.profile).toMatchObject({ firstName: 'سارة', email: s.sara.email });
    expect(exported.ledger.reduce((sum, e) => sum + e.points, 0)).toBe(25);
    expect(exported.orders).toHaveLength(2);
    expect(exported.sessions).toHaveLength(1);

    const totals = async () => {
      const dash = (await get(s, '/api/merchants/dashboard')).json().data;
      return { points: dash.totalPoints, members: dash.totalMembers, orders: dash.totalOrders };
    };
    const before = await totals();
    const erased = await post(s, `/api/merchants/customers/${s.sara.id}/erase`);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().data).toMatchObject({
      customer: { name: '', email: null, mobile: null, balance: 25, orders: 2 },
      sessionsEnded: 1,
    });
    expect(erased.json().data.webhookPayloadsBlanked).toBeGreaterThanOrEqual(3);
    expect(await totals()).toEqual(before);
    await expectLedgerInvariant(ctx, s.merchantId);
    const payloads = await ctx.database.db
      .select({ payload: webhookEvents.payload })
      .from(webhookEvents)
      .where(eq(webhookEvents.merchantId, s.merchantId));
    expect(JSON.stringify(payloads)).not.toContain(s.sara.email!);
    expect(JSON.stringify(payloads)).not.toContain('العتيبي');
    // Searches no longer find them; Salla's later events do not bring the profile back.
    expect((await list(s, '?q=العتيبي')).items).toEqual([]);
    await deliverOk(ctx, webhooks.customerUpdated(s.merchantId, s.sara, ctx.clock.now()));
    const after = (await get(s, `/api/merchants/customers/${s.sara.id}`)).json().data.customer;
    expect(after).toMatchObject({ name: '', email: null });
    expect(after.erasedAt).not.toBeNull();
    // Erasing again answers the same; an erased shopper's points are not adjusted.
    const twice = await post(s, `/api/merchants/customers/${s.sara.id}/erase`);
    expect(twice.json().data.customer.erasedAt).toBe(after.erasedAt);
    const blocked = await adjust(s, s.sara.id, {
      points: 5,
      reason: 'after erasure',
      idempotencyKey: randomUUID(),
    });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().code).toBe('CUSTOMER_ERASED');
  });
});
