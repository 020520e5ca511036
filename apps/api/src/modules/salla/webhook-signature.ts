import { createHmac, timingSafeEqual } from 'node:crypto';

const same = (a: string, b: string) => {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * Salla's two strategies (reference §2.3): `Signature` — hex HMAC-SHA256 of the raw body in
 * X-Salla-Signature; `Token` — the secret itself in Authorization. Anything else is refused.
 */
export function verifySallaWebhook(
  raw: Buffer,
  headers: Record<string, string | string[] | undefined>,
  secret: string,
): boolean {
  const header = (name: string) => {
    const v = headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  const strategy = (header('x-salla-security-strategy') ?? '').toLowerCase();
  const signature = header('x-salla-signature');
  if (strategy === 'signature' || signature) {
    if (!signature) return false;
    const expected = createHmac('sha256', secret).update(raw).digest('hex');
    return same(signature.trim().toLowerCase(), expected);
  }
  if (strategy === 'token') {
    const token = header('authorization') ?? '';
    return same(token.replace(/^Bearer\s+/i, ''), secret);
  }
  return false;
}
