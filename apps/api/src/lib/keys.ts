import { hkdfSync } from 'node:crypto';

/**
 * One key per purpose, derived with HKDF-SHA256 from the two configured secrets (decision 026),
 * so that a value made for one purpose (a session token, a code's hash, an unsubscribe link, a
 * sealed Salla token) can never stand for another, and each can be rotated on its own later.
 *
 * `current` makes new values. `legacy` is the configured secret itself, which made everything
 * before this change: it is only ever used to read or accept those older values (tokens until
 * they expire, unsubscribe links in old mails, Salla ciphertexts until they are re-sealed).
 */
export interface PurposeKey<K extends Uint8Array = Buffer> {
  current: K;
  legacy: K;
}

export interface AppKeys {
  /** HS256 for merchant and shopper tokens (JWT_SECRET). */
  sessionTokens: PurposeKey<Uint8Array>;
  /** HMAC of one-time codes: reset codes, shopper sign-in codes (JWT_SECRET). */
  oneTimeCodes: PurposeKey;
  /** HMAC of the one-click unsubscribe links (JWT_SECRET). */
  unsubscribeLinks: PurposeKey;
  /** AES-256-GCM for store secrets at rest, the Salla tokens (ENCRYPTION_KEY). */
  storeSecrets: PurposeKey;
  /** HMAC of the open API's keys: only the hash is stored (JWT_SECRET, decision 038). */
  apiKeys: PurposeKey;
}

// A fixed, public salt: the secrets are already random; `info` keeps the purposes apart.
const SALT = Buffer.from('nuqat:hkdf:salt:v1');

function derive(secret: Uint8Array, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, SALT, `nuqat:${purpose}:v1`, 32));
}

export function deriveKeys(secrets: { jwtSecret: Uint8Array; encryptionKey: Buffer }): AppKeys {
  const { jwtSecret, encryptionKey } = secrets;
  return {
    sessionTokens: {
      current: new Uint8Array(derive(jwtSecret, 'session-tokens')),
      legacy: jwtSecret,
    },
    oneTimeCodes: {
      current: derive(jwtSecret, 'one-time-codes'),
      legacy: Buffer.from(jwtSecret),
    },
    unsubscribeLinks: {
      current: derive(jwtSecret, 'unsubscribe-links'),
      legacy: Buffer.from(jwtSecret),
    },
    storeSecrets: { current: derive(encryptionKey, 'store-secrets'), legacy: encryptionKey },
    // No values before this key existed: `legacy` is the current key too.
    apiKeys: { current: derive(jwtSecret, 'api-keys'), legacy: derive(jwtSecret, 'api-keys') },
  };
}
