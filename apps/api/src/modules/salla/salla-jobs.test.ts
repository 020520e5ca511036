import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { webhooks } from '@nuqat/salla-sandbox';
import { merchants } from '../../db/schema/index.ts';
import { openForStore } from '../../lib/crypto.ts';
import { createSallaClient, type SallaClientOptions } from '../../lib/salla-client.ts';
import {
  createEngineContext,
  deliverOk,
  randomId,
  type EngineContext,
} from '../../test/engine-support.ts';
import { uniqueEmail } from '../../test/test-app.ts';
import { createSallaJobs } from './salla-jobs.ts';
import { createSallaTokenService } from './salla-tokens.service.ts';

const DAY = 86_400;
const LOST = 'Nuqat lost its connection';

let ctx: EngineContext;
beforeAll(async () => {
  ctx = await createEngineContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function installedStore(on: EngineContext, expiresInSeconds: number) {
  const merchantId = randomId();
  const ownerEmail = uniqueEmail('owner');
  const tokens = on.sandbox.registerStore({ merchantId, ownerEmail }, { expiresInSeconds });
  await deliverOk(on, webhooks.storeAuthorize(merchantId, tokens));
  return { merchantId, ownerEmail, tokens };
}

const rowOf = async (on: EngineContext, merchantId: number) =>
  (await on.database.db.select().from(merchants).where(eq(merchants.id, merchantId)))[0]!;

const accessTokenOf = async (on: EngineContext, merchantId: number) =>
  openForStore(
    on.config.keys.storeSecrets,
    merchantId,
    (await rowOf(on, merchantId)).sallaAccessToken!,
  );

describe('the scheduled token refresh', () => {
  test('refreshes the stores whose token expires within three days, and only those', async () => {
    const soon = await installedStore(ctx, 2 * DAY);
    const later = await installedStore(ctx, 10 * DAY);
    const before = ctx.sandbox.stats.refreshCalls;
    const result = await ctx.app.services.sallaJobs.runTokenRefresh({
      merchantIds: [soon.merchantId, later.merchantId],
    });
    expect(result).toEqual({ refreshed: 1, failed: 0, lostGrant: 0, clientRejected: false });
    expect(ctx.sandbox.stats.refreshCalls - before).toBe(1);

    const token = await accessTokenOf(ctx, soon.merchantId);
    expect(token).not.toBe(soon.tokens.access_token);
    expect((await ctx.app.salla.getStoreInfo(token)).id).toBe(soon.merchantId);
    // Refreshed ahead: a call now needs no refresh of its own.
    expect(await ctx.app.services.sallaTokens.getAccessToken({ merchantId: soon.merchantId })).toBe(
      token,
    );
    expect(ctx.sandbox.stats.refreshCalls - before).toBe(1);
    expect(await accessTokenOf(ctx, later.merchantId)).toBe(later.tokens.access_token);
  });

  test('the expiry comes from expires_in (seconds from now), or from expires (epoch seconds) when that is all Salla sends', async () => {
    // The service clock runs a day ahead of Salla's: expires_in counts from our now, expires does not.
    ctx.clock.advance(DAY * 1000);
    try {
      const a = await installedStore(ctx, 2 * DAY);
      await ctx.app.services.sallaJobs.runTokenRefresh({ merchantIds: [a.merchantId] });
      const fromSeconds = (await rowOf(ctx, a.merchantId)).sallaTokenExpiresAt!.getTime();
      expect(Math.abs(fromSeconds - (ctx.clock.now().getTime() + 14 * DAY * 1000))).toBeLessThan(
        5000,
      );

      ctx.sandbox.setRefreshExpiryField('expires');
      const b = await installedStore(ctx, 2 * DAY);
      await ctx.app.services.sallaJobs.runTokenRefresh({ merchantIds: [b.merchantId] });
      const fromEpoch = (await rowOf(ctx, b.merchantId)).sallaTokenExpiresAt!.getTime();
      expect(Math.abs(fromEpoch - (Date.now() + 14 * DAY * 1000))).toBeLessThan(5000);
    } finally {
      ctx.sandbox.setRefreshExpiryField('expires_in');
      ctx.clock.advance(-DAY * 1000);
    }
  });

  test('job runs and a request at the same time refresh a store once, and the store stays connected', async () => {
    // Within a day of expiry, so the request refreshes too.
    const { merchantId } = await installedStore(ctx, DAY / 2);
    const before = ctx.sandbox.stats.refreshCalls;
    const [, , token] = await Promise.all([
      ctx.app.services.sallaJobs.runTokenRefresh({ merchantIds: [merchantId] }),
      ctx.app.services.sallaJobs.runTokenRefresh({ merchantIds: [merchantId] }),
      ctx.app.services.sallaTokens.getAccessToken({ merchantId }),
    ]);
    expect(ctx.sandbox.stats.refreshCalls - before).toBe(1);
    const m = await rowOf(ctx, merchantId);
    expect(m.needsReinstall).toBe(false);
    expect(await accessTokenOf(ctx, merchantId)).toBe(token);
    expect((await ctx.app.salla.getStoreInfo(token)).id).toBe(merchantId);
  });

  test('invalid_grant marks only that store for reinstall and mails its owner once; the run goes on', async () => {
    const lost = await installedStore(ctx, 1 * DAY);
    const fine = await installedStore(ctx, 2 * DAY);
    ctx.sandbox.fail({ mode: 'invalid_grant', path: '/oauth2/token' });
    const before = ctx.smtp.messages.length;
    const result = await ctx.app.services.sallaJobs.runTokenRefresh({
      merchantIds: [lost.merchantId, fine.merchantId],
    });
    expect(result).toEqual({ refreshed: 1, failed: 0, lostGrant: 1, clientRejected: false });
    expect((await rowOf(ctx, lost.merchantId)).needsReinstall).toBe(true);
    expect((await rowOf(ctx, fine.merchantId)).needsReinstall).toBe(false);
    const mail = await ctx.smtp.waitForMail(lost.ownerEmail, { after: before });
    expect(mail.subject).toContain(LOST);
    // A store waiting for its reinstall is not tried again.
    const calls = ctx.sandbox.stats.refreshCalls;
    await ctx.app.services.sallaJobs.runTokenRefresh({ merchantIds: [lost.merchantId] });
    expect(ctx.sandbox.stats.refreshCalls).toBe(calls);
    await new Promise((r) => setTimeout(r, 200));
    expect(
      ctx.smtp.messages.filter((m) => m.to.includes(lost.ownerEmail) && m.subject.includes(LOST)),
    ).toHaveLength(1);
  });

  test('Salla down (500) leaves the store as it is and the next run refreshes it', async () => {
    const { merchantId, tokens } = await installedStore(ctx, 2 * DAY);
    ctx.sandbox.fail({ mode: '500', path: '/oauth2/token' });
    expect(
      await ctx.app.services.sallaJobs.runTokenRefresh({ merchantIds: [merchantId] }),
    ).toMatchObject({ refreshed: 0, failed: 1 });
    expect(await rowOf(ctx, merchantId)).toMatchObject({ needsReinstall: false });
    expect(await accessTokenOf(ctx, merchantId)).toBe(tokens.access_token);
    expect(
      await ctx.app.services.sallaJobs.runTokenRefresh({ merchantIds: [merchantId] }),
    ).toMatchObject({ refreshed: 1, failed: 0 });
  });
});

/** The app's Salla jobs and tokens, but speaking to Salla through another client. */
function withClient(options: Partial<SallaClientOptions>) {
  const salla = createSallaClient({
    apiBase: ctx.sandbox.apiBase,
    authBase: ctx.sandbox.authBase,
    clientId: 'test-client',
    clientSecret: 'test-client-secret',
    ...options,
  });
  const sallaTokens = createSallaTokenService(ctx.app.context, salla);
  const jobs = createSallaJobs({
    ctx: ctx.app.context,
    salla,
    authService: ctx.app.services.auth,
    sallaTokens,
  });
  return { sallaTokens, jobs };
}

describe('invalid_client is our configuration, not the stores', () => {
  test('a wrong client secret stops the run after one call, marks no store and mails nobody; the right one then refreshes them all', async () => {
    const wrong = withClient({ clientSecret: 'not-the-secret' });
    const stores = [
      await installedStore(ctx, 1 * DAY),
      await installedStore(ctx, 2 * DAY),
      await installedStore(ctx, 2 * DAY),
    ];
    const ids = stores.map((s) => s.merchantId);
    const calls = ctx.sandbox.stats.refreshCalls;
    const mails = ctx.smtp.messages.length;
    const result = await wrong.jobs.runTokenRefresh({ merchantIds: ids });
    expect(result).toEqual({ refreshed: 0, failed: 0, lostGrant: 0, clientRejected: true });
    expect(ctx.sandbox.stats.refreshCalls - calls).toBe(1);
    // A call that needs a token fails as Salla being unavailable, and still marks nothing.
    const stale = await installedStore(ctx, 3600);
    await expect(
      wrong.sallaTokens.getAccessToken({ merchantId: stale.merchantId }),
    ).rejects.toMatchObject({ code: 'SALLA_UNAVAILABLE' });
    for (const s of [...stores, stale]) {
      expect((await rowOf(ctx, s.merchantId)).needsReinstall).toBe(false);
      expect(await accessTokenOf(ctx, s.merchantId)).toBe(s.tokens.access_token);
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(ctx.smtp.messages.slice(mails).filter((m) => m.subject.includes(LOST))).toHaveLength(0);

    // With the right secret, every one of them refreshes.
    expect(
      await ctx.app.services.sallaJobs.runTokenRefresh({ merchantIds: [...ids, stale.merchantId] }),
    ).toEqual({ refreshed: 4, failed: 0, lostGrant: 0, clientRejected: false });
  });

  test('the sandbox fault invalid_client is answered the same way: nothing marked', async () => {
    const { merchantId } = await installedStore(ctx, 3600);
    ctx.sandbox.fail({ mode: 'invalid_client', path: '/oauth2/token' });
    await expect(ctx.app.services.sallaTokens.getAccessToken({ merchantId })).rejects.toMatchObject(
      { code: 'SALLA_UNAVAILABLE' },
    );
    expect((await rowOf(ctx, merchantId)).needsReinstall).toBe(false);
    expect(await ctx.app.services.sallaTokens.getAccessToken({ merchantId })).toBeTruthy();
  });

  test('a 401 from the token endpoint without invalid_grant marks nothing', async () => {
    const refused = withClient({
      fetch: (input, init) =>
        String(input instanceof Request ? input.url : input).endsWith('/oauth2/token')
          ? Promise.resolve(
              new Response(
                JSON.stringify({
                  status: 401,
                  success: false,
                  error: { code: 'Unauthorized', message: 'The User is not exists.' },
                }),
                { status: 401, headers: { 'content-type': 'application/json' } },
              ),
            )
          : fetch(input, init),
    });
    const { merchantId } = await installedStore(ctx, 3600);
    await expect(refused.sallaTokens.getAccessToken({ merchantId })).rejects.toMatchObject({
      code: 'SALLA_UNAVAILABLE',
    });
    expect(await refused.jobs.runTokenRefresh({ merchantIds: [merchantId] })).toMatchObject({
      failed: 1,
      lostGrant: 0,
    });
    expect((await rowOf(ctx, merchantId)).needsReinstall).toBe(false);
  });
});
