import { amountPoints as amountPointsFor } from '@nuqat/contracts';
import type { Executor } from '../../db/client.ts';
import type { RuleEvent } from '../../db/schema/index.ts';
import {
  findCustomer,
  findEarnedOrders,
  findOrder,
  insertCustomerIfMissing,
  insertOrder,
  lockCustomer,
  lockOrder,
  markCouponUsed,
  markReferralCouponsUsed,
  updateCustomer,
  updateOrder,
  type CustomerRow,
  type MerchantRow,
  type OrderRow,
  type RuleRow,
} from './engine.repository.ts';
import {
  earningBlock,
  isReturnSlug,
  isReversed,
  keptFraction,
  monthlyOrderLimit,
  planPeriodStart,
  qualifies,
} from './engine-rules.ts';
import type {
  CustomerFacts,
  OrderEventKind,
  OrderFacts,
  RefundFacts,
  ReviewFacts,
} from './facts.ts';
import { accountedForSources, countRuleEarns } from './ledger.repository.ts';
import { creditPoints, debitPoints } from './ledger.service.ts';
import { countOrderAgainstPlan } from './plan-usage.repository.ts';
import { enqueueDebtRecovery } from './debt-queue.repository.ts';
import { earnMultiplier, multiplied, type TierMultipliers } from './tier-multipliers.ts';

/**
 * Turns plain facts about a store's shoppers and orders into points (salla/ translates Salla's
 * events into these facts). Every function runs inside the caller's transaction. There is no
 * store-wide lock: the shopper's row is the serialisation point, and every path takes its locks
 * in one order — shopper, then order, then lots, then a plan-usage slot — so two events never
 * wait on each other in a cycle.
 *
 * Orders are handled as facts plus a reconcile: each event merges what it says into the order
 * row (sticky cancel/delete/return flags, the newest status by event time, the largest total
 * seen, the first time a status made the points spendable), and then the customer's order points
 * are brought to the amount those facts call for. Applying the same facts in any order therefore
 * ends in the same balances.
 */

export type { OrderEventKind };

/** What the engine reads about a store: its row, its earning rules and its tiers' multipliers. */
export interface EngineConfig {
  merchant: MerchantRow;
  rules: Map<RuleEvent, RuleRow>;
  tiers: TierMultipliers;
}

function expiryFor(merchant: MerchantRow, at: Date): Date | null {
  return merchant.pointsExpiryDays
    ? new Date(at.getTime() + merchant.pointsExpiryDays * 86_400_000)
    : null;
}

const enabled = (rule: RuleRow | undefined): rule is RuleRow => Boolean(rule && rule.points > 0);

/** When an order that reached `status` at `at` makes its points spendable, or null if it does not. */
export function releaseTimeFor(
  merchant: MerchantRow,
  status: string | null,
  at: Date,
): Date | null {
  if (!status || !merchant.pointsSpendableOn.includes(status)) return null;
  return new Date(at.getTime() + merchant.pointsHoldDays * 86_400_000);
}

/** The order rule's and the points-per-riyal rule's points for an order, decided when it qualifies. */
export function orderRulePoints(
  rules: Map<RuleEvent, RuleRow>,
  baseHalalas: number,
  spendHalalas: number,
): { earnPoints: number; amountPoints: number } {
  const rule = rules.get('order.created');
  const amount = rules.get('purchase_amount');
  const earnPoints =
    enabled(rule) && baseHalalas >= (rule.minOrderTotalHalalas ?? 0) ? rule.points : 0;
  // The shared rounding (contracts/earning.ts): the back-office preview and the shopper's
  // estimate show exactly what the engine credits.
  const amountPoints =
    enabled(amount) && baseHalalas >= (amount.minOrderTotalHalalas ?? 0)
      ? amountPointsFor(spendHalalas, {
          points: amount.points,
          spendUnitHalalas: amount.spendUnitHalalas ?? 100,
        })
      : 0;
  return { earnPoints, amountPoints };
}

/**
 * Locks the shopper's row (creating it the first time any event names them) and mirrors their
 * profile; an event older than the last one applied does not overwrite it.
 */
export async function lockCustomerWithProfile(
  tx: Executor,
  merchantId: number,
  customer: CustomerFacts,
  at: Date,
): Promise<CustomerRow> {
  // Usually the shopper is known: lock first, create only when missing (one round trip saved).
  let current = await lockCustomer(tx, merchantId, customer.id);
  if (!current) {
    await insertCustomerIfMissing(tx, merchantId, customer.id);
    current = (await lockCustomer(tx, merchantId, customer.id))!;
  }
  // An erased shopper (a privacy request) keeps no profile: Salla's copy is not mirrored again.
  if (current.erasedAt) return current;
  const values: Parameters<typeof updateCustomer>[3] = {};
  const newer = !current.profileEventAt || at >= current.profileEventAt;
  if (newer) {
    if (customer.firstName !== undefined) values.firstName = customer.firstName;
    if (customer.lastName !== undefined) values.lastName = customer.lastName;
    if (customer.email !== undefined) values.email = customer.email;
    if (customer.mobile !== undefined) values.mobile = customer.mobile;
    if (customer.avatar !== undefined) values.avatar = customer.avatar;
    values.profileEventAt = at;
  }
  if (customer.birthday !== undefined) {
    const birthday = customer.birthday;
    if (birthday !== current.birthday && newer) {
      values.birthday = birthday;
      values.birthdaySetAt = birthday ? at : null;
    } else if (
      birthday &&
      birthday === current.birthday &&
      current.birthdaySetAt &&
      at < current.birthdaySetAt
    ) {
      // The same birthday seen in an older event: it was set earlier than we thought.
      values.birthdaySetAt = at;
    }
  }
  if (Object.keys(values).length > 0) await updateCustomer(tx, merchantId, customer.id, values);
  return { ...current, ...values } as CustomerRow;
}

/** Mirrors a customer's profile (customer.updated). */
export async function upsertCustomer(
  tx: Executor,
  merchantId: number,
  customer: CustomerFacts,
  at: Date,
): Promise<void> {
  await lockCustomerWithProfile(tx, merchantId, customer, at);
}

/**
 * Brings one source's points from what the ledger holds for it (`accounted`) to `target`,
 * writing the difference (or nothing). A clawback the balance cannot cover (the points were
 * spent) is owed, or forgiven when the store says so (docs/decisions/027); answers whether
 * points became owed.
 */
async function settle(
  tx: Executor,
  input: {
    merchant: MerchantRow;
    customerId: number;
    sourceType: string;
    sourceId: string;
    keyBase: string;
    ruleEvent: RuleEvent;
    target: number;
    accounted: { net: number; rows: number } | undefined;
    at: Date;
    expiresAt: Date | null;
  },
): Promise<boolean> {
  const { net, rows } = input.accounted ?? { net: 0, rows: 0 };
  const diff = input.target - net;
  if (diff === 0) return false;
  const entry = {
    merchantId: input.merchant.id,
    customerId: input.customerId,
    sourceType: input.sourceType,
    sourceId: input.sourceId,
    ruleEvent: input.ruleEvent,
    at: input.at,
  };
  if (diff > 0) {
    await creditPoints(tx, {
      ...entry,
      points: diff,
      idempotencyKey: rows === 0 ? `${input.keyBase}:earn` : `${input.keyBase}:adjust:${rows + 1}`,
      expiresAt: input.expiresAt,
    });
    return false;
  }
  const firstClawback = rows === 1 && net > 0;
  const row = await debitPoints(tx, {
    ...entry,
    points: -diff,
    kind: 'clawback',
    preferOwnLots: true,
    shortfall: input.merchant.forgiveSpentClawbacks ? 'forgive' : 'owe_spent',
    idempotencyKey: firstClawback
      ? `${input.keyBase}:clawback`
      : `${input.keyBase}:adjust:${rows + 1}`,
  });
  return (row?.debtDelta ?? 0) > 0;
}

/** Spendable now: the order reached a chosen status and its holding period is over. */
const isReleased = (order: OrderRow, now: Date) =>
  order.releaseAt !== null && order.releaseAt <= now;

/**
 * The customer's order points as the facts call for them: each counted order earns its rule
 * points (times the share not refunded) up to the rule's per-customer cap, and every N-th counted
 * order also earns the repeat-purchase bonus. Reversed orders earn nothing; orders whose points
 * are not spendable yet (pending) earn nothing *yet* but keep their place in the count. Answers
 * whether a clawback left points owed.
 */
async function reconcileCustomerOrders(
  tx: Executor,
  config: EngineConfig,
  customerId: number,
  at: Date,
  now: Date,
): Promise<boolean> {
  const { merchant, rules } = config;
  const counted = await findEarnedOrders(tx, merchant.id, customerId);
  const accounted = await accountedForSources(
    tx,
    merchant.id,
    ['order', 'repeat_purchase'],
    counted.map((order) => String(order.id)),
  );
  const orderRule = rules.get('order.created');
  const amountRule = rules.get('purchase_amount');
  const repeat = rules.get('repeat_purchase');
  const every = enabled(repeat) ? Math.max(1, repeat.requiredPurchases ?? 1) : 0;
  let live = 0;
  let owed = false;
  for (const order of counted) {
    let earn = 0;
    let bonus = 0;
    if (!isReversed(order)) {
      live += 1;
      if (isReleased(order, now)) {
        const within = (cap: number | null | undefined) =>
          cap === null || cap === undefined || live <= cap;
        const points =
          (within(orderRule?.maxPerCustomer) ? order.earnPoints : 0) +
          (within(amountRule?.maxPerCustomer) ? order.amountPoints : 0);
        earn = Math.floor(points * keptFraction(order));
      }
      const nth = every > 0 && live % every === 0 ? live / every : 0;
      if (
        nth > 0 &&
        isReleased(order, now) &&
        (repeat!.maxPerCustomer === null || nth <= repeat!.maxPerCustomer)
      )
        bonus = multiplied(repeat!.points, order.tierMultiplierPct);
    }
    const common = {
      merchant,
      customerId,
      sourceId: String(order.id),
      at,
      expiresAt: expiryFor(merchant, order.releaseAt ?? at),
    };
    if (
      await settle(tx, {
        ...common,
        sourceType: 'order',
        keyBase: `order:${order.id}`,
        ruleEvent: 'order.created',
        target: earn,
        accounted: accounted.get(`order:${order.id}`),
      })
    )
      owed = true;
    if (
      await settle(tx, {
        ...common,
        sourceType: 'repeat_purchase',
        keyBase: `order:${order.id}:repeat`,
        ruleEvent: 'repeat_purchase',
        target: bonus,
        accounted: accounted.get(`repeat_purchase:${order.id}`),
      })
    )
      owed = true;
  }
  return owed;
}

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
  const placedAt = facts.placedAt ?? at;
  const newer = !order.statusAt || at >= order.statusAt;
  const next: OrderRow = {
    ...order,
    customerId: order.customerId ?? facts.customer?.id ?? null,
    placedAt: order.placedAt && order.placedAt < placedAt ? order.placedAt : placedAt,
    earnBaseHalalas: Math.max(order.earnBaseHalalas, facts.totalHalalas ?? 0),
    spendHalalas: Math.max(order.spendHalalas, facts.spendHalalas ?? 0),
  };
  if (newer && slug) {
    next.statusSlug = slug;
    next.statusAt = at;
  }
  if (newer && facts.totalHalalas !== null) next.totalHalalas = facts.totalHalalas;
  if (kind === 'cancelled' || slug === 'canceled') next.cancelled = true;
  if (kind === 'deleted') next.deleted = true;
  if (isReturnSlug(slug)) next.restored = true;
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
  const { merchant, rules } = config;
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
    await markReferralCouponsUsed(tx, merchant.id, facts.couponCodes, {
      orderId: order.id,
      customerId: order.customerId,
      discounts: facts.couponDiscountHalalas ?? {},
    });

  if (order.earnStatus === 'pending' && order.customerId !== null && qualifies(order)) {
    const block = earningBlock(merchant, at);
    if (block) {
      order.earnStatus = block;
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
        const points = orderRulePoints(rules, order.earnBaseHalalas, order.spendHalalas);
        // The customer's VIP tier when the order qualifies multiplies its points, once: they are
        // kept with the order, and so is the multiplier (for its repeat-purchase bonus).
        const owner =
          customer?.id === order.customerId
            ? customer
            : await lockCustomer(tx, merchant.id, order.customerId);
        const pct = earnMultiplier(config.tiers, owner?.tierId ?? null);
        order.earnPoints = multiplied(points.earnPoints, pct);
        order.amountPoints = multiplied(points.amountPoints, pct);
        order.tierMultiplierPct = pct;
      }
    }
  }
  const released = order.earnStatus === 'earned' && isReleased(order, now < at ? at : now);
  if (released && !order.releasedAt) order.releasedAt = order.releaseAt;
  await updateOrder(tx, merchant.id, order.id, {
    customerId: order.customerId,
    placedAt: order.placedAt,
    statusSlug: order.statusSlug,
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
    tierMultiplierPct: order.tierMultiplierPct,
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

export async function applyCustomerCreated(
  tx: Executor,
  config: EngineConfig,
  input: { customer: CustomerFacts; at: Date },
): Promise<boolean> {
  const { merchant, rules } = config;
  const customer = await lockCustomerWithProfile(tx, merchant.id, input.customer, input.at);
  const rule = rules.get('signup');
  if (!enabled(rule) || earningBlock(merchant, input.at)) return false;
  const points = multiplied(rule.points, earnMultiplier(config.tiers, customer.tierId));
  if (points <= 0) return false;
  const row = await creditPoints(tx, {
    merchantId: merchant.id,
    customerId: input.customer.id,
    points,
    sourceType: 'signup',
    sourceId: String(input.customer.id),
    ruleEvent: 'signup',
    idempotencyKey: `signup:${input.customer.id}`,
    expiresAt: expiryFor(merchant, input.at),
    at: input.at,
  });
  return row !== null;
}

export async function applyReview(
  tx: Executor,
  config: EngineConfig,
  input: { review: ReviewFacts; at: Date },
): Promise<boolean> {
  const { merchant, rules } = config;
  const { review, at } = input;
  // The shopper's lock first: two reviews at once cannot both pass the per-customer cap.
  const customer = await lockCustomerWithProfile(tx, merchant.id, review.customer, at);
  const event: RuleEvent = review.productId !== null ? 'product_review' : 'order_review';
  const rule = rules.get(event);
  if (!enabled(rule) || earningBlock(merchant, at)) return false;
  if (review.rating < (rule.minRating ?? 1)) return false;
  if (
    rule.maxPerCustomer !== null &&
    (await countRuleEarns(tx, merchant.id, review.customer.id, event)) >= rule.maxPerCustomer
  ) {
    return false;
  }
  const subject =
    review.productId !== null
      ? `product:${review.productId}`
      : `order:${review.orderId ?? 'unknown'}`;
  const sourceId = review.id ? String(review.id) : `${subject}:${review.customer.id}`;
  const row = await creditPoints(tx, {
    merchantId: merchant.id,
    customerId: review.customer.id,
    points: multiplied(rule.points, earnMultiplier(config.tiers, customer.tierId)),
    sourceType: 'review',
    sourceId,
    ruleEvent: event,
    idempotencyKey: `review:${sourceId}`,
    expiresAt: expiryFor(merchant, at),
    at,
  });
  return row !== null;
}

export { expiryFor, enabled, findCustomer };
