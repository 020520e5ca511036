import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_MERCHANT_ID } from '@nuqat/contracts';
import {
  createMerchant,
  createTestContext,
  uniqueIp,
  type TestContext,
} from '../../test/test-app.ts';

/**
 * The read-only demo (decision 044): a viewer session of the demo store reads everything and
 * changes nothing. The walk covers every mutating route of the app's route table.
 */
let ctx: TestContext;
let viewer: string;
let owner: string;

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

beforeAll(async () => {
  ctx = await createTestContext({ DEMO: '1' });
  const demo = await createMerchant(ctx, { merchantId: DEMO_MERCHANT_ID });
  const opened = await ctx.server.inject({
    method: 'POST',
    url: '/api/merchants/auth/demo-viewer',
    remoteAddress: uniqueIp(),
  });
  expect(opened.statusCode).toBe(200);
  viewer = opened.json().data.token as string;
  const login = await ctx.server.inject({
    method: 'POST',
    url: '/api/merchants/auth/login',
    payload: { email: demo.email, password: demo.password },
    remoteAddress: uniqueIp(),
  });
  owner = login.json().data.token as string;
});

afterAll(async () => {
  await ctx?.close();
});

async function mutatingRoutes(): Promise<{ method: string; path: string }[]> {
  const doc = (await ctx.server.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .map((method) => ({ method: method.toUpperCase(), path }))
      .filter((route) => MUTATING.has(route.method) && route.path.startsWith('/api/')),
  );
}

function call(route: { method: string; path: string }, token?: string) {
  return ctx.server.inject({
    method: route.method as 'POST',
    url: route.path.replace(/\{[^}]+\}/g, '1'),
    payload: {},
    remoteAddress: uniqueIp(),
    headers: token ? { authorization: `Bearer ${token}`, 'accept-language': 'en' } : {},
  });
}

describe('the read-only demo', () => {
  test('a viewer reads the demo store like its owner', async () => {
    const res = await ctx.server.inject({
      method: 'GET',
      url: '/api/merchants/store-info',
      headers: { authorization: `Bearer ${viewer}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.merchantId).toBe(String(DEMO_MERCHANT_ID));
    expect(res.json().data.readOnly).toBe(true);
  });

  test('every mutating route refuses a viewer with 403 READ_ONLY_DEMO, or gives it no more than no session at all', async () => {
    const routes = await mutatingRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const refused: string[] = [];
    const LOGOUT = 'POST /api/merchants/auth/logout';
    expect(routes.map((route) => `${route.method} ${route.path}`)).toContain(LOGOUT);
    for (const route of routes) {
      const name = `${route.method} ${route.path}`;
      // The one change a viewer makes (tested below); walking it would end the session.
      if (name === LOGOUT) continue;
      const asViewer = await call(route, viewer);
      if (asViewer.statusCode === 403 && asViewer.json().code === 'READ_ONLY_DEMO') {
        expect(asViewer.json().message, name).toBe(
          'This is a read-only demo: changes cannot be saved.',
        );
        refused.push(name);
        continue;
      }
      // Not a merchant route: the viewer's token must make no difference.
      const anonymous = await call(route);
      expect([asViewer.statusCode, asViewer.json()?.code], name).toEqual([
        anonymous.statusCode,
        anonymous.json()?.code,
      ]);
      expect(name.startsWith('POST /api/merchants/') && !name.includes('/auth/'), name).toBe(false);
    }
    // Every merchant API refuses, across the modules (settings, rewards, tiers, customers,
    // referrals, coupons, notifications, developer keys and webhooks, …).
    for (const prefix of [
      '/api/merchants/',
      '/api/rewards',
      '/api/tiers',
      '/api/referrals',
      '/api/notifications',
    ]) {
      expect(
        refused.some((name) => name.includes(` ${prefix}`)),
        prefix,
      ).toBe(true);
    }
    expect(refused.length).toBeGreaterThan(20);
    // The session still stands: no route above ended it (a 401 would look like "anonymous").
    const still = await ctx.server.inject({
      method: 'GET',
      url: '/api/merchants/store-info',
      headers: { authorization: `Bearer ${viewer}` },
    });
    expect(still.statusCode).toBe(200);
  });

  test("the owner's own session is not refused, and the viewer may sign out", async () => {
    const settings = await ctx.server.inject({
      method: 'PUT',
      url: '/api/merchants/settings',
      payload: { pointsHoldDays: 0 },
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(settings.statusCode).toBe(200);
    const asViewer = await ctx.server.inject({
      method: 'PUT',
      url: '/api/merchants/settings',
      payload: { pointsHoldDays: 0 },
      headers: { authorization: `Bearer ${viewer}`, 'accept-language': 'ar' },
    });
    expect(asViewer.statusCode).toBe(403);
    expect(asViewer.json().message).toBe('هذا عرض تجريبي للقراءة فقط: لا يمكن حفظ التغييرات');
    const out = await ctx.server.inject({
      method: 'POST',
      url: '/api/merchants/auth/logout',
      headers: { authorization: `Bearer ${viewer}` },
    });
    expect(out.statusCode).toBe(200);
  });
});

test('without the demo there is no viewer to open', async () => {
  const plain = await createTestContext();
  try {
    const res = await plain.server.inject({
      method: 'POST',
      url: '/api/merchants/auth/demo-viewer',
      remoteAddress: uniqueIp(),
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('DEMO_NOT_AVAILABLE');
  } finally {
    await plain.close();
  }
});
