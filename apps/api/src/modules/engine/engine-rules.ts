import { subscriptionActive } from '../merchants/index.ts';
import type { MerchantRow, OrderRow } from './engine.repository.ts';

/** Pure rules of the engine, kept apart from I/O so they read (and test) as the policy they are. */

// Callers of the engine read these here until they import lib/ and merchants/ themselves.
export { RIYADH_OFFSET_MS, riyadhToday } from '../../lib/riyadh-time.ts';
export { monthlyOrderLimit, planPeriodStart, subscriptionActive } from '../merchants/index.ts';
const NON_QUALIFYING = new Set(['payment_pending', 'canceled']);
const RETURN_SLUGS = new Set(['restoring', 'restored']);

export type EarnBlock = 'uninstalled' | 'programme_paused' | 'subscription_inactive';

export function earningBlock(merchant: MerchantRow, at: Date): EarnBlock | null {
  if (merchant.installStatus !== 'installed') return 'uninstalled';
  if (!merchant.programmeEnabled) return 'programme_paused';
  if (!subscriptionActive(merchant, at)) return 'subscription_inactive';
  return null;
}

export function isReturnSlug(slug: string | null | undefined): boolean {
  return slug !== null && slug !== undefined && RETURN_SLUGS.has(slug);
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
  return statusQualifies(order.statusSlug) && !isReversed(order);
}

/** A status past payment and not cancelled: an order in it counts (if nothing reversed it). */
export function statusQualifies(slug: string | null): boolean {
  return Boolean(slug) && !NON_QUALIFYING.has(slug!);
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
