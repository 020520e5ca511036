import { EMBEDDED_SESSION_TTL_HOURS, MERCHANT_SESSION_TTL_DAYS } from '@nuqat/contracts';

/** In contracts: /privacy states the same lifetimes (docs/decisions/044). */
export const SESSION_TTL_DAYS = MERCHANT_SESSION_TTL_DAYS;
/**
 * A session opened from the Salla dashboard: a working day. It lives in the frame's memory and
 * the frame gets a new one from Salla in a second (decision 031), so it need not last a week.
 */
export { EMBEDDED_SESSION_TTL_HOURS };
const WINDOW = 15 * 60;

/**
 * Per-IP limits are loose (offices share IPs) and count attempts; per-account limits count
 * failures only, so nobody can lock an owner out by trying (docs/decisions/012-abuse-limits.md).
 * Reset codes are guessed against per code, never per account (docs/decisions/025): what bounds
 * guessing is the codes an account can be sent (3 per 15 minutes, 5 a day) times each code's
 * tries (5 for its request, 5 for tries naming none), and the per-address limits.
 */
export const AUTH_RATE_LIMITS = {
  loginPerIp: { limit: 30, windowSeconds: WINDOW },
  /** After 5 wrong passwords, each try waits 1 s, 2 s, 4 s … up to 5 minutes after the last. */
  loginFailuresPerEmail: { free: 5, maxDelaySeconds: 300 },
  forgotPerIp: { limit: 10, windowSeconds: WINDOW },
  forgotPerEmail: { limit: 3, windowSeconds: WINDOW },
  forgotPerEmailDaily: { limit: 5, windowSeconds: 86_400 },
  codePerIp: { limit: 30, windowSeconds: WINDOW },
  /**
   * Dashboard tokens exchanged per IP: each one costs a call to Salla. An office opening Nuqat
   * from Salla all day stays far below; a script replaying junk does not.
   */
  embeddedPerIp: { limit: 120, windowSeconds: WINDOW },
  /** Read-only demo sessions opened per IP (decision 044). */
  demoViewerPerIp: { limit: 20, windowSeconds: WINDOW },
} as const;

export interface RequestOrigin {
  ip: string;
  userAgent?: string | undefined;
}

export interface MerchantAuth {
  merchantId: number;
  sessionId: string;
  /** A session of the read-only demo: it may read, never change (decision 044). */
  readOnly?: boolean;
}
