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
    insert into rate_limit_buckets as b (key, window_start, hits, expires_at)
    values (${rule.key}, now(), 1, now() + make_interval(secs => ${rule.windowSeconds}))
    on conflict (key) do update set
      hits = case when b.window_start <= now() - make_interval(secs => ${rule.windowSeconds}) then 1 else b.hits + 1 end,
      window_start = case when b.window_start <= now() - make_interval(secs => ${rule.windowSeconds}) then now() else b.window_start end,
      expires_at = case when b.window_start <= now() - make_interval(secs => ${rule.windowSeconds}) then now() else b.window_start end
        + make_interval(secs => ${rule.windowSeconds})
    returning hits,
      greatest(1, ceil(extract(epoch from (window_start + make_interval(secs => ${rule.windowSeconds}) - now()))))::int as retry_after`);
  const row = (result as unknown as { rows: { hits: number; retry_after: number }[] }).rows[0]!;
  return { hits: Number(row.hits), retryAfter: Number(row.retry_after) };
}

/**
 * Counts one hit on each rule in order and throws RATE_LIMITED at the first one over its limit.
 * The rules after it are not counted: a refused request spends nobody's budget (put the
 * per-address rule first, so a flood refused there neither writes a counter per e-mail it names
 * nor uses up those e-mails' limits, decisions 025 and 026).
 */
export async function enforceRateLimits(db: Database, rules: RateLimitRule[]): Promise<void> {
  for (const rule of rules) {
    const hit = await hitRateLimit(db, rule);
    if (hit.hits > rule.limit) throw new AppError('RATE_LIMITED', { retryAfter: hit.retryAfter });
  }
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

/**
 * Deletes the rows that no longer count (their window or back-off streak is over), in batches
 * of `batchSize`, so one run never holds many row locks or a long transaction; rows being hit
 * right now are skipped and left for the next run. Returns how many rows went.
 */
export async function pruneRateLimits(
  db: Database,
  options: { batchSize?: number; maxBatches?: number } = {},
): Promise<number> {
  const batchSize = options.batchSize ?? 1000;
  const maxBatches = options.maxBatches ?? 1000;
  let deleted = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const result = await db.execute(sql`
      with doomed as (
        select key from rate_limit_buckets
        where expires_at < now()
        order by expires_at
        limit ${batchSize}
        for update skip locked
      )
      delete from rate_limit_buckets b using doomed
      where b.key = doomed.key and b.expires_at < now()
      returning 1`);
    const count = (result as unknown as { rows: unknown[] }).rows.length;
    deleted += count;
    if (count < batchSize) break;
  }
  return deleted;
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
      update rate_limit_buckets b
      set window_start = now(), expires_at = now() + make_interval(secs => ${FORGET_AFTER_SECONDS})
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
    insert into rate_limit_buckets as b (key, window_start, hits, expires_at)
    values (${rule.key}, now(), 1, now() + make_interval(secs => ${FORGET_AFTER_SECONDS}))
    on conflict (key) do update set
      hits = case when b.window_start <= now() - make_interval(secs => ${FORGET_AFTER_SECONDS}) then 1 else b.hits + 1 end,
      window_start = now(),
      expires_at = now() + make_interval(secs => ${FORGET_AFTER_SECONDS})`);
}

/** A success: the streak is over. */
export async function clearBackoff(db: Database, rule: BackoffRule): Promise<void> {
  await db.execute(sql`delete from rate_limit_buckets where key = ${rule.key}`);
}
