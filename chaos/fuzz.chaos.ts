import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  ErrorBodySchema,
  NO_SOCIAL_LINKS,
  WIDGET_DEFAULTS,
  dateToRiyadhMinute,
} from '@nuqat/contracts';
import { webhooks } from '@nuqat/salla-sandbox';
import { assertNone } from './support/invariants.ts';
import { sleep } from './support/net.ts';
import { report } from './support/report.ts';
import {
  addShoppers,
  call,
  createReward,
  createWorld,
  deliver,
  installStore,
  nextIp,
  sign,
  signInShopper,
  type Answer,
  type Store,
  type World,
} from './support/world.ts';

// Every route of the OpenAPI document — merchant, shopper and webhook routes, so a new route is
// covered the day it lands — called with hostile input against the built API: always a 4xx with
// a stable error body, never a 5xx, and nothing written. Then every route with another store's
// token or ids: 401/403/404, and the other store's data untouched and never shown.

let world: World;
let a: Store;
let b: Store;
const tokens = { shopperA: '', shopperB: '' };
let rewardA = '';
/** Store A's redeemed coupon: the `{couponId}` of the shopper's coupon routes. */
let couponA = '';

beforeAll(async () => {
  world = await createWorld();
  a = await installStore(world, 940_001, { orderPoints: 100 });
  b = await installStore(world, 940_002, { orderPoints: 100 });
  await addShoppers(world, a, 1, 2);
  await addShoppers(world, b, 1, 2);
  rewardA = await createReward(world, a, 50);
  await createReward(world, b, 50);
  tokens.shopperA = await signInShopper(world, a.shoppers[0]!);
  tokens.shopperB = await signInShopper(world, b.shoppers[0]!);
  // One redemption of store A, so every table the routes touch holds a row of A's.
  const redeemed = await call(
    world,
    `/api/customers/loyalty/${a.merchantId}/${a.shoppers[0]!.id}/redeem`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${tokens.shopperA}`,
      },
      body: JSON.stringify({ rewardId: rewardA, requestId: randomUUID() }),
    },
  );
  expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
  couponA = (redeemed.body as { data: { id: string } }).data.id;
  // The scheduled jobs run 5 s after boot and book their runs (job_runs): let them finish, so
  // the snapshots see only what requests write.
  await sleep(Math.max(0, world.api.readyAt + 6_000 - Date.now()));
  let last = '';
  for (let tries = 0; tries < 40; tries++) {
    const { rows } = await world.db.query<{ n: number; open: number }>(
      `select count(*)::int as n, count(*) filter (where finished_at is null)::int as open
         from job_runs`,
    );
    const now = `${rows[0]!.n}/${rows[0]!.open}`;
    if (now === last && rows[0]!.n > 0 && rows[0]!.open === 0) break;
    last = now;
    await sleep(500);
  }
});
afterAll(async () => {
  await world?.close();
});

interface Route {
  method: string;
  path: string;
  /** The route needs a merchant's token (security bearer/cookie). */
  merchant: boolean;
  /** The route needs a token (a merchant's or a shopper's). */
  secured: boolean;
}

async function apiRoutes(): Promise<Route[]> {
  const answer = await call(world, '/api/docs/json');
  const doc = answer.body as {
    paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
  };
  const routes: Route[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const [method, operation] of Object.entries(methods)) {
      const security = operation.security ?? [];
      routes.push({
        method: method.toUpperCase(),
        path,
        merchant: security.some((s) => 'cookie' in s),
        secured: security.length > 0,
      });
    }
  }
  return routes;
}

/**
 * Per table, a row count and a digest of every row. The login limits
 * (`rate_limit_buckets`) count attempts by design, hostile ones included, so they are left out;
 * so are the webhook dead letters, which keep signed deliveries that fit no schema on purpose
 * (decision 013) and are checked on their own below.
 */
async function snapshot(merchantId?: number): Promise<Map<string, string>> {
  // The server folds the insights' pending differences into their daily rows every few seconds
  // (decision 014): a move of committed figures, not a write. Folding here first makes the two
  // tables canonical, so a digest sees only what a request changed.
  await world.db.query('select nuqat_insights_fold()');
  const { rows: tables } = await world.db.query<{ table_name: string; scoped: boolean }>(
    `select t.table_name,
            exists (select 1 from information_schema.columns c
                     where c.table_schema = 'public' and c.table_name = t.table_name
                       and c.column_name = 'merchant_id') as scoped
       from information_schema.tables t
      where t.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and t.table_name not in ('rate_limit_buckets', 'webhook_dead_letters')
      order by 1`,
  );
  const result = new Map<string, string>();
  for (const { table_name: table, scoped } of tables) {
    const where =
      merchantId === undefined
        ? ''
        : scoped
          ? `where merchant_id = ${merchantId}`
          : table === 'merchants'
            ? `where id = ${merchantId}`
            : null;
    if (where === null) continue;
    const { rows } = await world.db.query<{ n: number; digest: string | null }>(
      `select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as digest
         from "${table}" t ${where}`,
    );
    result.set(table, `${rows[0]!.n} rows, ${rows[0]!.digest}`);
  }
  return result;
}

function changes(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...before.keys()]
    .filter((table) => before.get(table) !== after.get(table))
    .map((table) => `${table}: ${before.get(table)} → ${after.get(table)}`);
}

const PATH_VALUES = ['abc', '-1', '1.5', '99999999999999999999999', '%00', 'ظ¡'];

/** Raw JSON texts (so keys like __proto__ reach the server as sent), none of them a valid request. */
const BODIES = [
  '[]',
  '"text"',
  '42',
  'null',
  '{"email":["x"],"password":{"$gt":""}}',
  `{"points":1e308,"event":"order.created","pointsRequired":-1,"type":"${'x'.repeat(5000)}"}`,
  '{"name":null,"type":null,"value":"NaN","maxUsage":"","minOrderAmount":{}}',
  '{"pointsExpiryDays":1.5,"isActive":"yes","__proto__":{"admin":true},"constructor":{"prototype":{}}}',
  `{"code":"12345678901234567890","email":"not-an-email","newPassword":"${'x'.repeat(100_000)}"}`,
  '{"merchantId":"1 or 1=1","customerId":-1,"rewardId":"../../etc/passwd","requestId":"x"}',
  '{"language":"xx","timezone":{"$ne":null},"storeName":"","notifications":[]}',
  '{"email":"a@b.co","password":"x","unexpected":true',
  // The embedded page's exchange: well formed, but no token Salla ever issued (decision 031).
  '{"token":"sa_embedded_forged-0123456789"}',
];

const QUERIES = ['?page=-1&limit=1e9', '?page=abc&status=nope&search=%00', '?lang=xx&limit='];

/** Signed as Salla signs, yet not an event: 400 WEBHOOK_PAYLOAD_INVALID, kept as a dead letter. */
const SIGNED_WEBHOOK_BODIES: unknown[] = [
  {},
  [],
  { event: 'order.created', merchant: 'abc', created_at: 'x', data: null },
  {
    event: 'order.created',
    merchant: 940_001,
    created_at: '2026-01-01 10:00:00',
    data: { id: 'x' },
  },
  { event: 'customer.created', merchant: -1, created_at: '', data: { id: {} } },
  { event: 'app.store.authorize', merchant: 940_001, created_at: '', data: { access_token: 1 } },
  { event: 123, merchant: 940_001, created_at: '2026-01-01 10:00:00', data: {} },
];

/**
 * A valid body for every write route that needs a token, so a call with the wrong token gets past
 * validation to the ownership check. A new write route fails the suite until it has one here.
 */
/** A campaign from tomorrow for a week (Riyadh minutes, decision 047). */
const CAMPAIGN_BODY = () => ({
  nameAr: 'حملة',
  nameEn: 'Campaign',
  startsAt: dateToRiyadhMinute(new Date(Date.now() + 86_400_000)),
  endsAt: dateToRiyadhMinute(new Date(Date.now() + 8 * 86_400_000)),
  effect: 'multiplier',
  multiplierPct: 200,
});

const VALID_BODIES: Record<string, () => unknown> = {
  'PUT /api/merchants/settings': () => ({ pointsHoldDays: 3 }),
  'PUT /api/merchants/holdout': () => ({ percent: 10 }),
  'POST /api/merchants/holdout/end': () => ({ backPay: false }),
  'POST /api/loyalty': () => ({ event: 'order.created', points: 7 }),
  'PUT /api/loyalty/programme': () => ({ enabled: false }),
  'POST /api/rewards': () => ({
    name: 'مكافأة',
    type: 'fixed_discount',
    pointsRequired: 10,
    value: 5,
  }),
  'PUT /api/rewards/{id}': () => ({
    name: 'مكافأة',
    type: 'fixed_discount',
    pointsRequired: 10,
    value: 5,
  }),
  'POST /api/merchants/coupons/{id}/cancel': () => ({}),
  'POST /api/merchants/customers/{id}/adjust': () => ({
    points: 5,
    reason: 'goodwill',
    idempotencyKey: randomUUID(),
  }),
  'POST /api/merchants/customers/{id}/erase': () => ({}),
  'POST /api/merchants/customers/{id}/forgive-debt': () => ({ idempotencyKey: randomUUID() }),
  // The import reads text/csv; as JSON it is refused before anything (no id in its path).
  'POST /api/merchants/customers/import': () => 'email,points',
  'POST /api/referrals/settings': () => ({
    isActive: true,
    participantReward: { type: 'fixed', value: 10 },
    referralReward: { type: 'percentage', value: 10, maxAmount: 50 },
    limits: { giftsPerCode: 5, giftsPerDay: 50 },
  }),
  'POST /api/referrals/toggle': () => ({ isActive: true }),
  'PUT /api/tiers': () => ({
    enabled: true,
    basis: 'spend',
    window: 'lifetime',
    graceDays: 30,
    tiers: [
      { nameAr: 'فضي', nameEn: 'Silver', colour: '#94a3b8', threshold: 100, multiplierPct: 125 },
    ],
  }),
  'POST /api/tiers/preview': () => ({
    enabled: true,
    basis: 'points',
    window: 'rolling_12_months',
    graceDays: 0,
    tiers: [
      { nameAr: 'ذهبي', nameEn: 'Gold', colour: '#eab308', threshold: 1, multiplierPct: 200 },
    ],
  }),
  'POST /api/campaigns': () => CAMPAIGN_BODY(),
  'PUT /api/campaigns/{id}': () => CAMPAIGN_BODY(),
  'POST /api/campaigns/{id}/end': () => ({}),
  'POST /api/campaigns/product-rules': () => ({
    productId: 1_653_503_260,
    effect: 'multiply',
    multiplier: 2,
  }),
  'POST /api/campaigns/category-rules': () => ({ categoryId: 1, effect: 'exclude' }),
  'PUT /api/merchants/social-links': () => ({ ...NO_SOCIAL_LINKS }),
  'POST /api/customers/loyalty/{merchantId}/{customerId}/earn': () => ({
    action: 'newsletter',
  }),
  'POST /api/notifications/settings': () => ({ templates: { points_digest: false } }),
  'POST /api/notifications/test': () => ({ kind: 'points_digest' }),
  'POST /api/customers/loyalty/{merchantId}/{customerId}/redeem': () => ({
    rewardId: rewardA,
    requestId: randomUUID(),
  }),
  'POST /api/customers/loyalty/{merchantId}/{customerId}/coupons/{couponId}/cancel': () => ({}),
  'PUT /api/merchants/widget': () => WIDGET_DEFAULTS,
  'POST /api/merchants/api-keys': () => ({ name: 'fuzz', scopes: ['customers:read'] }),
  // A documentation address (TEST-NET-3): the shape is valid; the SSRF guard may refuse it.
  'POST /api/merchants/webhooks/endpoints': () => ({
    url: 'https://203.0.113.10/hook',
    events: ['points.earned'],
  }),
  'PATCH /api/merchants/webhooks/endpoints/{id}': () => ({ enabled: false }),
  'POST /api/merchants/webhooks/deliveries/{id}/replay': () => ({}),
  'POST /api/v1/customers/{id}/points': () => ({ points: 5, reason: 'goodwill' }),
  'POST /api/v1/webhooks/endpoints': () => ({
    url: 'https://203.0.113.10/hook',
    events: ['points.earned'],
  }),
};

function bodyFor(route: Route): string | undefined {
  if (route.method === 'GET' || route.method === 'DELETE') return undefined;
  const valid = VALID_BODIES[`${route.method} ${route.path}`];
  return valid ? JSON.stringify(valid()) : undefined;
}

function withParams(path: string, value: string): string {
  return path.replace(/\{[^}]+\}/g, encodeURIComponent(value));
}

async function send(route: Route, url: string, body: string | undefined, authorization?: string) {
  const headers: Record<string, string> = { 'x-forwarded-for': nextIp() };
  if (authorization) headers.authorization = authorization;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return call(world, url, { method: route.method, headers, body });
}

function clientError(
  answer: Answer,
  where: string,
  problems: string[],
  codes: Map<string, number>,
) {
  if (answer.status < 400 || answer.status >= 500) {
    problems.push(`${where} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
    return;
  }
  const body = ErrorBodySchema.safeParse(answer.body);
  if (!body.success) problems.push(`${where} → ${answer.status} without an error body`);
  else codes.set(body.data.code, (codes.get(body.data.code) ?? 0) + 1);
}

test('every route answers hostile input with a 4xx and an error code, and writes nothing', async () => {
  const routes = await apiRoutes();
  expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
    expect.arrayContaining([
      'POST /api/salla/webhooks',
      'POST /api/merchants/auth/salla-embedded',
      'GET /api/merchants/settings',
      'POST /api/customers/loyalty/{merchantId}/{customerId}/redeem',
      'GET /api/customers/loyalty/{merchantId}/{customerId}',
      'GET /api/storefront/{merchantId}/programme',
    ]),
  );
  const merchantA = `Bearer ${a.token}`;
  const shopperA = `Bearer ${tokens.shopperA}`;
  const before = await snapshot();
  const problems: string[] = [];
  const codes = new Map<string, number>();
  let calls = 0;
  // Every call is independent: four at a time.
  const jobs: (() => Promise<void>)[] = [];
  for (const route of routes) {
    const logout = route.path.endsWith('/logout');
    // Logging out with a valid token succeeds whatever the body: only the invalid ones here.
    const authorizations = logout
      ? [undefined, 'Bearer not.a.jwt']
      : [undefined, 'Bearer not.a.jwt', merchantA, shopperA];
    const values = route.path.includes('{') ? PATH_VALUES : [''];
    for (const value of values) {
      const url = withParams(route.path, value);
      for (const authorization of authorizations) {
        const where = `${route.method} ${url} (${authorization === merchantA ? 'merchant' : authorization === shopperA ? 'shopper' : (authorization ?? 'no token')})`;
        if (route.method === 'GET') {
          for (const query of ['', ...QUERIES]) {
            jobs.push(async () => {
              const answer = await send(route, url + query, undefined, authorization);
              // A GET with the right token and a path of its own may answer 200, and a public
              // read without parameters (GET /api/support) to anyone; never 5xx.
              const mayRead =
                !route.path.includes('{') &&
                (!route.secured || authorization === (route.merchant ? merchantA : shopperA));
              if (mayRead && answer.status < 400) return;
              clientError(answer, `${where}${query}`, problems, codes);
            });
          }
        } else {
          for (const body of BODIES) {
            jobs.push(async () =>
              clientError(await send(route, url, body, authorization), where, problems, codes),
            );
          }
        }
      }
    }
  }
  calls += jobs.length;
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < jobs.length) await jobs[next++]!();
    }),
  );
  // The webhook route with a valid signature over bodies that are not events: each answered 4xx
  // and kept once as a dead letter, to replay after a schema fix (decision 013).
  const webhookRoute = routes.find((r) => r.path === '/api/salla/webhooks')!;
  const deadLetters = async () =>
    Number(
      (
        await world.db.query<{ n: string }>(
          'select coalesce(sum(deliveries), 0)::text as n from webhook_dead_letters',
        )
      ).rows[0]!.n,
    );
  const deadBefore = await deadLetters();
  for (const body of SIGNED_WEBHOOK_BODIES) {
    const answer = await deliver(world, sign(body as Record<string, unknown>));
    clientError(answer, `signed webhook ${JSON.stringify(body)}`, problems, codes);
    calls += 1;
  }
  expect(await deadLetters()).toBe(deadBefore + SIGNED_WEBHOOK_BODIES.length);
  // And a real event with a wrong or missing signature: never kept.
  const real = sign(
    webhooks.customerCreated(a.merchantId, { id: 1, firstName: 'x', lastName: 'y' }),
  );
  const unsigned: Record<string, string>[] = [
    { ...real.headers, 'x-salla-signature': '0'.repeat(64) },
    { 'content-type': 'application/json' },
  ];
  for (const headers of unsigned) {
    const answer = await call(world, webhookRoute.path, {
      method: 'POST',
      headers,
      body: real.body,
    });
    clientError(answer, 'webhook with a wrong signature', problems, codes);
    calls += 1;
  }
  expect(await deadLetters()).toBe(deadBefore + SIGNED_WEBHOOK_BODIES.length);
  assertNone('hostile input', problems);
  assertNone('nothing written', changes(before, await snapshot()));
  report('fuzz', { routes: routes.length, calls, errorCodes: Object.fromEntries(codes) });
  expect(calls).toBeGreaterThan(500);
}, 240_000);

test("every route with another store's token or ids: 401/403/404, that store untouched and unseen", async () => {
  const routes = await apiRoutes();
  const merchantB = `Bearer ${b.token}`;
  const shopperB = `Bearer ${tokens.shopperB}`;
  const shopperOfA = a.shoppers[0]!;
  const beforeA = await snapshot(a.merchantId);
  // What only store A's answers could contain.
  const secretsOfA = [rewardA, shopperOfA.email, `"${a.merchantId}"`, `:${a.merchantId},`];
  const problems: string[] = [];
  let calls = 0;
  for (const route of routes) {
    // Logging out would end store B's own session; public routes carry no token.
    if (!route.secured || route.path.endsWith('/logout')) continue;
    // Store A's ids in the path, store B's credentials.
    const url = route.path
      .replace('{merchantId}', String(a.merchantId))
      .replace('{customerId}', String(shopperOfA.id))
      .replace('{couponId}', couponA)
      // A category as Salla numbers them: store B has no rule for it (404).
      .replace('{categoryId}', '880001')
      // A shopper's account takes the shopper's id; every other {id} is a reward or coupon.
      .replace('/customers/{id}', `/customers/${shopperOfA.id}`)
      .replace('{id}', rewardA);
    const authorization = route.merchant ? merchantB : shopperB;
    const body = bodyFor(route);
    const needsBody = !['GET', 'DELETE'].includes(route.method) && !route.path.endsWith('/toggle');
    if (needsBody && body === undefined) {
      problems.push(`${route.method} ${route.path}: no valid body in VALID_BODIES`);
      continue;
    }
    const answer = await send(route, url, body, authorization);
    calls += 1;
    const where = `${route.method} ${url} with store B's token`;
    if (route.path.includes('{')) {
      if (![401, 403, 404].includes(answer.status))
        problems.push(`${where} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
    } else if (answer.status >= 500) problems.push(`${where} → ${answer.status}`);
    const text = JSON.stringify(answer.body);
    for (const secret of secretsOfA)
      if (text.includes(secret)) problems.push(`${where} shows store A's ${secret}`);
  }
  // Each store's tokens against the other kind of route: a shopper's token opens no merchant
  // route, a merchant's token no shopper route.
  for (const route of routes) {
    if (!route.secured || route.path.endsWith('/logout')) continue;
    const url = route.path
      .replace('{merchantId}', String(a.merchantId))
      .replace('{customerId}', String(shopperOfA.id))
      .replace('{couponId}', couponA)
      .replace('{categoryId}', '880001')
      // A shopper's account takes the shopper's id; every other {id} is a reward or coupon.
      .replace('/customers/{id}', `/customers/${shopperOfA.id}`)
      .replace('{id}', rewardA);
    const wrongKind = route.merchant ? `Bearer ${tokens.shopperA}` : `Bearer ${a.token}`;
    const answer = await send(route, url, bodyFor(route), wrongKind);
    calls += 1;
    if (answer.status !== 401)
      problems.push(`${route.method} ${url} with the wrong kind of token → ${answer.status}`);
  }
  assertNone('tenant isolation', problems);
  assertNone("store A's data", changes(beforeA, await snapshot(a.merchantId)));
  report('tenant isolation', { routes: routes.length, calls });
  expect(calls).toBeGreaterThan(routes.length);
});
