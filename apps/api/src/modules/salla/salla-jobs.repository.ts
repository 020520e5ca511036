import { and, asc, eq, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { merchants } from '../../db/schema/index.ts';
import type { SealedTokens } from '../merchants/index.ts';

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
