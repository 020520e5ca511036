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
  return Boolean(order.statusSlug) && !NON_QUALIFYING.has(order.statusSlug!) && !isReversed(order);
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

/** Salla plan names are free text (reference §1.8); map them onto our two plans. */
export function mapSallaPlan(
  name: string | null | undefined,
  price: number | null | undefined,
): PlanId {
  const n = (name ?? '').toLowerCase();
  if (/growth|نمو|pro|advanced|premium|متقدم|احترافي/.test(n)) return 'growth';
  if (/starter|basic|start|أساس|مبتدئ|بداية|انطلاق/.test(n)) return 'starter';
  if (price !== null && price !== undefined && price >= 200) return 'growth';
  return 'starter';
}

/**
 * Salla sends `created_at` as "Sun Jun 26 2022 12:21:48 GMT+0300" on store events and as
 * "2022-12-31 12:31:25" (Riyadh time) on app events; nested dates as Carbon objects.
 */
export function parseSallaTime(
  value: string | null | undefined,
  timezone?: string | null,
): Date | null {
  if (!value) return null;
  // A bare date (the `app.trial.*` start_date/end_date) is a Riyadh calendar date: its start in
  // Riyadh, not UTC midnight, which is what `new Date('YYYY-MM-DD')` would make of it.
  const dateOnly = /^(\d{4}-\d{2}-\d{2})$/.exec(value.trim());
  if (dateOnly) {
    const d = new Date(`${dateOnly[1]}T00:00:00+03:00`);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  const plain = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(\.\d+)?$/.exec(value.trim());
  if (plain) {
    const offset =
      !timezone || timezone === 'Asia/Riyadh' ? '+03:00' : timezone === 'UTC' ? 'Z' : '+03:00';
    const d = new Date(`${plain[1]}T${plain[2]}${(plain[3] ?? '').slice(0, 4)}${offset}`);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** `YYYY-MM-DD` of a Salla birthday (Carbon object or string), or null. */
export function birthdayOf(value: unknown): string | null {
  const raw =
    typeof value === 'string'
      ? value
      : value && typeof value === 'object' && 'date' in value
        ? String(value.date)
        : null;
  const m = raw ? /^(\d{4})-(\d{2})-(\d{2})/.exec(raw) : null;
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
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
