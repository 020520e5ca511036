import { STORAGE_KEYS } from '@nuqat/contracts';
import { readStorage, removeStorage, writeStorage } from './storage';

export interface StartSessionOptions {
  merchantId: string | null;
  merchantName: string | null;
}

/** Why a session ended; the login screen explains it to the merchant. */
export type SessionEndReason = 'UNAUTHENTICATED' | 'SESSION_EXPIRED' | 'logout';

type SessionEndListener = (reason: SessionEndReason) => void;

const listeners = new Set<SessionEndListener>();

/** Set by the server at login next to the httpOnly session cookie; echoed on every change. */
const CSRF_COOKIE = 'nuqat_csrf';

export function getMerchantId(): string | null {
  return readStorage(STORAGE_KEYS.merchantId) || null;
}

export function getMerchantName(): string | null {
  return readStorage(STORAGE_KEYS.merchantName) || null;
}

/**
 * The session itself lives in the httpOnly cookie, which no script (ours or an injected one)
 * can read; the browser only remembers who is signed in (merchantId) and when.
 */
export function hasSession(): boolean {
  return Boolean(getMerchantId() && readStorage(STORAGE_KEYS.sessionTimestamp));
}

/** The CSRF token of the current cookie session, or null when there is none. */
export function getCsrfToken(): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === CSRF_COOKIE) return decodeURIComponent(value.join('=')) || null;
  }
  return null;
}

export function startSession({ merchantId, merchantName }: StartSessionOptions): void {
  clearSession();
  if (merchantId) writeStorage(STORAGE_KEYS.merchantId, merchantId);
  if (merchantName) writeStorage(STORAGE_KEYS.merchantName, merchantName);
  writeStorage(STORAGE_KEYS.sessionTimestamp, String(Date.now()));
}

/**
 * Also removes a bearer token an earlier version kept in localStorage (spec §3's "token" key):
 * a token there is what a script injection would steal.
 */
export function clearSession(): void {
  removeStorage(STORAGE_KEYS.token);
  removeStorage(STORAGE_KEYS.merchantId);
  removeStorage(STORAGE_KEYS.merchantName);
  removeStorage(STORAGE_KEYS.sessionTimestamp);
}

/** Drops a token left in storage by an earlier version; the cookie session carries on. */
export function forgetStoredToken(): void {
  removeStorage(STORAGE_KEYS.token);
}

/** Clears the stored session and tells the app shell, which sends the merchant to /login. */
export function endSession(reason: SessionEndReason): void {
  clearSession();
  for (const listener of listeners) listener(reason);
}

export function onSessionEnd(listener: SessionEndListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
