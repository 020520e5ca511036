import type { OrderStage } from '../../db/schema/index.ts';

/**
 * What the engine is told, in its own words. `salla/` translates Salla's payloads into these;
 * nothing in `engine/` knows Salla's wire format. For profile fields, `undefined` means "not
 * said by this event" (keep what we have) and `null` means "said to be empty".
 */

export interface CustomerFacts {
  id: number;
  firstName?: string | undefined;
  lastName?: string | undefined;
  email?: string | null | undefined;
  /** With its country code, e.g. +966501234567. */
  mobile?: string | undefined;
  avatar?: string | null | undefined;
  /** `YYYY-MM-DD`. */
  birthday?: string | null | undefined;
}

/** What one order event says about the order. Amounts in halalas (1 SAR = 100). */
export interface OrderFacts {
  id: number;
  referenceId: string | null;
  customer: CustomerFacts | null;
  /** What the shopper pays, or null when the event does not say. */
  totalHalalas: number | null;
  /** The spend for points per riyal: sub-total less discounts, without shipping and tax. */
  spendHalalas: number | null;
  /** The status's name where the order comes from: a label, compared only with the merchant's choice. */
  statusSlug: string | null;
  /** What the status means to the engine (null when the event does not say). */
  statusStage: OrderStage | null;
  placedAt: Date | null;
  currency: string;
  /** Discount codes the order used (a Nuqat coupon among them marks it used). */
  couponCodes: string[];
  /** What each of those codes took off the order, in halalas, where Salla said. */
  couponDiscountHalalas?: Record<string, number>;
  /**
   * The order's lines, when the event carries them (docs/decisions/048): null when it does not,
   * so product rules fall back to the order's total.
   */
  lines?: OrderLine[] | null;
}

/** One line of an order: its product and what the line costs after its discount (halalas). */
export interface OrderLine {
  productId: number;
  name: string;
  amountHalalas: number;
}

export type { OrderStage };

export type OrderEventKind =
  'created' | 'updated' | 'status' | 'cancelled' | 'refunded' | 'deleted' | 'amounts';

/**
 * What an order keeps after a refund, as far as we could learn it: the total Salla shows for it
 * now (halalas), or unknown — then the refund counts as full, and `reason` says why (it goes into
 * the event's note).
 */
export type RefundFacts =
  { kind: 'remaining'; totalHalalas: number } | { kind: 'full'; reason: string };

export interface ReviewFacts {
  id: number | null;
  rating: number;
  customer: CustomerFacts;
  productId: number | null;
  orderId: number | null;
}
