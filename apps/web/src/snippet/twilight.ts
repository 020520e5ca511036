import type { StorefrontCustomer } from '@nuqat/contracts/storefront';

/**
 * The part of Salla's Twilight SDK (`window.salla`) the snippet uses (shared/reference/salla.md
 * §4.1–4.2, §4.6). The theme has loaded and initialised it before any App Snippet runs: never
 * call `salla.init()`.
 */
export interface Twilight {
  onReady?: (callback: () => void) => unknown;
  config: {
    get: (key: string) => unknown;
    isGuest?: () => boolean;
  };
  event?: {
    on: (name: string, callback: (...args: unknown[]) => void) => unknown;
    /** The cart's alias listeners (§4.6): the coupon the cart took, or why it refused it. */
    cart?: {
      onCouponAdded?: (callback: (...args: unknown[]) => void) => unknown;
      onCouponAdditionFailed?: (callback: (error: unknown) => void) => unknown;
    };
  };
  /** Absent on a page without a cart, or on an old theme. */
  cart?: { addCoupon?: (code: string) => unknown; details?: () => unknown };
}

/** The theme's login web component (§4.5), when the theme has one. */
export type LoginModal = HTMLElement & { open?: (event?: unknown) => unknown };

export type Lang = 'ar' | 'en';

const text = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

/**
 * The shopper as a hint for the loyalty page, or null for a guest. `isGuest()` comes first because
 * Twilight gives guests a `user.id` too. Only the five contract fields are copied: nothing else
 * from the user object (and never `salla.storage.get('token')`) leaves the store page.
 */
export function readCustomer(salla: Twilight): StorefrontCustomer | null {
  const { config } = salla;
  if (config.isGuest?.()) return null;
  const user = config.get('user') as Record<string, unknown> | null | undefined;
  if (!user || typeof user !== 'object' || user.type === 'guest') return null;
  const id = Number(user.id);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  return {
    id,
    full_name: text([text(user.first_name), text(user.last_name)].join(' ')) || text(user.name),
    email: text(user.email),
    mobile: text(user.mobile),
    avatar: text(user.avatar),
  };
}

/**
 * Why the cart refused a coupon, in the store's own words: Twilight's failure hands over the
 * request's error (Salla's `{error: {message}}` answer, as themes read it), or a plain message.
 * Only that one string is read.
 */
export function refusalReason(error: unknown): string | null {
  const e = error as {
    response?: { data?: { error?: { message?: unknown } } };
    message?: unknown;
  } | null;
  const reason =
    typeof error === 'string' ? error : (e?.response?.data?.error?.message ?? e?.message);
  return typeof reason === 'string' && reason.trim() ? reason.trim().slice(0, 300) : null;
}

/** The store's language as the loyalty page knows it: Arabic unless the store speaks another. */
export function readLang(salla: Twilight, doc: Document): Lang {
  const code = text(salla.config.get('user.language_code')) || doc.documentElement.lang;
  return !code || /^ar/i.test(code) ? 'ar' : 'en';
}

export function readDir(doc: Document, lang: Lang): 'rtl' | 'ltr' {
  const dir = (doc.dir || doc.documentElement.getAttribute('dir') || '').toLowerCase();
  return dir === 'rtl' || dir === 'ltr' ? dir : lang === 'ar' ? 'rtl' : 'ltr';
}
