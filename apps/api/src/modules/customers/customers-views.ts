import { ledgerCause } from '../../lib/ledger-cause.ts';
import {
  type Adjustment,
  type CustomerSummary,
  type LedgerEntry,
  type TierBrief,
} from '@nuqat/contracts';
import type { Executor } from '../../db/client.ts';
import { findAdjustmentsByKeys } from './customers-adjust.repository.ts';
import { type ListedCustomer } from './customers-list.repository.ts';
import {
  findOrderReferences,
  type AdjustmentRow,
  type CouponRow,
  type CustomerRow,
  type LedgerRow,
  type OrderRow,
} from './customers.repository.ts';

export const DAY_MS = 86_400_000;
/** Rows per query when a CSV is streamed: memory holds one batch, whatever the store's size. */
export const EXPORT_BATCH = 1000;
export const sar = (halalas: number) => Math.round(halalas) / 100;
export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The store's live tiers by id (empty when tiers are off): what a customer's tier shows. */
export type TierBriefs = Map<string, TierBrief>;

export function toSummary(
  c: ListedCustomer | CustomerRow,
  tiers: TierBriefs = new Map(),
): CustomerSummary {
  return {
    id: String(c.id),
    name: `${c.firstName} ${c.lastName}`.trim(),
    email: c.email,
    mobile: c.mobile,
    balance: c.pointsBalance,
    pointsOwed: c.pointsDebt,
    pendingPoints: Math.max(0, c.pendingPoints),
    lifetimeEarned: c.lifetimeEarned,
    lifetimeRedeemed: c.lifetimeRedeemed,
    orders: c.ordersCount,
    spend: sar(c.spendHalalas),
    lastOrderAt: iso(c.lastOrderAt),
    joinedAt: c.createdAt.toISOString(),
    erasedAt: iso(c.erasedAt),
    tier: (c.tierId && tiers.get(c.tierId)) || null,
  };
}

export const ORDER_SOURCES = new Set(['order', 'repeat_purchase']);

export const causeOf = (row: LedgerRow): LedgerEntry['cause'] => ledgerCause(row);

export async function toLedgerEntries(
  db: Executor,
  merchantId: number,
  rows: LedgerRow[],
): Promise<LedgerEntry[]> {
  const orderIds = [
    ...new Set(
      rows
        .filter((r) => ORDER_SOURCES.has(r.sourceType))
        .map((r) => Number(r.sourceId))
        .filter((n) => Number.isSafeInteger(n) && n > 0),
    ),
  ];
  const [refs, adjustments] = await Promise.all([
    findOrderReferences(db, merchantId, orderIds),
    findAdjustmentsByKeys(
      db,
      merchantId,
      rows.filter((r) => r.kind === 'adjust' && r.sourceType === 'manual').map((r) => r.sourceId),
    ),
  ]);
  return rows.map((r) => {
    const orderId = ORDER_SOURCES.has(r.sourceType) ? Number(r.sourceId) : null;
    const adjustment = r.kind === 'adjust' ? adjustments.get(r.sourceId) : undefined;
    return {
      id: String(r.id),
      at: r.createdAt.toISOString(),
      points: r.delta,
      kind: r.kind,
      cause: causeOf(r),
      orderId: orderId !== null && Number.isSafeInteger(orderId) ? String(orderId) : null,
      orderReference: orderId !== null ? (refs.get(orderId) ?? null) : null,
      couponId:
        r.sourceType === 'redemption' && /^[0-9a-f-]{36}$/i.test(r.sourceId) ? r.sourceId : null,
      shortfall: r.shortfall,
      owed: r.debtDelta,
      forgiven: r.shortfall - Math.max(0, r.debtDelta),
      expiresAt: iso(r.expiresAt),
      note: r.note,
      adjustedBy: adjustment ? { sessionId: adjustment.sessionId } : null,
    };
  });
}

export const toCoupon = (r: CouponRow) => ({
  id: r.id,
  code: r.couponCode,
  status: r.status,
  points: r.points,
  rewardName: r.rewardName ?? '',
  createdAt: r.createdAt.toISOString(),
  expiresAt: iso(r.couponExpiresAt),
  usedAt: iso(r.usedAt),
  usedOrderId: r.usedOrderId === null ? null : String(r.usedOrderId),
  cancelledAt: iso(r.cancelledAt),
  cancelReason: r.cancelReason,
});

export const toOrder = (o: OrderRow) => ({
  id: String(o.id),
  reference: o.referenceId,
  status: o.statusSlug,
  placedAt: iso(o.placedAt),
  total: sar(o.totalHalalas),
  refunded: sar(o.refundedHalalas),
  cancelled: o.cancelled,
  fullyRefunded: o.fullyRefunded,
  earnStatus: o.earnStatus,
  points: o.earnPoints + o.amountPoints,
  releasedAt: iso(o.releasedAt),
  earningBasis: o.earningBasis,
});

export const toAdjustment = (a: AdjustmentRow): Adjustment => ({
  idempotencyKey: a.idempotencyKey,
  customerId: String(a.customerId),
  points: a.points,
  reason: a.reason,
  balanceAfter: a.balanceAfter,
  ledgerId: String(a.ledgerId),
  sessionId: a.sessionId,
  at: a.createdAt.toISOString(),
});
