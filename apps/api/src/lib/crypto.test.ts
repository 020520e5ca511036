import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, test } from 'vitest';
import {
  generateNumericCode,
  hashPassword,
  hashResetCode,
  isLegacySeal,
  openForStore,
  sealForStore,
  verifyPassword,
} from './crypto.ts';
import { sealV1 } from '../test/legacy-seal.ts';
import { deriveKeys } from './keys.ts';
import {
  signMerchantToken,
  signShopperToken,
  verifyMerchantToken,
  verifyShopperToken,
} from './tokens.ts';

const secrets = () => ({
  jwtSecret: new TextEncoder().encode(randomBytes(32).toString('base64url')),
  encryptionKey: randomBytes(32),
});

describe('secrets at rest', () => {
  test('AES-256-GCM round-trips for its store and never stores the plaintext', () => {
    const keys = deriveKeys(secrets()).storeSecrets;
    const sealed = sealForStore(keys, 42, 'salla-access-token-اختبار');
    expect(sealed.startsWith('v2.')).toBe(true);
    expect(sealed).not.toContain('salla');
    expect(openForStore(keys, 42, sealed)).toBe('salla-access-token-اختبار');
    expect(sealForStore(keys, 42, 'same')).not.toBe(sealForStore(keys, 42, 'same'));
  });

  test("a value sealed for store A does not open as store B's", () => {
    const keys = deriveKeys(secrets()).storeSecrets;
    const sealed = sealForStore(keys, 1001, 'store-a-token');
    expect(() => openForStore(keys, 1002, sealed)).toThrow();
    expect(openForStore(keys, 1001, sealed)).toBe('store-a-token');
  });

  test('a tampered value or a wrong key fails to open', () => {
    const keys = deriveKeys(secrets()).storeSecrets;
    const sealed = sealForStore(keys, 7, 'token');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => openForStore(keys, 7, parts.join('.'))).toThrow();
    expect(() => openForStore(deriveKeys(secrets()).storeSecrets, 7, sealed)).toThrow();
    expect(() => openForStore(keys, 7, `v3.${sealed.slice(3)}`)).toThrow();
    expect(() => openForStore(keys, 7, `${sealed}.more`)).toThrow();
  });

  test('the old format (ENCRYPTION_KEY itself, no store) still opens, and is told apart', () => {
    const configured = secrets();
    const keys = deriveKeys(configured).storeSecrets;
    const old = sealV1(configured.encryptionKey, 'token-from-before');
    expect(isLegacySeal(old)).toBe(true);
    expect(openForStore(keys, 5, old)).toBe('token-from-before');
    expect(isLegacySeal(sealForStore(keys, 5, 'x'))).toBe(false);
    // A v1 value is not accepted under the new key, nor a v2 value under the old one.
    expect(() => openForStore({ ...keys, legacy: keys.current }, 5, old)).toThrow();
    const fresh = sealForStore(keys, 5, 'new');
    expect(() => openForStore({ ...keys, current: configured.encryptionKey }, 5, fresh)).toThrow();
  });
});

describe('one key per purpose', () => {
  test('each purpose has its own key, none of them the configured secret, stable for the same secrets', () => {
    const configured = secrets();
    const keys = deriveKeys(configured);
    const current = [
      keys.sessionTokens.current,
      keys.oneTimeCodes.current,
      keys.unsubscribeLinks.current,
      keys.storeSecrets.current,
    ].map((k) => Buffer.from(k).toString('hex'));
    expect(new Set(current).size).toBe(4);
    for (const k of current) {
      expect(k).toHaveLength(64);
      expect(k).not.toBe(Buffer.from(configured.jwtSecret).toString('hex'));
      expect(k).not.toBe(configured.encryptionKey.toString('hex'));
    }
    expect(Buffer.from(deriveKeys(configured).oneTimeCodes.current).toString('hex')).toBe(
      current[1],
    );
    expect(Buffer.from(deriveKeys(secrets()).oneTimeCodes.current).toString('hex')).not.toBe(
      current[1],
    );
    expect(Buffer.from(keys.sessionTokens.legacy)).toEqual(Buffer.from(configured.jwtSecret));
    expect(keys.storeSecrets.legacy).toEqual(configured.encryptionKey);
  });

  test('a code hash under one purpose does not match under another', () => {
    const keys = deriveKeys(secrets());
    expect(hashResetCode(keys.oneTimeCodes.current, 1, '123456')).not.toBe(
      hashResetCode(keys.unsubscribeLinks.current, 1, '123456'),
    );
  });

  test('session tokens: new ones carry the current key, old ones (no kid, the secret) still pass', async () => {
    const keys = deriveKeys(secrets()).sessionTokens;
    const exp = new Date(Date.now() + 3_600_000);
    const claims = { merchantId: 9, sessionId: 'sid-1' };
    const fresh = await signMerchantToken(keys.current, claims, exp);
    expect(await verifyMerchantToken(keys, fresh, new Date())).toEqual(claims);
    const old = await new SignJWT({ sid: 'sid-1' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('9')
      .setIssuer('nuqat')
      .setAudience('nuqat:merchant')
      .setExpirationTime(Math.floor(exp.getTime() / 1000))
      .sign(keys.legacy);
    expect(await verifyMerchantToken(keys, old, new Date())).toEqual(claims);
    // The old key signing a token that claims the new one, another purpose's key, a kid we do
    // not know: all refused.
    expect(
      await verifyMerchantToken(
        keys,
        await signMerchantToken(keys.legacy, claims, exp),
        new Date(),
      ),
    ).toBeNull();
    const codes = deriveKeys(secrets()).oneTimeCodes.current;
    expect(
      await verifyMerchantToken(keys, await signMerchantToken(codes, claims, exp), new Date()),
    ).toBeNull();
    const unknownKid = await new SignJWT({ sid: 'sid-1' })
      .setProtectedHeader({ alg: 'HS256', kid: 'k9' })
      .setSubject('9')
      .setIssuer('nuqat')
      .setAudience('nuqat:merchant')
      .setExpirationTime('1h')
      .sign(keys.current);
    expect(await verifyMerchantToken(keys, unknownKid, new Date())).toBeNull();
    expect(await verifyMerchantToken(keys, 'not-a-token', new Date())).toBeNull();
    const shopper = { merchantId: 9, customerId: 3, sessionId: 'sid-2' };
    expect(
      await verifyShopperToken(
        keys,
        await signShopperToken(keys.current, shopper, exp),
        new Date(),
      ),
    ).toEqual(shopper);
    // Expiry is read on the service's clock (as the session row's is), not the machine's.
    expect(verifyMerchantToken(keys, fresh, new Date(exp.getTime() + 1000))).toBeNull();
    const lapsed = new Date(Date.now() - 86_400_000);
    const old2 = await signMerchantToken(keys.current, claims, lapsed);
    expect(verifyMerchantToken(keys, old2, new Date())).toBeNull();
    expect(verifyMerchantToken(keys, old2, new Date(lapsed.getTime() - 86_400_000))).toEqual(
      claims,
    );
  });
});

describe('passwords', () => {
  test('argon2id hashes verify the right password only', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse ')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });

  test('numeric codes have the asked length and only digits', () => {
    for (let i = 0; i < 200; i++) expect(generateNumericCode(6)).toMatch(/^\d{6}$/);
  });
});
