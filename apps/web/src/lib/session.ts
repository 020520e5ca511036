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

/**
 * The session of Nuqat inside the Salla dashboard (docs/decisions/031): a bearer token in this
 * page's memory only. A cookie would be a third-party cookie there, which Safari refuses and
 * Chrome is retiring; storage would outlive the frame. It ends with the frame.
 */
export interface BearerSession {
  token: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  merchantId: string;
  merchantName: string;
}

let bearer: BearerSession | null = null;
/** What ends a bearer session instead of the way to /login: the embedded entry renews it. */
let renewBearer: ((reason: SessionEndReason) => void) | null = null;

/** Starts the in-memory session; `onEnd` is called instead of leaving for /login. */
export function startBearerSession(
  session: BearerSession,
  onEnd: (reason: SessionEndReason) => void,
): void {
  bearer = session;
  renewBearer = onEnd;
}

/** Forgets the in-memory session (the frame failed, or a test is done with it). */
export function clearBearerSession(): void {
  bearer = null;
  renewBearer = null;
}

/**
 * How a request to the API carries the session: a bearer header and no cookies inside the
 * Salla dashboard (a bearer request needs no CSRF token, decision 015), else the cookies.
 */
export function sessionCredentials(): {
  headers: Record<string, string>;
  credentials: RequestCredentials;
} {
  return bearer
    ? { headers: { Authorization: `Bearer ${bearer.token}` }, credentials: 'omit' }
    : { headers: {}, credentials: 'include' };
}

export function getMerchantId(): string | null {
  if (bearer) return bearer.merchantId;
  return readStorage(STORAGE_KEYS.merchantId) || null;
}

export function getMerchantName(): string | null {
  if (bearer) return bearer.merchantName;
  return readStorage(STORAGE_KEYS.merchantName) || null;
}

/**
 * The session itself lives in the httpOnly cookie, which no script (ours or an injected one)
 * can read; the browser only remembers who is signed in (merchantId) and when. Inside the Salla
 * dashboard it is the in-memory bearer session.
 */
export function hasSession(): boolean {
  if (bearer) return true;
  return Boolean(getMerchantId() && readStorage(STORAGE_KEYS.sessionTimestamp));
}

/** The CSRF token of the current cookie session, or null when there is none. */
export function getCsrfToken(): string | null {
  if (typeof document === 'undefined' || bearer) return null;
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

/**
 * Clears the stored session and tells the app shell, which sends the merchant to /login. An
 * in-memory session inside the Salla dashboard is renewed through Salla instead.
 */
export function endSession(reason: SessionEndReason): void {
  if (bearer && renewBearer) {
    renewBearer(reason);
    return;
  }
  clearSession();
  for (const listener of listeners) listener(reason);
}

export function onSessionEnd(listener: SessionEndListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
