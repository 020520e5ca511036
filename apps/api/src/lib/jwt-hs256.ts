import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Checks an HS256 JSON Web Token synchronously with node:crypto (decision 065). `jose` still
 * signs every token; this reads them on the hot paths (every shopper read, every merchant
 * request), where jose's check goes through WebCrypto and crosses into its worker on each call.
 *
 * It accepts no more than `jwtVerify(token, key, { issuer, audience, algorithms: ['HS256'] })`
 * does, and is stricter where our tokens never go: the compact form with three base64url parts;
 * a header that is a JSON object with `alg` HS256 and no `crit` (jose allows `crit: ['b64']`);
 * the signature compared as text in constant time (no second spelling of the same bytes); a
 * payload that is a JSON object whose `iss` is the issuer and whose `aud` is, or lists, the
 * audience; `exp` and `nbf` numbers when present, `exp` after now and `nbf` not after it, to the
 * second and without leeway (jose's rule); `iat` a number when present.
 * `crypto.test.ts` holds this to jose on the same tokens.
 */

const PART = /^[A-Za-z0-9_-]+$/;

export type JwtHeader = { alg?: unknown; kid?: unknown; crit?: unknown } & Record<string, unknown>;
export type JwtPayload = Record<string, unknown>;

function jsonObject(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The verified payload, or null for any token that is malformed, forged, expired or not ours. */
export function verifyHs256(
  token: string,
  keyFor: (header: JwtHeader) => Uint8Array | null,
  expected: { issuer: string; audience: string; now?: number },
): JwtPayload | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => PART.test(part))) return null;
  const [head, body, signature] = parts as [string, string, string];
  const header = jsonObject(head);
  if (!header || header.alg !== 'HS256' || header.crit !== undefined) return null;
  const key = keyFor(header);
  if (!key) return null;

  const computed = Buffer.from(
    createHmac('sha256', key).update(`${head}.${body}`).digest('base64url'),
  );
  const given = Buffer.from(signature);
  if (given.length !== computed.length || !timingSafeEqual(given, computed)) return null;

  const payload = jsonObject(body);
  if (!payload) return null;
  if (payload.iss !== expected.issuer) return null;
  const aud = payload.aud;
  if (!(aud === expected.audience || (Array.isArray(aud) && aud.includes(expected.audience))))
    return null;
  const now = expected.now ?? Math.floor(Date.now() / 1000);
  const { exp, nbf, iat } = payload;
  if (iat !== undefined && typeof iat !== 'number') return null;
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > now)) return null;
  if (exp !== undefined && (typeof exp !== 'number' || exp <= now)) return null;
  return payload;
}
