import type { SallaCustomer, SallaOrder } from '@nuqat/contracts';
import type { Executor } from '../../db/client.ts';
import type { RuleEvent } from '../../db/schema/index.ts';
import {
  countOrderAgainstPlan,
  findCustomer,
  findEarnedOrders,
  findRules,
  insertCustomerIfMissing,
  insertOrder,
  lockOrder,
  updateCustomer,
  updateOrder,
  type MerchantRow,
  type OrderRow,
  type RuleRow,
} from './engine.repository.ts';
import {
  birthdayOf,
  earningBlock,
  isReturnSlug,
  isReversed,
  keptFraction,
  monthlyOrderLimit,
  parseSallaTime,
  planPeriodStart,
  qualifies,
  toHalalas,
} from './engine-rules.ts';
import { accountedForSources, countRuleEarns } from './ledger.repository.ts';
import { creditPoints, debitPoints } from './ledger.service.ts';

/**
 * Turns Salla's store events into points. Every function runs inside the webhook's transaction,
 * with the merchant row locked, so one store's events are applied one at a time.
 *
 * Orders are handled as facts plus a reconcile: each event merges what it says into the order
 * row (sticky cancel/delete/return flags, the newest status by event time, the largest total
 * seen), and then the customer's order points are brought to the amount those facts call for.
 * Applying the same facts in any order therefore ends in the same balances.
 */

export type OrderEventKind =
  'created' | 'updated' | 'status' | 'cancelled' | 'refunded' | 'deleted';

function expiryFor(merchant: MerchantRow, at: Date): Date | null {
  return merchant.pointsExpiryDays
    ? new Date(at.getTime() + merchant.pointsExpiryDays * 86_400_000)
    : null;
}

const enabled = (rule: RuleRow | undefined): rule is RuleRow => Boolean(rule && rule.points > 0);

/** Mirrors a customer's profile; an event older than the last one applied does not overwrite it. */
export async function upsertCustomer(
  tx: Executor,
  merchantId: number,
  customer: SallaCustomer,
  at: Date,
): Promise<void> {
  await insertCustomerIfMissing(tx, merchantId, customer.id);
  const current = (await findCustomer(tx, merchantId, customer.id))!;
  const values: Parameters<typeof updateCustomer>[3] = {};
  const newer = !current.profileEventAt || at >= current.profileEventAt;
  if (newer) {
    const [first, ...rest] = (customer.name ?? '').trim().split(/\s+/);
    if (customer.first_name !== undefined || customer.name)
      values.firstName = customer.first_name ?? first ?? '';
    if (customer.last_name !== undefined || customer.name)
      values.lastName = customer.last_name ?? rest.join(' ');
    if (customer.email !== undefined) values.email = customer.email || null;
    if (customer.mobile !== undefined && customer.mobile !== null) {
      const mobile = String(customer.mobile);
      values.mobile = mobile.startsWith('+') ? mobile : `${customer.mobile_code ?? ''}${mobile}`;
    }
    if (customer.avatar !== undefined) values.avatar = customer.avatar || null;
    values.profileEventAt = at;
  }
  if (customer.birthday !== undefined) {
    const birthday = birthdayOf(customer.birthday);
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
}

/**
 * Brings one source's points from what the ledger holds for it (`accounted`) to `target`,
 * writing the difference (or nothing).
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
  },
): Promise<void> {
  const { net, rows } = input.accounted ?? { net: 0, rows: 0 };
  const diff = input.target - net;
  if (diff === 0) return;
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
      expiresAt: expiryFor(input.merchant, input.at),
    });
  } else {
    const firstClawback = rows === 1 && net > 0;
    await debitPoints(tx, {
      ...entry,
      points: -diff,
      kind: 'clawback',
      preferOwnLots: true,
      idempotencyKey: firstClawback
        ? `${input.keyBase}:clawback`
        : `${input.keyBase}:adjust:${rows + 1}`,
    });
  }
}

/**
 * The customer's order points as the facts call for them: each counted order earns its rule
 * points (times the share not refunded) up to the rule's per-customer cap, and every N-th counted
 * order also earns the repeat-purchase bonus. Reversed orders earn nothing.
 */
async function reconcileCustomerOrders(
  tx: Executor,
  merchant: MerchantRow,
  customerId: number,
  rules: Map<RuleEvent, RuleRow>,
  at: Date,
): Promise<void> {
  const counted = await findEarnedOrders(tx, merchant.id, customerId);
  const accounted = await accountedForSources(
    tx,
    merchant.id,
    ['order', 'repeat_purchase'],
    counted.map((order) => String(order.id)),
  );
  const orderRule = rules.get('order.created');
  const repeat = rules.get('repeat_purchase');
  const every = enabled(repeat) ? Math.max(1, repeat.requiredPurchases ?? 1) : 0;
  let live = 0;
  for (const order of counted) {
    let earn = 0;
    let bonus = 0;
    if (!isReversed(order)) {
      live += 1;
      const cap = orderRule?.maxPerCustomer ?? null;
      if (cap === null || live <= cap) earn = Math.floor(order.earnPoints * keptFraction(order));
      const nth = every > 0 && live % every === 0 ? live / every : 0;
      if (nth > 0 && (repeat!.maxPerCustomer === null || nth <= repeat!.maxPerCustomer))
        bonus = repeat!.points;
    }
    const common = { merchant, customerId, sourceId: String(order.id), at };
    await settle(tx, {
      ...common,
      sourceType: 'order',
      keyBase: `order:${order.id}`,
      ruleEvent: 'order.created',
      target: earn,
      accounted: accounted.get(`order:${order.id}`),
    });
    await settle(tx, {
      ...common,
      sourceType: 'repeat_purchase',
      keyBase: `order:${order.id}:repeat`,
      ruleEvent: 'repeat_purchase',
      target: bonus,
      accounted: accounted.get(`repeat_purchase:${order.id}`),
    });
  }
}

export async function applyOrderEvent(
  tx: Executor,
  merchant: MerchantRow,
  input: { kind: OrderEventKind; order: SallaOrder; at: Date },
): Promise<{ earnStatus: OrderRow['earnStatus'] }> {
  const { order: payload, at, kind } = input;
  const customerId = payload.customer?.id ?? null;
  if (payload.customer) await upsertCustomer(tx, merchant.id, payload.customer, at);

  const total = payload.amounts?.total?.amount ?? payload.total?.amount;
  const totalHalalas = total === undefined ? null : toHalalas(total);
  const slug = payload.status?.slug ?? null;
  const placedAt = parseSallaTime(payload.date?.date, payload.date?.timezone) ?? at;

  let order = await lockOrder(tx, merchant.id, payload.id);
  if (!order) {
    order = await insertOrder(tx, {
      merchantId: merchant.id,
      id: payload.id,
      customerId,
      referenceId:
        payload.reference_id === null || payload.reference_id === undefined
          ? null
          : String(payload.reference_id),
      totalHalalas: totalHalalas ?? 0,
      earnBaseHalalas: totalHalalas ?? 0,
      currency: payload.currency ?? 'SAR',
      placedAt,
    });
  }

  const newer = !order.statusAt || at >= order.statusAt;
  const next: Partial<OrderRow> = {
    customerId: order.customerId ?? customerId,
    placedAt: order.placedAt && order.placedAt < placedAt ? order.placedAt : placedAt,
    earnBaseHalalas: Math.max(order.earnBaseHalalas, totalHalalas ?? 0),
  };
  if (newer && slug) {
    next.statusSlug = slug;
    next.statusAt = at;
  }
  if (newer && totalHalalas !== null) next.totalHalalas = totalHalalas;
  if (kind === 'cancelled' || slug === 'canceled') next.cancelled = true;
  if (kind === 'deleted') next.deleted = true;
  if (isReturnSlug(slug)) next.restored = true;
  if (kind === 'refunded') {
    const base = Math.max(next.earnBaseHalalas!, totalHalalas ?? 0);
    const refunded =
      payload.refunded_amount === null || payload.refunded_amount === undefined
        ? null
        : toHalalas(payload.refunded_amount);
    if (refunded !== null && refunded < base)
      next.refundedHalalas = Math.max(order.refundedHalalas, refunded);
    else next.fullyRefunded = true;
  }
  order = { ...order, ...next } as OrderRow;

  const rules = await findRules(tx, merchant.id);
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
      );
      order.planPeriodStart = period;
      order.qualifiedAt = at;
      order.earnStatus = withinLimit ? 'earned' : 'over_limit';
      const rule = rules.get('order.created');
      order.earnPoints =
        withinLimit && enabled(rule) && order.earnBaseHalalas >= (rule.minOrderTotalHalalas ?? 0)
          ? rule.points
          : 0;
    }
  }
  await updateOrder(tx, merchant.id, order.id, {
    customerId: order.customerId,
    placedAt: order.placedAt,
    statusSlug: order.statusSlug,
    statusAt: order.statusAt,
    totalHalalas: order.totalHalalas,
    earnBaseHalalas: order.earnBaseHalalas,
    cancelled: order.cancelled,
    deleted: order.deleted,
    restored: order.restored,
    refundedHalalas: order.refundedHalalas,
    fullyRefunded: order.fullyRefunded,
    earnStatus: order.earnStatus,
    qualifiedAt: order.qualifiedAt,
    earnPoints: order.earnPoints,
    planPeriodStart: order.planPeriodStart,
  });
  if (order.customerId !== null && order.earnStatus === 'earned') {
    await reconcileCustomerOrders(tx, merchant, order.customerId, rules, at);
  }
  return { earnStatus: order.earnStatus };
}

export async function applyCustomerCreated(
  tx: Executor,
  merchant: MerchantRow,
  input: { customer: SallaCustomer; at: Date },
): Promise<boolean> {
  await upsertCustomer(tx, merchant.id, input.customer, input.at);
  const rule = (await findRules(tx, merchant.id)).get('signup');
  if (!enabled(rule) || earningBlock(merchant, input.at)) return false;
  const row = await creditPoints(tx, {
    merchantId: merchant.id,
    customerId: input.customer.id,
    points: rule.points,
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
  merchant: MerchantRow,
  input: {
    review: {
      id?: number | null;
      rating: number;
      customer: SallaCustomer;
      product?: { id: number } | null;
      order?: { id: number } | null;
    };
    at: Date;
  },
): Promise<boolean> {
  const { review, at } = input;
  await upsertCustomer(tx, merchant.id, review.customer, at);
  const event: RuleEvent = review.product ? 'product_review' : 'order_review';
  const rule = (await findRules(tx, merchant.id)).get(event);
  if (!enabled(rule) || earningBlock(merchant, at)) return false;
  if (review.rating < (rule.minRating ?? 1)) return false;
  if (
    rule.maxPerCustomer !== null &&
    (await countRuleEarns(tx, merchant.id, review.customer.id, event)) >= rule.maxPerCustomer
  ) {
    return false;
  }
  const subject = review.product
    ? `product:${review.product.id}`
    : `order:${review.order?.id ?? 'unknown'}`;
  const sourceId = review.id ? String(review.id) : `${subject}:${review.customer.id}`;
  const row = await creditPoints(tx, {
    merchantId: merchant.id,
    customerId: review.customer.id,
    points: rule.points,
    sourceType: 'review',
    sourceId,
    ruleEvent: event,
    idempotencyKey: `review:${sourceId}`,
    expiresAt: expiryFor(merchant, at),
    at,
  });
  return row !== null;
}

export { expiryFor, enabled };
