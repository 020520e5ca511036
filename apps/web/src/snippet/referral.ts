import { REFERRAL_CODE_PATTERN } from '@nuqat/contracts/storefront';

export const REF_KEY = 'nuqat_ref';
const TTL = 30 * 86_400_000;

/**
 * A referral code seen in `?ref=` is kept 30 days in the store's localStorage, so a shopper who
 * arrives through a link and signs up later is still attributed. Storage can throw (Safari private
 * mode, blocked cookies): then the code lives for this page only.
 */
export function keepReferral(win: Window): () => string | null {
  let code: string | null = null;
  try {
    code = new URLSearchParams(win.location.search).get('ref');
  } catch {
    // An unreadable location keeps no code.
  }
  if (code && !REFERRAL_CODE_PATTERN.test(code)) code = null;
  let storage: Storage | null = null;
  try {
    storage = win.localStorage;
    if (code) storage.setItem(REF_KEY, JSON.stringify({ code, at: Date.now() }));
  } catch {
    storage = null;
  }
  return () => {
    if (!storage) return code;
    try {
      const kept = JSON.parse(storage.getItem(REF_KEY) ?? 'null') as {
        code?: unknown;
        at?: unknown;
      } | null;
      if (
        kept &&
        typeof kept.code === 'string' &&
        REFERRAL_CODE_PATTERN.test(kept.code) &&
        typeof kept.at === 'number' &&
        Date.now() - kept.at < TTL
      )
        return kept.code;
      storage.removeItem(REF_KEY);
    } catch {
      // A damaged entry counts as none.
    }
    return code;
  };
}
