import { createHmac } from 'node:crypto';
import type { Envelope } from './payloads.ts';

export interface SignedWebhook {
  body: string;
  headers: Record<string, string>;
}

/** Signs the exact bytes that are sent, as Salla does (Signature strategy). */
export function signWebhook(
  payload: Envelope | Record<string, unknown>,
  secret: string,
): SignedWebhook {
  const body = JSON.stringify(payload);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-salla-security-strategy': 'Signature',
      'x-salla-signature': createHmac('sha256', secret).update(body).digest('hex'),
    },
  };
}

export async function sendWebhook(
  url: string,
  payload: Envelope,
  secret: string,
): Promise<{ status: number; body: unknown }> {
  const signed = signWebhook(payload, secret);
  const res = await fetch(url, { method: 'POST', headers: signed.headers, body: signed.body });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* keep text */
  }
  return { status: res.status, body };
}
