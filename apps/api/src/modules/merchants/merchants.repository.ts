import { and, eq, sql } from 'drizzle-orm';
import type { SocialLinks } from '@nuqat/contracts';
import type { Executor } from '../../db/client.ts';
import { merchants, planUsage } from '../../db/schema/index.ts';

export type MerchantRow = typeof merchants.$inferSelect;
export type NewMerchantRow = typeof merchants.$inferInsert;

export async function findMerchantById(
  db: Executor,
  merchantId: number,
): Promise<MerchantRow | undefined> {
  const [row] = await db.select().from(merchants).where(eq(merchants.id, merchantId)).limit(1);
  return row;
}

/** The one lookup that is not scoped by merchant: login starts from an e-mail. */
export async function findMerchantByEmail(
  db: Executor,
  email: string,
): Promise<MerchantRow | undefined> {
  const [row] = await db.select().from(merchants).where(eq(merchants.email, email)).limit(1);
  return row;
}

export async function insertMerchant(db: Executor, values: NewMerchantRow): Promise<MerchantRow> {
  const [row] = await db.insert(merchants).values(values).returning();
  return row!;
}

export async function updateMerchantPassword(
  db: Executor,
  merchantId: number,
  passwordHash: string,
): Promise<void> {
  await db
    .update(merchants)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(and(eq(merchants.id, merchantId)));
}

/** The month's usage, summed over the engine's plan-usage slots (engine/plan-usage.repository.ts). */
export async function findPlanUsage(
  db: Executor,
  merchantId: number,
  periodStart: Date,
): Promise<{ ordersCounted: number; ordersOverLimit: number } | undefined> {
  const [row] = await db
    .select({
      slots: sql<string>`count(*)`,
      ordersCounted: sql<string>`coalesce(sum(${planUsage.ordersCounted}), 0)`,
      ordersOverLimit: sql<string>`coalesce(sum(${planUsage.ordersOverLimit}), 0)`,
    })
    .from(planUsage)
    .where(and(eq(planUsage.merchantId, merchantId), eq(planUsage.periodStart, periodStart)));
  if (!row || Number(row.slots) === 0) return undefined;
  return { ordersCounted: Number(row.ordersCounted), ordersOverLimit: Number(row.ordersOverLimit) };
}

export async function updateMerchantSettings(
  db: Executor,
  merchantId: number,
  values: {
    pointsExpiryDays?: number | null;
    pointsSpendableOn?: string[];
    pointsHoldDays?: number;
    forgiveSpentClawbacks?: boolean;
    monthlyReportEmail?: boolean;
  },
): Promise<MerchantRow | undefined> {
  // Only the settings sent change: Drizzle would otherwise write undefined as "no change" anyway,
  // but an explicit copy keeps a null expiry (never) apart from a missing one.
  const set: Partial<typeof merchants.$inferInsert> = {};
  if (values.pointsExpiryDays !== undefined) set.pointsExpiryDays = values.pointsExpiryDays;
  if (values.pointsSpendableOn !== undefined) set.pointsSpendableOn = values.pointsSpendableOn;
  if (values.pointsHoldDays !== undefined) set.pointsHoldDays = values.pointsHoldDays;
  if (values.forgiveSpentClawbacks !== undefined)
    set.forgiveSpentClawbacks = values.forgiveSpentClawbacks;
  if (values.monthlyReportEmail !== undefined) set.monthlyReportEmail = values.monthlyReportEmail;
  const [row] = await db
    .update(merchants)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(merchants.id, merchantId))
    .returning();
  return row;
}

/** The store's social links (docs/decisions/052). */
export async function updateSocialLinks(db: Executor, merchantId: number, links: SocialLinks) {
  const [row] = await db
    .update(merchants)
    .set({ socialLinks: links, updatedAt: sql`now()` })
    .where(eq(merchants.id, merchantId))
    .returning({ socialLinks: merchants.socialLinks });
  return row;
}

export async function lockMerchant(
  db: Executor,
  merchantId: number,
): Promise<MerchantRow | undefined> {
  const [row] = await db.select().from(merchants).where(eq(merchants.id, merchantId)).for('update');
  return row;
}

/** Creates a bare merchant row the first time any event names the store (events arrive in any order). */
export async function ensureMerchant(db: Executor, merchantId: number): Promise<void> {
  await db
    .insert(merchants)
    .values({ id: merchantId, storeName: `Salla store ${merchantId}` })
    .onConflictDoNothing({ target: merchants.id });
}

/** The language the owner signed in with: their own mails use it (docs/decisions/050). */
export async function recordMerchantLanguage(
  db: Executor,
  merchantId: number,
  language: 'ar' | 'en',
): Promise<void> {
  await db
    .update(merchants)
    .set({ language })
    .where(and(eq(merchants.id, merchantId), sql`${merchants.language} <> ${language}`));
}
