import type { Executor } from '../../db/client.ts';
import type { LedgerKind } from '../../db/schema/index.ts';
import {
  addToBalance,
  addToDebt,
  findDebtors,
  findOpenLots,
  insertLedgerRow,
  insertLot,
  lockCustomerBalance,
  lockCustomerPoints,
  findLot,
  setLotRemaining,
  type LedgerRow,
} from './ledger.repository.ts';
import { creditMany, findNotesOf, setLedgerNote } from './ledger-bulk.repository.ts';

/**
 * The only writer of points. Every change is one ledger row plus the cached balance, in the
 * caller's transaction; the idempotency key makes a repeated call a no-op. Debits take from lots
 * (FIFO by expiry) and never take the balance below zero: what they cannot take is recorded as a
 * shortfall on the row, and either forgiven (docs/decisions/005) or owed (docs/decisions/027).
 * What a shopper owes is repaid from the next credit, in the same transaction, so a shopper who
 * owes points never has any to spend.
 */

export interface LedgerEntry {
  merchantId: number;
  customerId: number;
  sourceType: string;
  sourceId: string;
  idempotencyKey: string;
  ruleEvent?: string | null;
  note?: string | null;
  at: Date;
}

/**
 * What becomes of the part of a debit the balance cannot cover: forgiven; owed; or owed as far as
 * the shopper's spending on coupons explains it (`owe_spent`, a clawback: points that expired
 * or were never spent gave the shopper nothing, so they are forgiven, docs/decisions/027).
 */
export type Shortfall = 'forgive' | 'owe' | 'owe_spent';

/** Takes `points` from the shopper's open lots: a preferred source first, then soonest expiry. */
async function takeFromLots(
  tx: Executor,
  merchantId: number,
  customerId: number,
  points: number,
  prefer?: { sourceType: string; sourceId: string },
): Promise<void> {
  let left = points;
  for (const lot of await findOpenLots(tx, merchantId, customerId, prefer)) {
    if (left === 0) break;
    const used = Math.min(lot.remaining, left);
    await setLotRemaining(tx, merchantId, lot.ledgerId, lot.remaining - used);
    left -= used;
  }
  // Lots always sum to the balance; a mismatch means the ledger was written around this module.
  if (left !== 0) throw new Error(`lots of customer ${customerId} do not cover the balance`);
}

/**
 * Repays what the shopper owes from a credit just written (`debt_repay:{credit}`): a clawback
 * taken late, from that credit's points.
 */
async function repayDebt(
  tx: Executor,
  at: { merchantId: number; customerId: number; at: Date },
  credit: { id: number },
  points: number,
): Promise<number> {
  const row = await insertLedgerRow(tx, {
    merchantId: at.merchantId,
    customerId: at.customerId,
    delta: -points,
    debtDelta: -points,
    kind: 'clawback',
    sourceType: 'debt',
    sourceId: String(credit.id),
    idempotencyKey: `debt_repay:${credit.id}`,
    createdAt: at.at,
  });
  if (!row) return 0;
  await takeFromLots(tx, at.merchantId, at.customerId, points);
  await addToBalance(tx, at.merchantId, at.customerId, -points, 'clawback');
  await addToDebt(tx, at.merchantId, at.customerId, -points);
  return points;
}

export async function creditPoints(
  tx: Executor,
  entry: LedgerEntry & { points: number; kind?: LedgerKind; expiresAt?: Date | null },
): Promise<LedgerRow | null> {
  if (!Number.isSafeInteger(entry.points) || entry.points <= 0)
    throw new Error(`credit of ${entry.points} points`);
  const account = await lockCustomerPoints(tx, entry.merchantId, entry.customerId);
  if (account === null)
    throw new Error(`customer ${entry.customerId} of ${entry.merchantId} is not known`);
  const row = await insertLedgerRow(tx, {
    merchantId: entry.merchantId,
    customerId: entry.customerId,
    delta: entry.points,
    kind: entry.kind ?? 'earn',
    sourceType: entry.sourceType,
    sourceId: entry.sourceId,
    ruleEvent: entry.ruleEvent ?? null,
    idempotencyKey: entry.idempotencyKey,
    expiresAt: entry.expiresAt ?? null,
    note: entry.note ?? null,
    createdAt: entry.at,
  });
  if (!row) return null;
  await insertLot(tx, {
    merchantId: entry.merchantId,
    ledgerId: row.id,
    customerId: entry.customerId,
    sourceType: entry.sourceType,
    sourceId: entry.sourceId,
    amount: entry.points,
    remaining: entry.points,
    expiresAt: entry.expiresAt ?? null,
    createdAt: entry.at,
  });
  await addToBalance(tx, entry.merchantId, entry.customerId, entry.points, entry.kind ?? 'earn');
  if (account.debt > 0) await repayDebt(tx, entry, row, Math.min(entry.points, account.debt));
  return row;
}

/**
 * Takes up to `points`; the part the balance cannot cover is the row's shortfall, forgiven or
 * (`shortfall`) added in part or whole to what the shopper owes.
 */
export async function debitPoints(
  tx: Executor,
  entry: LedgerEntry & {
    points: number;
    kind: LedgerKind;
    preferOwnLots?: boolean;
    shortfall?: Shortfall;
  },
): Promise<LedgerRow | null> {
  if (!Number.isSafeInteger(entry.points) || entry.points <= 0)
    throw new Error(`debit of ${entry.points} points`);
  const account = await lockCustomerPoints(tx, entry.merchantId, entry.customerId);
  if (account === null)
    throw new Error(`customer ${entry.customerId} of ${entry.merchantId} is not known`);
  const take = Math.min(account.balance, entry.points);
  const uncovered = entry.points - take;
  // Coupons bought and not given back, less what is owed for them already: the most that spent
  // points can explain.
  const owed =
    entry.shortfall === 'owe'
      ? uncovered
      : entry.shortfall === 'owe_spent'
        ? Math.min(uncovered, Math.max(0, account.redeemed - account.debt))
        : 0;
  const row = await insertLedgerRow(tx, {
    merchantId: entry.merchantId,
    customerId: entry.customerId,
    delta: -take,
    kind: entry.kind,
    sourceType: entry.sourceType,
    sourceId: entry.sourceId,
    ruleEvent: entry.ruleEvent ?? null,
    idempotencyKey: entry.idempotencyKey,
    shortfall: entry.points - take,
    debtDelta: owed,
    note: entry.note ?? null,
    createdAt: entry.at,
  });
  if (!row) return row;
  if (owed > 0) await addToDebt(tx, entry.merchantId, entry.customerId, owed);
  if (take === 0) return row;
  await takeFromLots(
    tx,
    entry.merchantId,
    entry.customerId,
    take,
    entry.preferOwnLots ? { sourceType: entry.sourceType, sourceId: entry.sourceId } : undefined,
  );
  await addToBalance(tx, entry.merchantId, entry.customerId, -take, entry.kind);
  return row;
}

/**
 * The merchant lets a shopper off what they owe: one row that moves no points and clears the
 * debt (`kind` adjust, source `debt`), once per key. Null when they owed nothing or the key was
 * used before.
 */
export async function forgiveDebt(
  tx: Executor,
  entry: LedgerEntry,
): Promise<{ row: LedgerRow; points: number } | null> {
  const account = await lockCustomerPoints(tx, entry.merchantId, entry.customerId);
  if (account === null)
    throw new Error(`customer ${entry.customerId} of ${entry.merchantId} is not known`);
  if (account.debt === 0) return null;
  const row = await insertLedgerRow(tx, {
    merchantId: entry.merchantId,
    customerId: entry.customerId,
    delta: 0,
    debtDelta: -account.debt,
    kind: 'adjust',
    sourceType: entry.sourceType,
    sourceId: entry.sourceId,
    idempotencyKey: entry.idempotencyKey,
    note: entry.note ?? null,
    createdAt: entry.at,
  });
  if (!row) return null;
  await addToDebt(tx, entry.merchantId, entry.customerId, -account.debt);
  return { row, points: account.debt };
}

/** Expires what is left of one lot, once (points already spent are never expired). */
export async function expireLot(
  tx: Executor,
  merchantId: number,
  ledgerId: number,
  at: Date,
): Promise<number> {
  // The engine's lock order: the shopper first, then the lot (a clawback or a redemption of the
  // same shopper takes them in this order too, so the two never deadlock).
  const peek = await findLot(tx, merchantId, ledgerId);
  if (!peek) return 0;
  await lockCustomerBalance(tx, merchantId, peek.customerId);
  const lot = await findLot(tx, merchantId, ledgerId, { forUpdate: true });
  if (!lot || lot.remaining === 0 || !lot.expiresAt || lot.expiresAt > at) return 0;
  const row = await insertLedgerRow(tx, {
    merchantId,
    customerId: lot.customerId,
    delta: -lot.remaining,
    kind: 'expire',
    sourceType: 'lot',
    sourceId: String(ledgerId),
    idempotencyKey: `expire:${ledgerId}`,
    createdAt: at,
  });
  if (!row) return 0;
  await setLotRemaining(tx, merchantId, ledgerId, 0);
  await addToBalance(tx, merchantId, lot.customerId, -lot.remaining, 'expire');
  return lot.remaining;
}

/**
 * Credits of many shoppers in one go (an import), positive points only, each once per key. The
 * lifetime figures move as creditPoints moves them.
 */
export async function creditPointsMany(
  tx: Executor,
  merchantId: number,
  entries: Parameters<typeof creditMany>[2],
  at: Date,
): Promise<{ customerId: number; points: number }[]> {
  for (const e of entries)
    if (!Number.isSafeInteger(e.points) || e.points <= 0 || e.kind === 'redeem_rollback')
      throw new Error(`credit of ${e.points} points (${e.kind})`);
  const written = await creditMany(tx, merchantId, entries, at);
  // Shoppers who owe points repay them from these credits too (creditMany locked them).
  const debtors = await findDebtors(
    tx,
    merchantId,
    written.map((w) => w.customerId),
  );
  for (const w of written) {
    const debt = debtors.get(w.customerId) ?? 0;
    if (debt === 0) continue;
    const repaid = await repayDebt(
      tx,
      { merchantId, customerId: w.customerId, at },
      { id: w.ledgerId },
      Math.min(w.points, debt),
    );
    debtors.set(w.customerId, debt - repaid);
  }
  return written.map(({ customerId, points }) => ({ customerId, points }));
}

/**
 * Rewrites the notes of a shopper's ledger rows (an erasure takes their name and address out of a
 * merchant's reasons: docs/decisions/029). Points, kinds, keys and times never change.
 */
export async function rewriteLedgerNotes(
  tx: Executor,
  input: { merchantId: number; customerId: number; rewrite: (note: string) => string },
): Promise<number> {
  let changed = 0;
  for (const row of await findNotesOf(tx, input.merchantId, input.customerId)) {
    const note = input.rewrite(row.note);
    if (note === row.note) continue;
    await setLedgerNote(tx, input.merchantId, row.id, note);
    changed += 1;
  }
  return changed;
}
