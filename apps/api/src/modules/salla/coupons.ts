import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { SallaApiError, type CouponRequest, type SallaClient } from '../../lib/salla-client.ts';
import { RIYADH_OFFSET_MS } from '../engine/index.ts';

/**
 * Nuqat's coupons at Salla: the offer in Nuqat's words becomes Salla's Create Coupon body here
 * and nowhere else (docs/decisions/016), and a coupon is made exactly once, for redemptions and
 * referrals alike. The code is chosen (and stored) before Salla is asked, so every retry asks for
 * the same coupon: a second ask can only make it, or be refused because it exists.
 */

/**
 * Salla refused the code as taken (422 naming `code`). For a coupon whose earlier ask was lost or
 * crashed that means the earlier ask made it: nobody else uses a random 49-bit code.
 */
export function isOurCodeTaken(error: unknown): boolean {
  return (
    error instanceof SallaApiError && error.status === 422 && (error.fields.code?.length ?? 0) > 0
  );
}

/**
 * Salla may or may not have made the coupon: its answer never came back (a timeout, a cut
 * connection). A refused connection never reached it.
 */
export function answerLost(error: unknown): boolean {
  return error instanceof SallaApiError && error.status === 0 && error.code !== 'refused';
}

/**
 * After a lost answer, Salla is asked again with the same code after each of these pauses: a
 * success, or the code refused as taken, means the coupon exists. Only while the request is
 * younger than CONFIRM_WITHIN_MS (a page waits 30 s).
 */
const CONFIRM_PAUSES_MS = [250, 1_000, 2_000, 4_000];
const CONFIRM_WITHIN_MS = 15_000;

/** Letters and digits a person reads without confusing them (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A code nobody can guess: the prefix and 10 characters of 31 (about 49 bits). */
export function generateCouponCode(prefix = 'NQ'): string {
  const bytes = randomBytes(10);
  let code = '';
  for (const byte of bytes) code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
  return `${prefix}-${code}`;
}

/** `YYYY-MM-DD` of the day in Riyadh. */
export function riyadhDate(at: Date): string {
  return new Date(at.getTime() + RIYADH_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * What every Nuqat coupon asks of Salla (reference §3.7): its code, the required booleans, from
 * today until an expiry at least a day ahead, used once by one shopper, on web and app, not on
 * top of the store's own offers.
 */
function singleUseCoupon(code: string, issuedAt: Date, expiresAt: Date) {
  return {
    code,
    free_shipping: false,
    exclude_sale_products: false,
    start_date: riyadhDate(issuedAt),
    expiry_date: riyadhDate(expiresAt),
    usage_limit: 1,
    usage_limit_per_user: 1,
    applied_in: 'all' as const,
    is_apply_with_offer: false,
  };
}

/** What a coupon gives, in Nuqat's words (amounts in riyals). */
export type CouponOffer = (
  | { kind: 'fixed'; amount: number }
  /** `cap`: the most it takes off, shown to the shopper; null: no cap but the percentage. */
  | { kind: 'percentage'; percent: number; cap: number | null }
  | { kind: 'free_shipping' }
  /** The listed products free: a 100 % discount limited to them. */
  | { kind: 'free_products'; productIds: string[] }
) & { minimumOrder?: number };

/**
 * Salla requires a maximum for a percentage; with no cap set the percentage alone limits it, so
 * the maximum is a generous ceiling, shown to nobody.
 */
const UNCAPPED_MAXIMUM = 100_000;

/** Salla's Create Coupon body for an offer (reference §3.7): one shopper, once, until `expiresAt`. */
export function couponRequest(
  offer: CouponOffer,
  code: string,
  issuedAt: Date,
  expiresAt: Date,
): CouponRequest {
  const base = {
    ...singleUseCoupon(code, issuedAt, expiresAt),
    ...(offer.minimumOrder && offer.minimumOrder > 0 ? { minimum_amount: offer.minimumOrder } : {}),
  };
  switch (offer.kind) {
    case 'fixed':
      return { ...base, type: 'fixed', amount: offer.amount };
    case 'percentage':
      return {
        ...base,
        type: 'percentage',
        amount: offer.percent,
        maximum_amount: offer.cap ?? UNCAPPED_MAXIMUM,
        show_maximum_amount: offer.cap !== null,
      };
    case 'free_shipping':
      return { ...base, type: 'fixed', amount: 0, free_shipping: true };
    case 'free_products':
      return {
        ...base,
        type: 'percentage',
        amount: 100,
        maximum_amount: UNCAPPED_MAXIMUM,
        show_maximum_amount: false,
        products_include: offer.productIds,
      };
  }
}

/**
 * Salla's Create Coupon. When the answer is lost the coupon may exist: ask again with the same
 * code. Made now, or refused as taken (our random code), it exists once → its id (null when only
 * the refusal tells). Giving up on a coupon Salla holds would hand out a reward twice or for
 * nothing; the chaos suite found such coupons under cut connections.
 */
export async function createOrConfirmCoupon(
  deps: { salla: SallaClient; log: FastifyBaseLogger },
  accessToken: string,
  request: CouponRequest,
  context: Record<string, unknown>,
): Promise<string | null> {
  const started = Date.now();
  try {
    return (await deps.salla.createCoupon(accessToken, request)).id;
  } catch (error) {
    if (!answerLost(error)) throw error;
    for (const pause of CONFIRM_PAUSES_MS) {
      if (Date.now() - started > CONFIRM_WITHIN_MS) break;
      await new Promise((resolve) => setTimeout(resolve, pause));
      try {
        const coupon = await deps.salla.createCoupon(accessToken, request);
        deps.log.warn(context, 'coupon made on the second ask after a lost answer');
        return coupon.id;
      } catch (again) {
        if (isOurCodeTaken(again)) {
          deps.log.warn(context, 'coupon found made after a lost answer');
          return null;
        }
      }
    }
    throw error;
  }
}
