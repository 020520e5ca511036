import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appEventTime, webhooks, type Envelope } from '@nuqat/salla-sandbox';
import { merchants } from '../../db/schema/index.ts';
import {
  createEngineContext,
  deliverOk,
  randomId,
  type EngineContext,
} from '../../test/engine-support.ts';

let ctx: EngineContext;
beforeAll(async () => {
  ctx = await createEngineContext();
});
afterAll(async () => {
  await ctx?.close();
});

const rowOf = async (merchantId: number) =>
  (await ctx.database.db.select().from(merchants).where(eq(merchants.id, merchantId)))[0]!;

/**
 * `app.trial.*` as the reference documents it (§1.8): bare dates, `subscription_at` on a
 * cancellation that follows a conversion to paid, no `created_at`/`features` on `expired`.
 */
function trialEvent(
  event: 'app.trial.started' | 'app.trial.expired' | 'app.trial.canceled',
  merchant: number,
  dates: { start: string; end: string; subscriptionAt?: string },
  at: Date,
): Envelope {
  return {
    event,
    merchant,
    created_at: appEventTime(at),
    data: {
      id: 1_234_567_890,
      app_name: 'Nuqat',
      app_description: 'Loyalty points',
      app_type: 'app',
      categories: ['Marketing'],
      plan_name: 'Starter',
      plan_type: 'recurring',
      start_date: dates.start,
      end_date: dates.end,
      ...(event === 'app.trial.expired'
        ? {}
        : { created_at: appEventTime(at), features: [{ key: 'orders', quantity: 1 }] }),
      ...(dates.subscriptionAt ? { subscription_at: dates.subscriptionAt } : {}),
      store_type: 'demo',
    },
  };
}

const paidPlan = (start: Date, end: Date) => ({ name: 'Growth', price: 299, start, end });

describe('trial dates are Riyadh dates', () => {
  test('a trial runs from the start of its start date to the end of its end date in Riyadh', async () => {
    const merchantId = randomId();
    await deliverOk(
      ctx,
      trialEvent(
        'app.trial.started',
        merchantId,
        { start: '2026-11-01', end: '2026-11-15' },
        new Date('2026-11-01T08:00:00Z'),
      ),
    );
    const m = await rowOf(merchantId);
    expect(m.subscriptionStatus).toBe('trial');
    // Midnight in Riyadh (UTC+3) is 21:00 UTC the day before.
    expect(m.subscriptionStartedAt!.toISOString()).toBe('2026-10-31T21:00:00.000Z');
    // The whole of 15 November in Riyadh: until 16 November 00:00 there.
    expect(m.subscriptionExpiresAt!.toISOString()).toBe('2026-11-15T21:00:00.000Z');
  });

  test("app.trial.expired's bare end date is read the same way", async () => {
    const merchantId = randomId();
    await deliverOk(
      ctx,
      trialEvent(
        'app.trial.expired',
        merchantId,
        { start: '2026-11-01', end: '2026-11-15' },
        new Date('2026-11-15T21:00:05Z'),
      ),
    );
    const m = await rowOf(merchantId);
    expect(m.subscriptionStatus).toBe('expired');
    expect(m.subscriptionExpiresAt!.toISOString()).toBe('2026-11-15T21:00:00.000Z');
  });
});

describe('app.trial.canceled never switches off a paying store', () => {
  const start = new Date('2026-11-05T21:00:00Z');
  const end = new Date('2026-12-05T21:00:00Z');

  test('after the conversion to paid (with subscription_at) the store stays active on its paid plan', async () => {
    const merchantId = randomId();
    await deliverOk(
      ctx,
      trialEvent(
        'app.trial.started',
        merchantId,
        { start: '2026-11-01', end: '2026-11-15' },
        new Date('2026-11-01T08:00:00Z'),
      ),
    );
    await deliverOk(
      ctx,
      webhooks.subscription(
        'app.subscription.started',
        merchantId,
        paidPlan(start, end),
        new Date('2026-11-06T09:00:00Z'),
      ),
    );
    await deliverOk(
      ctx,
      trialEvent(
        'app.trial.canceled',
        merchantId,
        { start: '2026-11-01', end: '2026-11-15', subscriptionAt: '2026-11-06 12:00:00' },
        new Date('2026-11-06T09:00:05Z'),
      ),
    );
    const m = await rowOf(merchantId);
    expect(m).toMatchObject({ subscriptionStatus: 'active', plan: 'growth' });
    expect(m.subscriptionExpiresAt!.toISOString()).toBe(end.toISOString());
  });

  test('the cancellation arriving before the paid subscription does not stop it from applying', async () => {
    const merchantId = randomId();
    await deliverOk(
      ctx,
      trialEvent(
        'app.trial.started',
        merchantId,
        { start: '2026-11-01', end: '2026-11-15' },
        new Date('2026-11-01T08:00:00Z'),
      ),
    );
    await deliverOk(
      ctx,
      trialEvent(
        'app.trial.canceled',
        merchantId,
        { start: '2026-11-01', end: '2026-11-15', subscriptionAt: '2026-11-06 12:00:00' },
        new Date('2026-11-06T09:00:05Z'),
      ),
    );
    expect((await rowOf(merchantId)).subscriptionStatus).toBe('trial');
    await deliverOk(
      ctx,
      webhooks.subscription(
        'app.subscription.started',
        merchantId,
        paidPlan(start, end),
        new Date('2026-11-06T09:00:00Z'),
      ),
    );
    expect(await rowOf(merchantId)).toMatchObject({ subscriptionStatus: 'active', plan: 'growth' });
  });

  test('even without subscription_at it leaves an active paid subscription alone', async () => {
    const merchantId = randomId();
    await deliverOk(
      ctx,
      webhooks.subscription(
        'app.subscription.started',
        merchantId,
        paidPlan(start, end),
        new Date('2026-11-06T09:00:00Z'),
      ),
    );
    await deliverOk(
      ctx,
      trialEvent(
        'app.trial.canceled',
        merchantId,
        { start: '2026-11-01', end: '2026-11-15' },
        new Date('2026-11-07T09:00:00Z'),
      ),
    );
    expect((await rowOf(merchantId)).subscriptionStatus).toBe('active');
  });

  test('a trial cancelled without converting switches the store off', async () => {
    const merchantId = randomId();
    await deliverOk(
      ctx,
      trialEvent(
        'app.trial.started',
        merchantId,
        { start: '2026-11-01', end: '2026-11-15' },
        new Date('2026-11-01T08:00:00Z'),
      ),
    );
    await deliverOk(
      ctx,
      trialEvent(
        'app.trial.canceled',
        merchantId,
        { start: '2026-11-01', end: '2026-11-15' },
        new Date('2026-11-03T08:00:00Z'),
      ),
    );
    expect((await rowOf(merchantId)).subscriptionStatus).toBe('inactive');
  });
});
