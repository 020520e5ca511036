import type { Executor } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { sqlStateOf } from '../../lib/db-errors.ts';
import {
  earningBlock,
  monthlyOrderLimit,
  planPeriodStart,
  stageQualifies,
  stageReverses,
} from './engine-rules.ts';
import type { OrderRow } from './engine.repository.ts';
import {
  enabled,
  expiryFor,
  orderRulePoints,
  releaseTimeFor,
  type EngineConfig,
} from './points-rules.ts';
import type { OrderEventInput } from './orders.service.ts';
import type { OrderFacts } from './facts.ts';
import { preferredSlot, slotCap } from './plan-usage.repository.ts';
import { multipliersForSql } from './tier-multipliers.ts';
import { campaignEffect, campaignsAt, needsCustomer } from './campaign-rules.ts';

/**
 * The fast path: the first event of an order — by far the most common event — applied in one
 * statement (`nuqat_fast_order`, migration 0005) instead of a transaction of a dozen. The
 * decision is taken here, with the same functions as the general path (applyOrderEvent), from
 * the store's configuration in memory; the database function checks what only it can know and
 * writes. Anything unusual goes to the general path: a guest order, a store that does not earn,
 * caps and repeat bonuses (they depend on the shopper's other orders), a store with product rules
 * (they read the order's lines, decision 048), an order placed while a products campaign runs
 * (its lines too, decision 057), a campaign for some tiers
 * or for first orders only (it depends on the shopper), a cancelled or returned order, a full
 * plan slot, an order already seen.
 */

export type FastOutcome =
  | { kind: 'done'; earnStatus: OrderRow['earnStatus'] }
  | { kind: 'duplicate' }
  | { kind: 'stale' }
  | { kind: 'fallback' };

const FAST_KINDS = new Set(['created', 'updated', 'status', 'amounts']);

/**
 * What both short paths (this one and the event path, order-event.ts) leave to the general path
 * whatever the order: a discount code (it may be a Nuqat coupon to mark used), a store that does
 * not earn now, product rules (they read the order's lines, decision 048), a products campaign at
 * the order's placing time (decision 057), caps and repeat bonuses (they depend on the shopper's
 * other orders).
 */
export function shortPathRefuses(config: EngineConfig, facts: OrderFacts, at: Date): boolean {
  const { merchant, rules } = config;
  if (facts.couponCodes.length > 0) return true;
  if (earningBlock(merchant, at)) return true;
  if (config.productRules.size > 0) return true;
  const placedAt = facts.placedAt ?? at;
  if (campaignsAt(config.campaigns, placedAt).some((c) => c.effect === 'products')) return true;
  const orderRule = rules.get('order.created');
  const amountRule = rules.get('purchase_amount');
  if (enabled(rules.get('repeat_purchase'))) return true;
  if (enabled(orderRule) && orderRule.maxPerCustomer !== null) return true;
  if (enabled(amountRule) && amountRule.maxPerCustomer !== null) return true;
  return false;
}

/** The row-level plan for a new order, or null when the general path must take it. */
export function planFastOrder(config: EngineConfig, input: OrderEventInput) {
  const { merchant, rules } = config;
  const { order: facts, at, now } = input;
  if (!FAST_KINDS.has(input.kind) || !facts.customer) return null;
  if (stageReverses(facts.statusStage)) return null;
  if (shortPathRefuses(config, facts, at)) return null;
  const placedAt = facts.placedAt ?? at;

  const totalHalalas = facts.totalHalalas ?? 0;
  const spendHalalas = facts.spendHalalas ?? 0;
  // A new order: nothing cancelled, returned or refunded it yet, so its status decides.
  const qualifying = stageQualifies(facts.statusStage);
  const base = {
    merchantId: merchant.id,
    configVersion: merchant.configVersion,
    // The SQL function reads the customer's tier under their lock and multiplies by it.
    tierMultipliers: multipliersForSql(config.tiers),
    orderId: facts.id,
    referenceId: facts.referenceId,
    customer: facts.customer,
    at: at.toISOString(),
    placedAt: placedAt.toISOString(),
    statusSlug: facts.statusSlug,
    statusStage: facts.statusStage,
    totalHalalas,
    spendHalalas,
    currency: facts.currency,
  };
  if (!qualifying) {
    return {
      ...base,
      earnStatus: 'pending' as const,
      earnPoints: 0,
      amountPoints: 0,
      planPeriodStart: null,
      slot: null,
      slotCap: null,
      releaseAt: null,
      releasedAt: null,
      credit: 0,
      expiresAt: null,
    };
  }
  // Campaigns by Salla's placing time (decision 047); one that depends on the shopper is decided
  // on the general path, under the shopper's lock.
  const running = campaignsAt(config.campaigns, placedAt);
  if (running.some(needsCustomer)) return null;
  const campaign = campaignEffect(running, { placedAt, baseHalalas: totalHalalas, tierId: null });
  const period = planPeriodStart(merchant, placedAt);
  const slot = preferredSlot(facts.customer.id);
  const cap = slotCap(monthlyOrderLimit(merchant.plan), slot);
  if (cap === 0) return null;
  const { earnPoints, amountPoints } = orderRulePoints(rules, totalHalalas, spendHalalas);
  const releaseAt = releaseTimeFor(merchant, facts.statusSlug, at);
  const released = releaseAt !== null && releaseAt <= (now < at ? at : now);
  return {
    ...base,
    earnStatus: 'earned' as const,
    earnPoints,
    amountPoints,
    planPeriodStart: period.toISOString(),
    slot,
    slotCap: cap,
    // The SQL function multiplies by it with the tier, adds the bonus and keeps all three.
    campaignMultiplierPct: campaign.multiplierPct,
    campaignBonusPoints: campaign.bonusPoints,
    campaignIds: campaign.ids,
    releaseAt: releaseAt?.toISOString() ?? null,
    releasedAt: released ? releaseAt!.toISOString() : null,
    // A new order keeps all of its total: nothing refunded yet. (Before the tier multiplier, which
    // the SQL function applies: it recomputes the credit from releasedAt.)
    credit: released ? earnPoints + amountPoints : 0,
    expiresAt: releaseAt ? (expiryFor(merchant, releaseAt)?.toISOString() ?? null) : null,
  };
}

export type FastOrderPlan = NonNullable<ReturnType<typeof planFastOrder>>;

/** A short path's delivery, as the statement keeps it. */
export interface ShortPathDelivery {
  dedupeKey: string;
  event: string;
  eventAt: Date;
  body: string;
}

/** The plan with its delivery's key, name and time: a short path statement's first argument. */
export function shortPathParams(plan: object, delivery: ShortPathDelivery): string {
  return JSON.stringify({
    ...plan,
    dedupeKey: delivery.dedupeKey,
    event: delivery.event,
    eventAt: delivery.eventAt.toISOString(),
  });
}

/**
 * One short path statement (`fn(plan, body)`) alone: its answer, or 'fallback' when the function
 * gave up with NQ001 (its writes undone with the statement).
 */
export async function runShortPath(
  db: Executor,
  fn: 'nuqat_fast_order' | 'nuqat_order_event',
  plan: object,
  delivery: ShortPathDelivery,
): Promise<string> {
  try {
    const rows = await preparedQuery<{ r: string }>(
      db,
      fn,
      `select ${fn}($1::jsonb, $2::jsonb) as r`,
      [shortPathParams(plan, delivery), delivery.body],
    );
    return rows[0]?.r ?? 'fallback';
  } catch (error) {
    if (sqlStateOf(error) === 'NQ001') return 'fallback';
    throw error;
  }
}

export async function runFastOrder(
  db: Executor,
  plan: FastOrderPlan,
  delivery: ShortPathDelivery,
): Promise<FastOutcome> {
  return fastOutcomeOf(await runShortPath(db, 'nuqat_fast_order', plan, delivery));
}

/** The fast path's answer (one order's, alone or in a batch) in the engine's words. */
export function fastOutcomeOf(r: string): FastOutcome {
  if (r === 'duplicate' || r === 'stale' || r === 'fallback') return { kind: r };
  return { kind: 'done', earnStatus: r as OrderRow['earnStatus'] };
}
