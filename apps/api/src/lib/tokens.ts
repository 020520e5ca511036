import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import { verifyHs256, type JwtHeader } from './jwt-hs256.ts';
import type { PurposeKey } from './keys.ts';

const ISSUER = 'nuqat';
const MERCHANT_AUDIENCE = 'nuqat:merchant';

/**
 * Tokens signed with the derived session-token key say so with this `kid` (decision 026). A
 * token without one was signed with JWT_SECRET itself, before the keys were split, and is
 * accepted under that secret until it expires (7 days for merchants, 30 for shoppers).
 */
const CURRENT_KID = 'k2';

/** A token's expiry is read on the service's clock, as its session's is (NumericDate seconds). */
const epochSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** The key a token's header names: the current one, the legacy one (no kid), or none. */
function keyFor(keys: PurposeKey<Uint8Array>): (header: JwtHeader) => Uint8Array | null {
  return ({ kid }) => {
    if (kid === CURRENT_KID) return keys.current;
    return kid === undefined ? keys.legacy : null;
  };
}

export interface MerchantTokenClaims {
  merchantId: number;
  sessionId: string;
}

/** A merchant's token, signed with the current session-token key. */
export async function signMerchantToken(
  secret: Uint8Array,
  claims: MerchantTokenClaims,
  expiresAt: Date,
): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', kid: CURRENT_KID })
    .setSubject(String(claims.merchantId))
    .setIssuer(ISSUER)
    .setAudience(MERCHANT_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(secret);
}

/** Returns the claims, or null for any token that is malformed, forged or expired. */
export function verifyMerchantToken(
  keys: PurposeKey<Uint8Array>,
  token: string,
  now: Date,
): MerchantTokenClaims | null {
  const payload = verifyHs256(token, keyFor(keys), {
    issuer: ISSUER,
    audience: MERCHANT_AUDIENCE,
    now: epochSeconds(now),
  });
  if (!payload) return null;
  const merchantId = Number(payload.sub);
  if (!Number.isSafeInteger(merchantId) || merchantId <= 0 || typeof payload.sid !== 'string')
    return null;
  return { merchantId, sessionId: payload.sid };
}

const SHOPPER_AUDIENCE = 'nuqat:shopper';

export interface ShopperTokenClaims {
  merchantId: number;
  customerId: number;
  sessionId: string;
}

/** A shopper's token: scoped to one store and one customer, revocable through its session. */
export async function signShopperToken(
  secret: Uint8Array,
  claims: ShopperTokenClaims,
  expiresAt: Date,
): Promise<string> {
  return new SignJWT({ mid: String(claims.merchantId), sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', kid: CURRENT_KID })
    .setSubject(String(claims.customerId))
    .setIssuer(ISSUER)
    .setAudience(SHOPPER_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(secret);
}

/** The claims, or null for a token that is malformed, forged, expired or not a shopper's. */
export function verifyShopperToken(
  keys: PurposeKey<Uint8Array>,
  token: string,
  now: Date,
): ShopperTokenClaims | null {
  const payload = verifyHs256(token, keyFor(keys), {
    issuer: ISSUER,
    audience: SHOPPER_AUDIENCE,
    now: epochSeconds(now),
  });
  if (!payload) return null;
  const customerId = Number(payload.sub);
  const merchantId = Number(payload.mid);
  if (
    !Number.isSafeInteger(customerId) ||
    customerId <= 0 ||
    !Number.isSafeInteger(merchantId) ||
    merchantId <= 0 ||
    typeof payload.sid !== 'string'
  )
    return null;
  return { merchantId, customerId, sessionId: payload.sid };
}

/**
 * The CSRF token of a cookie session: an HMAC of the session's identity under a key derived
 * from the JWT secret. The back-office reads it from a readable cookie and echoes it in a header
 * on every change; a forged cross-site request carries the httpOnly session cookie but cannot
 * read or compute this value (not even from a sibling subdomain that can plant cookies).
 */
export function csrfTokenFor(secret: Uint8Array, claims: MerchantTokenClaims): string {
  const key = createHmac('sha256', secret).update('nuqat:csrf:v1').digest();
  return createHmac('sha256', key)
    .update(`${claims.merchantId}.${claims.sessionId}`)
    .digest('base64url');
}

/** Constant-time comparison of a presented CSRF token with the session's own. */
export function csrfTokenMatches(
  secret: Uint8Array,
  claims: MerchantTokenClaims,
  presented: string | undefined,
): boolean {
  if (!presented) return false;
  const expected = Buffer.from(csrfTokenFor(secret, claims));
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
