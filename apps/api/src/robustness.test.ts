import { afterAll, beforeAll, expect, test } from 'vitest';
import { ErrorBodySchema } from '@nuqat/contracts';
import {
  createTestContext,
  signedInStore,
  uniqueIp,
  type SignedInStore,
  type TestContext,
} from './test/test-app.ts';

// Every API route of the OpenAPI document, called with hostile input, answers below 500 with a
// stable error body: bad input is the caller's problem, never a crash.

let ctx: TestContext;
let store: SignedInStore;
beforeAll(async () => {
  ctx = await createTestContext({ SALLA_WEBHOOK_SECRET: 'robustness-test-secret' });
  store = await signedInStore(ctx, { plan: 'starter' });
});
afterAll(async () => {
  await ctx?.close();
});

const PATH_VALUES = ['abc', '-1', '0', '1.5', '99999999999999999999999', '%00', 'ظ¡'];

/** Raw JSON texts, so keys like __proto__ reach the server as sent. */
const BODIES: string[] = [
  '{}',
  '[]',
  '"text"',
  '42',
  'null',
  '{"email":["x"],"password":{"$gt":""}}',
  `{"points":1e308,"event":"order.created","pointsRequired":-1,"type":"${'x'.repeat(5000)}"}`,
  '{"name":null,"type":null,"value":"NaN","maxUsage":"","minOrderAmount":{}}',
  '{"pointsExpiryDays":1.5,"isActive":"yes","__proto__":{"admin":true},"constructor":{"prototype":{}}}',
  `{"code":"12345678901234567890","email":"a@b.c","newPassword":"${'x'.repeat(100_000)}"}`,
];

const QUERIES = ['?page=-1&limit=1e9', '?page=abc&status=nope&search=%00', '?rewardId=x&limit='];

interface Route {
  method: string;
  path: string;
}

async function apiRoutes(): Promise<Route[]> {
  const doc = (await ctx.server.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  const routes: Route[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const method of Object.keys(methods)) {
      if (path.startsWith('/api/')) routes.push({ method: method.toUpperCase(), path });
    }
  }
  return routes;
}

function withParams(path: string, value: string): string {
  return path.replace(/\{[^}]+\}|:[A-Za-z]+/g, encodeURIComponent(value));
}

async function expectClientError(
  route: Route,
  url: string,
  payload: string | undefined,
  authorization?: string,
) {
  const res = await ctx.server.inject({
    method: route.method as 'GET',
    url,
    remoteAddress: uniqueIp(),
    headers: {
      ...(authorization ? { authorization } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload }),
  });
  const where = `${route.method} ${url} ${payload?.slice(0, 80) ?? ''}`;
  expect(res.statusCode, `${where} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const body = ErrorBodySchema.safeParse(res.json());
    expect(body.success, `${where}: error body ${res.body.slice(0, 300)}`).toBe(true);
  }
}

test('the document lists the routes of every module', async () => {
  const paths = new Set((await apiRoutes()).map((r) => r.path));
  for (const path of [
    '/api/merchants/auth/login',
    '/api/loyalty',
    '/api/rewards',
    '/api/salla/webhooks',
    '/api/merchants/settings',
  ]) {
    expect(paths, path).toContain(path);
  }
});

test('no route answers 500 to hostile input, signed in or not', async () => {
  const routes = await apiRoutes();
  let calls = 0;
  for (const route of routes) {
    for (const value of PATH_VALUES) {
      const url = withParams(route.path, value);
      for (const authorization of [undefined, store.authorization, 'Bearer not.a.jwt']) {
        if (route.method === 'GET' || route.method === 'DELETE') {
          for (const query of ['', ...QUERIES]) {
            await expectClientError(route, url + query, undefined, authorization);
            calls += 1;
          }
        } else {
          for (const body of BODIES) {
            await expectClientError(route, url, body, authorization);
            calls += 1;
          }
        }
      }
      if (!/\{|:/.test(route.path)) break; // no path parameter: one pass is enough
    }
  }
  expect(calls).toBeGreaterThan(100);
}, 120_000);
