import type { Executor } from '../../db/client.ts';
import {
  findOrder,
  insertOrder,
  lockCustomer,
  lockOrder,
  markCouponUsed,
  markReferralCouponsUsed,
  updateOrder,
  type CustomerRow,
  type MerchantRow,
  type OrderRow,
} from './engine.repository.ts';
import {
  earningBlock,
  heldOut,
  monthlyOrderLimit,
  planPeriodStart,
  qualifies,
} from './engine-rules.ts';
import type { OrderEventKind, OrderFacts, RefundFacts } from './facts.ts';
import { countOrderAgainstPlan } from './plan-usage.repository.ts';
import { enqueueDebtRecovery } from './debt-queue.repository.ts';
import { orderEarning } from './order-earning.ts';

import type { EngineConfig } from './points-rules.ts';
import { releaseTimeFor } from './points-rules.ts';
import { lockCustomerWithProfile } from './profile.service.ts';
import { isReleased, reconcileCustomerOrders } from './reconcile.ts';

export interface OrderEventInput {
  kind: OrderEventKind;
  order: OrderFacts;
  /** The event's time (Salla's created_at). */
  at: Date;
  /** The service clock, for holding periods that ended before the event was processed. */
  now: Date;
  /** order.refunded only: how much was refunded, as learnt from Salla's Merchant API. */
  refund?: RefundFacts;
}

/** Merges one event's facts into the order row (in memory); returns the merged row. */
export function mergeOrderFacts(
  merchant: MerchantRow,
  order: OrderRow,
  input: OrderEventInput,
): OrderRow {
  const { order: facts, at, kind } = input;
  const slug = facts.statusSlug;
  const stage = facts.statusStage;
  const placedAt = facts.placedAt ?? at;
  const newer = !order.statusAt || at >= order.statusAt;
  const next: OrderRow = {
    ...order,
    customerId: order.customerId ?? facts.customer?.id ?? null,
    placedAt: order.placedAt && order.placedAt < placedAt ? order.placedAt : placedAt,
    earnBaseHalalas: Math.max(order.earnBaseHalalas, facts.totalHalalas ?? 0),
    spendHalalas: Math.max(order.spendHalalas, facts.spendHalalas ?? 0),
  };
  if (newer && (slug || stage)) {
    next.statusSlug = slug ?? next.statusSlug;
    next.statusStage = stage ?? next.statusStage;
    next.statusAt = at;
  }
  if (newer && facts.totalHalalas !== null) next.totalHalalas = facts.totalHalalas;
  if (kind === 'cancelled' || stage === 'cancelled') next.cancelled = true;
  if (kind === 'deleted') next.deleted = true;
  if (stage === 'returned') next.restored = true;
  if (kind === 'refunded') {
    const base = Math.max(next.earnBaseHalalas, facts.totalHalalas ?? 0);
    const refund = input.refund ?? { kind: 'full', reason: 'no refund facts' };
    // Salla's order shows less than was paid: that much was refunded. Nothing left, or no
    // smaller total to be seen, is a full refund (a refund we cannot size is never under-counted).
    const refunded = refund.kind === 'remaining' ? base - refund.totalHalalas : 0;
    if (refund.kind === 'remaining' && refunded > 0 && refund.totalHalalas > 0)
      next.refundedHalalas = Math.max(order.refundedHalalas, refunded);
    else next.fullyRefunded = true;
  }
  // The first time (by event time) a chosen status was reached starts the holding period.
  // The lines of a waiting order follow its events; once counted, what it earned stays (048).
  if (facts.lines && next.earnStatus === 'pending') next.lines = facts.lines;
  const release = releaseTimeFor(merchant, slug, at);
  if (release && (!next.releaseAt || release < next.releaseAt)) next.releaseAt = release;
  return next;
}

/** What an order's points follow: a change in any of them calls for a reconcile. */
const RECONCILE_FACTS = [
  'earnStatus',
  'releasedAt',
  'placedAt',
  'cancelled',
  'deleted',
  'restored',
  'fullyRefunded',
  'refundedHalalas',
  'totalHalalas',
  'earnBaseHalalas',
  'earnPoints',
  'amountPoints',
  'campaignBonusPoints',
] as const satisfies readonly (keyof OrderRow)[];

/**
 * Applies one order event. `recoveryDue`: a clawback left points owed, or a coupon whose points
 * had been given back was used after all — the debts module has a recovery queued for after the
 * commit (docs/decisions/027).
 */
export async function applyOrderEvent(
  tx: Executor,
  config: EngineConfig,
  input: OrderEventInput,
): Promise<{ earnStatus: OrderRow['earnStatus']; recoveryDue: boolean }> {
  const { merchant } = config;
  const { order: facts, at, now } = input;

  // Lock order: the shopper first (an event without one names the order's known shopper).
  let customerId = facts.customer?.id ?? null;
  let customer: CustomerRow | undefined;
  if (facts.customer) customer = await lockCustomerWithProfile(tx, merchant.id, facts.customer, at);
  else {
    customerId = (await findOrder(tx, merchant.id, facts.id))?.customerId ?? null;
    if (customerId !== null) customer = await lockCustomer(tx, merchant.id, customerId);
  }

  let order = await lockOrder(tx, merchant.id, facts.id);
  if (!order) {
    order = await insertOrder(tx, {
      merchantId: merchant.id,
      id: facts.id,
      customerId,
      referenceId: facts.referenceId,
      totalHalalas: facts.totalHalalas ?? 0,
      earnBaseHalalas: facts.totalHalalas ?? 0,
      spendHalalas: facts.spendHalalas ?? 0,
      currency: facts.currency,
      placedAt: facts.placedAt ?? at,
      lines: facts.lines ?? null,
    });
  } else if (order.customerId !== null && order.customerId !== customerId) {
    // Salla never moves an order to another shopper; if it ever did, the first one keeps it.
    await lockCustomer(tx, merchant.id, order.customerId);
  }

  const before = order;
  order = mergeOrderFacts(merchant, order, input);
  let recoveryDue = false;
  if (order.couponRedemptionId === null && facts.couponCodes.length > 0) {
    const used = await markCouponUsed(tx, merchant.id, facts.couponCodes, {
      orderId: order.id,
      at,
    });
    order.couponRedemptionId = used?.id ?? null;
    if (used?.code) order.couponDiscountHalalas = facts.couponDiscountHalalas?.[used.code] ?? 0;
    // Its points had been given back (cancelled, or withdrawn for a clawback), yet it was used:
    // they are taken again after the commit, by the shopper's recovery.
    if (used?.returned) {
      await enqueueDebtRecovery(tx, {
        merchantId: merchant.id,
        customerId: used.customerId,
        at: now,
      });
      recoveryDue = true;
    }
  }
  if (facts.couponCodes.length > 0)
    order.referralDiscountHalalas += await markReferralCouponsUsed(
      tx,
      merchant.id,
      facts.couponCodes,
      {
        orderId: order.id,
        customerId: order.customerId,
        discounts: facts.couponDiscountHalalas ?? {},
      },
    );

  if (order.earnStatus === 'pending' && order.customerId !== null && qualifies(order)) {
    const block = earningBlock(merchant, at);
    const owner =
      customer?.id === order.customerId
        ? customer
        : await lockCustomer(tx, merchant.id, order.customerId);
    if (block) {
      order.earnStatus = block;
    } else if (heldOut(owner, order.placedAt ?? at)) {
      order.earnStatus = 'held_out';
    } else {
      const period = planPeriodStart(merchant, order.placedAt ?? at);
      const withinLimit = await countOrderAgainstPlan(
        tx,
        merchant.id,
        period,
        monthlyOrderLimit(merchant.plan),
        order.customerId,
      );
      order.planPeriodStart = period;
      order.qualifiedAt = at;
      order.earnStatus = withinLimit ? 'earned' : 'over_limit';
      if (withinLimit) {
        // The customer's VIP tier and the campaigns of the order's time multiply its points, once:
        // they are kept with the order, and so are the multipliers (decision 047).
        Object.assign(
          order,
          await orderEarning(
            tx,
            config,
            { ...order, customerId: order.customerId },
            owner?.tierId ?? null,
            at,
          ),
        );
      }
    }
  }
  const released = order.earnStatus === 'earned' && isReleased(order, now < at ? at : now);
  if (released && !order.releasedAt) order.releasedAt = order.releaseAt;
  await updateOrder(tx, merchant.id, order.id, {
    customerId: order.customerId,
    placedAt: order.placedAt,
    statusSlug: order.statusSlug,
    statusStage: order.statusStage,
    statusAt: order.statusAt,
    totalHalalas: order.totalHalalas,
    earnBaseHalalas: order.earnBaseHalalas,
    spendHalalas: order.spendHalalas,
    cancelled: order.cancelled,
    deleted: order.deleted,
    restored: order.restored,
    refundedHalalas: order.refundedHalalas,
    fullyRefunded: order.fullyRefunded,
    earnStatus: order.earnStatus,
    qualifiedAt: order.qualifiedAt,
    earnPoints: order.earnPoints,
    amountPoints: order.amountPoints,
    planPeriodStart: order.planPeriodStart,
    releaseAt: order.releaseAt,
    releasedAt: order.releasedAt,
    couponRedemptionId: order.couponRedemptionId,
    couponDiscountHalalas: order.couponDiscountHalalas,
    referralDiscountHalalas: order.referralDiscountHalalas,
    tierMultiplierPct: order.tierMultiplierPct,
    campaignMultiplierPct: order.campaignMultiplierPct,
    campaignBonusPoints: order.campaignBonusPoints,
    campaignIds: order.campaignIds,
    lines: order.lines,
    earningBasis: order.earningBasis,
  });
  // The shopper's points depend only on these facts of their orders: when none changed (a
  // status move such as completed → delivered), there is nothing to reconcile.
  const changed = RECONCILE_FACTS.some((key) => {
    const a = before[key];
    const b = order[key];
    return a instanceof Date && b instanceof Date ? a.getTime() !== b.getTime() : a !== b;
  });
  if (order.customerId !== null && order.earnStatus === 'earned' && changed) {
    const owed = await reconcileCustomerOrders(
      tx,
      config,
      order.customerId,
      at,
      now < at ? at : now,
    );
    if (owed) {
      await enqueueDebtRecovery(tx, {
        merchantId: merchant.id,
        customerId: order.customerId,
        at: now,
      });
      recoveryDue = true;
    }
  }
  return { earnStatus: order.earnStatus, recoveryDue };
}

/**
 * The holding period of an order is over: its points become spendable. Run by the release job;
 * idempotent (the ledger's keys), and a no-op for an order already released or reversed.
 */
export async function releaseOrder(
  tx: Executor,
  config: EngineConfig,
  orderId: number,
  now: Date,
): Promise<boolean> {
  const { merchant } = config;
  const peek = await findOrder(tx, merchant.id, orderId);
  if (!peek?.customerId) return false;
  await lockCustomer(tx, merchant.id, peek.customerId);
  const order = await lockOrder(tx, merchant.id, orderId);
  if (!order || order.releasedAt || !isReleased(order, now) || order.earnStatus !== 'earned')
    return false;
  await updateOrder(tx, merchant.id, orderId, { releasedAt: order.releaseAt });
  await reconcileCustomerOrders(tx, config, peek.customerId, now, now);
  return true;
}
