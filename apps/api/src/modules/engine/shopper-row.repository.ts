import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customers, NO_TIER_ID } from '../../db/schema/index.ts';

/**
 * What other modules change on a shopper's row, one named operation each: the engine owns the
 * table (docs/decisions/016).
 */

/** Removes the shopper's personal fields for good (a privacy request: docs/decisions/029). */
export async function eraseShopperProfile(
  db: Executor,
  merchantId: number,
  customerId: number,
  at: Date,
): Promise<void> {
  await db
    .update(customers)
    .set({
      firstName: '',
      lastName: '',
      email: null,
      mobile: null,
      avatar: null,
      birthday: null,
      birthdaySetAt: null,
      // An erased customer is in no tier and never worked out again (nuqat_tier_recompute).
      tierId: sql`case when ${customers.tierId} is null then null else ${NO_TIER_ID}::uuid end`,
      tierBelowSince: null,
      erasedAt: sql`coalesce(${customers.erasedAt}, ${at.toISOString()}::timestamptz)`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(customers.merchantId, merchantId), eq(customers.id, customerId)));
}

/**
 * The language the customer reads, kept for the e-mails sent to them later (decision 023); a
 * write only when it changed.
 */
export async function setCustomerLanguage(
  db: Executor,
  merchantId: number,
  customerId: number,
  language: 'ar' | 'en',
): Promise<void> {
  await db
    .update(customers)
    .set({ language })
    .where(
      and(
        eq(customers.merchantId, merchantId),
        eq(customers.id, customerId),
        sql`${customers.language} <> ${language}`,
      ),
    );
}

/** Marks the customer unsubscribed from the store's e-mails (the first time counts). */
export async function setCustomerUnsubscribed(
  db: Executor,
  merchantId: number,
  customerId: number,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(customers)
    .set({
      notificationsUnsubscribedAt: sql`coalesce(${customers.notificationsUnsubscribedAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(and(eq(customers.merchantId, merchantId), eq(customers.id, customerId)))
    .returning({ id: customers.id });
  return rows.length > 0;
}
