import type { Language } from '@nuqat/contracts';
import {
  isParentMessage,
  type ParentMessage,
  type WidgetMessage,
} from '@nuqat/contracts/storefront';

/** The one meta tag the API fills in: the store origin(s) allowed to frame and talk to the page. */
export const STORE_ORIGIN_META = 'nuqat-store-origin';

/** Salla ids as in the contracts' MerchantIdSchema: digits, no leading zero. */
const MERCHANT_ID = /^[1-9]\d{0,17}$/;

/** The store page around the iframe, as the page sees it. */
export interface ParentLink {
  /** Sends to the store page, addressed to its origin(s) only. */
  post(message: WidgetMessage): void;
  /** Messages from the store page for this store; returns the unsubscribe function. */
  listen(onMessage: (message: ParentMessage) => void): () => void;
}

export interface PageConfig {
  /** As in API paths; null when `?merchantId=` is missing or not an id. */
  merchantId: string | null;
  language: Language;
  /** null when the page is not framed, or its store's origin is unknown. */
  parent: ParentLink | null;
}

/** A well-formed origin (`https://store.example`), normalised, or null. */
function toOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** The origins from the meta tag; without any (the dev server), the referrer's origin. */
export function readStoreOrigins(doc: Document): string[] {
  const content = doc.querySelector(`meta[name="${STORE_ORIGIN_META}"]`)?.getAttribute('content');
  const listed = (content ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map(toOrigin)
    .filter((origin): origin is string => origin !== null);
  if (listed.length > 0) return [...new Set(listed)];
  const fromReferrer = doc.referrer ? toOrigin(doc.referrer) : null;
  return fromReferrer ? [fromReferrer] : [];
}

export function createParentLink(
  target: Pick<Window, 'postMessage'>,
  origins: readonly string[],
  merchantId: number,
  host: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): ParentLink {
  return {
    post(message) {
      // Addressed per origin: the browser delivers only to the one the store page really has.
      for (const origin of origins) target.postMessage(message, origin);
    },
    listen(onMessage) {
      const handle = (event: MessageEvent) => {
        // From the store page around this frame, at the store's own origin: nothing else talks.
        if (event.source !== target || !origins.includes(event.origin)) return;
        if (!isParentMessage(event.data, merchantId)) return;
        onMessage(event.data);
      };
      host.addEventListener('message', handle);
      return () => host.removeEventListener('message', handle);
    },
  };
}

/** Reads `?merchantId=` and `?lang=`, and finds the store page when the page is framed. */
export function readPageConfig(win: Window = window): PageConfig {
  const query = new URLSearchParams(win.location.search);
  const rawId = query.get('merchantId')?.trim() ?? '';
  const merchantId = MERCHANT_ID.test(rawId) && Number.isSafeInteger(Number(rawId)) ? rawId : null;
  const language: Language = query.get('lang') === 'en' ? 'en' : 'ar';
  const framed = win.parent !== win;
  const origins = framed ? readStoreOrigins(win.document) : [];
  const parent =
    merchantId && origins.length > 0
      ? createParentLink(win.parent, origins, Number(merchantId), win)
      : null;
  return { merchantId, language, parent };
}
