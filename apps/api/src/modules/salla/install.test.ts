import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { webhooks } from '@nuqat/salla-sandbox';
import { merchants, webhookEvents } from '../../db/schema/index.ts';
import { openForStore } from '../../lib/crypto.ts';
import { extractMailedCode } from '../../test/smtp-sink.ts';
import {
  createEngineContext,
  deliverOk,
  randomId,
  type EngineContext,
} from '../../test/engine-support.ts';
import { createMerchant, uniqueEmail, uniqueIp } from '../../test/test-app.ts';
import { PROFILE_FETCH_MAX_ATTEMPTS, profileRetryDelayMs } from './install.service.ts';

let ctx: EngineContext;
beforeAll(async () => {
  // One try per Salla call, so one sandbox fault fails one call.
  ctx = await createEngineContext({ salla: { maxAttempts: 1 } });
});
afterAll(async () => {
  await ctx?.close();
});

const merchantRow = async (merchantId: number) =>
  (await ctx.database.db.select().from(merchants).where(eq(merchants.id, merchantId)))[0]!;
const mailsTo = (email: string) => ctx.smtp.messages.filter((m) => m.to.includes(email)).length;
const runProfiles = (merchantId: number) =>
  ctx.app.services.sallaJobs.runProfileFetches({ merchantIds: [merchantId] });

/** A store installed while Salla's user info answers 500. */
async function installWithUserInfoDown() {
  const merchantId = randomId();
  const ownerEmail = uniqueEmail('owner');
  const tokens = ctx.sandbox.registerStore({ merchantId, ownerEmail, name: 'متجر النخلة' });
  ctx.sandbox.fail({ mode: '500', path: '/oauth2/user/info' });
  expect(await deliverOk(ctx, webhooks.storeAuthorize(merchantId, tokens))).toBe('processed');
  return { merchantId, ownerEmail, tokens };
}

describe('app.store.authorize keeps the install first', () => {
  test('with user info failing, the install answers 200 and keeps the tokens, the store and the event (without tokens)', async () => {
    const { merchantId, tokens } = await installWithUserInfoDown();
    const m = await merchantRow(merchantId);
    expect(m.installStatus).toBe('installed');
    expect(openForStore(ctx.config.keys.storeSecrets, m.id, m.sallaAccessToken!)).toBe(
      tokens.access_token,
    );
    expect(openForStore(ctx.config.keys.storeSecrets, m.id, m.sallaRefreshToken!)).toBe(
      tokens.refresh_token,
    );
    expect(m.email).toBeNull();
    // The failed first try is counted and the next one scheduled with backoff.
    expect(m.profileFetchAttempts).toBe(1);
    expect(m.profileFetchNextAt!.getTime()).toBeGreaterThan(ctx.clock.now().getTime());
    const events = await ctx.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.merchantId, merchantId));
    expect(events.map((e) => e.event)).toEqual(['app.store.authorize']);
    const stored = JSON.stringify(events[0]!.payload);
    expect(stored).not.toContain(tokens.access_token);
    expect(stored).not.toContain(tokens.refresh_token);
    // The tokens work: a Salla call with them succeeds.
    const token = await ctx.app.services.sallaTokens.getAccessToken({ merchantId });
    expect((await ctx.app.salla.getStoreInfo(token)).id).toBe(merchantId);
  });

  test('the profile job links the owner e-mail once due, sends one set-password mail that works, and then stops', async () => {
    const { merchantId, ownerEmail } = await installWithUserInfoDown();
    expect(mailsTo(ownerEmail)).toBe(0);

    // Not due yet: nothing is asked.
    const calls = ctx.sandbox.stats.userInfoCalls;
    expect(await runProfiles(merchantId)).toEqual({ fetched: 0, failed: 0, gave_up: 0 });
    expect(ctx.sandbox.stats.userInfoCalls).toBe(calls);

    ctx.clock.advance(profileRetryDelayMs(1) + 1000);
    const before = ctx.smtp.messages.length;
    expect(await runProfiles(merchantId)).toEqual({ fetched: 1, failed: 0, gave_up: 0 });
    const m = await merchantRow(merchantId);
    expect(m).toMatchObject({
      email: ownerEmail,
      storeName: 'متجر النخلة',
      profileFetchNextAt: null,
    });
    const mail = await ctx.smtp.waitForMail(ownerEmail, { after: before });
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
    const res = await call('reset-password', {
      email: ownerEmail,
      code,
      newPassword: 'owner-pass-123',
    });
    expect(res.statusCode, res.body).toBe(200);

    // Done: later runs ask nothing and mail nothing.
    ctx.clock.advance(profileRetryDelayMs(5));
    const after = ctx.sandbox.stats.userInfoCalls;
    expect(await runProfiles(merchantId)).toEqual({ fetched: 0, failed: 0, gave_up: 0 });
    expect(ctx.sandbox.stats.userInfoCalls).toBe(after);
    await new Promise((r) => setTimeout(r, 200));
    expect(mailsTo(ownerEmail)).toBe(1);
  });

  test('a failed retry backs off further; two job runs at once fetch the profile once and mail once', async () => {
    const { merchantId, ownerEmail } = await installWithUserInfoDown();
    ctx.clock.advance(profileRetryDelayMs(1) + 1000);
    ctx.sandbox.fail({ mode: '500', path: '/oauth2/user/info' });
    expect(await runProfiles(merchantId)).toEqual({ fetched: 0, failed: 1, gave_up: 0 });
    let m = await merchantRow(merchantId);
    expect(m.profileFetchAttempts).toBe(2);
    const wait = m.profileFetchNextAt!.getTime() - ctx.clock.now().getTime();
    expect(wait).toBeGreaterThan(profileRetryDelayMs(1));
    expect(wait).toBeLessThanOrEqual(profileRetryDelayMs(2));

    ctx.clock.advance(profileRetryDelayMs(2) + 1000);
    const calls = ctx.sandbox.stats.userInfoCalls;
    const runs = await Promise.all([runProfiles(merchantId), runProfiles(merchantId)]);
    expect(runs.map((r) => r.fetched).sort()).toEqual([0, 1]);
    expect(ctx.sandbox.stats.userInfoCalls - calls).toBe(1);
    m = await merchantRow(merchantId);
    expect(m.email).toBe(ownerEmail);
    await ctx.smtp.waitForMail(ownerEmail);
    await new Promise((r) => setTimeout(r, 200));
    expect(mailsTo(ownerEmail)).toBe(1);
  });

  test('an owner e-mail that already has a login is not linked and gets no mail', async () => {
    const { email: taken } = await createMerchant(ctx);
    const merchantId = randomId();
    const tokens = ctx.sandbox.registerStore({ merchantId, ownerEmail: taken });
    ctx.sandbox.fail({ mode: '500', path: '/oauth2/user/info' });
    await deliverOk(ctx, webhooks.storeAuthorize(merchantId, tokens));
    ctx.clock.advance(profileRetryDelayMs(1) + 1000);
    const before = ctx.smtp.messages.length;
    expect(await runProfiles(merchantId)).toEqual({ fetched: 1, failed: 0, gave_up: 0 });
    const m = await merchantRow(merchantId);
    expect(m.email).toBeNull();
    expect(m.profileFetchNextAt).toBeNull();
    await new Promise((r) => setTimeout(r, 200));
    expect(ctx.smtp.messages.slice(before).filter((x) => x.to.includes(taken))).toHaveLength(0);
  });

  test('store info failing keeps the name from user info', async () => {
    const merchantId = randomId();
    const ownerEmail = uniqueEmail('owner');
    const tokens = ctx.sandbox.registerStore({ merchantId, ownerEmail, name: 'متجر الريحان' });
    ctx.sandbox.fail({ mode: '500', path: '/admin/v2/store/info' });
    await deliverOk(ctx, webhooks.storeAuthorize(merchantId, tokens));
    const m = await merchantRow(merchantId);
    expect(m).toMatchObject({ storeName: 'متجر الريحان', email: ownerEmail });
    expect(m.profileFetchNextAt).toBeNull();
    await ctx.smtp.waitForMail(ownerEmail);
  });

  test('after the last allowed try the job gives up and stops asking', async () => {
    const { merchantId } = await installWithUserInfoDown();
    await ctx.database.db
      .update(merchants)
      .set({ profileFetchAttempts: PROFILE_FETCH_MAX_ATTEMPTS - 1 })
      .where(eq(merchants.id, merchantId));
    ctx.clock.advance(profileRetryDelayMs(1) + 1000);
    ctx.sandbox.fail({ mode: '500', path: '/oauth2/user/info' });
    expect(await runProfiles(merchantId)).toEqual({ fetched: 0, failed: 0, gave_up: 1 });
    expect((await merchantRow(merchantId)).profileFetchNextAt).toBeNull();
  });

  test('an uninstalled store drops its pending profile fetch', async () => {
    const { merchantId } = await installWithUserInfoDown();
    await deliverOk(ctx, webhooks.appUninstalled(merchantId, new Date(Date.now() + 1000)));
    ctx.clock.advance(profileRetryDelayMs(1) + 1000);
    const calls = ctx.sandbox.stats.userInfoCalls;
    expect(await runProfiles(merchantId)).toEqual({ fetched: 0, failed: 0, gave_up: 0 });
    expect(ctx.sandbox.stats.userInfoCalls).toBe(calls);
    expect((await merchantRow(merchantId)).profileFetchNextAt).toBeNull();
  });
});
