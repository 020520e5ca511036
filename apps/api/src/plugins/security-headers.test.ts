import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app.ts';
import { helmetOptions, securityHeadersOf } from './security-headers.ts';

/**
 * Decision 070: helmet's headers are worked out once at boot, not by helmet's middleware on every
 * request. The answers must carry exactly what helmet itself sets on a real response.
 */

/** What helmet's own middleware sets on a real Node.js response for `options`. */
async function helmetOnARealResponse(options: Parameters<typeof helmet>[0]) {
  const server = createServer((request, response) =>
    helmet(options)(request, response, () => response.end('ok')),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const answer = await fetch(`http://127.0.0.1:${port}/`);
    await answer.text();
    return answer.headers;
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

const HTTP_ONLY = { publicUrl: 'http://localhost:3000', salla: { apiBase: 'http://127.0.0.1:9/' } };
const HTTPS = { publicUrl: 'https://nuqat.example', salla: { apiBase: 'https://api.salla.dev' } };

describe('security headers worked out once', () => {
  for (const [name, config] of [
    ['http', HTTP_ONLY],
    ['https (HSTS)', HTTPS],
  ] as const) {
    test(`the same names and values as helmet sets on a real response (${name})`, async () => {
      const options = helmetOptions(config as Parameters<typeof helmetOptions>[0]);
      const ours = securityHeadersOf(options);
      const real = await helmetOnARealResponse(options);
      // Every header helmet set (the response's own date, connection, length aside).
      const own = new Set(['date', 'connection', 'keep-alive', 'content-length']);
      const realSet = [...real.entries()].filter(([key]) => !own.has(key));
      expect(Object.fromEntries(ours.map(([key, value]) => [key.toLowerCase(), value]))).toEqual(
        Object.fromEntries(realSet),
      );
      expect(ours.length).toBeGreaterThanOrEqual(10);
      expect(real.has('strict-transport-security')).toBe(name !== 'http');
    });
  }

  test('an empty request gives the same headers as a real one: no directive reads the request', () => {
    const options = helmetOptions(HTTPS as Parameters<typeof helmetOptions>[0]);
    const request = { headers: { host: 'x' }, method: 'GET', url: '/' } as IncomingMessage;
    const seen = new Map<string, string>();
    helmet(options)(
      request,
      {
        setHeader: (key: string, value: string) => void seen.set(key, value),
        removeHeader: (key: string) => void seen.delete(key),
      } as never,
      () => undefined,
    );
    expect([...seen]).toEqual(securityHeadersOf(options));
  });
});

describe('on the API', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ SALLA_WEBHOOK_SECRET: 'a-secret-for-the-signature-check' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  test('every answer carries them, a 404 included; the Salla webhook route carries none', async () => {
    const expected = securityHeadersOf(helmetOptions(ctx.config));
    for (const url of ['/healthz', '/api/no-such-route']) {
      const res = await ctx.server.inject({ url });
      for (const [key, value] of expected) expect(res.headers[key.toLowerCase()], url).toBe(value);
    }
    const webhook = await ctx.server.inject({
      method: 'POST',
      url: '/api/salla/webhooks',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    // Refused for its missing signature, and without the browser's headers.
    expect(webhook.statusCode).toBe(401);
    for (const [key] of expected) expect(webhook.headers[key.toLowerCase()]).toBeUndefined();
  });
});
