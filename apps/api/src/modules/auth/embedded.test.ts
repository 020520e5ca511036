import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { webhooks } from '@nuqat/salla-sandbox';
import { merchantSessions, merchants, sallaEmbeddedTokens } from '../../db/schema/index.ts';
import {
  createEngineContext,
  customerFacts,
  deliverOk,
  randomId,
  type EngineContext,
} from '../../test/engine-support.ts';
import { extractMailedCode } from '../../test/smtp-sink.ts';
import {
  createMerchant,
  createTestContext,
  uniqueEmail,
  uniqueIp,
  type TestContext,
} from '../../test/test-app.ts';
import { EMBEDDED_SESSION_TTL_HOURS } from './auth.service.ts';

// Issue 24: Nuqat opened from the Salla merchant dashboard (decision 031). The dashboard appends
// a short-lived token to the embedded page's address; the page sends it here; Salla's
// introspection (the sandbox, as documented in reference §5) says which store it is for.

/** A web build in miniature: the back-office, the embedded entry, the loyalty page. */
function fakeWebBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'nuqat-embedded-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<html><body>back-office</body></html>');
  writeFileSync(path.join(dir, 'embedded.html'), '<html><body>embedded entry</body></html>');
  writeFileSync(
    path.join(dir, 'loyalty.html'),
    '<html><head><meta name="nuqat-store-origin" content=""></head><body>loyalty</body></html>',
  );
  writeFileSync(path.join(dir, 'landing.html'), '<html><body>landing</body></html>');
  return dir;
}

const lines: string[] = [];
let ctx: EngineContext;
beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  ctx = await createEngineContext({
    env: { LOG_LEVEL: 'trace', WEB_DIST_DIR: fakeWebBuild() },
    serveWeb: true,
    logStream: stream,
  });
});
afterAll(async () => {
  await ctx?.close();
});

const exchange = (payload: unknown, on: TestContext = ctx) =>
  on.server.inject({
    method: 'POST',
    url: '/api/merchants/auth/salla-embedded',
    payload: payload as Record<string, unknown>,
    remoteAddress: uniqueIp(),
    headers: { 'user-agent': 'Salla dashboard test' },
  });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** An installed store with a login of its own (the password way in still works beside). */
async function installedStore() {
  const { merchant } = await createMerchant(ctx);
  return merchant;
}

async function sessionsOf(merchantId: number) {
  return ctx.database.db
    .select()
    .from(merchantSessions)
    .where(eq(merchantSessions.merchantId, merchantId));
}

describe('the token exchange', () => {
  test('a dashboard token of an installed store opens a shorter session of that store, like a login but without a cookie', async () => {
    const store = await installedStore();
    const token = ctx.sandbox.issueEmbeddedToken({ merchantId: store.id, userId: 4242 });
    const res = await exchange({ token });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json() as {
      data: { token: string; expiresAt: string; merchant: { id: string; name: string } };
    };
    expect(data.merchant).toEqual({ id: String(store.id), name: store.storeName });
    expect(data.token.split('.')).toHaveLength(3);
    const hours = (Date.parse(data.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(EMBEDDED_SESSION_TTL_HOURS - 0.1);
    expect(hours).toBeLessThanOrEqual(EMBEDDED_SESSION_TTL_HOURS);
    expect(EMBEDDED_SESSION_TTL_HOURS).toBeLessThan(7 * 24);
    // No cookie: inside Salla's frame it would be a third-party cookie, and the session must
    // not ride along on requests the frame did not make.
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');

    // The session is a merchant session of the same audience: every merchant route takes it.
    const info = await ctx.server.inject({
      url: '/api/merchants/store-info',
      headers: bearer(data.token),
    });
    expect(info.statusCode).toBe(200);
    expect(JSON.stringify(info.json())).toContain(String(store.id));
    const [session] = await sessionsOf(store.id);
    expect(session).toMatchObject({
      kind: 'salla_embedded',
      sallaUserId: 4242,
      userAgent: 'Salla dashboard test',
    });
    // Only a hash of the token is kept, until the token's own expiry.
    const [used] = await ctx.database.db
      .select()
      .from(sallaEmbeddedTokens)
      .where(eq(sallaEmbeddedTokens.merchantId, store.id));
    expect(used!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(used!.tokenHash).not.toContain(token);
    expect(used!.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  test('a bearer change needs no CSRF token; the same token as a cookie still does', async () => {
    const store = await installedStore();
    const { data } = (
      await exchange({ token: ctx.sandbox.issueEmbeddedToken({ merchantId: store.id }) })
    ).json() as { data: { token: string } };
    const save = (headers: Record<string, string>) =>
      ctx.server.inject({
        method: 'PUT',
        url: '/api/merchants/settings',
        payload: { pointsHoldDays: 5 },
        headers,
      });
    expect((await save(bearer(data.token))).statusCode).toBe(200);
    const forged = await save({ cookie: `nuqat_session=${data.token}` });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('CSRF_FAILED');
  });

  test("Salla's 401 (an unknown token, or one of another app) answers 401 EMBEDDED_TOKEN_INVALID", async () => {
    const store = await installedStore();
    for (const token of [
      'sa_embedded_not-a-token',
      ctx.sandbox.issueEmbeddedToken({ merchantId: store.id, appId: 'someone-elses-app' }),
    ]) {
      const res = await exchange({ token });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'EMBEDDED_TOKEN_INVALID' });
    }
    expect(await sessionsOf(store.id)).toHaveLength(0);
  });

  test('a token whose exp has passed answers 401 EMBEDDED_TOKEN_EXPIRED', async () => {
    const store = await installedStore();
    const token = ctx.sandbox.issueEmbeddedToken({ merchantId: store.id, expiresInSeconds: -5 });
    const res = await exchange({ token });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('EMBEDDED_TOKEN_EXPIRED');
    expect(await sessionsOf(store.id)).toHaveLength(0);
  });

  test('a token of a store without Nuqat, or of an uninstalled one, answers 401 EMBEDDED_STORE_UNKNOWN', async () => {
    const gone = await installedStore();
    await ctx.database.db
      .update(merchants)
      .set({ installStatus: 'uninstalled', uninstalledAt: new Date() })
      .where(eq(merchants.id, gone.id));
    for (const merchantId of [randomId(), gone.id]) {
      const res = await exchange({ token: ctx.sandbox.issueEmbeddedToken({ merchantId }) });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('EMBEDDED_STORE_UNKNOWN');
    }
    expect(await sessionsOf(gone.id)).toHaveLength(0);
  });

  test('Salla failing (5xx, 429) answers 503 and no session; the token still works once Salla is back', async () => {
    const store = await installedStore();
    const token = ctx.sandbox.issueEmbeddedToken({ merchantId: store.id });
    for (const mode of ['500', '429'] as const) {
      ctx.sandbox.fail({ mode, path: '/exchange-authority', retryAfter: 1 });
      const res = await exchange({ token });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('EMBEDDED_SALLA_UNAVAILABLE');
      expect(await sessionsOf(store.id)).toHaveLength(0);
    }
    expect((await exchange({ token })).statusCode).toBe(200);
  });

  test('a verified token is used once: the same token again, even at the same moment, opens nothing', async () => {
    const store = await installedStore();
    const token = ctx.sandbox.issueEmbeddedToken({ merchantId: store.id });
    expect((await exchange({ token })).statusCode).toBe(200);
    const replay = await exchange({ token });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('EMBEDDED_TOKEN_USED');

    const twice = ctx.sandbox.issueEmbeddedToken({ merchantId: store.id });
    const answers = await Promise.all([exchange({ token: twice }), exchange({ token: twice })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
    expect(await sessionsOf(store.id)).toHaveLength(2);
  });

  test("a token for store A never opens store B: the store is Salla's answer, never the request's", async () => {
    const a = await installedStore();
    const b = await installedStore();
    const shopperOfB = customerFacts({ email: uniqueEmail('shopper') });
    await deliverOk(ctx, webhooks.customerCreated(b.id, shopperOfB));

    // Naming another store in the body is not part of the request.
    const named = await exchange({
      token: ctx.sandbox.issueEmbeddedToken({ merchantId: a.id }),
      merchantId: b.id,
    });
    expect(named.statusCode).toBe(400);

    const { data } = (
      await exchange({ token: ctx.sandbox.issueEmbeddedToken({ merchantId: a.id }) })
    ).json() as { data: { token: string; merchant: { id: string } } };
    expect(data.merchant.id).toBe(String(a.id));
    const account = await ctx.server.inject({
      url: `/api/merchants/customers/${shopperOfB.id}`,
      headers: bearer(data.token),
    });
    expect(account.statusCode).toBe(404);
    expect(account.body).not.toContain(shopperOfB.email!);
    const info = await ctx.server.inject({
      url: '/api/merchants/store-info',
      headers: bearer(data.token),
    });
    expect(info.body).not.toContain(String(b.id));
    expect(await sessionsOf(b.id)).toHaveLength(0);
    // B's own token opens B's customer.
    const { data: ofB } = (
      await exchange({ token: ctx.sandbox.issueEmbeddedToken({ merchantId: b.id }) })
    ).json() as { data: { token: string } };
    expect(
      (
        await ctx.server.inject({
          url: `/api/merchants/customers/${shopperOfB.id}`,
          headers: bearer(ofB.token),
        })
      ).statusCode,
    ).toBe(200);
  });

  test('a malformed body answers 400; a password reset ends embedded sessions too', async () => {
    for (const payload of [{}, { token: '' }, { token: 42 }, { token: 'x'.repeat(5000) }]) {
      expect((await exchange(payload)).statusCode).toBe(400);
    }
    const store = await installedStore();
    const { data } = (
      await exchange({ token: ctx.sandbox.issueEmbeddedToken({ merchantId: store.id }) })
    ).json() as { data: { token: string } };
    await ctx.database.db
      .update(merchantSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(merchantSessions.merchantId, store.id)));
    const res = await ctx.server.inject({
      url: '/api/merchants/store-info',
      headers: bearer(data.token),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SESSION_EXPIRED');
  });

  test('used tokens are forgotten after their expiry', async () => {
    const store = await installedStore();
    const token = ctx.sandbox.issueEmbeddedToken({ merchantId: store.id, expiresInSeconds: 60 });
    expect((await exchange({ token })).statusCode).toBe(200);
    const used = () =>
      ctx.database.db
        .select()
        .from(sallaEmbeddedTokens)
        .where(eq(sallaEmbeddedTokens.merchantId, store.id));
    expect(await used()).toHaveLength(1);
    ctx.clock.advance(2 * 60_000);
    expect(await ctx.app.services.auth.pruneEmbeddedTokens()).toBeGreaterThanOrEqual(1);
    expect(await used()).toHaveLength(0);
  });
});

describe('configuration and reachability', () => {
  test('without SALLA_APP_ID a dashboard token answers 401 EMBEDDED_NOT_CONFIGURED, and Salla is not asked', async () => {
    const bare = await createTestContext({});
    try {
      const calls = ctx.sandbox.stats.introspectCalls;
      const res = await exchange({ token: 'sa_embedded_anything' }, bare);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('EMBEDDED_NOT_CONFIGURED');
      expect(ctx.sandbox.stats.introspectCalls).toBe(calls);
    } finally {
      await bare.close();
    }
  });

  test('Salla unreachable answers 503 EMBEDDED_SALLA_UNAVAILABLE', async () => {
    // A port that was free a moment ago: nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const away = await createTestContext({
      SALLA_APP_ID: ctx.sandbox.appId,
      SALLA_EXCHANGE_API_BASE: `http://127.0.0.1:${port}`,
    });
    try {
      const res = await exchange({ token: 'sa_embedded_anything' }, away);
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('EMBEDDED_SALLA_UNAVAILABLE');
    } finally {
      await away.close();
    }
  });
});

describe('framing', () => {
  const frameAncestors = (csp: unknown) => /frame-ancestors ([^;]*)/.exec(String(csp))?.[1];

  test('/embedded may be framed by the Salla dashboard origin and nothing else, and is never cached', async () => {
    const res = await ctx.server.inject({
      url: `/embedded?token=${ctx.sandbox.issueEmbeddedToken({ merchantId: 1 })}&theme=dark&lang=en`,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('embedded entry');
    expect(frameAncestors(res.headers['content-security-policy'])).toBe(
      ctx.sandbox.dashboardOrigin,
    );
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  test('by default only https://s.salla.sa may frame /embedded', async () => {
    const plain = await createTestContext({ WEB_DIST_DIR: fakeWebBuild() }, { serveWeb: true });
    try {
      const res = await plain.server.inject({ url: '/embedded' });
      expect(frameAncestors(res.headers['content-security-policy'])).toBe('https://s.salla.sa');
      expect(res.headers['x-frame-options']).toBeUndefined();
    } finally {
      await plain.close();
    }
  });

  test('every other page and API answer refuses to be framed', async () => {
    for (const url of [
      '/',
      '/login',
      '/dashboard',
      '/embedded.html',
      '/embedded/dashboard',
      '/customerloyaltysalla',
      '/api/merchants/store-info',
      '/api/support',
      '/healthz',
    ]) {
      const res = await ctx.server.inject({ url });
      expect(frameAncestors(res.headers['content-security-policy']), url).toBe("'none'");
      // The loyalty page drops X-Frame-Options for its store's CSP (none here: no store).
      if (url !== '/customerloyaltysalla')
        expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });
});

describe('the token never reaches the logs', () => {
  test('neither in the page address, nor in exchanges that succeed or fail', async () => {
    const store = await installedStore();
    const tokens = [
      ctx.sandbox.issueEmbeddedToken({ merchantId: store.id }),
      ctx.sandbox.issueEmbeddedToken({ merchantId: store.id, expiresInSeconds: -5 }),
      ctx.sandbox.issueEmbeddedToken({ merchantId: randomId() }),
      'sa_embedded_garbage-token-for-the-log-test',
    ];
    const page = await ctx.server.inject({ url: `/embedded?token=${tokens[0]}&lang=ar` });
    expect(page.statusCode).toBe(200);
    for (const token of tokens) await exchange({ token });
    await exchange({ token: tokens[0] }); // a replay
    ctx.sandbox.fail({ mode: '500', path: '/exchange-authority' });
    await exchange({ token: ctx.sandbox.issueEmbeddedToken({ merchantId: store.id }) });
    await new Promise((r) => setTimeout(r, 50));

    const logged = lines.join('');
    expect(logged).toContain('/embedded?token=[redacted]&lang=ar');
    expect(logged).toContain('embedded_token_reused');
    for (const token of tokens) expect(logged).not.toContain(token);
    expect(logged).not.toMatch(/sa_embedded_[\w-]{10,}/);
  });
});

describe('the install lands in the app', () => {
  test('the welcome mail leads to Nuqat in the Salla dashboard, and still sets a password for outside use', async () => {
    const merchantId = randomId();
    const ownerEmail = uniqueEmail('owner');
    const tokens = ctx.sandbox.registerStore({ merchantId, ownerEmail, name: 'متجر السدر' });
    const before = ctx.smtp.messages.length;
    await deliverOk(ctx, webhooks.storeAuthorize(merchantId, tokens));
    const mail = await ctx.smtp.waitForMail(ownerEmail, { after: before });
    const inSalla = `${ctx.sandbox.dashboardOrigin}/embedded/app/${ctx.sandbox.appId}/nuqat`;
    expect(mail.subject).toContain('Salla');
    expect(mail.text).toContain(inSalla);
    expect(mail.html).toContain(`href="${inSalla}"`);
    expect(mail.text).toContain('/login');
    // The code still sets a password.
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
    // And the store opens from Salla before any password exists.
    const opened = await exchange({ token: ctx.sandbox.issueEmbeddedToken({ merchantId }) });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data.merchant.name).toBe('متجر السدر');
  });
});
