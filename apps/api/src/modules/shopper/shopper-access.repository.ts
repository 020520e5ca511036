import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { shopperCodes, shopperSessions } from '../../db/schema/index.ts';

/** Ends the shopper's way in: sign-in codes deleted, sessions revoked; the sessions ended. */
export async function endShopperAccess(
  db: Executor,
  merchantId: number,
  customerId: number,
  at: Date,
): Promise<number> {
  await db
    .delete(shopperCodes)
    .where(and(eq(shopperCodes.merchantId, merchantId), eq(shopperCodes.customerId, customerId)));
  const ended = await db
    .update(shopperSessions)
    .set({ revokedAt: at })
    .where(
      and(
        eq(shopperSessions.merchantId, merchantId),
        eq(shopperSessions.customerId, customerId),
        sql`${shopperSessions.revokedAt} is null`,
      ),
    )
    .returning({ id: shopperSessions.id });
  return ended.length;
}
