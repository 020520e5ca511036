import {
  isStorefrontSession,
  sessionStorageKey,
  type StorefrontSession,
} from '@nuqat/contracts/storefront';

/** The shopper token as the snippet keeps it, with the balance the launcher shows. */
export interface KeptSession extends StorefrontSession {
  points: number | null;
  /** The shopper's tier multiplier (percent), for the earn badges; absent outside a tier. */
  multiplierPct?: number;
}

/**
 * The loyalty page's shopper token, kept in the store's own localStorage (first-party: browsers
 * that block the iframe's storage leave this alone), one key per store, bound to the customer it
 * was issued for (docs/decisions/030). Storage can throw (Safari private mode): then nothing is
 * kept and the token lives as long as the iframe.
 */
export function sessionKeeper(win: Window, merchantId: number) {
  const key = sessionStorageKey(merchantId);
  let storage: Storage | null = null;
  try {
    storage = win.localStorage;
  } catch {
    // No storage: nothing is kept.
  }
  const read = (): KeptSession | null => {
    try {
      const kept = JSON.parse(storage?.getItem(key) ?? 'null') as KeptSession | null;
      return isStorefrontSession(kept)
        ? { ...kept, points: typeof kept.points === 'number' ? kept.points : null }
        : null;
    } catch {
      return null;
    }
  };
  return {
    read,
    write(kept: KeptSession) {
      try {
        storage?.setItem(key, JSON.stringify(kept));
      } catch {
        // Full or blocked: the iframe still holds it for this page.
      }
    },
    /** Forgets the token and hands back what was kept, so the caller can revoke it. */
    take(): KeptSession | null {
      const kept = read();
      try {
        storage?.removeItem(key);
      } catch {
        // Nothing was kept then.
      }
      return kept;
    },
  };
}
