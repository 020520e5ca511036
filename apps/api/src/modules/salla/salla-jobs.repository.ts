import { and, asc, eq, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { merchants } from '../../db/schema/index.ts';

/**
 * The Salla jobs' queries. Like the other scheduled jobs they look across stores, so these are
 * the only merchant queries here not scoped to one store.
 */

export interface DueToken {
  merchantId: number;
  expiresAt: Date;
}

/** Only these stores, when a job is run for some stores on request. */
const onlyStores = (merchantIds: number[] | undefined) =>
  merchantIds ? inArray(merchants.id, merchantIds) : undefined;

/**
 * Installed stores, not waiting for a reinstall, whose access token expires before `before`,
 * soonest first, after the keyset `after` (so a store that keeps failing is not met twice in a run).
 */
export async function findStoresWithTokensExpiringBefore(
  db: Executor,
  options: { before: Date; after: DueToken | null; limit: number; merchantIds?: number[] },
): Promise<DueToken[]> {
  const { before, after, limit } = options;
  const rows = await db
    .select({ merchantId: merchants.id, expiresAt: merchants.sallaTokenExpiresAt })
    .from(merchants)
    .where(
      and(
        eq(merchants.installStatus, 'installed'),
        eq(merchants.needsReinstall, false),
        isNotNull(merchants.sallaRefreshToken),
        lt(merchants.sallaTokenExpiresAt, before),
        onlyStores(options.merchantIds),
        after
          ? sql`(${merchants.sallaTokenExpiresAt}, ${merchants.id}) > (${after.expiresAt.toISOString()}::timestamptz, ${after.merchantId})`
          : undefined,
      ),
    )
    .orderBy(asc(merchants.sallaTokenExpiresAt), asc(merchants.id))
    .limit(limit);
  return rows.map((r) => ({ merchantId: r.merchantId, expiresAt: r.expiresAt! }));
}

/** Stores whose owner profile is due to be fetched (again), longest waiting first. */
export async function findStoresWithProfileDue(
  db: Executor,
  options: { now: Date; limit: number; merchantIds?: number[] },
): Promise<number[]> {
  const rows = await db
    .select({ merchantId: merchants.id })
    .from(merchants)
    .where(and(lte(merchants.profileFetchNextAt, options.now), onlyStores(options.merchantIds)))
    .orderBy(asc(merchants.profileFetchNextAt), asc(merchants.id))
    .limit(options.limit);
  return rows.map((r) => r.merchantId);
}

/**
 * Takes the store's due profile fetch as attempt `attempt`, and pushes its next try to `retryAt`
 * at once, so a crash mid-fetch still retries, and two workers never fetch the same attempt:
 * the update only matches while the fetch is due and no one else has counted this attempt.
 */
export async function claimProfileFetch(
  db: Executor,
  options: { merchantId: number; now: Date; attempt: number; retryAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(merchants)
    .set({
      profileFetchNextAt: options.retryAt,
      profileFetchAttempts: options.attempt,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(merchants.id, options.merchantId),
        lte(merchants.profileFetchNextAt, options.now),
        eq(merchants.profileFetchAttempts, options.attempt - 1),
      ),
    )
    .returning({ id: merchants.id });
  return rows.length > 0;
}

export interface SealedTokens {
  merchantId: number;
  accessToken: string | null;
  refreshToken: string | null;
}

/** Stores with a Salla token still sealed the old way (`v1.`), by id after `afterId`. */
export async function findStoresWithLegacySealedTokens(
  db: Executor,
  options: { afterId: number; limit: number },
): Promise<SealedTokens[]> {
  return db
    .select({
      merchantId: merchants.id,
      accessToken: merchants.sallaAccessToken,
      refreshToken: merchants.sallaRefreshToken,
    })
    .from(merchants)
    .where(
      and(
        sql`${merchants.id} > ${options.afterId}`,
        sql`(${merchants.sallaAccessToken} like 'v1.%' or ${merchants.sallaRefreshToken} like 'v1.%')`,
      ),
    )
    .orderBy(asc(merchants.id))
    .limit(options.limit);
}

/**
 * Writes the store's tokens sealed anew, only if they are still the ones read: a refresh that
 * wrote new tokens meanwhile wins (and sealed them the new way already).
 */
export async function replaceSealedTokens(
  db: Executor,
  from: SealedTokens,
  to: Pick<SealedTokens, 'accessToken' | 'refreshToken'>,
): Promise<boolean> {
  const same = (
    column: typeof merchants.sallaAccessToken | typeof merchants.sallaRefreshToken,
    value: string | null,
  ) => (value === null ? sql`${column} is null` : sql`${column} = ${value}`);
  const rows = await db
    .update(merchants)
    .set({ sallaAccessToken: to.accessToken, sallaRefreshToken: to.refreshToken })
    .where(
      and(
        eq(merchants.id, from.merchantId),
        same(merchants.sallaAccessToken, from.accessToken),
        same(merchants.sallaRefreshToken, from.refreshToken),
      ),
    )
    .returning({ id: merchants.id });
  return rows.length > 0;
}
