import { and, asc, desc, eq, gt, gte, inArray, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { merchants, webhookDeadLetters, webhookEvents } from '../../db/schema/index.ts';
import { deleteJournal } from '../engine/index.ts';
import { deleteMerchant } from '../merchants/index.ts';

/** The uninstall purge's queries (store-purge.ts): a store Salla no longer runs Nuqat on. */

/**
 * Stores still uninstalled whose uninstall is older than `cutoff`: candidates for the purge,
 * by id after `after` (each is checked again, under its lock, by purgeStoreIfSilent).
 */
export async function findPurgeCandidates(
  db: Executor,
  options: { cutoff: Date; after: number; limit: number; merchantIds?: number[] },
): Promise<number[]> {
  const rows = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(
      and(
        eq(merchants.installStatus, 'uninstalled'),
        lt(merchants.uninstalledAt, options.cutoff),
        gt(merchants.id, options.after),
        options.merchantIds ? inArray(merchants.id, options.merchantIds) : undefined,
      ),
    )
    .orderBy(asc(merchants.id))
    .limit(options.limit);
  return rows.map((r) => r.id);
}

/**
 * Deletes the store with all its data if it is still uninstalled since before `cutoff` and no
 * webhook for it was received since `cutoff`: the merchant row cascades to its login,
 * customers, ledger, lots, orders, rules, rewards and redemptions; its stored webhooks and dead
 * letters (which hold shopper details) go too. The row is locked first, as the webhook path locks an
 * uninstalled store's row, so an event arriving meanwhile either is seen here (and keeps the
 * store) or comes after the store is gone. Safe to run twice or from two instances at once.
 */
export async function purgeStoreIfSilent(
  db: Executor,
  merchantId: number,
  cutoff: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [store] = await tx
      .select({ id: merchants.id })
      .from(merchants)
      .where(
        and(
          eq(merchants.id, merchantId),
          eq(merchants.installStatus, 'uninstalled'),
          lt(merchants.uninstalledAt, cutoff),
        ),
      )
      .for('update');
    if (!store) return false;
    // The newest event stored for the store (ids grow with time; the primary key finds it).
    const [latest] = await tx
      .select({ receivedAt: webhookEvents.receivedAt })
      .from(webhookEvents)
      .where(eq(webhookEvents.merchantId, merchantId))
      .orderBy(desc(webhookEvents.id))
      .limit(1);
    if (latest && latest.receivedAt >= cutoff) return false;
    // A delivery for it that did not fit the schema was heard too.
    const [dead] = await tx
      .select({ id: webhookDeadLetters.id })
      .from(webhookDeadLetters)
      .where(
        and(
          eq(webhookDeadLetters.merchantId, merchantId),
          gte(webhookDeadLetters.lastReceivedAt, cutoff),
        ),
      )
      .limit(1);
    if (dead) return false;
    await deleteJournal(tx, merchantId);
    await tx.delete(webhookDeadLetters).where(eq(webhookDeadLetters.merchantId, merchantId));
    await deleteMerchant(tx, merchantId);
    return true;
  });
}
