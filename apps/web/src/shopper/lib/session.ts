import type { STORAGE_KEYS, ShopperSession } from '@nuqat/contracts';

// The contract's storage key, checked by type only (no runtime import of @nuqat/contracts).
const SESSION_KEY: (typeof STORAGE_KEYS)['customerToken'] = 'customerToken';

/**
 * The shopper token from the code login, kept on this device so a returning shopper is not asked
 * again (docs/decisions/006). One store at a time: a token for another store is ignored.
 */
export interface StoredSession extends ShopperSession {
  merchantId: string;
}

function isStoredSession(value: unknown): value is StoredSession {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.token === 'string' &&
    record.token !== '' &&
    typeof record.customerId === 'string' &&
    typeof record.merchantId === 'string' &&
    typeof record.expiresAt === 'string'
  );
}

/** The stored session for this store, or null (none, another store's, expired or malformed). */
export function readSession(merchantId: string, now = Date.now()): StoredSession | null {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(SESSION_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isStoredSession(parsed) || parsed.merchantId !== merchantId) return null;
  const expiresAt = Date.parse(parsed.expiresAt);
  return Number.isFinite(expiresAt) && expiresAt > now ? parsed : null;
}

export function saveSession(session: StoredSession): void {
  try {
    window.localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  } catch {
    // Storage can be blocked in a third-party frame; the shopper stays signed in for this visit.
  }
}

export function clearSession(): void {
  try {
    window.localStorage.removeItem(SESSION_KEY);
  } catch {
    // Nothing was stored then.
  }
}
