import { createHmac, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { describe, expect, test } from 'vitest';
import { verifyHs256 } from './jwt-hs256.ts';

/**
 * The synchronous check against jose's `jwtVerify` with the options the product used before it
 * (decision 065): on every token below, both accept or both refuse, and an accepted one gives the
 * same payload. Where this check is stricter by design (a `crit` header), that is asserted apart.
 */

const key = randomBytes(32);
const other = randomBytes(32);
const ISSUER = 'nuqat';
const AUDIENCE = 'nuqat:shopper';
const now = Math.floor(Date.now() / 1000);

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token from raw parts, signed with `secret` over exactly those parts. */
function raw(header: unknown, payload: unknown, secret: Uint8Array = key): string {
  const input = `${typeof header === 'string' ? header : b64(header)}.${
    typeof payload === 'string' ? payload : b64(payload)
  }`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

async function joseSays(token: string): Promise<Record<string, unknown> | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
    });
    return payload as Record<string, unknown>;
  } catch {
    return null;
  }
}

const oursSays = (token: string) =>
  verifyHs256(token, () => key, { issuer: ISSUER, audience: AUDIENCE });

const good = { sub: '3', mid: '9', sid: 's', iss: ISSUER, aud: AUDIENCE, iat: now };

async function cases(): Promise<[string, string][]> {
  const signed = await new SignJWT({ mid: '9', sid: 's' })
    .setProtectedHeader({ alg: 'HS256', kid: 'k2' })
    .setSubject('3')
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(key);
  const [head, body, sig] = signed.split('.') as [string, string, string];
  const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
  return [
    ['signed by jose', signed],
    ['no exp', raw({ alg: 'HS256' }, good)],
    ['exp in an hour', raw({ alg: 'HS256' }, { ...good, exp: now + 3600 })],
    ['exp a minute ago', raw({ alg: 'HS256' }, { ...good, exp: now - 60 })],
    ['exp far in the past', raw({ alg: 'HS256' }, { ...good, exp: 1 })],
    ['exp a string', raw({ alg: 'HS256' }, { ...good, exp: String(now + 3600) })],
    ['nbf in an hour', raw({ alg: 'HS256' }, { ...good, nbf: now + 3600 })],
    ['nbf a minute ago', raw({ alg: 'HS256' }, { ...good, nbf: now - 60 })],
    ['nbf a string', raw({ alg: 'HS256' }, { ...good, nbf: 'soon' })],
    ['iat a string', raw({ alg: 'HS256' }, { ...good, iat: 'now' })],
    ['no iat', raw({ alg: 'HS256' }, { ...good, iat: undefined })],
    ['another issuer', raw({ alg: 'HS256' }, { ...good, iss: 'someone' })],
    ['no issuer', raw({ alg: 'HS256' }, { ...good, iss: undefined })],
    ['the merchant audience', raw({ alg: 'HS256' }, { ...good, aud: 'nuqat:merchant' })],
    ['audience in a list', raw({ alg: 'HS256' }, { ...good, aud: ['x', AUDIENCE] })],
    ['audience list without ours', raw({ alg: 'HS256' }, { ...good, aud: ['x', 'y'] })],
    ['audience a number', raw({ alg: 'HS256' }, { ...good, aud: 7 })],
    ['no audience', raw({ alg: 'HS256' }, { ...good, aud: undefined })],
    ['another key', raw({ alg: 'HS256' }, good, other)],
    ['alg none', raw({ alg: 'none' }, good)],
    ['alg HS512 named', raw({ alg: 'HS512' }, good)],
    ['no alg', raw({ typ: 'JWT' }, good)],
    ['header an array', raw(['HS256'], good)],
    ['header not JSON', raw(Buffer.from('{alg').toString('base64url'), good)],
    ['payload an array', raw({ alg: 'HS256' }, [good])],
    ['payload null', raw({ alg: 'HS256' }, null)],
    ['payload not JSON', raw({ alg: 'HS256' }, Buffer.from('nope').toString('base64url'))],
    ['payload changed, signature kept', `${head}.${b64({ ...good, sub: '4' })}.${sig}`],
    ['signature changed', `${head}.${body}.${flip(sig)}`],
    ['signature cut short', `${head}.${body}.${sig.slice(0, 20)}`],
    ['signature missing', `${head}.${body}.`],
    ['two parts', `${head}.${body}`],
    ['four parts', `${signed}.${sig}`],
    ['plus in a part', `${head}.${body.replace(/-/g, '+')}.${sig}`],
    ['empty', ''],
    ['garbage', 'not-a-token'],
    ['dots', '..'],
  ];
}

describe('the synchronous HS256 check', () => {
  test('agrees with jose on every token', async () => {
    const all = await cases();
    let accepted = 0;
    for (const [name, token] of all) {
      const ours = oursSays(token);
      const theirs = await joseSays(token);
      expect({ name, ours }).toEqual({ name, ours: theirs });
      if (ours) accepted += 1;
    }
    // Both sides of the rule were exercised.
    expect(accepted).toBeGreaterThanOrEqual(6);
    expect(all.length - accepted).toBeGreaterThanOrEqual(25);
  });

  test('stricter by design: a crit header, a second spelling of the signature', async () => {
    // Our tokens never carry `crit` (jose accepts `crit: ['b64']`), and jose reads a padded
    // signature as the same bytes; both are refused here.
    const crit = raw({ alg: 'HS256', crit: ['b64'], b64: true }, good);
    const padded = `${raw({ alg: 'HS256' }, good)}=`;
    for (const token of [crit, padded]) {
      expect(await joseSays(token)).not.toBeNull();
      expect(oursSays(token)).toBeNull();
    }
  });

  test('the key follows the header; no key, no token', () => {
    const token = raw({ alg: 'HS256', kid: 'k2' }, good);
    expect(
      verifyHs256(token, (h) => (h.kid === 'k2' ? key : null), {
        issuer: ISSUER,
        audience: AUDIENCE,
      }),
    ).not.toBeNull();
    expect(verifyHs256(token, () => null, { issuer: ISSUER, audience: AUDIENCE })).toBeNull();
    expect(verifyHs256(token, () => other, { issuer: ISSUER, audience: AUDIENCE })).toBeNull();
  });

  test('expiry to the second, as jose: valid before exp, refused at it', () => {
    const token = raw({ alg: 'HS256' }, { ...good, exp: 1_000 });
    const at = (now: number) =>
      verifyHs256(token, () => key, { issuer: ISSUER, audience: AUDIENCE, now });
    expect(at(999)).not.toBeNull();
    expect(at(1_000)).toBeNull();
  });
});
