import { createHash, createHmac } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signWebhook, webhooks, type Envelope } from '@nuqat/salla-sandbox';
import { pointsLedger, webhookDeadLetters, webhookEvents } from '../../db/schema/index.ts';
import {
  balanceOf,
  customerFacts,
  deliver,
  randomId,
  setupStore,
  WEBHOOK_SECRET,
} from '../../test/engine-support.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { parseEventData } from './event-translation.ts';
import { createWebhookService } from './webhooks.service.ts';

// Issue 10: a signed delivery that does not fit the schema is kept, counted and replayable.
const lines: string[] = [];
let ctx: TestContext;
beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  ctx = await createTestContext(
    { SALLA_WEBHOOK_SECRET: WEBHOOK_SECRET, LOG_LEVEL: 'info' },
    { logStream: stream },
  );
});
afterAll(async () => {
  await ctx?.close();
});

const db = () => ctx.database.db;
const lettersOf = (merchantId: number) =>
  db()
    .select()
    .from(webhookDeadLetters)
    .where(eq(webhookDeadLetters.merchantId, merchantId))
    .orderBy(webhookDeadLetters.id);
const eventsOf = (merchantId: number) =>
  db().select().from(webhookEvents).where(eq(webhookEvents.merchantId, merchantId));
const readyDeadLetters = async () => {
  const res = await ctx.server.inject({ method: 'GET', url: '/readyz' });
  expect(res.statusCode).toBe(200);
  return res.json().deadLetters as number;
};
const pendingInDatabase = async () =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookDeadLetters)
      .where(isNull(webhookDeadLetters.replayedAt))
  )[0]!.n;

/**
 * customer.created as Salla might send it one day: `mobile_code` as a number, which
 * SallaCustomerSchema (a string) refuses today.
 */
function numericMobileCode(merchantId: number, customer = customerFacts()): Envelope {
  const envelope = webhooks.customerCreated(merchantId, customer);
  return { ...envelope, data: { ...envelope.data, mobile_code: 966 } };
}

/**
 * The webhook path with SallaCustomerSchema relaxed to take a numeric `mobile_code` (what the
 * fix to the schema would do): the same service, the same data parsing, fed the value the
 * relaxed schema would accept.
 */
function fixedService() {
  return createWebhookService({
    ctx: ctx.app.context,
    salla: ctx.app.salla,
    authService: ctx.app.services.auth,
    sallaTokens: ctx.app.services.sallaTokens,
    intake: ctx.app.services.intake,
    parseEvent: (event, data) => {
      const fixed =
        data &&
        typeof data === 'object' &&
        typeof (data as Record<string, unknown>).mobile_code === 'number'
          ? { ...data, mobile_code: `+${(data as Record<string, unknown>).mobile_code as number}` }
          : data;
      return parseEventData(event, fixed);
    },
  });
}

describe('dead letters', () => {
  test('a signed event that fails the schema still gets its 400, and is kept, logged and counted', async () => {
    const merchantId = await setupStore(ctx, { rules: { signup: { points: 10 } } });
    const envelope = numericMobileCode(merchantId);
    const before = lines.length;
    const res = await deliver(ctx, envelope);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'WEBHOOK_PAYLOAD_INVALID' });
    expect(await eventsOf(merchantId)).toHaveLength(0);

    const [letter] = await lettersOf(merchantId);
    const signed = signWebhook(envelope, WEBHOOK_SECRET);
    expect(letter).toMatchObject({
      event: 'customer.created',
      merchantId,
      body: signed.body,
      dedupeKey: createHash('sha256').update(signed.body).digest('hex'),
      deliveries: 1,
      replayedAt: null,
      replayResult: null,
    });
    expect(letter!.error).toContain('data.mobile_code');
    expect(letter!.issues).toEqual([expect.objectContaining({ path: 'data.mobile_code' })]);

    const logged = lines.slice(before).map((l) => JSON.parse(l) as Record<string, unknown>);
    const warning = logged.find((l) => String(l.msg).includes('dead-lettered'));
    expect(warning).toMatchObject({ level: 40, deadLetter: letter!.id, merchantId });
    // No personal data in the line: not the shopper's name, e-mail or mobile.
    const shopper = envelope.data as Record<string, string | number>;
    for (const field of ['first_name', 'last_name', 'email', 'mobile']) {
      expect(shopper[field]).toBeTruthy();
      expect(JSON.stringify(warning)).not.toContain(String(shopper[field]));
    }

    // Salla retries the refused delivery: the same dead letter, one more delivery.
    expect((await deliver(ctx, envelope)).statusCode).toBe(400);
    expect((await lettersOf(merchantId)).map((l) => l.deliveries)).toEqual([2]);

    // /readyz counts the dead letters waiting for a replay (bracketed by the table's count, as
    // other suites may keep dead letters meanwhile).
    const low = await pendingInDatabase();
    const ready = await readyDeadLetters();
    const high = await pendingInDatabase();
    expect(ready).toBeGreaterThanOrEqual(low);
    expect(ready).toBeLessThanOrEqual(high);
    expect(ready).toBeGreaterThanOrEqual(1);
  });

  test('a bad signature is refused and not kept; malformed JSON and an unknown shape are kept', async () => {
    const merchantId = randomId();
    const envelope = numericMobileCode(merchantId);
    expect((await deliver(ctx, envelope, 'not-the-secret')).statusCode).toBe(401);
    expect(await lettersOf(merchantId)).toHaveLength(0);

    const broken = `{"event":"order.created","merchant":${merchantId},"data":{`;
    const res = await ctx.server.inject({
      method: 'POST',
      url: '/api/salla/webhooks',
      payload: broken,
      headers: {
        'content-type': 'application/json',
        'x-salla-signature': createHmac('sha256', WEBHOOK_SECRET).update(broken).digest('hex'),
      },
    });
    expect(res.statusCode).toBe(400);
    const shapeless = await deliver(ctx, { event: 'order.created', merchant: merchantId });
    expect(shapeless.statusCode).toBe(400);
    const kept = await db()
      .select()
      .from(webhookDeadLetters)
      .where(sql`${webhookDeadLetters.body} like ${`%${merchantId}%`}`)
      .orderBy(webhookDeadLetters.id);
    expect(kept.map((l) => [l.body === broken, l.event, l.merchantId])).toEqual([
      [true, null, null],
      [false, 'order.created', merchantId],
    ]);
    expect(kept[0]!.issues).toEqual([expect.objectContaining({ code: 'invalid_json' })]);

    // Broken JSON with a token and a NUL byte: kept, without either.
    const secret = `secret-${randomId()}`;
    const torn = `{"event":"app.store.authorize","merchant":${merchantId},"data":{"access_token":"${secret}",\u0000`;
    const tornRes = await ctx.server.inject({
      method: 'POST',
      url: '/api/salla/webhooks',
      payload: torn,
      headers: {
        'content-type': 'application/json',
        'x-salla-signature': createHmac('sha256', WEBHOOK_SECRET).update(torn).digest('hex'),
      },
    });
    expect(tornRes.statusCode).toBe(400);
    const [tornLetter] = await db()
      .select()
      .from(webhookDeadLetters)
      .where(eq(webhookDeadLetters.dedupeKey, createHash('sha256').update(torn).digest('hex')));
    expect(tornLetter!.body).not.toContain(secret);
    expect(tornLetter!.body).not.toContain('\u0000');
    expect(tornLetter!.body).toContain('"access_token":"[removed]"');
  });

  test("Salla's tokens are never kept in a dead letter", async () => {
    const merchantId = randomId();
    const access = `access-${randomId()}`;
    const refresh = `refresh-${randomId()}`;
    // An authorize whose expiry is not a number: it does not fit.
    const envelope = webhooks.storeAuthorize(merchantId, {
      access_token: access,
      refresh_token: refresh,
      expires: 'soon' as unknown as number,
      scope: 'offline_access',
      token_type: 'bearer',
    } as Parameters<typeof webhooks.storeAuthorize>[1]);
    expect((await deliver(ctx, envelope)).statusCode).toBe(400);
    const [letter] = await lettersOf(merchantId);
    expect(letter!.event).toBe('app.store.authorize');
    expect(letter!.body).not.toContain(access);
    expect(letter!.body).not.toContain(refresh);
    expect(JSON.parse(letter!.body)).toMatchObject({
      merchant: merchantId,
      data: { expires: 'soon' },
    });
  });

  test('replayed once the schema is fixed, a dead letter lands exactly once; replaying again, or Salla retrying it, changes nothing', async () => {
    const merchantId = await setupStore(ctx, { rules: { signup: { points: 10 } } });
    const customer = customerFacts();
    const envelope = numericMobileCode(merchantId, customer);
    expect((await deliver(ctx, envelope)).statusCode).toBe(400);
    const [letter] = await lettersOf(merchantId);

    // Before the fix: it still fails, and stays dead with the (new) error.
    const still = await ctx.app.services.webhooks.replayDeadLetters({ id: letter!.id });
    expect(still).toEqual([expect.objectContaining({ id: letter!.id, result: 'failed' })]);
    expect((await lettersOf(merchantId))[0]).toMatchObject({
      replayedAt: null,
      replayResult: 'failed',
      replayAttempts: 1,
    });

    const fixed = fixedService();
    // A dry run says it would land, and writes nothing.
    expect(await fixed.replayDeadLetters({ id: letter!.id, dryRun: true })).toEqual([
      expect.objectContaining({ result: 'would_land' }),
    ]);
    expect(await eventsOf(merchantId)).toHaveLength(0);
    expect((await lettersOf(merchantId))[0]!.replayAttempts).toBe(1);

    expect(await fixed.replayDeadLetters({ merchantIds: [merchantId] })).toEqual([
      expect.objectContaining({ id: letter!.id, result: 'processed' }),
    ]);
    expect(await balanceOf(ctx, merchantId, customer.id)).toBe(10);
    const stored = await eventsOf(merchantId);
    expect(stored.map((e) => [e.event, e.dedupeKey])).toEqual([
      ['customer.created', letter!.dedupeKey],
    ]);
    expect((await lettersOf(merchantId))[0]).toMatchObject({
      replayResult: 'processed',
      replayAttempts: 2,
    });
    expect((await lettersOf(merchantId))[0]!.replayedAt).not.toBeNull();

    // Twice: nothing pending for the store, and the letter by id was replayed already.
    expect(await fixed.replayDeadLetters({ merchantIds: [merchantId] })).toEqual([]);
    expect(await fixed.replayDeadLetters({ id: letter!.id })).toEqual([
      expect.objectContaining({ result: 'already_replayed' }),
    ]);
    // Salla's own retry of the delivery now is a duplicate.
    const retry = await deliver(ctx, envelope);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.outcome).toBe('duplicate');
    const ledger = await db()
      .select()
      .from(pointsLedger)
      .where(eq(pointsLedger.merchantId, merchantId));
    expect(ledger).toHaveLength(1);
    expect(await eventsOf(merchantId)).toHaveLength(1);
  });

  test('two replays at once land the event once', async () => {
    const merchantId = await setupStore(ctx, { rules: { signup: { points: 10 } } });
    const customer = customerFacts();
    expect((await deliver(ctx, numericMobileCode(merchantId, customer))).statusCode).toBe(400);
    const fixed = fixedService();
    const [a, b] = await Promise.all([
      fixed.replayDeadLetters({ merchantIds: [merchantId] }),
      fixedService().replayDeadLetters({ merchantIds: [merchantId] }),
    ]);
    // Both may take it (one lands, one finds it landed), or the second finds it replayed.
    const results = [...a, ...b].map((r) => r.result);
    expect(results.filter((r) => r === 'processed')).toHaveLength(1);
    expect(results.filter((r) => r !== 'processed').every((r) => r === 'duplicate')).toBe(true);
    expect(await balanceOf(ctx, merchantId, customer.id)).toBe(10);
    expect(await eventsOf(merchantId)).toHaveLength(1);
  });
});
