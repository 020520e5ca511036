import type { Executor } from '../../db/client.ts';
import type { RuleEvent } from '../../db/schema/index.ts';
import { earningBlock, heldOut } from './engine-rules.ts';
import type { CustomerFacts, OrderEventKind, ReviewFacts } from './facts.ts';
import { countRuleEarns } from './ledger.repository.ts';
import { creditPoints } from './ledger.service.ts';
import { earnMultiplier, multiplied } from './tier-multipliers.ts';

import type { EngineConfig } from './points-rules.ts';
import { enabled, expiryFor } from './points-rules.ts';
import { lockCustomerWithProfile } from './profile.service.ts';

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

export async function applyCustomerCreated(
  tx: Executor,
  config: EngineConfig,
  input: { customer: CustomerFacts; at: Date },
): Promise<boolean> {
  const { merchant, rules } = config;
  const customer = await lockCustomerWithProfile(tx, merchant.id, input.customer, input.at);
  const rule = rules.get('signup');
  if (!enabled(rule) || earningBlock(merchant, input.at) || heldOut(customer, input.at))
    return false;
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
  if (!enabled(rule) || earningBlock(merchant, at) || heldOut(customer, at)) return false;
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
