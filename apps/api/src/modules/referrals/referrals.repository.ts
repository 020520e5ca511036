import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { referralSettings } from '../../db/schema/index.ts';

export type ReferralSettingsRow = typeof referralSettings.$inferSelect;
export type ReferralSettingsValues = Omit<typeof referralSettings.$inferInsert, 'merchantId'>;

export async function findReferralSettings(
  db: Executor,
  merchantId: number,
): Promise<ReferralSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(referralSettings)
    .where(eq(referralSettings.merchantId, merchantId));
  return row;
}

/** Writes the whole programme in one statement (a first save creates the row). */
export async function upsertReferralSettings(
  db: Executor,
  merchantId: number,
  values: ReferralSettingsValues,
): Promise<ReferralSettingsRow> {
  const [row] = await db
    .insert(referralSettings)
    .values({ merchantId, ...values, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: referralSettings.merchantId,
      set: { ...values, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

/**
 * Switches the programme on or off and nothing else; a store with no row yet gets the given
 * defaults with that state.
 */
export async function setReferralActive(
  db: Executor,
  merchantId: number,
  isActive: boolean,
  defaults: ReferralSettingsValues,
): Promise<ReferralSettingsRow> {
  const [row] = await db
    .insert(referralSettings)
    .values({ merchantId, ...defaults, isActive, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: referralSettings.merchantId,
      set: { isActive, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}
