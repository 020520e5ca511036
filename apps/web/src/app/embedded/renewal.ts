/**
 * Renewing the session inside the Salla dashboard means asking Salla for a new token, which
 * loads the frame again (docs/decisions/031). Two things must survive that load:
 * - how many renewals were just asked for, so a token Salla keeps giving and Nuqat keeps
 *   refusing ends in a message instead of a reload loop;
 * - the screen the merchant was on, so a renewal lands there again.
 *
 * They are kept in the frame's `window.name`, which lasts as long as the frame itself, across
 * its loads, and is readable by no other origin. Not in sessionStorage: a cross-site frame is
 * refused every kind of storage where third-party cookies are blocked (Chromium throws
 * `SecurityError` for both storages there — the browser suite runs that way — and Safari
 * partitions or clears them), which is exactly where Nuqat lives inside Salla.
 */

const PREFIX = 'nuqat-embedded:';
/** At most this many renewals … */
const MAX_RENEWALS = 2;
/** … within this long. */
const RENEWAL_WINDOW_MS = 2 * 60_000;
/** A remembered screen older than this belongs to another visit. */
const PATH_TTL_MS = 60_000;

interface Memory {
  renewals: number[];
  path?: { to: string; at: number };
}

function read(): Memory {
  if (!window.name.startsWith(PREFIX)) return { renewals: [] };
  try {
    const memory = JSON.parse(window.name.slice(PREFIX.length)) as Partial<Memory>;
    return {
      renewals: Array.isArray(memory.renewals)
        ? memory.renewals.filter((at) => typeof at === 'number')
        : [],
      ...(memory.path && typeof memory.path.to === 'string' && typeof memory.path.at === 'number'
        ? { path: memory.path }
        : {}),
    };
  } catch {
    return { renewals: [] };
  }
}

function write(memory: Memory): void {
  window.name = `${PREFIX}${JSON.stringify(memory)}`;
}

/** Whether a renewal may be asked for now (and counts it when so). */
export function claimRenewal(now = Date.now()): boolean {
  const memory = read();
  const recent = memory.renewals.filter((at) => now - at >= 0 && now - at < RENEWAL_WINDOW_MS);
  if (recent.length >= MAX_RENEWALS) return false;
  write({ ...memory, renewals: [...recent, now] });
  return true;
}

/** The merchant asked to try again: the count starts over. */
export function forgetRenewals(): void {
  write({ ...read(), renewals: [] });
}

export function rememberPath(path: string, now = Date.now()): void {
  write({ ...read(), path: { to: path, at: now } });
}

/** The screen remembered by a renewal a moment ago, once; null otherwise. */
export function takeRememberedPath(now = Date.now()): string | null {
  const { path, ...rest } = read();
  if (!path) return null;
  write(rest);
  const fresh = now - path.at >= 0 && now - path.at < PATH_TTL_MS;
  const inside = /^\/[a-z]/.test(path.to) && !path.to.startsWith('/login');
  return fresh && inside ? path.to : null;
}
