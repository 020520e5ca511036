import type { Executor } from '../../db/client.ts';
import type { LedgerKind } from '../../db/schema/index.ts';
import {
  addToBalance,
  creditMany,
  findOpenLots,
  insertLedgerRow,
  insertLot,
  lockCustomerBalance,
  findLot,
  findNotesOf,
  setLedgerNote,
  setLotRemaining,
  type LedgerRow,
} from './ledger.repository.ts';

/**
 * The only writer of points. Every change is one ledger row plus the cached balance, in the
 * caller's transaction; the idempotency key makes a repeated call a no-op. Debits take from lots
 * (FIFO by expiry) and never take the balance below zero: what they cannot take is recorded as a
 * shortfall on the row and forgiven (docs/decisions/005).
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

export async function creditPoints(
  tx: Executor,
  entry: LedgerEntry & { points: number; kind?: LedgerKind; expiresAt?: Date | null },
): Promise<LedgerRow | null> {
  if (!Number.isSafeInteger(entry.points) || entry.points <= 0)
    throw new Error(`credit of ${entry.points} points`);
  const balance = await lockCustomerBalance(tx, entry.merchantId, entry.customerId);
  if (balance === null)
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
  return row;
}

/** Takes up to `points`; the part the balance cannot cover is the row's shortfall. */
export async function debitPoints(
  tx: Executor,
  entry: LedgerEntry & { points: number; kind: LedgerKind; preferOwnLots?: boolean },
): Promise<LedgerRow | null> {
  if (!Number.isSafeInteger(entry.points) || entry.points <= 0)
    throw new Error(`debit of ${entry.points} points`);
  const balance = await lockCustomerBalance(tx, entry.merchantId, entry.customerId);
  if (balance === null)
    throw new Error(`customer ${entry.customerId} of ${entry.merchantId} is not known`);
  const take = Math.min(balance, entry.points);
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
    note: entry.note ?? null,
    createdAt: entry.at,
  });
  if (!row || take === 0) return row;
  let left = take;
  const lots = await findOpenLots(
    tx,
    entry.merchantId,
    entry.customerId,
    entry.preferOwnLots ? { sourceType: entry.sourceType, sourceId: entry.sourceId } : undefined,
  );
  for (const lot of lots) {
    if (left === 0) break;
    const used = Math.min(lot.remaining, left);
    await setLotRemaining(tx, entry.merchantId, lot.ledgerId, lot.remaining - used);
    left -= used;
  }
  // Lots always sum to the balance; a mismatch means the ledger was written around this module.
  if (left !== 0) throw new Error(`lots of customer ${entry.customerId} do not cover the balance`);
  await addToBalance(tx, entry.merchantId, entry.customerId, -take, entry.kind);
  return row;
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
  return creditMany(tx, merchantId, entries, at);
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
