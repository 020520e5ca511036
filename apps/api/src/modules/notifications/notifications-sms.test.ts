import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { customers } from '../../db/schema/index.ts';
import { randomId, setupStore } from '../../test/engine-support.ts';
import {
  createTestContext,
  signedInStore,
  uniqueEmail,
  type TestContext,
} from '../../test/test-app.ts';
import { startUnifonicDouble, type UnifonicDouble } from '../../test/unifonic-double.ts';
import { findOutboxRows } from './notifications.repository.ts';
import { enqueueNotification } from './outbox.ts';

/** Notifications by text message (issue 23, docs/decisions/032), through a Unifonic double. */
let ctx: TestContext;
let noSms: TestContext;
let unifonic: UnifonicDouble;

beforeAll(async () => {
  unifonic = await startUnifonicDouble('notify-sid');
  ctx = await createTestContext({
    UNIFONIC_APP_SID: 'notify-sid',
    UNIFONIC_SENDER_ID: 'Nuqat',
    UNIFONIC_API_BASE: unifonic.url,
  });
  noSms = await createTestContext();
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await noSms?.close();
  await unifonic?.close();
});

const COUPON = {
  rewardName: 'خصم 20 ريال',
  points: 500,
  code: 'NQ-SMS12345',
  expiresOn: '2026-12-20',
  minOrderAmount: 0,
};

async function shopper(
  t: TestContext,
  merchantId: number,
  values: { email: string | null; mobile: string | null; language?: 'ar' | 'en' },
): Promise<number> {
  const id = randomId();
  await t.database.db
    .insert(customers)
    .values({ merchantId, id, firstName: 'سارة', language: 'ar', ...values });
  return id;
}

async function couponFor(t: TestContext, merchantId: number, customerId: number) {
  const key = `coupon:${randomUUID()}`;
  await enqueueNotification(t.database.db, {
    merchantId,
    customerId,
    kind: 'coupon_issued',
    idempotencyKey: key,
    payload: COUPON,
  });
  await t.app.services.notifications.deliverDue({ only: { merchantId, idempotencyKey: key } });
  const rows = await findOutboxRows(t.database.db, merchantId);
  return rows.find((r) => r.idempotencyKey === key)!;
}

async function chooseChannel(
  t: TestContext,
  authorization: string,
  channel: 'email' | 'email_or_sms' | 'sms',
) {
  return t.server.inject({
    method: 'POST',
    url: '/api/notifications/settings',
    headers: { authorization },
    payload: { channel },
  });
}

describe('the store chooses how its customers hear from it', () => {
  test('by default a customer without an e-mail is not reached, and no text goes out', async () => {
    const merchantId = await setupStore(ctx, { plan: 'growth' });
    const mobileOnly = await shopper(ctx, merchantId, { email: null, mobile: '+966501110001' });
    // Before the choice: e-mail only, so a customer without one is skipped.
    expect(await couponFor(ctx, merchantId, mobileOnly)).toMatchObject({
      status: 'skipped',
      skipReason: 'no_address',
    });
    expect(unifonic.messages.filter((m) => m.recipient === '966501110001')).toHaveLength(0);
  });

  test('the settings say what the store chose and whether texts can be sent', async () => {
    const store = await signedInStore(ctx);
    const before = await ctx.server.inject({
      method: 'GET',
      url: '/api/notifications/settings',
      headers: { authorization: store.authorization },
    });
    expect(before.json().data).toMatchObject({ channel: 'email', smsAvailable: true });
    const saved = await chooseChannel(ctx, store.authorization, 'email_or_sms');
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ channel: 'email_or_sms', smsAvailable: true });
    // Another store is untouched (tenant isolation).
    const other = await signedInStore(ctx);
    const otherSettings = await ctx.server.inject({
      method: 'GET',
      url: '/api/notifications/settings',
      headers: { authorization: other.authorization },
    });
    expect(otherSettings.json().data.channel).toBe('email');
  });

  test('email_or_sms: e-mail when there is one, a text otherwise', async () => {
    const store = await signedInStore(ctx, { plan: 'growth' });
    const merchantId = store.merchantId;
    await setupStoreEarning(merchantId);
    await chooseChannel(ctx, store.authorization, 'email_or_sms');
    const email = uniqueEmail('both');
    const both = await shopper(ctx, merchantId, { email, mobile: '+966501110002' });
    const mobileOnly = await shopper(ctx, merchantId, {
      email: null,
      mobile: '0501110003',
      language: 'en',
    });
    const before = unifonic.messages.length;
    expect(await couponFor(ctx, merchantId, both)).toMatchObject({
      status: 'sent',
      channel: 'email',
    });
    expect(ctx.smtp.messages.some((m) => m.to.includes(email))).toBe(true);
    expect(await couponFor(ctx, merchantId, mobileOnly)).toMatchObject({
      status: 'sent',
      channel: 'sms',
    });
    const texts = unifonic.messages.slice(before);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.recipient).toBe('966501110003');
    expect(texts[0]!.body).toContain('NQ-SMS12345');
    expect(texts[0]!.body).toMatch(/^Store .*: your "خصم 20 ريال" coupon/);
  });

  test('sms: a text first, e-mail for a customer without a mobile; a refused text is retried', async () => {
    const store = await signedInStore(ctx, { plan: 'growth' });
    await setupStoreEarning(store.merchantId);
    await chooseChannel(ctx, store.authorization, 'sms');
    const email = uniqueEmail('nomobile');
    const noMobile = await shopper(ctx, store.merchantId, { email, mobile: null });
    expect(await couponFor(ctx, store.merchantId, noMobile)).toMatchObject({
      status: 'sent',
      channel: 'email',
    });
    const withMobile = await shopper(ctx, store.merchantId, {
      email: uniqueEmail('both'),
      mobile: '+966501110004',
    });
    unifonic.failNext('refuse');
    const refused = await couponFor(ctx, store.merchantId, withMobile);
    expect(refused).toMatchObject({ status: 'pending', lastError: 'ER-10', attempts: 1 });
    const texts = unifonic.messages.filter((m) => m.recipient === '966501110004');
    expect(texts).toHaveLength(0);
  });

  test('without a provider the store cannot choose texts, and nothing changes', async () => {
    const store = await signedInStore(noSms);
    const refused = await chooseChannel(noSms, store.authorization, 'sms');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('SMS_UNAVAILABLE');
    const settings = await noSms.server.inject({
      method: 'GET',
      url: '/api/notifications/settings',
      headers: { authorization: store.authorization },
    });
    expect(settings.json().data).toMatchObject({ channel: 'email', smsAvailable: false });
    expect((await chooseChannel(noSms, store.authorization, 'email')).statusCode).toBe(200);
  });

  test('a channel that is not one of the three is a 400', async () => {
    const store = await signedInStore(ctx);
    const res = await ctx.server.inject({
      method: 'POST',
      url: '/api/notifications/settings',
      headers: { authorization: store.authorization },
      payload: { channel: 'whatsapp' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    const empty = await ctx.server.inject({
      method: 'POST',
      url: '/api/notifications/settings',
      headers: { authorization: store.authorization },
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
  });
});

/** A store made by signedInStore, given an active subscription so it earns (and notifies). */
async function setupStoreEarning(merchantId: number) {
  const { merchants } = await import('../../db/schema/index.ts');
  const { eq } = await import('drizzle-orm');
  await ctx.database.db
    .update(merchants)
    .set({
      plan: 'growth',
      subscriptionStatus: 'active',
      subscriptionStartedAt: new Date(Date.now() - 86_400_000),
      subscriptionExpiresAt: new Date(Date.now() + 365 * 86_400_000),
    })
    .where(eq(merchants.id, merchantId));
}
