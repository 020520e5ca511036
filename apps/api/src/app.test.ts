import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from './test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('health', () => {
  test('/healthz says the process is alive and /readyz that the database answers', async () => {
    const health = await ctx.server.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await ctx.server.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
  });
});

describe('support contacts', () => {
  test('GET /api/support answers only what is configured (nothing by default), publicly', async () => {
    const res = await ctx.server.inject({ method: 'GET', url: '/api/support' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.json()).toEqual({
      success: true,
      data: {
        email: null,
        phone: null,
        whatsapp: null,
        appStoreUrl: 'https://apps.salla.sa',
        demo: false,
        operator: { name: null, crNumber: null, address: null, email: null },
      },
    });

    const configured = await createTestContext({
      SUPPORT_EMAIL: 'help@nuqat.example',
      SUPPORT_PHONE: '+966 11 234 5678',
      SUPPORT_WHATSAPP: '+966 50 123 4567',
      SALLA_APP_URL: 'https://apps.salla.sa/ar/app/123456',
      OPERATOR_NAME: 'Nuqat Technologies Co.',
      OPERATOR_CR_NUMBER: '1010123456',
    });
    try {
      const answer = await configured.server.inject({ method: 'GET', url: '/api/support' });
      expect(answer.json().data).toEqual({
        email: 'help@nuqat.example',
        phone: '+966 11 234 5678',
        whatsapp: '966501234567',
        appStoreUrl: 'https://apps.salla.sa/ar/app/123456',
        demo: false,
        operator: {
          name: 'Nuqat Technologies Co.',
          crNumber: '1010123456',
          address: null,
          email: null,
        },
      });
    } finally {
      await configured.close();
    }
  });
});

describe('error model', () => {
  test('malformed JSON is a 400 MALFORMED_REQUEST, not a 500', async () => {
    const res = await ctx.server.inject({
      method: 'POST',
      url: '/api/merchants/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.co", "password": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'MALFORMED_REQUEST' });
  });

  test('an empty JSON body and a non-object body are 400', async () => {
    const empty = await ctx.server.inject({
      method: 'POST',
      url: '/api/merchants/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    const array = await ctx.server.inject({
      method: 'POST',
      url: '/api/merchants/auth/login',
      payload: [1, 2],
    });
    expect(array.statusCode).toBe(400);
    expect(array.json().code).toBe('VALIDATION_FAILED');
  });

  test('an unsupported content type is 415', async () => {
    const res = await ctx.server.inject({
      method: 'POST',
      url: '/api/merchants/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  test('a body over 1 MiB is 413', async () => {
    const res = await ctx.server.inject({
      method: 'POST',
      url: '/api/merchants/auth/login',
      payload: { email: 'a@b.co', password: 'x'.repeat(1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  test('an unknown API route is a JSON 404 in the requested language', async () => {
    const res = await ctx.server.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'ROUTE_NOT_FOUND',
      message: 'This address does not exist.',
    });
  });

  test('an unexpected failure is a 500 without internals', async () => {
    const local = await createTestContext();
    try {
      // A closed database handle is a fault of ours, not an outage (that one is a 503, see
      // lib/db-errors.test.ts): every query fails unexpectedly.
      await local.database.close();
      const res = await local.server.inject({
        method: 'POST',
        url: '/api/merchants/auth/login',
        payload: { email: 'a@b.co', password: 'secret' },
      });
      expect(res.statusCode).toBe(500);
      const body = res.json();
      expect(body.code).toBe('INTERNAL_ERROR');
      expect(Object.keys(body).sort()).toEqual(['code', 'message', 'requestId', 'success']);
      expect(JSON.stringify(body)).not.toMatch(/stack|pglite|postgres|closed|at /i);
    } finally {
      await local.server.close();
      await local.smtp.close();
    }
  });
});

describe('security headers and request ids', () => {
  test('responses carry security headers and echo a request id', async () => {
    const res = await ctx.server.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(res.headers['x-request-id']).toBe('abc-123');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  test('a client request id is kept only in a safe shape; anything else is replaced', async () => {
    const kept = ['a', 'A.b_c-9', 'x'.repeat(64), '3f0c9a56-1d2e-4b7a-9c1f-6a2b8d4e5f10'];
    for (const id of kept) {
      const res = await ctx.server.inject({
        method: 'GET',
        url: '/api/missing',
        headers: { 'x-request-id': id },
      });
      expect(res.headers['x-request-id']).toBe(id);
      expect(res.json().requestId).toBe(id);
    }
    const refused = [
      '',
      'x'.repeat(65),
      'has space',
      'new\nline',
      '<script>alert(1)</script>',
      'é',
      'a;b',
      '{"json":1}',
    ];
    for (const id of refused) {
      const res = await ctx.server.inject({
        method: 'GET',
        url: '/api/missing',
        headers: { 'x-request-id': id },
      });
      expect(res.headers['x-request-id'], id).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.json().requestId).toBe(res.headers['x-request-id']);
    }
    // Sent twice, it is a list: not one id, so a fresh one.
    const twice = await ctx.server.inject({
      method: 'GET',
      url: '/api/missing',
      headers: { 'x-request-id': ['one', 'two'] },
    });
    expect(twice.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('a request without an id gets a fresh one, also in error bodies', async () => {
    const res = await ctx.server.inject({ method: 'GET', url: '/api/missing' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json().requestId).toBe(res.headers['x-request-id']);
  });
});

describe('OpenAPI', () => {
  test('the document is generated from the route schemas and the UI is browsable', async () => {
    const doc = await ctx.server.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(spec.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/merchants/auth/login',
      '/api/merchants/auth/forgot-password',
      '/api/merchants/auth/verify-reset-code',
      '/api/merchants/auth/reset-password',
      '/api/merchants/store-info',
    ]) {
      expect(spec.paths, path).toHaveProperty([path]);
    }
    const login = spec.paths['/api/merchants/auth/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual([
      'email',
      'password',
    ]);
    const ui = await ctx.server.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });
});
