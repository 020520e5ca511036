import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import {
  decryptSecret,
  encryptSecret,
  generateNumericCode,
  hashPassword,
  verifyPassword,
} from './crypto.ts';

describe('secrets at rest', () => {
  test('AES-256-GCM round-trips and never stores the plaintext', () => {
    const key = randomBytes(32);
    const sealed = encryptSecret(key, 'salla-access-token-اختبار');
    expect(sealed).not.toContain('salla');
    expect(decryptSecret(key, sealed)).toBe('salla-access-token-اختبار');
    expect(encryptSecret(key, 'same')).not.toBe(encryptSecret(key, 'same'));
  });

  test('a tampered value or a wrong key fails to decrypt', () => {
    const key = randomBytes(32);
    const sealed = encryptSecret(key, 'token');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => decryptSecret(key, parts.join('.'))).toThrow();
    expect(() => decryptSecret(randomBytes(32), sealed)).toThrow();
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
