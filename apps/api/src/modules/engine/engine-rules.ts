import { subscriptionActive } from '../merchants/index.ts';
import type { MerchantRow, OrderRow } from './engine.repository.ts';
import type { OrderStage } from './facts.ts';

/** Pure rules of the engine, kept apart from I/O so they read (and test) as the policy they are. */

// Callers of the engine read these here until they import lib/ and merchants/ themselves.
export { RIYADH_OFFSET_MS, riyadhToday } from '../../lib/riyadh-time.ts';
export { monthlyOrderLimit, planPeriodStart, subscriptionActive } from '../merchants/index.ts';

export type EarnBlock = 'uninstalled' | 'programme_paused' | 'subscription_inactive';

/**
 * In the store's control group at `at` (docs/decisions/049): placed in the `control` arm and the
 * store has not ended the holdout before then. Such a shopper earns nothing and gets no loyalty
 * mail; their orders are still counted.
 */
export function heldOut(
  customer: { holdoutArm: string | null; holdoutReleasedAt: Date | null } | null | undefined,
  at: Date,
): boolean {
  if (!customer || customer.holdoutArm !== 'control') return false;
  return customer.holdoutReleasedAt === null || at < customer.holdoutReleasedAt;
}

export function earningBlock(merchant: MerchantRow, at: Date): EarnBlock | null {
  if (merchant.installStatus !== 'installed') return 'uninstalled';
  if (!merchant.programmeEnabled) return 'programme_paused';
  if (!subscriptionActive(merchant, at)) return 'subscription_inactive';
  return null;
}

/** Cancelled, deleted, returned or fully refunded: the order gives nothing any more. */
export function isReversed(order: OrderRow): boolean {
  return (
    order.cancelled ||
    order.deleted ||
    order.restored ||
    order.fullyRefunded ||
    (order.earnBaseHalalas > 0 && order.refundedHalalas >= order.earnBaseHalalas)
  );
}

/** Placed, past payment, not cancelled: the moment an order starts to count. */
export function qualifies(order: OrderRow): boolean {
  return stageQualifies(order.statusStage) && !isReversed(order);
}

/** A status past payment and not cancelled: an order in it counts (if nothing reversed it). */
export function stageQualifies(stage: OrderStage | null): boolean {
  return stage === 'placed' || stage === 'returned';
}

/** A stage that takes an order's points back for good. */
export function stageReverses(stage: OrderStage | null): boolean {
  return stage === 'cancelled' || stage === 'returned';
}

/** Share of the order still kept by the shopper, for proportional clawback of partial refunds. */
export function keptFraction(order: OrderRow): number {
  const base = order.earnBaseHalalas;
  if (base <= 0) return 1;
  const kept = Math.min(order.totalHalalas, base - order.refundedHalalas);
  return Math.max(0, Math.min(1, kept / base));
}

export function toHalalas(amountSar: number): number {
  return Math.round(amountSar * 100);
}
