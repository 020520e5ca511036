import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app.ts';
import {
  enforceRateLimits,
  hitRateLimit,
  pruneRateLimits,
  recordBackoffFailure,
} from './rate-limit.ts';

// Decision 026: rate-limit rows say when they stop counting, and a periodic job deletes the
// rows past that in batches; a refused request writes no counter past the rule that refused it.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function rowsOf(prefix: string) {
  const result = await ctx.database.db.execute(
    sql`select key, window_start, expires_at from rate_limit_buckets where key like ${`${prefix}%`} order by key`,
  );
  return (
    result as unknown as { rows: { key: string; window_start: string; expires_at: string }[] }
  ).rows;
}

describe('rate-limit rows', () => {
  test('a hit records when its window ends, a back-off failure when its streak is forgotten', async () => {
    const prefix = `test:${randomUUID()}:`;
    await hitRateLimit(ctx.database.db, { key: `${prefix}a`, limit: 3, windowSeconds: 900 });
    await recordBackoffFailure(ctx.database.db, {
      key: `${prefix}b`,
      free: 5,
      maxDelaySeconds: 300,
    });
    const [a, b] = await rowsOf(prefix);
    const span = (row: { window_start: string; expires_at: string }) =>
      (new Date(row.expires_at).getTime() - new Date(row.window_start).getTime()) / 1000;
    expect(span(a!)).toBe(900);
    expect(span(b!)).toBe(86_400);
  });

  test('the prune deletes expired rows in batches and keeps the ones that still count', async () => {
    const prefix = `test:${randomUUID()}:`;
    for (let i = 0; i < 5; i++)
      await hitRateLimit(ctx.database.db, {
        key: `${prefix}old:${i}`,
        limit: 3,
        windowSeconds: 60,
      });
    for (let i = 0; i < 2; i++)
      await hitRateLimit(ctx.database.db, {
        key: `${prefix}live:${i}`,
        limit: 3,
        windowSeconds: 900,
      });
    // The old ones' windows ended long ago (older than anything else in the table).
    await ctx.database.db.execute(
      sql`update rate_limit_buckets
          set window_start = timestamptz '2000-01-01', expires_at = timestamptz '2000-01-01 00:01'
          where key like ${`${prefix}old:%`}`,
    );
    // One batch of two takes two rows, the oldest first.
    expect(await pruneRateLimits(ctx.database.db, { batchSize: 2, maxBatches: 1 })).toBe(2);
    expect(await rowsOf(`${prefix}old:`)).toHaveLength(3);
    // Batches go on until a batch comes back short.
    expect(await pruneRateLimits(ctx.database.db, { batchSize: 2 })).toBeGreaterThanOrEqual(3);
    expect(await rowsOf(`${prefix}old:`)).toHaveLength(0);
    expect((await rowsOf(`${prefix}live:`)).map((r) => r.key)).toEqual([
      `${prefix}live:0`,
      `${prefix}live:1`,
    ]);
  });

  test('a request refused per address writes no counter for the e-mail it names', async () => {
    const prefix = `test:${randomUUID()}:`;
    const ip = { key: `${prefix}ip`, limit: 2, windowSeconds: 900 };
    for (let i = 0; i < 2; i++)
      await enforceRateLimits(ctx.database.db, [
        ip,
        { key: `${prefix}email:${i}`, limit: 3, windowSeconds: 900 },
      ]);
    for (let i = 2; i < 12; i++)
      await expect(
        enforceRateLimits(ctx.database.db, [
          ip,
          { key: `${prefix}email:${i}`, limit: 3, windowSeconds: 900 },
        ]),
      ).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect((await rowsOf(`${prefix}email:`)).map((r) => r.key)).toEqual([
      `${prefix}email:0`,
      `${prefix}email:1`,
    ]);
  });
});
