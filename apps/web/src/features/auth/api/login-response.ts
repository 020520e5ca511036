/**
 * What a login answer means, read tolerantly (spec §3): the token may be called token,
 * accessToken or access_token, at the top level or under `data`; the merchant id may be
 * merchantId or merchant_id. An answer that says it succeeded but carries no token means the
 * server keeps the session in its cookie, which the caller confirms with GET store-info.
 */
export type LoginResponseReading =
  | { kind: 'token'; token: string; merchantId: string | null; merchantName: string | null }
  | { kind: 'cookie'; merchantId: string | null; merchantName: string | null }
  | { kind: 'invalid' };

type Json = Record<string, unknown>;

const TOKEN_KEYS = ['token', 'accessToken', 'access_token'];
const MERCHANT_ID_KEYS = ['merchantId', 'merchant_id'];
const MERCHANT_NAME_KEYS = ['merchantName', 'merchant_name', 'storeName', 'store_name'];

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first non-empty value under any of `keys`, looking in `data` before the top level. */
function pick(sources: Json[], keys: string[], allowNumber: boolean): string | null {
  for (const source of sources) {
    for (const key of keys) {
      const value = source[key];
      if (typeof value === 'string' && value.trim() !== '') return value.trim();
      // Store ids are numbers on Salla; a token never is.
      if (allowNumber && typeof value === 'number' && Number.isSafeInteger(value)) {
        return String(value);
      }
    }
  }
  return null;
}

export function readLoginResponse(body: unknown): LoginResponseReading {
  if (!isObject(body)) return { kind: 'invalid' };
  if (body.success === false || (body.status !== undefined && body.status !== 'success')) {
    return { kind: 'invalid' };
  }

  const sources = isObject(body.data) ? [body.data, body] : [body];
  const token = pick(sources, TOKEN_KEYS, false);
  const merchantId = pick(sources, MERCHANT_ID_KEYS, true);
  const merchantName = pick(sources, MERCHANT_NAME_KEYS, false);

  if (token) return { kind: 'token', token, merchantId, merchantName };
  if (body.success === true || body.status === 'success') {
    return { kind: 'cookie', merchantId, merchantName };
  }
  return { kind: 'invalid' };
}
