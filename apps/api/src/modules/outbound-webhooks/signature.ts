import { createHmac, randomBytes } from 'node:crypto';

/**
 * Signing in the style of the Standard Webhooks specification: the secret is `whsec_` and the
 * base64 of 32 random bytes; the signed content is `{webhook-id}.{webhook-timestamp}.{body}`;
 * `webhook-signature` is `v1,` and the base64 HMAC-SHA256 of it under the secret's bytes.
 */
export const SECRET_PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

export function signWebhook(input: {
  secret: string;
  id: string;
  timestamp: number;
  body: string;
}): string {
  const key = Buffer.from(input.secret.slice(SECRET_PREFIX.length), 'base64');
  const mac = createHmac('sha256', key)
    .update(`${input.id}.${input.timestamp}.${input.body}`, 'utf8')
    .digest('base64');
  return `v1,${mac}`;
}

/** The three headers of one attempt (the timestamp is the attempt's, the id the event's). */
export function webhookHeaders(input: {
  secret: string;
  id: string;
  timestamp: number;
  body: string;
}): Record<string, string> {
  return {
    'webhook-id': input.id,
    'webhook-timestamp': String(input.timestamp),
    'webhook-signature': signWebhook(input),
  };
}
