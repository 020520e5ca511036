import { createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { verifySallaWebhook } from './webhook-signature.ts';

const secret = 'portal-webhook-secret-0123456789';
const raw = Buffer.from('{"event":"app.updated","merchant":1,"data":{}}');
const hmac = (key: string, body: Buffer = raw) =>
  createHmac('sha256', key).update(body).digest('hex');

describe("Salla's two security strategies (reference §2.3)", () => {
  test('Signature: the hex HMAC-SHA256 of the raw body passes; another key, body or no header does not', () => {
    const strategy = { 'x-salla-security-strategy': 'Signature' };
    expect(
      verifySallaWebhook(raw, { ...strategy, 'x-salla-signature': hmac(secret) }, secret),
    ).toBe(true);
    expect(
      verifySallaWebhook(
        raw,
        { ...strategy, 'x-salla-signature': hmac(secret).toUpperCase() },
        secret,
      ),
    ).toBe(true);
    expect(
      verifySallaWebhook(raw, { ...strategy, 'x-salla-signature': hmac('other') }, secret),
    ).toBe(false);
    expect(
      verifySallaWebhook(
        raw,
        { ...strategy, 'x-salla-signature': hmac(secret, Buffer.from(`${raw.toString()} `)) },
        secret,
      ),
    ).toBe(false);
    expect(verifySallaWebhook(raw, strategy, secret)).toBe(false);
  });

  test('Token: the secret itself in Authorization passes; a wrong or missing token does not', () => {
    const strategy = { 'x-salla-security-strategy': 'Token' };
    expect(verifySallaWebhook(raw, { ...strategy, authorization: secret }, secret)).toBe(true);
    // Same length, one character off.
    const wrong = `${secret.slice(0, -1)}x`;
    expect(verifySallaWebhook(raw, { ...strategy, authorization: wrong }, secret)).toBe(false);
    expect(verifySallaWebhook(raw, { ...strategy, authorization: 'short' }, secret)).toBe(false);
    expect(verifySallaWebhook(raw, { ...strategy, authorization: hmac(secret) }, secret)).toBe(
      false,
    );
    expect(verifySallaWebhook(raw, strategy, secret)).toBe(false);
  });

  test('no strategy and no signature (the "none" strategy) is refused', () => {
    expect(verifySallaWebhook(raw, {}, secret)).toBe(false);
    expect(verifySallaWebhook(raw, { authorization: secret }, secret)).toBe(false);
  });
});
