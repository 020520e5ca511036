import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Raw header values by lower-case name (the first of each), e.g. `list-unsubscribe`. */
  headers: Record<string, string>;
}

/**
 * A real SMTP server on 127.0.0.1 for tests: the product sends over SMTP exactly as in
 * production, and tests read what arrived.
 */
export interface SmtpSink {
  url: string;
  messages: ReceivedMail[];
  waitForMail(to: string, options?: { timeoutMs?: number; after?: number }): Promise<ReceivedMail>;
  /**
   * Refuse mail, as a server in trouble does (451, a temporary failure): the next `count`
   * messages, or every message until `recover()` when no count is given.
   */
  fail(count?: number): void;
  recover(): void;
  /** Messages refused so far. */
  refused: number;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  /** Messages still to refuse; Infinity until recover(). */
  let failing = 0;
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (failing > 0) {
        failing -= 1;
        refused += 1;
        const error = new Error('Service temporarily unavailable') as Error & {
          responseCode: number;
        };
        error.responseCode = 451;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap(
            (a) => a.value.map((v) => (v.address ?? '').toLowerCase()),
          );
          messages.push({
            to,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers: Object.fromEntries(
              [...parsed.headerLines].reverse().map((h) => [
                h.key.toLowerCase(),
                h.line
                  .slice(h.line.indexOf(':') + 1)
                  .replace(/\r?\n\s+/g, ' ')
                  .trim(),
              ]),
            ),
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const find = (to: string, after: number) =>
    messages.slice(after).findLast((m) => m.to.includes(to.toLowerCase()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMail(to, { timeoutMs = 10_000, after = 0 } = {}) {
      const found = find(to, after);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const wake = () => {
          const mail = find(to, after);
          if (mail) {
            clearTimeout(timer);
            waiters.delete(wake);
            resolve(mail);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(wake);
      });
    },
    fail(count) {
      failing = count ?? Infinity;
    },
    recover() {
      failing = 0;
    },
    get refused() {
      return refused;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit code of a mail that carries one (password reset, shopper sign-in). */
export function extractMailedCode(mail: ReceivedMail): string {
  // The code stands on a line of its own; other numbers (a store called "Store 123456") do not.
  const match = /^\s*(\d{6})\s*$/m.exec(mail.text);
  if (!match) throw new Error(`no 6-digit code in mail "${mail.subject}"`);
  return match[1]!;
}
