import type { Executor } from '../../db/client.ts';
import { findMerchantById } from '../merchants/index.ts';
import {
  findRules,
  findTierMultipliers,
  lockCustomer,
  lockOrder,
  updateOrder,
} from './engine.repository.ts';
import { findHeldOutOrders, releaseControlGroup } from './holdout.repository.ts';
import { monthlyOrderLimit, planPeriodStart, qualifies } from './engine-rules.ts';
import { countOrderAgainstPlan } from './plan-usage.repository.ts';
import type { EngineConfig } from './points-rules.ts';
import { isReleased, reconcileCustomerOrders } from './reconcile.ts';
import { orderEarning } from './order-earning.ts';
import { findProductRuleMap } from './product-rules.repository.ts';
import { findCampaignRules } from './campaigns.repository.ts';

/**
 * The end of a store's holdout (docs/decisions/049): every shopper of its control group is
 * enrolled from `at` — their orders placed from then on earn as anyone's. Their arm stays: it is
 * the record of the experiment. With `backPay`, the orders the holdout kept from earning (counted
 * ones, earn status `held_out`) earn now, as if the shopper had been a member all along: the same
 * rule points and tier multiplier as the general path, counted against the plan, credited by the
 * reconcile with the order's own idempotency keys. Runs inside the caller's transaction.
 */
export async function endHoldout(
  tx: Executor,
  merchantId: number,
  input: { at: Date; backPay: boolean },
): Promise<{ enrolled: number; ordersPaid: number }> {
  const merchant = await findMerchantById(tx, merchantId);
  if (!merchant) return { enrolled: 0, ordersPaid: 0 };
  const config: EngineConfig = {
    merchant,
    rules: await findRules(tx, merchantId),
    tiers: await findTierMultipliers(tx, merchant),
    campaigns: await findCampaignRules(tx, merchant),
    productRules: await findProductRuleMap(tx, merchant),
  };
  const enrolled = await releaseControlGroup(tx, merchant.id, input.at);
  if (!input.backPay) return { enrolled: enrolled.length, ordersPaid: 0 };
  const byCustomer = await findHeldOutOrders(tx, merchant.id);
  let ordersPaid = 0;
  for (const [customerId, orderIds] of byCustomer) {
    const customer = await lockCustomer(tx, merchant.id, customerId);
    let paid = 0;
    for (const orderId of orderIds)
      if (await payOrder(tx, config, orderId, customer?.tierId ?? null, input.at)) paid += 1;
    if (paid > 0) await reconcileCustomerOrders(tx, config, customerId, input.at, input.at);
    ordersPaid += paid;
  }
  return { enrolled: enrolled.length, ordersPaid };
}

async function payOrder(
  tx: Executor,
  config: EngineConfig,
  orderId: number,
  tierId: string | null,
  at: Date,
): Promise<boolean> {
  const { merchant } = config;
  const order = await lockOrder(tx, merchant.id, orderId);
  if (!order || order.earnStatus !== 'held_out' || order.customerId === null) return false;
  if (!qualifies(order)) {
    // Reversed since: it would have given nothing; it waits as any pending order would.
    await updateOrder(tx, merchant.id, orderId, { earnStatus: 'pending' });
    return false;
  }
  const period = planPeriodStart(merchant, order.placedAt ?? at);
  const within = await countOrderAgainstPlan(
    tx,
    merchant.id,
    period,
    monthlyOrderLimit(merchant.plan),
    order.customerId,
  );
  if (!within) {
    await updateOrder(tx, merchant.id, orderId, { earnStatus: 'over_limit' });
    return false;
  }
  // As the general path would have decided it: rules, tier and the campaigns of the order's time.
  const next = {
    earnStatus: 'earned' as const,
    planPeriodStart: period,
    qualifiedAt: order.qualifiedAt ?? at,
    ...(await orderEarning(tx, config, { ...order, customerId: order.customerId }, tierId, at)),
  };
  const released = isReleased({ ...order, ...next }, at);
  await updateOrder(tx, merchant.id, orderId, {
    ...next,
    releasedAt: released && !order.releasedAt ? order.releaseAt : order.releasedAt,
  });
  return true;
}
