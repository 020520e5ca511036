import { createCipheriv, randomBytes } from 'node:crypto';

/**
 * A value sealed the way it was before decision 026 (`v1`): AES-256-GCM under ENCRYPTION_KEY
 * itself, bound to no store. Written by hand here so the old format stays pinned in the tests.
 */
export function sealV1(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', ...[iv, cipher.getAuthTag(), body].map((p) => p.toString('base64url'))].join('.');
}
