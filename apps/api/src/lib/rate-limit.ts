import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { AppError } from './app-error.ts';

export interface RateLimitRule {
  /** e.g. `login:ip:203.0.113.9` */
  key: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters in PostgreSQL, so every API instance shares one count. The upsert is
 * atomic: concurrent requests each get a distinct hit number.
 */
export async function hitRateLimit(
  db: Database,
  rule: RateLimitRule,
): Promise<{ hits: number; retryAfter: number }> {
  const result = await db.execute(sql`
    insert into rate_limit_buckets as b (key, window_start, hits)
    values (${rule.key}, now(), 1)
    on conflict (key) do update set
      hits = case when b.window_start <= now() - make_interval(secs => ${rule.windowSeconds}) then 1 else b.hits + 1 end,
      window_start = case when b.window_start <= now() - make_interval(secs => ${rule.windowSeconds}) then now() else b.window_start end
    returning hits,
      greatest(1, ceil(extract(epoch from (window_start + make_interval(secs => ${rule.windowSeconds}) - now()))))::int as retry_after`);
  const row = (result as unknown as { rows: { hits: number; retry_after: number }[] }).rows[0]!;
  return { hits: Number(row.hits), retryAfter: Number(row.retry_after) };
}

/** Counts one hit on every rule; throws RATE_LIMITED (with the longest wait) if any is over. */
export async function enforceRateLimits(db: Database, rules: RateLimitRule[]): Promise<void> {
  let retryAfter = 0;
  for (const rule of rules) {
    const hit = await hitRateLimit(db, rule);
    if (hit.hits > rule.limit) retryAfter = Math.max(retryAfter, hit.retryAfter);
  }
  if (retryAfter > 0) throw new AppError('RATE_LIMITED', { retryAfter });
}

/** Removes windows that ended long ago; called from a periodic job. */
export async function pruneRateLimits(db: Database, olderThanSeconds = 86_400): Promise<void> {
  await db.execute(
    sql`delete from rate_limit_buckets where window_start < now() - make_interval(secs => ${olderThanSeconds})`,
  );
}
