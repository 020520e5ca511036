import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { EarnActionEvent } from '@nuqat/contracts';
import type { Executor } from '../../db/client.ts';
import { earnActions } from '../../db/schema/index.ts';

export type EarnActionRow = typeof earnActions.$inferSelect;

/** The shopper's claimed actions. */
export function findShopperActions(db: Executor, merchantId: number, customerId: number) {
  return db
    .select()
    .from(earnActions)
    .where(and(eq(earnActions.merchantId, merchantId), eq(earnActions.customerId, customerId)));
}

/**
 * Records a claim once: the first of any number of concurrent claims inserts the row, the
 * others get undefined (the primary key is the shopper and the action).
 */
export async function insertClaim(
  db: Executor,
  row: Omit<EarnActionRow, 'creditedAt'>,
): Promise<EarnActionRow | undefined> {
  const [inserted] = await db.insert(earnActions).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function findAction(
  db: Executor,
  key: { merchantId: number; customerId: number; action: EarnActionEvent },
  options: { forUpdate?: boolean } = {},
) {
  const query = db
    .select()
    .from(earnActions)
    .where(
      and(
        eq(earnActions.merchantId, key.merchantId),
        eq(earnActions.customerId, key.customerId),
        eq(earnActions.action, key.action),
      ),
    );
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function markCredited(db: Executor, row: EarnActionRow, at: Date) {
  await db
    .update(earnActions)
    .set({ creditedAt: at })
    .where(
      and(
        eq(earnActions.merchantId, row.merchantId),
        eq(earnActions.customerId, row.customerId),
        eq(earnActions.action, row.action),
      ),
    );
}

/** Pending actions due by `now`, oldest first (optionally one shopper's). */
export function findDueActions(
  db: Executor,
  now: Date,
  limit: number,
  shopper?: { merchantId: number; customerId: number },
) {
  return db
    .select()
    .from(earnActions)
    .where(
      and(
        isNull(earnActions.creditedAt),
        lte(earnActions.availableAt, now),
        ...(shopper
          ? [
              eq(earnActions.merchantId, shopper.merchantId),
              eq(earnActions.customerId, shopper.customerId),
            ]
          : []),
      ),
    )
    .orderBy(asc(earnActions.availableAt))
    .limit(limit);
}
