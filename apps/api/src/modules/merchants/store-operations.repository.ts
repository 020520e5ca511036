import { and, eq, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { merchants } from '../../db/schema/index.ts';
import type { NewMerchantRow } from './merchants.repository.ts';

/**
 * What other modules may change on a store's row, one named operation each (docs/decisions/016):
 * the merchants module owns the table, so no caller sets a column it was not meant to.
 */

async function update(db: Executor, merchantId: number, values: Partial<NewMerchantRow>) {
  await db
    .update(merchants)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(merchants.id, merchantId));
}

/** What an `app.trial.*` / `app.subscription.*` event says of the store's plan. */
export type SubscriptionChange = Required<
  Pick<NewMerchantRow, 'subscriptionStatus' | 'subscriptionEventAt'>
> &
  Partial<
    Pick<
      NewMerchantRow,
      'plan' | 'sallaPlanName' | 'subscriptionStartedAt' | 'subscriptionExpiresAt'
    >
  >;

export const recordSubscription = (db: Executor, merchantId: number, change: SubscriptionChange) =>
  update(db, merchantId, change);

/** The app is on the store (`app.installed`, or an authorization that installs it). */
export const markInstalled = (db: Executor, merchantId: number, at: Date) =>
  update(db, merchantId, { installStatus: 'installed', uninstalledAt: null, lifecycleEventAt: at });

/** The app left the store: its Salla tokens go with it. */
export const markUninstalled = (db: Executor, merchantId: number, at: Date) =>
  update(db, merchantId, {
    installStatus: 'uninstalled',
    uninstalledAt: at,
    lifecycleEventAt: at,
    sallaAccessToken: null,
    sallaRefreshToken: null,
    sallaTokenExpiresAt: null,
  });

/** Salla authorized the app (`app.store.authorize`): the owner's profile is fetched from `fetchAt`. */
export const recordAuthorization = (
  db: Executor,
  merchantId: number,
  input: { installs: boolean; at: Date; fetchProfileAt: Date },
) =>
  update(db, merchantId, {
    ...(input.installs
      ? { installStatus: 'installed' as const, uninstalledAt: null, lifecycleEventAt: input.at }
      : {}),
    sallaAuthorizedAt: input.at,
    profileFetchNextAt: input.fetchProfileAt,
    profileFetchAttempts: 0,
  });

/** The store as Salla describes it; the profile fetch is done. */
export type ProfileChange = Partial<
  Pick<NewMerchantRow, 'storeName' | 'storeUrl' | 'email' | 'storeLogoUrl' | 'storeContactEmail'>
>;

export const saveProfile = (db: Executor, merchantId: number, change: ProfileChange) =>
  update(db, merchantId, { ...change, profileFetchNextAt: null });

/** No more tries at the owner's profile (given up, or nothing left to fetch). */
export const stopProfileFetch = (db: Executor, merchantId: number) =>
  update(db, merchantId, { profileFetchNextAt: null });

/** The store's Salla tokens, sealed by the caller; a store with fresh tokens needs no reinstall. */
export const saveSallaTokens = (
  db: Executor,
  merchantId: number,
  tokens: Required<
    Pick<
      NewMerchantRow,
      'sallaAccessToken' | 'sallaRefreshToken' | 'sallaTokenExpiresAt' | 'sallaScope'
    >
  >,
) => update(db, merchantId, { ...tokens, needsReinstall: false });

/** Salla refused the store's refresh token: only a reinstall brings the connection back. */
export const markNeedsReinstall = (db: Executor, merchantId: number) =>
  update(db, merchantId, { needsReinstall: true });

/** The merchant switched the programme on or off; the value saved. */
export async function setProgrammeEnabled(
  db: Executor,
  merchantId: number,
  enabled: boolean,
): Promise<boolean | undefined> {
  const [row] = await db
    .update(merchants)
    .set({ programmeEnabled: enabled, updatedAt: sql`now()` })
    .where(eq(merchants.id, merchantId))
    .returning({ enabled: merchants.programmeEnabled });
  return row?.enabled;
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

/** Deletes the store's row, and with it (foreign keys) everything it owned: the uninstall purge. */
export async function deleteMerchant(db: Executor, merchantId: number): Promise<void> {
  await db.delete(merchants).where(eq(merchants.id, merchantId));
}
