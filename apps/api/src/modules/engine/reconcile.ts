import type { Executor } from '../../db/client.ts';
import type { RuleEvent } from '../../db/schema/index.ts';
import { findEarnedOrders, type MerchantRow, type OrderRow } from './engine.repository.ts';
import { isReversed, keptFraction } from './engine-rules.ts';
import { accountedForSources } from './ledger.repository.ts';
import { creditPoints, debitPoints } from './ledger.service.ts';
import { multiplied } from './tier-multipliers.ts';

import type { EngineConfig } from './points-rules.ts';
import { enabled, expiryFor } from './points-rules.ts';

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
export const isReleased = (order: OrderRow, now: Date) =>
  order.releaseAt !== null && order.releaseAt <= now;

/**
 * The customer's order points as the facts call for them: each counted order earns its rule
 * points (times the share not refunded) up to the rule's per-customer cap, and every N-th counted
 * order also earns the repeat-purchase bonus. Reversed orders earn nothing; orders whose points
 * are not spendable yet (pending) earn nothing *yet* but keep their place in the count. Answers
 * whether a clawback left points owed.
 */
export async function reconcileCustomerOrders(
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
          (within(amountRule?.maxPerCustomer) ? order.amountPoints : 0) +
          // A campaign's bonus, kept with the order (decision 047): not under the rules' caps.
          order.campaignBonusPoints;
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
