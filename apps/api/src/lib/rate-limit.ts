import { sql } from 'drizzle-orm';
import { pgTextArray, rowsOf, type Database, type Executor } from '../db/client.ts';
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

/**
 * An erasure (docs/decisions/029): the counters of one store keyed by the shopper's address —
 * keys `…:{store}:{address}` whose address has one of their e-mail keys, or whose digits end in
 * their mobile's nine — are forgotten.
 */
export async function forgetRateLimitsOf(
  db: Executor,
  input: { merchantId: number; emailKeys: string[]; mobileDigits: string | null },
): Promise<number> {
  const store = `:${input.merchantId}:`;
  const result = await db.execute(sql`
    delete from rate_limit_buckets
     where strpos(key, ${store}) > 0
       and (nuqat_email_key(substr(key, strpos(key, ${store}) + ${store.length}))
              = any(${pgTextArray(input.emailKeys)}::text[])
            or (${input.mobileDigits}::text is not null
                and substr(key, strpos(key, ${store}) + ${store.length}) !~ '@'
                and right(regexp_replace(substr(key, strpos(key, ${store}) + ${store.length}), '[^0-9]', '', 'g'), 9)
                    = ${input.mobileDigits}::text))
    returning key`);
  return rowsOf(result).length;
}

/** Removes windows that ended long ago; called from a periodic job. */
export async function pruneRateLimits(db: Database, olderThanSeconds = 86_400): Promise<void> {
  await db.execute(
    sql`delete from rate_limit_buckets where window_start < now() - make_interval(secs => ${olderThanSeconds})`,
  );
}

/**
 * Back-off after consecutive failures (of a password, say), so that only failures slow an
 * account down and nobody can lock it: the first `free` failures cost nothing, then each try
 * must wait `2^(failures - free)` seconds after the previous one, up to `maxDelaySeconds`.
 * A success clears the count; a day without failures forgets it.
 */
export interface BackoffRule {
  /** e.g. `login:fail:owner@store.sa` */
  key: string;
  free: number;
  maxDelaySeconds: number;
}

const FORGET_AFTER_SECONDS = 86_400;

/**
 * Claims the right to try now. In back-off, the claim moves the row's time forward, so of many
 * concurrent tries only one gets through per delay (the row lock orders them); the others get
 * RATE_LIMITED with the seconds left.
 */
export async function claimBackoffTry(db: Database, rule: BackoffRule): Promise<void> {
  const result = await db.execute(sql`
    with old as (
      select key, hits, window_start,
        least(${rule.maxDelaySeconds}::float8, power(2::float8, hits - ${rule.free})) as delay
      from rate_limit_buckets
      where key = ${rule.key}
        and hits >= ${rule.free}
        and window_start > now() - make_interval(secs => ${FORGET_AFTER_SECONDS})
      for update
    ), claimed as (
      update rate_limit_buckets b set window_start = now()
      from old
      where b.key = old.key and old.window_start <= now() - make_interval(secs => old.delay)
      returning b.key
    )
    select (select count(*) from claimed)::int as claimed,
      greatest(1, ceil(extract(epoch from (window_start + make_interval(secs => delay) - now()))))::int as retry_after
    from old`);
  const row = (result as unknown as { rows: { claimed: number; retry_after: number }[] }).rows[0];
  if (row && Number(row.claimed) === 0)
    throw new AppError('RATE_LIMITED', { retryAfter: Number(row.retry_after) });
}

/** Counts one failure (a day-old streak starts again at one). */
export async function recordBackoffFailure(db: Database, rule: BackoffRule): Promise<void> {
  await db.execute(sql`
    insert into rate_limit_buckets as b (key, window_start, hits)
    values (${rule.key}, now(), 1)
    on conflict (key) do update set
      hits = case when b.window_start <= now() - make_interval(secs => ${FORGET_AFTER_SECONDS}) then 1 else b.hits + 1 end,
      window_start = now()`);
}

/** A success: the streak is over. */
export async function clearBackoff(db: Database, rule: BackoffRule): Promise<void> {
  await db.execute(sql`delete from rate_limit_buckets where key = ${rule.key}`);
}

/** Hands back one hit of the current window (a try that turned out to be no failure). */
export async function refundRateLimit(db: Database, rule: RateLimitRule): Promise<void> {
  await db.execute(sql`
    update rate_limit_buckets set hits = greatest(0, hits - 1)
    where key = ${rule.key} and window_start > now() - make_interval(secs => ${rule.windowSeconds})`);
}
