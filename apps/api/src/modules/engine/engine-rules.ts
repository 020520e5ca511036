import { PLANS, type PlanId } from '@nuqat/contracts';
import type { MerchantRow, OrderRow } from './engine.repository.ts';

/** Pure rules of the engine, kept apart from I/O so they read (and test) as the policy they are. */

export const RIYADH_OFFSET_MS = 3 * 3_600_000;
const NON_QUALIFYING = new Set(['payment_pending', 'canceled']);
const RETURN_SLUGS = new Set(['restoring', 'restored']);

export type EarnBlock = 'uninstalled' | 'programme_paused' | 'subscription_inactive';

export function subscriptionActive(merchant: MerchantRow, at: Date): boolean {
  const live = merchant.subscriptionStatus === 'active' || merchant.subscriptionStatus === 'trial';
  return live && (!merchant.subscriptionExpiresAt || merchant.subscriptionExpiresAt > at);
}

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

/** Start of the subscription month that contains `at` (calendar month in Riyadh with no start date). */
export function planPeriodStart(merchant: MerchantRow, at: Date): Date {
  const start = merchant.subscriptionStartedAt;
  if (!start || start > at) {
    const riyadh = new Date(at.getTime() + RIYADH_OFFSET_MS);
    return new Date(Date.UTC(riyadh.getUTCFullYear(), riyadh.getUTCMonth(), 1) - RIYADH_OFFSET_MS);
  }
  let months =
    (at.getUTCFullYear() - start.getUTCFullYear()) * 12 + (at.getUTCMonth() - start.getUTCMonth());
  const addMonths = (n: number) => {
    const d = new Date(start);
    const day = d.getUTCDate();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() + n);
    const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
    d.setUTCDate(Math.min(day, lastDay));
    return d;
  };
  while (months > 0 && addMonths(months) > at) months -= 1;
  return addMonths(months);
}

export function monthlyOrderLimit(plan: PlanId | null): number | null {
  return PLANS[plan ?? 'starter'].monthlyOrderLimit;
}

/** Today's month-day in Riyadh, with 29 February celebrated on the 28th in common years. */
export function riyadhToday(now: Date): { date: string; year: number; monthDays: string[] } {
  const riyadh = new Date(now.getTime() + RIYADH_OFFSET_MS);
  const y = riyadh.getUTCFullYear();
  const md = `${String(riyadh.getUTCMonth() + 1).padStart(2, '0')}-${String(riyadh.getUTCDate()).padStart(2, '0')}`;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return {
    date: `${y}-${md}`,
    year: y,
    monthDays: md === '02-28' && !leap ? ['02-28', '02-29'] : [md],
  };
}
