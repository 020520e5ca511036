import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rewards } from '../../db/schema/index.ts';

/** Deleted rewards keep no reservation of a tier being removed. */
export async function clearDeletedRewardsReservation(
  db: Executor,
  merchantId: number,
  tierIds: string[],
): Promise<void> {
  if (tierIds.length === 0) return;
  await db
    .update(rewards)
    .set({ minTierId: null })
    .where(
      and(
        eq(rewards.merchantId, merchantId),
        inArray(rewards.minTierId, tierIds),
        isNotNull(rewards.deletedAt),
      ),
    );
}
