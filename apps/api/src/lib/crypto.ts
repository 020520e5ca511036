import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';
import type { PurposeKey } from './keys.ts';

// OWASP's argon2id baseline (m=19 MiB, t=2, p=1).
// algorithm 2 is Argon2id (a const enum in the typings, which verbatimModuleSyntax cannot import).
const ARGON2_OPTIONS: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** argon2 runs since start (hash or verify): tests count them instead of timing requests. */
let argon2Runs = 0;
export const passwordHashRuns = () => argon2Runs;

export function hashPassword(password: string): Promise<string> {
  argon2Runs += 1;
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  argon2Runs += 1;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A fixed hash to verify against when the e-mail is unknown, so both paths cost the same. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

export function generateNumericCode(length: number): string {
  return Array.from({ length }, () => randomInt(0, 10)).join('');
}

/**
 * Reset codes have only 10^6 values, so a plain hash would fall to brute force if the table
 * leaked; a keyed HMAC does not.
 */
export function hashResetCode(key: Uint8Array, merchantId: number, code: string): string {
  return createHmac('sha256', key).update(`reset:${merchantId}:${code}`).digest('hex');
}

/**
 * What is kept of a Salla dashboard token once it is used: SHA-256, not keyed — the token is
 * long and random, and its hash opens nothing by itself.
 */
export function hashEmbeddedToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function safeEqualHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * AES-256-GCM for a store's secrets at rest (its Salla tokens), bound to that store: the
 * store-secret key (decision 026) and the merchant id as associated data, so a value copied into
 * another store's row does not open there. Written `v2.<iv>.<tag>.<ciphertext>`, base64url.
 */
export function sealForStore(keys: PurposeKey, merchantId: number, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.current, iv);
  cipher.setAAD(storeContext(merchantId));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v2', ...[iv, cipher.getAuthTag(), body].map((p) => p.toString('base64url'))].join('.');
}

/**
 * The plaintext of a value sealed for this store; throws for a tampered value, a wrong key or
 * another store's value. `v1` values (ENCRYPTION_KEY itself, no store binding) are still read,
 * until `isLegacySeal` finds them and they are sealed again.
 */
export function openForStore(keys: PurposeKey, merchantId: number, sealed: string): string {
  const [version, iv, tag, body, extra] = sealed.split('.');
  if (!iv || !tag || body === undefined || extra !== undefined)
    throw new Error('Unrecognised secret format');
  if (version !== 'v1' && version !== 'v2') throw new Error('Unrecognised secret format');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    version === 'v2' ? keys.current : keys.legacy,
    Buffer.from(iv, 'base64url'),
  );
  if (version === 'v2') decipher.setAAD(storeContext(merchantId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(body, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}

/** A value written before store binding: read as it is, sealed again when met. */
export const isLegacySeal = (sealed: string): boolean => sealed.startsWith('v1.');

const storeContext = (merchantId: number) => Buffer.from(`nuqat:store-secret:${merchantId}`);
