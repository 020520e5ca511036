import type { Executor } from '../../db/client.ts';
import { campaignEffect, campaignsAt, needsCustomer } from './campaign-rules.ts';
import { monthlyOrderLimit, planPeriodStart } from './engine-rules.ts';
import type { OrderRow } from './engine.repository.ts';
import { runShortPath, shortPathRefuses, type ShortPathDelivery } from './fast-order.ts';
import type { OrderEventInput } from './orders.service.ts';
import { preferredSlot, slotCap } from './plan-usage.repository.ts';
import { orderRulePoints, releaseTimeFor, type EngineConfig } from './points-rules.ts';
import { multipliersForSql } from './tier-multipliers.ts';

/**
 * The event path (issue 28, decision 062): a later event of an order already known — a status
 * update, a cancellation, a refund, most of a store's events after the first — applied in one
 * statement (`nuqat_order_event`, migration 0042) instead of the general path's transaction of
 * about ten round trips. As on the fast path, the rules are decided here from the store's
 * configuration in memory with the general path's functions (the release time of the event's
 * status, what the order earns should it qualify now, the refund's size); the database function
 * merges the facts into the order row as mergeOrderFacts does, and writes the order's ledger
 * difference as reconcile.ts would. Whatever is unusual falls back to the general path: the fast
 * path's store conditions (shortPathRefuses), and in the database a guest order, a held-out
 * shopper, a shopper who owes points, a clawback the balance does not cover, another order of the
 * shopper due for release, an order qualifying with other facts than the plan assumed.
 */

export type EventPathOutcome =
  | { kind: 'done'; earnStatus: OrderRow['earnStatus'] }
  | { kind: 'duplicate' }
  | { kind: 'stale' }
  | { kind: 'unknown' }
  | { kind: 'fallback' };

/** The plan for a later event of an order, or null when the general path must take it. */
export function planOrderEvent(config: EngineConfig, input: OrderEventInput) {
  const { merchant } = config;
  const { order: facts, at, now, kind, refund } = input;
  if (shortPathRefuses(config, facts, at)) return null;
  const placedAt = facts.placedAt ?? at;
  const baseHalalas = facts.totalHalalas ?? 0;
  const spendHalalas = facts.spendHalalas ?? 0;
  return {
    merchantId: merchant.id,
    configVersion: merchant.configVersion,
    tierMultipliers: multipliersForSql(config.tiers),
    orderId: facts.id,
    customer: facts.customer,
    at: at.toISOString(),
    settleAt: (now < at ? at : now).toISOString(),
    placedAt: placedAt.toISOString(),
    totalHalalas: facts.totalHalalas,
    spendHalalas: facts.spendHalalas,
    statusSlug: facts.statusSlug,
    statusStage: facts.statusStage,
    cancels: kind === 'cancelled' || facts.statusStage === 'cancelled',
    deletes: kind === 'deleted',
    // order.refunded: what Salla's order shows now; null — it could not be sized — counts as full.
    refund:
      kind === 'refunded'
        ? { remainingHalalas: refund?.kind === 'remaining' ? refund.totalHalalas : null }
        : null,
    noteSuffix:
      kind === 'refunded' && refund?.kind === 'full' ? `; full refund: ${refund.reason}` : null,
    lines: facts.lines ?? null,
    releaseAt: releaseTimeFor(merchant, facts.statusSlug, at)?.toISOString() ?? null,
    expiryDays: merchant.pointsExpiryDays || null,
    earn: earnPlan(config, facts.customer?.id ?? null, placedAt, baseHalalas, spendHalalas),
  };
}

/**
 * What the order earns should this event make it qualify: decided as orderEarning decides it for
 * a store the short paths take (no product rules, no campaign that needs the shopper), assuming
 * the order's placing time, total and spend are the event's; the database checks that they are.
 * Null when the general path must decide (no shopper named, a campaign for some shoppers, a plan
 * slot that counts nothing).
 */
function earnPlan(
  config: EngineConfig,
  customerId: number | null,
  placedAt: Date,
  baseHalalas: number,
  spendHalalas: number,
) {
  const { merchant, rules } = config;
  if (customerId === null) return null;
  const running = campaignsAt(config.campaigns, placedAt);
  if (running.some(needsCustomer)) return null;
  const slot = preferredSlot(customerId);
  const cap = slotCap(monthlyOrderLimit(merchant.plan), slot);
  if (cap === 0) return null;
  const campaign = campaignEffect(running, { placedAt, baseHalalas, tierId: null });
  const { earnPoints, amountPoints } = orderRulePoints(rules, baseHalalas, spendHalalas);
  return {
    placedAt: placedAt.toISOString(),
    baseHalalas,
    spendHalalas,
    planPeriodStart: planPeriodStart(merchant, placedAt).toISOString(),
    slot,
    slotCap: cap,
    // The SQL function multiplies them by the shopper's tier and the campaign, rounded down once.
    earnPoints,
    amountPoints,
    campaignMultiplierPct: campaign.multiplierPct,
    campaignBonusPoints: campaign.bonusPoints,
    campaignIds: campaign.ids,
  };
}

export type OrderEventPlan = NonNullable<ReturnType<typeof planOrderEvent>>;

export async function runOrderEvent(
  db: Executor,
  plan: OrderEventPlan,
  delivery: ShortPathDelivery,
): Promise<EventPathOutcome> {
  return eventOutcomeOf(await runShortPath(db, 'nuqat_order_event', plan, delivery));
}

/** The event path's answer (one event's, alone or in a batch) in the engine's words. */
export function eventOutcomeOf(r: string): EventPathOutcome {
  if (r === 'duplicate' || r === 'stale' || r === 'fallback' || r === 'unknown') return { kind: r };
  return { kind: 'done', earnStatus: r as OrderRow['earnStatus'] };
}
