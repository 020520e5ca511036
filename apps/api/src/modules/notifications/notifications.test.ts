import { randomInt, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { customers, jobRuns, merchants } from '../../db/schema/index.ts';
import { randomId, setupStore } from '../../test/engine-support.ts';
import {
  createTestContext,
  signedInStore,
  uniqueEmail,
  type TestContext,
} from '../../test/test-app.ts';
import { creditPoints, debitPoints } from '../engine/index.ts';
import { insertReward } from '../rewards/index.ts';
import { addDays } from './causes.ts';
import { findOutboxRows } from './notifications.repository.ts';
import {
  enqueueNotification,
  OUTBOX_FIRST_RETRY_MS,
  OUTBOX_MAX_ATTEMPTS,
  retryDelayMs,
} from './outbox.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://nuqat.example' });
});
afterAll(async () => {
  await ctx?.close();
});

const service = () => ctx.app.services.notifications;

/** The service clock at an instant. */
function setNow(at: Date): void {
  ctx.clock.advance(at.getTime() - ctx.clock.now().getTime());
}

/** An instant given in Riyadh wall time. */
const riyadh = (date: string, time: string) => new Date(`${date}T${time}:00+03:00`);

/**
 * A day of its own for each test (the daily job claims its Riyadh day in job_runs, and the
 * ledger windows are by day), in the past so every store's subscription is live then.
 */
function uniqueDay(): string {
  return addDays('2001-01-01', randomInt(0, 7000));
}

/** An earning store of its own (growth plan, live subscription). */
async function store(): Promise<number> {
  return setupStore(ctx, { plan: 'growth' });
}

async function customer(
  merchantId: number,
  values: Partial<typeof customers.$inferInsert> = {},
): Promise<{ customerId: number; email: string }> {
  const email = uniqueEmail('customer');
  const customerId = randomId();
  await ctx.database.db
    .insert(customers)
    .values({ merchantId, id: customerId, email, firstName: 'سارة', ...values });
  return { customerId, email: values.email === undefined ? email : (values.email ?? '') };
}

async function earn(
  merchantId: number,
  customerId: number,
  points: number,
  at: Date,
  expiresAt: Date | null = null,
) {
  await ctx.database.db.transaction((tx) =>
    creditPoints(tx, {
      merchantId,
      customerId,
      points,
      kind: 'earn',
      sourceType: 'manual',
      sourceId: randomUUID(),
      idempotencyKey: `test:${randomUUID()}`,
      expiresAt,
      at,
    }),
  );
}

const rows = (merchantId: number) => findOutboxRows(ctx.database.db, merchantId);
const mailsTo = (email: string) => ctx.smtp.messages.filter((m) => m.to.includes(email));

async function runCauses(merchantId: number) {
  return service().runDailyCauses({ force: true, merchantIds: [merchantId] });
}

describe('daily causes', () => {
  test('the points earned in a Riyadh day come as one digest the next morning, once, however often the job runs', async () => {
    const day = uniqueDay();
    const merchantId = await store();
    const sara = await customer(merchantId);
    const idle = await customer(merchantId);
    // 00:30 Riyadh is still the day before in UTC; both count for that Riyadh day.
    await earn(merchantId, sara.customerId, 50, riyadh(day, '00:30'));
    await earn(merchantId, sara.customerId, 30, riyadh(day, '23:30'));
    // The day after, in Riyadh: not in this digest.
    await earn(merchantId, sara.customerId, 7, riyadh(addDays(day, 1), '00:01'));
    void idle;

    setNow(riyadh(addDays(day, 1), '00:10'));
    expect((await runCauses(merchantId)).digests).toBe(1);
    expect((await runCauses(merchantId)).digests).toBe(0);
    const [row] = await rows(merchantId);
    expect(await rows(merchantId)).toHaveLength(1);
    expect(row).toMatchObject({
      kind: 'points_digest',
      customerId: sara.customerId,
      idempotencyKey: `digest:${sara.customerId}:${day}`,
      status: 'pending',
      payload: { date: day, points: 80, balance: 87 },
    });

    // Quiet hours: nothing leaves before 08:00 Riyadh.
    expect((await service().deliverDue()).sent).toBe(0);
    setNow(riyadh(addDays(day, 1), '07:59'));
    await service().deliverDue();
    expect(mailsTo(sara.email)).toHaveLength(0);

    setNow(riyadh(addDays(day, 1), '08:00'));
    await service().deliverDue();
    await service().deliverDue();
    const mails = mailsTo(sara.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('80 نقطة');
    expect(mails[0]!.text).toContain('80 points');
    expect(mails[0]!.subject).toMatch(/^نقاطك اليوم في Store /);
    expect(mailsTo(idle.email)).toHaveLength(0);
    expect((await rows(merchantId))[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });

  test('the daily job claims its Riyadh day: a second run does nothing, a run that died is taken over', async () => {
    const day = uniqueDay();
    setNow(riyadh(day, '00:05'));
    const first = await service().runDailyCauses();
    expect(first).toMatchObject({ ran: true, day });
    expect((await service().runDailyCauses()).ran).toBe(false);

    // An instance that claimed the next day and died (no finish, silent for 20 minutes).
    const next = addDays(day, 1);
    await ctx.database.db.insert(jobRuns).values({
      job: 'notify-daily',
      period: next,
      startedAt: new Date(riyadh(next, '00:05').getTime() - 20 * 60_000),
    });
    setNow(riyadh(next, '00:05'));
    expect((await service().runDailyCauses()).ran).toBe(true);
    expect((await service().runDailyCauses()).ran).toBe(false);
  });

  test('expiry reminders go 14 and 3 days before the Riyadh date the points expire, with the amount and the date', async () => {
    const day = uniqueDay();
    const merchantId = await store();
    const sara = await customer(merchantId, { language: 'en' });
    const earnedAt = riyadh(addDays(day, -100), '12:00');
    const in14 = addDays(day, 14);
    // 00:30 Riyadh on the 14th day is still the 13th in UTC: it belongs to the 14th.
    await earn(merchantId, sara.customerId, 40, earnedAt, riyadh(in14, '00:30'));
    await earn(merchantId, sara.customerId, 60, earnedAt, riyadh(in14, '23:59'));
    // The 15th day, 00:30 Riyadh (the 14th in UTC): not yet.
    await earn(merchantId, sara.customerId, 500, earnedAt, riyadh(addDays(day, 15), '00:30'));
    await earn(merchantId, sara.customerId, 25, earnedAt, riyadh(addDays(day, 3), '10:00'));
    // Spent points are not reminded: 10 of the 40 go to a redemption (oldest expiry first).
    await ctx.database.db.transaction((tx) =>
      debitPoints(tx, {
        merchantId,
        customerId: sara.customerId,
        points: 10,
        kind: 'redeem',
        sourceType: 'redemption',
        sourceId: randomUUID(),
        idempotencyKey: `test:${randomUUID()}`,
        at: earnedAt,
      }),
    );

    setNow(riyadh(day, '00:05'));
    expect((await runCauses(merchantId)).expiring).toBe(2);
    expect((await runCauses(merchantId)).expiring).toBe(0);
    const byDays = Object.fromEntries(
      (await rows(merchantId)).map((r) => [(r.payload as { days: number }).days, r]),
    );
    // The debit took the oldest expiry first (the 3-day lot); the 14-day lots are whole.
    expect(byDays[14]).toMatchObject({
      idempotencyKey: `expiry:${sara.customerId}:14:${in14}`,
      payload: { days: 14, points: 100, expiresOn: in14 },
    });
    expect(byDays[3]).toMatchObject({
      idempotencyKey: `expiry:${sara.customerId}:3:${addDays(day, 3)}`,
      payload: { days: 3, points: 15, expiresOn: addDays(day, 3) },
    });

    // The day after: the 13- and 2-day marks are no reminders; the 500 points are 14 days out now.
    setNow(riyadh(addDays(day, 1), '00:05'));
    expect((await runCauses(merchantId)).expiring).toBe(1);
    expect((await rows(merchantId)).map((r) => r.idempotencyKey)).toContain(
      `expiry:${sara.customerId}:14:${addDays(day, 15)}`,
    );

    setNow(riyadh(addDays(day, 1), '09:00'));
    await service().deliverDue();
    const mails = mailsTo(sara.email);
    expect(mails).toHaveLength(3);
    const mail14 = mails.find((m) => m.subject.startsWith('100 points expire in 14 days'))!;
    // English first for a customer who reads English; the amount and the date in both.
    expect(mail14.subject).toMatch(/^\d+ points expire in 14 days at Store /);
    expect(mail14.text.indexOf('Hello')).toBeLessThan(mail14.text.indexOf('مرحبًا'));
    expect(mail14.text).toContain('100 points');
    expect(mail14.text).toContain('100 نقطة');
    expect(mail14.text).toMatch(/\d{1,2} \w+ \d{4}/);
  });

  test('enough points for a reward: once, when the balance crosses the cheapest active reward', async () => {
    const day = uniqueDay();
    const merchantId = await store();
    await insertReward(ctx.database.db, merchantId, {
      name: 'خصم 10 ريال',
      type: 'fixed_discount',
      pointsRequired: 100,
      value: 10,
      isActive: true,
    });
    await insertReward(ctx.database.db, merchantId, {
      name: 'inactive and cheaper',
      type: 'fixed_discount',
      pointsRequired: 20,
      value: 1,
      isActive: false,
    });
    const crosses = await customer(merchantId);
    const alreadyThere = await customer(merchantId);
    const notYet = await customer(merchantId);
    const before = riyadh(addDays(day, -1), '12:00');
    await earn(merchantId, crosses.customerId, 60, before);
    await earn(merchantId, crosses.customerId, 50, riyadh(day, '15:00'));
    await earn(merchantId, alreadyThere.customerId, 150, before);
    await earn(merchantId, alreadyThere.customerId, 10, riyadh(day, '15:00'));
    await earn(merchantId, notYet.customerId, 99, riyadh(day, '15:00'));

    setNow(riyadh(addDays(day, 1), '00:05'));
    expect((await runCauses(merchantId)).rewardReady).toBe(1);
    expect((await runCauses(merchantId)).rewardReady).toBe(0);
    const ready = (await rows(merchantId)).filter((r) => r.kind === 'reward_ready');
    expect(ready).toHaveLength(1);
    expect(ready[0]).toMatchObject({
      customerId: crosses.customerId,
      idempotencyKey: `reward_ready:${crosses.customerId}:${day}`,
      payload: { rewardName: 'خصم 10 ريال', pointsRequired: 100, balance: 110 },
    });
  });

  test('erased customers, customers without an e-mail, unsubscribed ones and stores not earning get nothing', async () => {
    const day = uniqueDay();
    const merchantId = await store();
    const erased = await customer(merchantId, { erasedAt: new Date() });
    const noEmail = await customer(merchantId, { email: null });
    const gone = await customer(merchantId, { notificationsUnsubscribedAt: new Date() });
    for (const c of [erased, noEmail, gone])
      await earn(merchantId, c.customerId, 20, riyadh(day, '12:00'));
    const paused = await store();
    const sara = await customer(paused);
    await earn(paused, sara.customerId, 20, riyadh(day, '12:00'));
    await ctx.database.db
      .update(merchants)
      .set({ programmeEnabled: false })
      .where(eq(merchants.id, paused));

    setNow(riyadh(addDays(day, 1), '00:05'));
    expect((await runCauses(merchantId)).digests).toBe(0);
    expect((await runCauses(paused)).digests).toBe(0);
    expect(await rows(merchantId)).toHaveLength(0);
    expect(await rows(paused)).toHaveLength(0);
  });
});

describe('the outbox', () => {
  // Rows other tests left waiting would be sent by these tests' ticks: settle them first (long
  // after every store's subscription, so they are skipped).
  beforeEach(async () => {
    setNow(riyadh('2099-06-01', '12:00'));
    await service().deliverDue();
  });

  async function enqueueTierUp(merchantId: number, customerId: number, key: string = randomUUID()) {
    return ctx.database.db.transaction((tx) =>
      enqueueNotification(tx, {
        merchantId,
        customerId,
        kind: 'tier_up',
        idempotencyKey: `tier:${key}`,
        payload: { tierName: { ar: 'الذهبي', en: 'Gold' }, multiplier: 1.25 },
        at: ctx.clock.now(),
      }),
    );
  }

  test('tier up: enqueued inside the caller’s transaction, once per key, nothing when it rolls back', async () => {
    const merchantId = await store();
    const sara = await customer(merchantId);
    setNow(riyadh(uniqueDay(), '12:00'));
    expect(await enqueueTierUp(merchantId, sara.customerId, 'a')).toBe(true);
    expect(await enqueueTierUp(merchantId, sara.customerId, 'a')).toBe(false);
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await enqueueNotification(tx, {
          merchantId,
          customerId: sara.customerId,
          kind: 'tier_up',
          idempotencyKey: 'tier:rolled-back',
          payload: { tierName: { ar: 'الفضي', en: 'Silver' }, multiplier: 1.1 },
        });
        throw new Error('the tier change failed');
      }),
    ).rejects.toThrow('the tier change failed');
    expect(await rows(merchantId)).toHaveLength(1);
    // A payload that does not fit its kind is a bug of the caller, refused at once.
    await expect(
      enqueueNotification(ctx.database.db, {
        merchantId,
        customerId: sara.customerId,
        kind: 'tier_up',
        idempotencyKey: 'tier:bad',
        payload: { multiplier: -1 } as never,
      }),
    ).rejects.toThrow();

    await service().deliverDue();
    const [mail] = mailsTo(sara.email);
    expect(mail!.subject).toContain('الذهبي');
    expect(mail!.subject).toContain('Gold');
    expect(mail!.text).toContain('×1.25');
  });

  test('two workers at once send each notification once', async () => {
    const merchantId = await store();
    setNow(riyadh(uniqueDay(), '12:00'));
    const people = await Promise.all(Array.from({ length: 24 }, () => customer(merchantId)));
    for (const p of people) await enqueueTierUp(merchantId, p.customerId);
    const results = await Promise.all([
      service().deliverDue(),
      service().deliverDue(),
      service().deliverDue(),
    ]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(24);
    for (const p of people) expect(mailsTo(p.email)).toHaveLength(1);
    expect((await rows(merchantId)).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(
      true,
    );
  });

  test('an SMTP failure is retried with back-off until the server recovers; a row that keeps failing ends failed', async () => {
    const merchantId = await store();
    const sara = await customer(merchantId);
    const start = riyadh(uniqueDay(), '12:00');
    setNow(start);
    await enqueueTierUp(merchantId, sara.customerId);
    ctx.smtp.fail();
    try {
      expect(await service().deliverDue()).toMatchObject({ sent: 0, retried: 1 });
      let [row] = await rows(merchantId);
      expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'smtp 451' });
      expect(row!.nextAttemptAt.getTime() - ctx.clock.now().getTime()).toBeGreaterThan(
        OUTBOX_FIRST_RETRY_MS - 5_000,
      );
      // Not due yet: nothing is tried.
      expect(await service().deliverDue()).toMatchObject({ retried: 0 });
      ctx.clock.advance(OUTBOX_FIRST_RETRY_MS + 1_000);
      expect(await service().deliverDue()).toMatchObject({ retried: 1 });
      [row] = await rows(merchantId);
      expect(row!.attempts).toBe(2);
      expect(row!.nextAttemptAt.getTime() - ctx.clock.now().getTime()).toBeGreaterThan(
        2 * OUTBOX_FIRST_RETRY_MS - 5_000,
      );
    } finally {
      ctx.smtp.recover();
    }
    ctx.clock.advance(retryDelayMs(2) + 1_000);
    expect(await service().deliverDue()).toMatchObject({ sent: 1 });
    expect(mailsTo(sara.email)).toHaveLength(1);
    expect((await rows(merchantId))[0]).toMatchObject({ status: 'sent', attempts: 3 });

    // A row that never gets through: failed after the last try, never sent.
    const omar = await customer(merchantId);
    await enqueueTierUp(merchantId, omar.customerId);
    ctx.smtp.fail();
    try {
      for (let i = 0; i < OUTBOX_MAX_ATTEMPTS; i += 1) {
        await service().deliverDue();
        ctx.clock.advance(retryDelayMs(i + 1) + 1_000);
      }
    } finally {
      ctx.smtp.recover();
    }
    const failed = (await rows(merchantId)).find((r) => r.customerId === omar.customerId)!;
    expect(failed).toMatchObject({ status: 'failed', attempts: OUTBOX_MAX_ATTEMPTS });
    expect(failed.lastError).toBe('smtp 451');
    await service().deliverDue();
    expect(mailsTo(omar.email)).toHaveLength(0);
  });

  test('quiet hours hold everything but a coupon until 08:00 Riyadh', async () => {
    const merchantId = await store();
    const sara = await customer(merchantId);
    const day = uniqueDay();
    setNow(riyadh(day, '23:00'));
    await enqueueTierUp(merchantId, sara.customerId);
    await enqueueNotification(ctx.database.db, {
      merchantId,
      customerId: sara.customerId,
      kind: 'coupon_issued',
      idempotencyKey: `coupon:${randomUUID()}`,
      payload: {
        rewardName: 'خصم',
        points: 100,
        code: 'NQ-QUIETHOURS',
        expiresOn: addDays(day, 30),
        minOrderAmount: 0,
        lang: 'en',
      },
      at: ctx.clock.now(),
    });
    await service().deliverDue();
    expect(mailsTo(sara.email)).toHaveLength(1);
    expect(mailsTo(sara.email)[0]!.text).toContain('NQ-QUIETHOURS');
    expect(mailsTo(sara.email)[0]!.subject).toMatch(/^Your/);
    setNow(riyadh(addDays(day, 1), '03:00'));
    await service().deliverDue();
    expect(mailsTo(sara.email)).toHaveLength(1);
    setNow(riyadh(addDays(day, 1), '08:00'));
    await service().deliverDue();
    expect(mailsTo(sara.email)).toHaveLength(2);
  });

  test('a template the merchant switched off is never sent, even a row written before the switch', async () => {
    setNow(new Date());
    const { merchantId, authorization } = await signedInStore(ctx, {
      plan: 'growth',
      subscriptionStatus: 'active',
      subscriptionExpiresAt: new Date(Date.now() + 365 * 86_400_000),
    });
    const sara = await customer(merchantId);
    const day = uniqueDay();
    await earn(merchantId, sara.customerId, 20, riyadh(day, '12:00'));
    setNow(riyadh(day, '13:00'));
    await enqueueTierUp(merchantId, sara.customerId);
    setNow(new Date());
    const res = await ctx.server.inject({
      method: 'POST',
      url: '/api/notifications/settings',
      headers: { authorization },
      payload: { templates: { tier_up: false, points_digest: false } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.templates).toMatchObject({
      tier_up: false,
      points_digest: false,
      points_expiring: true,
      coupon_issued: true,
    });
    // A minute after it was written: the test clock moves on in real time, so the same instant
    // could fall a few milliseconds before the row's own.
    setNow(riyadh(day, '13:01'));
    await service().deliverDue();
    expect((await rows(merchantId))[0]).toMatchObject({
      status: 'skipped',
      skipReason: 'switched_off',
    });
    setNow(riyadh(addDays(day, 1), '00:05'));
    expect((await runCauses(merchantId)).digests).toBe(0);
    expect(mailsTo(sara.email)).toHaveLength(0);
  });
});

describe('unsubscribe', () => {
  test('every mail carries the one-click headers; one POST unsubscribes at once and skips what was waiting', async () => {
    const merchantId = await store();
    const sara = await customer(merchantId);
    setNow(riyadh(uniqueDay(), '12:00'));
    const enqueue = (key: string) =>
      enqueueNotification(ctx.database.db, {
        merchantId,
        customerId: sara.customerId,
        kind: 'tier_up',
        idempotencyKey: key,
        payload: { tierName: { ar: 'الذهبي', en: 'Gold' }, multiplier: 2 },
        at: ctx.clock.now(),
      });
    await enqueue('tier:1');
    await service().deliverDue();
    const [mail] = mailsTo(sara.email);
    const header = mail!.headers['list-unsubscribe']!;
    expect(header).toMatch(
      /^<https:\/\/nuqat\.example\/api\/notifications\/unsubscribe\?token=[^>]+>$/,
    );
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const url = new URL(header.slice(1, -1));
    expect(mail!.text).toContain(url.href);

    // The page: bilingual, no script, a form that posts to the same link; the app's headers.
    const page = await ctx.server.inject({
      method: 'GET',
      url: url.pathname + url.search,
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('إلغاء الاشتراك');
    expect(page.body).toContain('Unsubscribe');
    expect(page.body).not.toContain('<script');
    expect(page.body).toMatch(
      /<form method="post" action="\/api\/notifications\/unsubscribe\?token=/,
    );
    // Reading the page changes nothing.
    await enqueue('tier:2');

    const res = await ctx.server.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('تم إلغاء اشتراكك');
    const after = await rows(merchantId);
    expect(after.find((r) => r.idempotencyKey === 'tier:2')).toMatchObject({
      status: 'skipped',
      skipReason: 'unsubscribed',
    });
    // Again: still fine. A cause after it: skipped when it comes to sending.
    expect(
      (
        await ctx.server.inject({
          method: 'POST',
          url: url.pathname + url.search,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        })
      ).statusCode,
    ).toBe(200);
    await enqueue('tier:3');
    await service().deliverDue();
    expect((await rows(merchantId)).find((r) => r.idempotencyKey === 'tier:3')).toMatchObject({
      status: 'skipped',
      skipReason: 'unsubscribed',
    });
    expect(mailsTo(sara.email)).toHaveLength(1);
    const [row] = await ctx.database.db
      .select({ at: customers.notificationsUnsubscribedAt })
      .from(customers)
      .where(and(eq(customers.merchantId, merchantId), eq(customers.id, sara.customerId)));
    expect(row!.at).not.toBeNull();
  });

  test('a forged or broken link is refused with a stable code and unsubscribes nobody', async () => {
    const merchantId = await store();
    const sara = await customer(merchantId);
    const forged = `${merchantId}.${sara.customerId}.${'0'.repeat(64)}`;
    for (const token of [forged, 'nonsense', `${merchantId}.${sara.customerId}`]) {
      const post = await ctx.server.inject({
        method: 'POST',
        url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
      });
      expect(post.statusCode).toBe(400);
      expect(post.json().code).toBe('UNSUBSCRIBE_LINK_INVALID');
      const json = await ctx.server.inject({
        method: 'GET',
        url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
      });
      expect(json.statusCode).toBe(400);
      expect(json.json().code).toBe('UNSUBSCRIBE_LINK_INVALID');
      const html = await ctx.server.inject({
        method: 'GET',
        url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}&lang=en`,
        headers: { accept: 'text/html' },
      });
      expect(html.statusCode).toBe(400);
      expect(html.body).toContain('This link is not valid');
      expect(html.body).not.toContain('<form');
    }
    const missing = await ctx.server.inject({
      method: 'POST',
      url: '/api/notifications/unsubscribe',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('VALIDATION_FAILED');
    const [row] = await ctx.database.db
      .select({ at: customers.notificationsUnsubscribedAt })
      .from(customers)
      .where(and(eq(customers.merchantId, merchantId), eq(customers.id, sara.customerId)));
    expect(row!.at).toBeNull();
  });
});

describe('merchant endpoints', () => {
  // Sessions are dated by the service clock: these tests run at the real time.
  beforeEach(() => setNow(new Date()));

  async function growthStore() {
    return signedInStore(ctx, {
      plan: 'growth',
      subscriptionStatus: 'active',
      subscriptionExpiresAt: new Date(Date.now() + 365 * 86_400_000),
    });
  }

  test('settings, summary and test need a merchant session', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications/settings'],
      ['POST', '/api/notifications/settings'],
      ['GET', '/api/notifications/summary'],
      ['POST', '/api/notifications/test'],
    ] as const) {
      const res = await ctx.server.inject({
        method,
        url,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
  });

  test('each store sees and switches only its own templates and counts', async () => {
    const a = await growthStore();
    const b = await growthStore();
    const saraOfA = await customer(a.merchantId);
    setNow(new Date());
    // A coupon's mail goes at any hour: the test does not depend on the time it runs at (a tier
    // mail queued in Riyadh's quiet hours would wait for 08:00).
    await enqueueNotification(ctx.database.db, {
      merchantId: a.merchantId,
      customerId: saraOfA.customerId,
      kind: 'coupon_issued',
      idempotencyKey: 'coupon:a',
      payload: {
        rewardName: 'خصم',
        points: 100,
        code: 'NQ-TENANT-A',
        expiresOn: '2099-01-01',
        minOrderAmount: 0,
        lang: 'ar',
      },
      at: new Date(),
    });
    await ctx.server.inject({
      method: 'POST',
      url: '/api/notifications/settings',
      headers: { authorization: a.authorization },
      payload: { templates: { points_digest: false } },
    });

    const settingsOfB = await ctx.server.inject({
      method: 'GET',
      url: '/api/notifications/settings',
      headers: { authorization: b.authorization },
    });
    expect(settingsOfB.json().data).toEqual({
      templates: {
        points_digest: true,
        points_expiring: true,
        reward_ready: true,
        coupon_issued: true,
        tier_up: true,
      },
      channel: 'email',
      smsAvailable: false,
      updatedAt: null,
    });
    const settingsOfA = await ctx.server.inject({
      method: 'GET',
      url: '/api/notifications/settings',
      headers: { authorization: a.authorization },
    });
    expect(settingsOfA.json().data.templates.points_digest).toBe(false);
    expect(settingsOfA.json().data.updatedAt).not.toBeNull();

    const summaryOf = async (authorization: string) =>
      (
        await ctx.server.inject({
          method: 'GET',
          url: '/api/notifications/summary',
          headers: { authorization },
        })
      ).json().data;
    const summaryA = await summaryOf(a.authorization);
    expect(summaryA.days).toBe(30);
    expect(summaryA.kinds.find((k: { kind: string }) => k.kind === 'coupon_issued')).toEqual({
      kind: 'coupon_issued',
      sent: 0,
      failed: 0,
      pending: 1,
      skipped: 0,
    });
    const summaryB = await summaryOf(b.authorization);
    expect(
      summaryB.kinds.every(
        (k: { sent: number; pending: number; failed: number }) =>
          k.sent + k.pending + k.failed === 0,
      ),
    ).toBe(true);
    await service().deliverDue();
    expect(
      (await summaryOf(a.authorization)).kinds.find(
        (k: { kind: string }) => k.kind === 'coupon_issued',
      ),
    ).toMatchObject({ sent: 1, pending: 0 });
  });

  test('bad input is a 400 with a stable code', async () => {
    const { authorization } = await growthStore();
    for (const payload of [
      {},
      { templates: {} },
      { templates: { birthday: true } },
      { templates: { tier_up: 'yes' } },
      { templates: { tier_up: true }, extra: 1 },
    ]) {
      const res = await ctx.server.inject({
        method: 'POST',
        url: '/api/notifications/settings',
        headers: { authorization },
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    for (const payload of [{}, { kind: 'spam' }, { kind: 'tier_up', lang: 'fr' }]) {
      const res = await ctx.server.inject({
        method: 'POST',
        url: '/api/notifications/test',
        headers: { authorization },
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  test('the merchant sends themselves a sample to their account e-mail, a few an hour', async () => {
    const email = uniqueEmail('owner');
    const { authorization } = await signedInStore(ctx, { email, plan: 'growth' });
    const test1 = await ctx.server.inject({
      method: 'POST',
      url: '/api/notifications/test',
      headers: { authorization, 'accept-language': 'en' },
      payload: { kind: 'points_expiring' },
    });
    expect(test1.statusCode, test1.body).toBe(200);
    expect(test1.json().data).toEqual({ kind: 'points_expiring', sentTo: email });
    const mail = await ctx.smtp.waitForMail(email);
    expect(mail.subject).toMatch(/^\[Test\] 250 points expire in 3 days/);
    expect(mail.headers['list-unsubscribe']).toBeUndefined();

    ctx.smtp.fail(1);
    const failed = await ctx.server.inject({
      method: 'POST',
      url: '/api/notifications/test',
      headers: { authorization },
      payload: { kind: 'tier_up' },
    });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().code).toBe('NOTIFICATION_TEST_FAILED');

    for (let i = 0; i < 3; i += 1)
      expect(
        (
          await ctx.server.inject({
            method: 'POST',
            url: '/api/notifications/test',
            headers: { authorization },
            payload: { kind: 'points_digest', lang: 'ar' },
          })
        ).statusCode,
      ).toBe(200);
    const limited = await ctx.server.inject({
      method: 'POST',
      url: '/api/notifications/test',
      headers: { authorization },
      payload: { kind: 'points_digest' },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
  });
});
