import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customers, pointsLedger, pointsLots, type LedgerKind } from '../../db/schema/index.ts';

export type LedgerRow = typeof pointsLedger.$inferSelect;
export type LotRow = typeof pointsLots.$inferSelect;

export interface NewLedgerRow {
  merchantId: number;
  customerId: number;
  delta: number;
  kind: LedgerKind;
  sourceType: string;
  sourceId: string;
  ruleEvent?: string | null;
  idempotencyKey: string;
  expiresAt?: Date | null;
  shortfall?: number;
  /** How the row moves what the shopper owes (docs/decisions/027). */
  debtDelta?: number;
  note?: string | null;
  createdAt?: Date;
}

/** Inserts the row unless its idempotency key was used before; returns null for a repeat. */
export async function insertLedgerRow(db: Executor, row: NewLedgerRow): Promise<LedgerRow | null> {
  const [inserted] = await db
    .insert(pointsLedger)
    .values(row)
    .onConflictDoNothing({ target: [pointsLedger.merchantId, pointsLedger.idempotencyKey] })
    .returning();
  return inserted ?? null;
}

export async function insertLot(db: Executor, lot: typeof pointsLots.$inferInsert): Promise<void> {
  await db.insert(pointsLots).values(lot);
}

/** Locks the customer's row for the rest of the transaction and returns the balance. */
export async function lockCustomerBalance(
  db: Executor,
  merchantId: number,
  customerId: number,
): Promise<number | null> {
  const [row] = await db
    .select({ balance: customers.pointsBalance })
    .from(customers)
    .where(and(eq(customers.merchantId, merchantId), eq(customers.id, customerId)))
    .for('update');
  return row ? row.balance : null;
}

/**
 * Locks the customer's row for the rest of the transaction and returns the balance, what they
 * owe and what they spent on coupons, net of coupons given back (docs/decisions/027).
 */
export async function lockCustomerPoints(
  db: Executor,
  merchantId: number,
  customerId: number,
): Promise<{ balance: number; debt: number; redeemed: number } | null> {
  const [row] = await db
    .select({
      balance: customers.pointsBalance,
      debt: customers.pointsDebt,
      redeemed: customers.lifetimeRedeemed,
    })
    .from(customers)
    .where(and(eq(customers.merchantId, merchantId), eq(customers.id, customerId)))
    .for('update');
  return row ?? null;
}

/** Moves what the shopper owes by one ledger row's debt_delta. */
export async function addToDebt(
  db: Executor,
  merchantId: number,
  customerId: number,
  delta: number,
): Promise<void> {
  await db
    .update(customers)
    .set({ pointsDebt: sql`${customers.pointsDebt} + ${delta}`, updatedAt: sql`now()` })
    .where(and(eq(customers.merchantId, merchantId), eq(customers.id, customerId)));
}

/** Of these shoppers (already locked), the ones who owe points, and how many. */
export async function findDebtors(
  db: Executor,
  merchantId: number,
  customerIds: number[],
): Promise<Map<number, number>> {
  if (customerIds.length === 0) return new Map();
  const rows = await db
    .select({ id: customers.id, debt: customers.pointsDebt })
    .from(customers)
    .where(
      and(
        eq(customers.merchantId, merchantId),
        inArray(customers.id, customerIds),
        gt(customers.pointsDebt, 0),
      ),
    );
  return new Map(rows.map((r) => [r.id, r.debt]));
}

/**
 * Moves the cached balance by one ledger row's delta, and the lifetime figures the customers list
 * shows: earned counts every credit except a redemption rolled back; redeemed counts redemptions
 * less their rollbacks (as the insights rollups do).
 */
export async function addToBalance(
  db: Executor,
  merchantId: number,
  customerId: number,
  delta: number,
  kind: LedgerKind,
): Promise<void> {
  const earned = delta > 0 && kind !== 'redeem_rollback' ? delta : 0;
  const redeemed = kind === 'redeem' || kind === 'redeem_rollback' ? -delta : 0;
  await db
    .update(customers)
    .set({
      pointsBalance: sql`${customers.pointsBalance} + ${delta}`,
      ...(earned !== 0 ? { lifetimeEarned: sql`${customers.lifetimeEarned} + ${earned}` } : {}),
      ...(redeemed !== 0
        ? { lifetimeRedeemed: sql`${customers.lifetimeRedeemed} + ${redeemed}` }
        : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(customers.merchantId, merchantId), eq(customers.id, customerId)));
}

/** Open lots in the order debits consume them: a preferred source first, then soonest expiry, then oldest. */
export async function findOpenLots(
  db: Executor,
  merchantId: number,
  customerId: number,
  prefer?: { sourceType: string; sourceId: string },
): Promise<LotRow[]> {
  const preferred = prefer
    ? sql`case when ${pointsLots.sourceType} = ${prefer.sourceType} and ${pointsLots.sourceId} = ${prefer.sourceId} then 0 else 1 end`
    : sql`1`;
  return db
    .select()
    .from(pointsLots)
    .where(
      and(
        eq(pointsLots.merchantId, merchantId),
        eq(pointsLots.customerId, customerId),
        gt(pointsLots.remaining, 0),
      ),
    )
    .orderBy(
      preferred,
      sql`${pointsLots.expiresAt} asc nulls last`,
      asc(pointsLots.createdAt),
      asc(pointsLots.ledgerId),
    )
    .for('update');
}

export async function setLotRemaining(
  db: Executor,
  merchantId: number,
  ledgerId: number,
  remaining: number,
): Promise<void> {
  await db
    .update(pointsLots)
    .set({ remaining })
    .where(and(eq(pointsLots.merchantId, merchantId), eq(pointsLots.ledgerId, ledgerId)));
}

/**
 * What each source is accounted to have given — Σdelta − Σshortfall (forgiven shortfalls count as
 * taken) and its number of rows — for every (type, id) pair of the lists, in one query. Keyed
 * `${sourceType}:${sourceId}`; a source with no rows is absent.
 */
export async function accountedForSources(
  db: Executor,
  merchantId: number,
  sourceTypes: string[],
  sourceIds: string[],
): Promise<Map<string, { net: number; rows: number }>> {
  const found = new Map<string, { net: number; rows: number }>();
  if (sourceIds.length === 0) return found;
  const rows = await db
    .select({
      sourceType: pointsLedger.sourceType,
      sourceId: pointsLedger.sourceId,
      net: sql<string>`coalesce(sum(${pointsLedger.delta} - ${pointsLedger.shortfall}), 0)`,
      rows: sql<string>`count(*)`,
    })
    .from(pointsLedger)
    .where(
      and(
        eq(pointsLedger.merchantId, merchantId),
        inArray(pointsLedger.sourceType, sourceTypes),
        inArray(pointsLedger.sourceId, sourceIds),
      ),
    )
    .groupBy(pointsLedger.sourceType, pointsLedger.sourceId);
  for (const row of rows) {
    found.set(`${row.sourceType}:${row.sourceId}`, {
      net: Number(row.net),
      rows: Number(row.rows),
    });
  }
  return found;
}

/** How many times the customer has earned from a rule (for per-customer caps on one-off rules). */
export async function countRuleEarns(
  db: Executor,
  merchantId: number,
  customerId: number,
  ruleEvent: string,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`count(*)` })
    .from(pointsLedger)
    .where(
      and(
        eq(pointsLedger.merchantId, merchantId),
        eq(pointsLedger.customerId, customerId),
        eq(pointsLedger.ruleEvent, ruleEvent),
        eq(pointsLedger.kind, 'earn'),
      ),
    );
  return Number(row?.n ?? 0);
}

export async function findExpiredLots(db: Executor, now: Date, limit: number): Promise<LotRow[]> {
  return db
    .select()
    .from(pointsLots)
    .where(and(gt(pointsLots.remaining, 0), lte(pointsLots.expiresAt, now)))
    .orderBy(asc(pointsLots.expiresAt))
    .limit(limit);
}

/** One lot; `forUpdate` locks it for the rest of the transaction. */
export async function findLot(
  db: Executor,
  merchantId: number,
  ledgerId: number,
  options: { forUpdate?: boolean } = {},
): Promise<LotRow | undefined> {
  const query = db
    .select()
    .from(pointsLots)
    .where(and(eq(pointsLots.merchantId, merchantId), eq(pointsLots.ledgerId, ledgerId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}
