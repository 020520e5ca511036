import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  merchantSessions,
  passwordResetCodes,
  sallaEmbeddedTokens,
} from '../../db/schema/index.ts';

export type SessionRow = typeof merchantSessions.$inferSelect;
export type ResetCodeRow = typeof passwordResetCodes.$inferSelect;

export async function insertSession(
  db: Executor,
  values: {
    merchantId: number;
    expiresAt: Date;
    userAgent: string | null;
    ip: string | null;
    kind?: SessionRow['kind'];
    sallaUserId?: number | null;
  },
): Promise<SessionRow> {
  const [row] = await db.insert(merchantSessions).values(values).returning();
  return row!;
}

export async function findSession(
  db: Executor,
  merchantId: number,
  sessionId: string,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(merchantSessions)
    .where(and(eq(merchantSessions.merchantId, merchantId), eq(merchantSessions.id, sessionId)))
    .limit(1);
  return row;
}

export async function revokeSession(
  db: Executor,
  merchantId: number,
  sessionId: string,
): Promise<void> {
  await db
    .update(merchantSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(merchantSessions.merchantId, merchantId),
        eq(merchantSessions.id, sessionId),
        isNull(merchantSessions.revokedAt),
      ),
    );
}

export async function revokeAllSessions(db: Executor, merchantId: number): Promise<number> {
  const rows = await db
    .update(merchantSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(merchantSessions.merchantId, merchantId), isNull(merchantSessions.revokedAt)))
    .returning({ id: merchantSessions.id });
  return rows.length;
}

/** Retires every open code of the merchant (one was used: the others have no purpose left). */
export async function consumeOpenResetCodes(db: Executor, merchantId: number): Promise<void> {
  await db
    .update(passwordResetCodes)
    .set({ consumedAt: sql`now()` })
    .where(
      and(eq(passwordResetCodes.merchantId, merchantId), isNull(passwordResetCodes.consumedAt)),
    );
}

export async function insertResetCode(
  db: Executor,
  values: { merchantId: number; id?: string; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetCodes).values(values);
}

/** The open code a request made (its id is the request's), row-locked like the newest. */
export async function lockResetCodeOfRequest(
  db: Executor,
  merchantId: number,
  requestId: string,
): Promise<ResetCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(passwordResetCodes)
    .where(
      and(
        eq(passwordResetCodes.merchantId, merchantId),
        eq(passwordResetCodes.id, requestId),
        isNull(passwordResetCodes.consumedAt),
      ),
    )
    .for('update');
  return row;
}

/** The merchant's newest open code, row-locked so tries are counted one at a time. */
export async function lockOpenResetCode(
  db: Executor,
  merchantId: number,
): Promise<ResetCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(passwordResetCodes)
    .where(
      and(eq(passwordResetCodes.merchantId, merchantId), isNull(passwordResetCodes.consumedAt)),
    )
    .orderBy(desc(passwordResetCodes.createdAt))
    .limit(1)
    .for('update');
  return row;
}

export async function updateResetCode(
  db: Executor,
  merchantId: number,
  id: string,
  values: Partial<Pick<ResetCodeRow, 'attempts' | 'unboundAttempts' | 'verifiedAt' | 'consumedAt'>>,
): Promise<void> {
  await db
    .update(passwordResetCodes)
    .set(values)
    .where(and(eq(passwordResetCodes.merchantId, merchantId), eq(passwordResetCodes.id, id)));
}

/**
 * Records a Salla dashboard token as used. False when it already was: the same token again, by
 * a replay or a second tab, opens nothing (decision 031).
 */
export async function claimEmbeddedToken(
  db: Executor,
  values: { merchantId: number; tokenHash: string; expiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(sallaEmbeddedTokens)
    .values(values)
    .onConflictDoNothing()
    .returning({ tokenHash: sallaEmbeddedTokens.tokenHash });
  return rows.length === 1;
}

/** Forgets used tokens past their expiry (they are refused for it anyway). */
export async function deleteEmbeddedTokensBefore(db: Executor, before: Date): Promise<number> {
  const rows = await db
    .delete(sallaEmbeddedTokens)
    .where(lt(sallaEmbeddedTokens.expiresAt, before))
    .returning({ tokenHash: sallaEmbeddedTokens.tokenHash });
  return rows.length;
}
