import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { webhooks } from '@nuqat/salla-sandbox';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { jobRuns } from '../../db/schema/index.ts';
import {
  balanceOf,
  createEngineContext,
  customerFacts,
  deliverOk,
  setupStore,
  type EngineContext,
} from '../../test/engine-support.ts';
import { BIRTHDAY_RUN_STALE_MS } from './jobs.service.ts';

let ctx: EngineContext;
beforeAll(async () => {
  ctx = await createEngineContext();
});
afterAll(async () => {
  await ctx?.close();
});

const DAY = 86_400_000;

describe('birthday job (issue 10)', () => {
  test('a run that died mid-day is resumed by a later tick; the stores it did are not paid twice', async () => {
    // A day of its own (noon in Riyadh, weeks ahead), so no other test's run has claimed it.
    const today = new Date();
    const target = Date.UTC(
      today.getUTCFullYear(),
      today.getUTCMonth(),
      today.getUTCDate() + randomInt(20, 200),
      9,
    );
    ctx.clock.advance(target - Date.now());
    const now = ctx.clock.now();
    const riyadh = new Date(now.getTime() + 3 * 3_600_000);
    const period = riyadh.toISOString().slice(0, 10);
    const birthday = `1990-${period.slice(5)}`;
    const db = ctx.database.db;
    await db.delete(jobRuns).where(and(eq(jobRuns.job, 'birthday'), eq(jobRuns.period, period)));
    const jobs = ctx.app.services.jobs;

    // The run that died: it claimed the day and paid store A, then its process went away.
    const storeA = await setupStore(ctx, { rules: { birthday: { points: 100 } } });
    const shopperA = customerFacts({ birthday });
    await deliverOk(
      ctx,
      webhooks.customerCreated(storeA, shopperA, new Date(now.getTime() - 40 * DAY)),
    );
    await jobs.runBirthdays({ force: true });
    await db.insert(jobRuns).values({ job: 'birthday', period, startedAt: now });
    expect(await balanceOf(ctx, storeA, shopperA.id)).toBe(100);

    // Store B was still to do.
    const storeB = await setupStore(ctx, { rules: { birthday: { points: 100 } } });
    const shopperB = customerFacts({ birthday });
    await deliverOk(
      ctx,
      webhooks.customerCreated(storeB, shopperB, new Date(now.getTime() - 40 * DAY)),
    );

    // While the claim is fresh another instance may still be working: leave it.
    expect(await jobs.runBirthdays()).toEqual({ ran: false, awarded: 0 });
    expect(await balanceOf(ctx, storeB, shopperB.id)).toBe(0);

    // Silent for longer than the stale limit: the next tick takes the day over and finishes it.
    ctx.clock.advance(BIRTHDAY_RUN_STALE_MS + 60_000);
    const resumed = await jobs.runBirthdays();
    expect(resumed.ran).toBe(true);
    expect(resumed.awarded).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(ctx, storeA, shopperA.id)).toBe(100);
    expect(await balanceOf(ctx, storeB, shopperB.id)).toBe(100);
    const [run] = await db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.job, 'birthday'), eq(jobRuns.period, period)));
    expect(run?.finishedAt).not.toBeNull();

    // A finished day is never run again, however long after.
    ctx.clock.advance(BIRTHDAY_RUN_STALE_MS + 60_000);
    expect(await jobs.runBirthdays()).toEqual({ ran: false, awarded: 0 });
    expect(await balanceOf(ctx, storeB, shopperB.id)).toBe(100);
  });
});
