/**
 * The messages between the store page (the storefront snippet, or anything playing its part) and
 * the loyalty page in its iframe (spec §7 "cross-window messages", docs/storefront-messages.md).
 * Plain types and guards, no Zod: the snippet imports this file and must stay under 5 KB gzip.
 *
 * The customer travels only as a hint (it pre-fills the e-mail of the code login); the API never
 * takes a customer id from the browser without a shopper token (docs/decisions/006). The shopper
 * token itself is Nuqat's own: the snippet keeps it in the store's first-party storage, bound to
 * the store and the customer it was issued for, and hands it only to the loyalty iframe's exact
 * origin (docs/decisions/030). Salla's storefront token never crosses.
 */

/** Spec §3 "Customer (received from the parent store page)". Never carries a token. */
export interface StorefrontCustomer {
  id: number;
  full_name: string;
  email: string;
  mobile: string;
  avatar: string;
}

/** A Nuqat shopper token as the code login issued it (ShopperSession in shopper.ts). */
export interface StorefrontSession {
  token: string;
  /** The customer it was issued for: digits. */
  customerId: string;
  /** ISO date-time. */
  expiresAt: string;
}

/** What the store's cart answered to a coupon the loyalty page asked it to apply. */
export type CouponOutcome = 'applied' | 'refused' | 'unavailable';

/** Page → iframe. */
export type ParentMessage =
  | {
      type: 'nuqat:customer';
      merchantId: number;
      /** null for a guest. */
      customer: StorefrontCustomer | null;
      /** A referral code the snippet kept from `?ref=` in the store's URL, if any. */
      ref: string | null;
      /** The store's language, `ar` or `en`. */
      lang: string;
      /**
       * The shopper token the snippet kept for this store and this customer; null when none (an
       * older snippet leaves it out: the same as null).
       */
      session?: StorefrontSession | null;
      /** The store page can apply a coupon to the cart (Twilight's `salla.cart.addCoupon`). */
      cart?: boolean;
      /** The store page can open the store's own sign-in (the theme's `salla-login-modal`). */
      login?: boolean;
      /**
       * The shopper asked the loyalty page to sign in through the store (`nuqat:open-login`)
       * and the store now has them signed in: the page goes on to the code step by itself.
       */
      signIn?: boolean;
    }
  | {
      type: 'nuqat:customer-login';
      merchantId: number;
      customer: StorefrontCustomer;
      signIn?: boolean;
    }
  | { type: 'nuqat:customer-logout'; merchantId: number }
  | {
      type: 'nuqat:coupon-result';
      merchantId: number;
      code: string;
      outcome: CouponOutcome;
      /** The cart's own reason for a refusal (Salla's message, in the store's language). */
      message: string | null;
    };

/** Iframe → page. */
export type WidgetMessage =
  | { type: 'nuqat:request-customer'; merchantId: number }
  /** Keep this token (bound to its customer) and show `points` on the launcher. */
  | {
      type: 'nuqat:session';
      merchantId: number;
      session: StorefrontSession;
      points: number | null;
      /** The shopper's VIP tier earning multiplier in percent, when they have a tier. */
      multiplierPct?: number;
    }
  /** The shopper left the loyalty page's session, or the API refused the token: forget it. */
  | { type: 'nuqat:logout'; merchantId: number }
  /** Open the store's sign-in. */
  | { type: 'nuqat:open-login'; merchantId: number }
  /** Apply this coupon code to the cart; answered by `nuqat:coupon-result`. */
  | { type: 'nuqat:apply-coupon'; merchantId: number; code: string };

export const PARENT_MESSAGE_TYPES = [
  'nuqat:customer',
  'nuqat:customer-login',
  'nuqat:customer-logout',
  'nuqat:coupon-result',
] as const;
export const WIDGET_MESSAGE_TYPES = [
  'nuqat:request-customer',
  'nuqat:session',
  'nuqat:logout',
  'nuqat:open-login',
  'nuqat:apply-coupon',
] as const;

/** The snippet's key for the shopper token in the store's localStorage, one per store. */
export const sessionStorageKey = (merchantId: number): string => `nuqat_session_${merchantId}`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const optionalFlag = (value: unknown) => value === undefined || typeof value === 'boolean';

/** Coupon codes as Nuqat and Salla make them: letters, digits, `-` and `_`, at most 64. */
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function isStorefrontCustomer(value: unknown): value is StorefrontCustomer {
  return (
    isRecord(value) &&
    typeof value.id === 'number' &&
    Number.isSafeInteger(value.id) &&
    value.id > 0 &&
    typeof value.full_name === 'string' &&
    typeof value.email === 'string' &&
    typeof value.mobile === 'string' &&
    typeof value.avatar === 'string' &&
    !('token' in value)
  );
}

export function isStorefrontSession(value: unknown): value is StorefrontSession {
  return (
    isRecord(value) &&
    typeof value.token === 'string' &&
    value.token.length > 0 &&
    value.token.length < 4096 &&
    typeof value.customerId === 'string' &&
    /^[1-9]\d{0,17}$/.test(value.customerId) &&
    typeof value.expiresAt === 'string' &&
    Number.isFinite(Date.parse(value.expiresAt))
  );
}

/** A message from the store page for this store, with well-formed fields where they belong. */
export function isParentMessage(value: unknown, merchantId: number): value is ParentMessage {
  if (!isRecord(value) || value.merchantId !== merchantId) return false;
  switch (value.type) {
    case 'nuqat:customer':
      return (
        (value.customer === null || isStorefrontCustomer(value.customer)) &&
        (value.ref === null || typeof value.ref === 'string') &&
        typeof value.lang === 'string' &&
        (value.session === undefined ||
          value.session === null ||
          isStorefrontSession(value.session)) &&
        optionalFlag(value.cart) &&
        optionalFlag(value.login) &&
        optionalFlag(value.signIn)
      );
    case 'nuqat:customer-login':
      return isStorefrontCustomer(value.customer) && optionalFlag(value.signIn);
    case 'nuqat:customer-logout':
      return true;
    case 'nuqat:coupon-result':
      return (
        typeof value.code === 'string' &&
        (value.outcome === 'applied' ||
          value.outcome === 'refused' ||
          value.outcome === 'unavailable') &&
        (value.message === null || typeof value.message === 'string')
      );
    default:
      return false;
  }
}

export function isWidgetMessage(value: unknown, merchantId: number): value is WidgetMessage {
  if (!isRecord(value) || value.merchantId !== merchantId) return false;
  switch (value.type) {
    case 'nuqat:session':
      return (
        isStorefrontSession(value.session) &&
        (value.points === null ||
          (typeof value.points === 'number' && Number.isSafeInteger(value.points)))
      );
    case 'nuqat:apply-coupon':
      return typeof value.code === 'string' && COUPON_CODE_PATTERN.test(value.code);
    default:
      return (WIDGET_MESSAGE_TYPES as readonly unknown[]).includes(value.type);
  }
}

/** Referral codes kept from `?ref=`: letters, digits, `-` and `_`, at most 32. */
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
