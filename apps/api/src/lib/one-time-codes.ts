import { randomUUID } from 'node:crypto';

/**
 * One-time codes (shopper sign-in, merchant password reset) are guessed against per code, never
 * per recipient (docs/decisions/025): whoever asks for a code gets its request id, and a try that
 * names the id counts against that code's own tries. A try that names no request (a client that
 * does not keep the id, a code mailed at install) goes to the newest open code and counts against
 * a second budget of the same size. Nobody else's wrong guesses can use up the tries of the code
 * the owner asked for, and every code starts fresh.
 */

export interface CodeTryRow {
  expiresAt: Date;
  attempts: number;
  unboundAttempts: number;
}

export type CodeTry =
  | { outcome: 'ok' }
  | { outcome: 'invalid' }
  /** A wrong guess: the counter to write back. */
  | { outcome: 'wrong'; count: { attempts: number } | { unboundAttempts: number } };

/** Judges one try at a locked code row; the caller writes `count` back in the same transaction. */
export function judgeCodeTry(
  row: CodeTryRow | undefined,
  options: { bound: boolean; matches: () => boolean; now: Date; maxAttempts: number },
): CodeTry {
  if (!row || row.expiresAt <= options.now) return { outcome: 'invalid' };
  const used = options.bound ? row.attempts : row.unboundAttempts;
  if (used >= options.maxAttempts) return { outcome: 'invalid' };
  if (options.matches()) return { outcome: 'ok' };
  return {
    outcome: 'wrong',
    count: options.bound ? { attempts: used + 1 } : { unboundAttempts: used + 1 },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A request id as the client handed it back, or null when it is missing or not one of ours. */
export function parseRequestId(value: unknown): string | null {
  return typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : null;
}

/** A fresh request id: also the code row's id, so the row is found by it. */
export const newRequestId = (): string => randomUUID();
