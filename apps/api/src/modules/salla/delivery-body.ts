import { createHash } from 'node:crypto';
import { SallaEnvelopeSchema, type FieldIssue, type SallaEnvelope } from '@nuqat/contracts';
import { AppError } from '../../lib/app-error.ts';
import { type WebhookOutcome } from './payload.ts';

/** What is read from, and kept of, a delivery's raw body. */

export const sha256 = (raw: Buffer) => createHash('sha256').update(raw).digest('hex');

/**
 * What is kept of an event Nuqat does not handle: which event, for which store, when, and the id
 * of its subject — not its data, which Nuqat has no use for and which is personal more often than
 * not (a customer.login carries the shopper's IP and device, a customer.otp.request their mobile
 * and code: docs/decisions/029). Its key still makes a redelivery a duplicate.
 */
export function unhandledPayload(envelope: SallaEnvelope): Record<string, unknown> {
  const id = envelope.data.id;
  return {
    event: envelope.event,
    merchant: envelope.merchant,
    ...(envelope.created_at === undefined ? {} : { created_at: envelope.created_at }),
    data: typeof id === 'number' || typeof id === 'string' ? { id } : {},
  };
}

/** A signed delivery that did not fit a schema: Salla's 400, and where it was kept. */
export interface DeadLettered {
  kind: 'dead';
  error: AppError;
  deadLetterId: number;
  event: string | null;
  merchantId: number | null;
}

/** What one dead letter's replay came to (`dryRun`: what it would come to; nothing written). */
export interface ReplayReport {
  id: number;
  event: string | null;
  merchantId: number | null;
  result: WebhookOutcome | 'failed' | 'already_replayed' | 'would_land';
  issues?: FieldIssue[];
}

/** Every issue on one line, for the dead letter's summary (paths, codes, messages: no values). */
export function issuesSummary(issues: FieldIssue[] | undefined): string {
  if (!issues || issues.length === 0) return 'payload does not fit';
  const shown = issues.slice(0, 5).map((i) => `${i.path || '(root)'}: ${i.message}`);
  return `${shown.join('; ')}${issues.length > 5 ? `; and ${issues.length - 5} more` : ''}`;
}

const TOKEN_FIELDS = ['access_token', 'refresh_token'];

/**
 * The body as received, without Salla's tokens (an `app.store.authorize` carries them; they are
 * kept encrypted on the store only): unchanged when it holds none, re-serialised when it does,
 * and with the tokens' values blanked in text that is not JSON at all.
 */
export function bodyWithoutTokens(raw: Buffer): string {
  const text = raw.toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON (so no replay will take it as is): tokens blanked, and no NUL, which text refuses.
    return text
      .replace(/("(?:access|refresh)_token"\s*:\s*)"(?:[^"\\]|\\.)*"/g, '$1"[removed]"')
      .replaceAll('\0', '\uFFFD');
  }
  if (!json || typeof json !== 'object' || !('data' in json)) return text;
  const data = (json as { data: unknown }).data;
  if (!data || typeof data !== 'object' || !TOKEN_FIELDS.some((f) => f in data)) return text;
  const kept = { ...(data as Record<string, unknown>) };
  for (const field of TOKEN_FIELDS) delete kept[field];
  return JSON.stringify({ ...json, data: kept });
}

/** The event name and store id of a body that did not fit, when they can be read. */
export function namesOf(raw: Buffer): { event: string | null; merchantId: number | null } {
  try {
    const json: unknown = JSON.parse(raw.toString('utf8'));
    if (!json || typeof json !== 'object') return { event: null, merchantId: null };
    const { event, merchant } = json as { event?: unknown; merchant?: unknown };
    const id =
      typeof merchant === 'string' && /^\d{1,18}$/.test(merchant) ? Number(merchant) : merchant;
    return {
      event: typeof event === 'string' ? event.slice(0, 100) : null,
      merchantId: typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null,
    };
  } catch {
    return { event: null, merchantId: null };
  }
}

/** The envelope of a signed body; a body that is not JSON or not an envelope is Salla's 400. */
export function readEnvelope(raw: Buffer): SallaEnvelope {
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new AppError('WEBHOOK_PAYLOAD_INVALID', {
      issues: [{ path: 'body', code: 'invalid_json', message: 'not JSON' }],
    });
  }
  const envelope = SallaEnvelopeSchema.safeParse(json);
  if (!envelope.success) {
    throw new AppError('WEBHOOK_PAYLOAD_INVALID', {
      issues: envelope.error.issues.map((i) => ({
        path: i.path.join('.'),
        code: i.code,
        message: i.message,
      })),
    });
  }
  return envelope.data;
}

export const payloadInvalid = (error: unknown): error is AppError =>
  error instanceof AppError && error.code === 'WEBHOOK_PAYLOAD_INVALID';
