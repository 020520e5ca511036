/**
 * The messages between the store page (the storefront snippet, or anything playing its part) and
 * the loyalty page in its iframe (spec §7 "cross-window messages", docs/storefront-messages.md).
 * Plain types and guards, no Zod: the snippet imports this file and must stay under 5 KB gzip.
 *
 * The customer travels only as a hint (it pre-fills the e-mail of the code login); the API never
 * takes a customer id from the browser without a shopper token (docs/decisions/006).
 */

/** Spec §3 "Customer (received from the parent store page)". Never carries a token. */
export interface StorefrontCustomer {
  id: number;
  full_name: string;
  email: string;
  mobile: string;
  avatar: string;
}

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
    }
  | { type: 'nuqat:customer-login'; merchantId: number; customer: StorefrontCustomer }
  | { type: 'nuqat:customer-logout'; merchantId: number };

/** Iframe → page. */
export type WidgetMessage =
  | { type: 'nuqat:request-customer'; merchantId: number }
  | { type: 'nuqat:logout'; merchantId: number };

export const PARENT_MESSAGE_TYPES = [
  'nuqat:customer',
  'nuqat:customer-login',
  'nuqat:customer-logout',
] as const;
export const WIDGET_MESSAGE_TYPES = ['nuqat:request-customer', 'nuqat:logout'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

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

/** A message from the store page for this store, with a well-formed customer where one belongs. */
export function isParentMessage(value: unknown, merchantId: number): value is ParentMessage {
  if (!isRecord(value) || value.merchantId !== merchantId) return false;
  switch (value.type) {
    case 'nuqat:customer':
      return (
        (value.customer === null || isStorefrontCustomer(value.customer)) &&
        (value.ref === null || typeof value.ref === 'string') &&
        typeof value.lang === 'string'
      );
    case 'nuqat:customer-login':
      return isStorefrontCustomer(value.customer);
    case 'nuqat:customer-logout':
      return true;
    default:
      return false;
  }
}

export function isWidgetMessage(value: unknown, merchantId: number): value is WidgetMessage {
  return (
    isRecord(value) &&
    value.merchantId === merchantId &&
    (WIDGET_MESSAGE_TYPES as readonly unknown[]).includes(value.type)
  );
}

/** Referral codes kept from `?ref=`: letters, digits, `-` and `_`, at most 32. */
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
