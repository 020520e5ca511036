import { STORAGE_KEYS } from '@nuqat/contracts';
import { readStorage, removeStorage, writeStorage } from './storage';

export interface StartSessionOptions {
  /** Absent when the server keeps the session in its httpOnly cookie only. */
  token: string | null;
  merchantId: string | null;
  merchantName: string | null;
}

/** Why a session ended; the login screen explains it to the merchant. */
export type SessionEndReason = 'UNAUTHENTICATED' | 'SESSION_EXPIRED' | 'logout';

type SessionEndListener = (reason: SessionEndReason) => void;

const listeners = new Set<SessionEndListener>();

export function getToken(): string | null {
  return readStorage(STORAGE_KEYS.token) || null;
}

export function getMerchantId(): string | null {
  return readStorage(STORAGE_KEYS.merchantId) || null;
}

export function getMerchantName(): string | null {
  return readStorage(STORAGE_KEYS.merchantName) || null;
}

/**
 * A merchant is signed in with a bearer token, or — when the login answer carried no token and
 * the cookie check succeeded — with the httpOnly cookie, remembered by merchantId plus the
 * login time.
 */
export function hasSession(): boolean {
  if (getToken()) return true;
  return Boolean(getMerchantId() && readStorage(STORAGE_KEYS.sessionTimestamp));
}

export function startSession({ token, merchantId, merchantName }: StartSessionOptions): void {
  clearSession();
  if (token) writeStorage(STORAGE_KEYS.token, token);
  if (merchantId) writeStorage(STORAGE_KEYS.merchantId, merchantId);
  if (merchantName) writeStorage(STORAGE_KEYS.merchantName, merchantName);
  writeStorage(STORAGE_KEYS.sessionTimestamp, String(Date.now()));
}

export function clearSession(): void {
  removeStorage(STORAGE_KEYS.token);
  removeStorage(STORAGE_KEYS.merchantId);
  removeStorage(STORAGE_KEYS.merchantName);
  removeStorage(STORAGE_KEYS.sessionTimestamp);
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
