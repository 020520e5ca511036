import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

const ISSUER = 'nuqat';
const MERCHANT_AUDIENCE = 'nuqat:merchant';

export interface MerchantTokenClaims {
  merchantId: number;
  sessionId: string;
}

export async function signMerchantToken(
  secret: Uint8Array,
  claims: MerchantTokenClaims,
  expiresAt: Date,
): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.merchantId))
    .setIssuer(ISSUER)
    .setAudience(MERCHANT_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(secret);
}

/** Returns the claims, or null for any token that is malformed, forged or expired. */
export async function verifyMerchantToken(
  secret: Uint8Array,
  token: string,
): Promise<MerchantTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      issuer: ISSUER,
      audience: MERCHANT_AUDIENCE,
      algorithms: ['HS256'],
    });
    const merchantId = Number(payload.sub);
    if (!Number.isSafeInteger(merchantId) || merchantId <= 0 || typeof payload.sid !== 'string')
      return null;
    return { merchantId, sessionId: payload.sid };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
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
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.customerId))
    .setIssuer(ISSUER)
    .setAudience(SHOPPER_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(secret);
}

/** The claims, or null for a token that is malformed, forged, expired or not a shopper's. */
export async function verifyShopperToken(
  secret: Uint8Array,
  token: string,
): Promise<ShopperTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      issuer: ISSUER,
      audience: SHOPPER_AUDIENCE,
      algorithms: ['HS256'],
    });
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
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}
