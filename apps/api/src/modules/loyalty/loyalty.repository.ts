import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { loyaltyRules, merchants, type RuleEvent } from '../../db/schema/index.ts';

export type LoyaltyRuleRow = typeof loyaltyRules.$inferSelect;

export interface LoyaltyRuleValues {
  event: RuleEvent;
  points: number;
  minRating: number | null;
  requiredPurchases: number | null;
  minOrderTotalHalalas: number | null;
  spendUnitHalalas: number | null;
  maxPerCustomer: number | null;
}

export async function findLoyaltyRules(
  db: Executor,
  merchantId: number,
): Promise<LoyaltyRuleRow[]> {
  return db.select().from(loyaltyRules).where(eq(loyaltyRules.merchantId, merchantId));
}

/** One row per (store, event): saving a method again replaces what it had. */
export async function upsertLoyaltyRule(
  db: Executor,
  merchantId: number,
  values: LoyaltyRuleValues,
): Promise<LoyaltyRuleRow> {
  const { event, ...fields } = values;
  const [row] = await db
    .insert(loyaltyRules)
    .values({ merchantId, event, ...fields })
    .onConflictDoUpdate({
      target: [loyaltyRules.merchantId, loyaltyRules.event],
      set: { ...fields, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

export async function findProgrammeEnabled(
  db: Executor,
  merchantId: number,
): Promise<boolean | undefined> {
  const [row] = await db
    .select({ enabled: merchants.programmeEnabled })
    .from(merchants)
    .where(eq(merchants.id, merchantId))
    .limit(1);
  return row?.enabled;
}
