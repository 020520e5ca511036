import { PLANS, type PlanId } from '@nuqat/contracts';
import { RIYADH_OFFSET_MS } from '../../lib/riyadh-time.ts';
import type { MerchantRow } from './merchants.repository.ts';

/** A store's subscription and plan, as rules: pure, so they read (and test) as the policy they are. */

export function subscriptionActive(merchant: MerchantRow, at: Date): boolean {
  const live = merchant.subscriptionStatus === 'active' || merchant.subscriptionStatus === 'trial';
  return live && (!merchant.subscriptionExpiresAt || merchant.subscriptionExpiresAt > at);
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
