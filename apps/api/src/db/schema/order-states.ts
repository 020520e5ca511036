/**
 * An order's newest status in the engine's own words (salla/ translates Salla's status names):
 * waiting for payment, placed (paid or on its way: it counts), cancelled, or returned (a return
 * begun or done). Null while no event said the status.
 */
export const ORDER_STAGES = ['awaiting_payment', 'placed', 'cancelled', 'returned'] as const;
export type OrderStage = (typeof ORDER_STAGES)[number];

export const ORDER_EARN_STATUSES = [
  'pending',
  'earned',
  'no_rule',
  'below_minimum',
  'over_limit',
  'subscription_inactive',
  'programme_paused',
  'guest',
  'uninstalled',
  /** The shopper is in the store's control group (docs/decisions/049): the order earns nothing. */
  'held_out',
] as const;
export type OrderEarnStatus = (typeof ORDER_EARN_STATUSES)[number];
