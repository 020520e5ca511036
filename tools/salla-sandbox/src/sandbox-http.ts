import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type ServerResponse } from 'node:http';

/** The sandbox's answers in Salla's shapes, and the small helpers every route uses. */

/** The app's scopes (reference §1.7; `products.read` and `categories.read`: salla-catalogue.md). */
export const SCOPE =
  'offline_access orders.read customers.read marketing.read_write webhooks.read_write products.read categories.read';

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

export const sallaError = (
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string[]>,
) => ({
  status,
  success: false,
  error: { code, message, ...(fields ? { fields } : {}) },
});

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export const token = (prefix: string) => `${prefix}_${randomBytes(24).toString('base64url')}`;

export const ownerUserId = (merchantId: number) => 1_000_000 + (merchantId % 1_000_000);

/** The documented refusal of the exchange authority (reference §5). */
export const decryptionFailed = { error: { message: 'Decryption failed', code: 0 } };

/** What a group of routes answers when the request is not one of theirs. */
export const UNHANDLED = Symbol('unhandled');
