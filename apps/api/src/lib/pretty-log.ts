import type { DestinationStream } from 'pino';
import { redactUrl } from './redact-url.ts';

/**
 * Log lines a person can read in a terminal (`LOG_FORMAT=pretty`, the default outside
 * production): the time in Riyadh, the level, the message and its fields, one request per line.
 * Production keeps pino's JSON lines for the log pipeline.
 *
 *   13:10:46 INFO  database ready  database=pglite dataDir=.data
 *   13:10:47       POST /api/merchants/auth/login → 401 · 12 ms
 *   13:10:48 ERROR scheduled job failed
 *                  Error: connect ECONNREFUSED 127.0.0.1:5432
 *                      at …
 */

const LEVELS: Record<number, { name: string; colour: string }> = {
  10: { name: 'TRACE', colour: '90' },
  20: { name: 'DEBUG', colour: '90' },
  30: { name: 'INFO ', colour: '36' },
  40: { name: 'WARN ', colour: '33' },
  50: { name: 'ERROR', colour: '31' },
  60: { name: 'FATAL', colour: '41;97' },
};

/** Fields every line carries or that are shown another way. */
const HIDDEN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'err']);
const INDENT = ' '.repeat(15);

interface Writable {
  write(chunk: string): unknown;
  isTTY?: boolean;
}

interface Entry {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { type?: string; message?: string; stack?: string; code?: string };
  [field: string]: unknown;
}

const clock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Riyadh',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function fieldValue(value: unknown): string {
  if (typeof value === 'string') return /[\s="]/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value) ?? String(value);
}

function statusColour(status: number): string {
  if (status >= 500) return '31';
  if (status >= 400) return '33';
  return '32';
}

export function prettyLogStream(out: Writable): DestinationStream {
  const paint = (codes: string, text: string) =>
    out.isTTY ? `\u001b[${codes}m${text}\u001b[0m` : text;
  // The request's method and address, from its "incoming request" line until it completes.
  const open = new Map<string, { method: string; url: string }>();

  const format = (entry: Entry): string | null => {
    const time = paint('2', clock.format(entry.time ?? Date.now()));
    const level = LEVELS[entry.level ?? 30] ?? { name: 'LOG  ', colour: '0' };

    if (entry.reqId && entry.msg === 'incoming request' && entry.req) {
      // The serializer has blanked secrets already; a line logged around it gets the same.
      open.set(entry.reqId, {
        method: entry.req.method ?? '?',
        url: redactUrl(entry.req.url ?? '?'),
      });
      // A request whose end is never logged (the process was busy dying) is not kept forever.
      if (open.size > 1000) open.delete(open.keys().next().value!);
      return null;
    }
    const request = entry.reqId ? open.get(entry.reqId) : undefined;
    if (request && entry.msg === 'request completed' && entry.res?.statusCode !== undefined) {
      open.delete(entry.reqId!);
      const status = entry.res.statusCode;
      const ms =
        typeof entry.responseTime === 'number' ? ` · ${Math.round(entry.responseTime)} ms` : '';
      return `${time}       ${request.method} ${request.url} → ${paint(statusColour(status), String(status))}${ms}`;
    }

    const fields = Object.entries(entry)
      .filter(([key]) => !HIDDEN.has(key) && key !== 'responseTime')
      .map(([key, value]) => `${paint('2', `${key}=`)}${fieldValue(value)}`);
    const where = request ? `  ${paint('2', `(${request.method} ${request.url})`)}` : '';
    let line = `${time} ${paint(level.colour, level.name)} ${entry.msg ?? ''}${where}`;
    if (fields.length > 0) line += `  ${fields.join(' ')}`;
    if (entry.err) {
      const detail = entry.err.stack ?? `${entry.err.type ?? 'Error'}: ${entry.err.message ?? ''}`;
      line += `\n${detail
        .split('\n')
        .map((l) => INDENT + l)
        .join('\n')}`;
    }
    return line;
  };

  return {
    write(chunk: string) {
      for (const raw of chunk.split('\n')) {
        if (raw.trim() === '') continue;
        let entry: Entry;
        try {
          entry = JSON.parse(raw) as Entry;
        } catch {
          out.write(`${raw}\n`);
          continue;
        }
        const line = format(entry);
        if (line !== null) out.write(`${line}\n`);
      }
    },
  };
}
