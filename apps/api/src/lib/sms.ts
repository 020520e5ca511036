import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Text messages to shoppers' mobiles (docs/decisions/032): Unifonic's REST API when configured
 * (`POST {base}/rest/SMS/messages`, form-encoded AppSid, SenderID, Recipient without `+`, Body;
 * sent only when the answer is 2xx with `success: true` — reference §10), otherwise, with the demo,
 * a file per message in DATA_DIR/sms (what Unifonic would have received). Without either there is
 * no SMS: `available` is false and callers offer e-mail only.
 */

export interface SmsMessage {
  /** E.164, `+966501234567`. */
  to: string;
  body: string;
}

export class SmsSendError extends Error {
  constructor(
    message: string,
    /** Unifonic's `errorCode` (`ER-…`), `HTTP_<status>`, `TIMEOUT` or `NETWORK`. */
    readonly code: string,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

export interface SmsSender {
  readonly available: boolean;
  /** Throws SmsSendError when the message was not accepted. */
  send(message: SmsMessage): Promise<void>;
}

/** Logs name the country only: a number is personal data (as decision 023 does for e-mail). */
export const countryOf = (e164: string) =>
  e164.startsWith('+966') ? '+966' : e164.slice(0, Math.min(4, e164.length));

export function createSmsSender(options: {
  unifonic: { appSid: string; senderId: string; apiBase: string } | null;
  /** The demo's file outbox; null: none. */
  outboxDir: string | null;
  logger: FastifyBaseLogger;
  timeoutMs?: number;
  fetch?: typeof fetch;
}): SmsSender {
  const { logger, unifonic } = options;
  if (unifonic) {
    const fetchImpl = options.fetch ?? fetch;
    const timeoutMs = options.timeoutMs ?? 10_000;
    return {
      available: true,
      async send(message) {
        const body = new URLSearchParams({
          AppSid: unifonic.appSid,
          SenderID: unifonic.senderId,
          Recipient: message.to.replace(/^\+/, ''),
          Body: message.body,
        });
        let response: Response;
        try {
          response = await fetchImpl(`${unifonic.apiBase}/rest/SMS/messages`, {
            method: 'POST',
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              accept: 'application/json',
            },
            body,
            signal: AbortSignal.timeout(timeoutMs),
          });
        } catch (error) {
          const timedOut = error instanceof Error && error.name === 'TimeoutError';
          logger.warn({ toCountry: countryOf(message.to), timedOut }, 'sms not sent');
          throw new SmsSendError(
            timedOut ? 'Unifonic did not answer in time' : 'Unifonic unreachable',
            timedOut ? 'TIMEOUT' : 'NETWORK',
          );
        }
        const answer = (await response.json().catch(() => null)) as {
          success?: unknown;
          errorCode?: unknown;
          message?: unknown;
          data?: { MessageID?: unknown };
        } | null;
        if (!response.ok || answer?.success !== true) {
          const code =
            typeof answer?.errorCode === 'string' && answer.errorCode
              ? answer.errorCode
              : `HTTP_${response.status}`;
          logger.warn(
            { toCountry: countryOf(message.to), status: response.status, errorCode: code },
            'sms refused by Unifonic',
          );
          throw new SmsSendError(
            typeof answer?.message === 'string' && answer.message
              ? answer.message
              : 'Unifonic refused the message',
            code,
          );
        }
        logger.info(
          { toCountry: countryOf(message.to), messageId: answer.data?.MessageID },
          'sms sent',
        );
      },
    };
  }
  const outboxDir = options.outboxDir;
  if (!outboxDir) {
    return {
      available: false,
      send: () =>
        Promise.reject(new SmsSendError('no SMS provider is configured', 'NOT_CONFIGURED')),
    };
  }
  return {
    available: true,
    async send(message) {
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(
        outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.txt`,
      );
      await writeFile(file, `To: ${message.to}\n\n${message.body}\n`);
      logger.info(
        { toCountry: countryOf(message.to), file },
        'sms written to the outbox (no UNIFONIC_APP_SID set)',
      );
    },
  };
}
