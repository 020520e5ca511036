import pino from 'pino';
import { describe, expect, test } from 'vitest';
import { loadConfig } from '../env.ts';
import { serializeError } from './log-serializers.ts';
import { prettyLogStream } from './pretty-log.ts';

function terminal(isTTY = false) {
  const lines: string[] = [];
  return {
    lines,
    isTTY,
    write(chunk: string) {
      lines.push(...chunk.split('\n').filter((l) => l !== ''));
    },
  };
}

// 2026-11-24 10:10:46 UTC is 13:10:46 in Riyadh.
const AT = Date.UTC(2026, 10, 24, 10, 10, 46);

describe('readable logs for a terminal', () => {
  test('a message with its fields, stamped with the Riyadh time, without pid or host', () => {
    const out = terminal();
    const log = pino({ timestamp: () => `,"time":${AT}` }, prettyLogStream(out));
    log.info({ database: 'pglite', dataDir: '/tmp/my data' }, 'database ready');
    expect(out.lines).toEqual([
      '13:10:46 INFO  database ready  database=pglite dataDir="/tmp/my data"',
    ]);
  });

  test("a request is one line: method, address, status and time, from fastify's two lines", () => {
    const out = terminal();
    const stream = prettyLogStream(out);
    const line = (o: object) => stream.write(`${JSON.stringify({ time: AT, ...o })}\n`);
    line({
      level: 30,
      reqId: 'r1',
      req: { method: 'POST', url: '/api/x' },
      msg: 'incoming request',
    });
    line({
      level: 30,
      reqId: 'r2',
      req: { method: 'GET', url: '/readyz' },
      msg: 'incoming request',
    });
    line({
      level: 30,
      reqId: 'r2',
      res: { statusCode: 200 },
      responseTime: 3.4,
      msg: 'request completed',
    });
    line({
      level: 30,
      reqId: 'r1',
      res: { statusCode: 401 },
      responseTime: 12.6,
      msg: 'request completed',
    });
    expect(out.lines).toEqual([
      '13:10:46       GET /readyz → 200 · 3 ms',
      '13:10:46       POST /api/x → 401 · 13 ms',
    ]);
  });

  test('a request line never shows an e-mail or a token from its address', () => {
    const out = terminal();
    const stream = prettyLogStream(out);
    const line = (o: object) => stream.write(`${JSON.stringify({ time: AT, ...o })}\n`);
    line({
      level: 30,
      reqId: 'r1',
      req: { method: 'GET', url: '/api/notifications/unsubscribe?token=1.2.abcdef&lang=en' },
      msg: 'incoming request',
    });
    line({ level: 30, reqId: 'r1', res: { statusCode: 200 }, msg: 'request completed' });
    line({
      level: 30,
      reqId: 'r2',
      req: { method: 'GET', url: '/customerloyaltysalla?merchantId=7&hint=sara%40example.com' },
      msg: 'incoming request',
    });
    line({ level: 30, reqId: 'r2', res: { statusCode: 200 }, msg: 'request completed' });
    expect(out.lines).toEqual([
      '13:10:46       GET /api/notifications/unsubscribe?token=[redacted]&lang=en → 200',
      '13:10:46       GET /customerloyaltysalla?merchantId=7&hint=[redacted] → 200',
    ]);
  });

  test('an error shows its stack below the line, still without statement values', () => {
    const out = terminal();
    const log = pino(
      { timestamp: () => `,"time":${AT}`, serializers: { err: serializeError } },
      prettyLogStream(out),
    );
    const error = Object.assign(new Error('Failed query: insert …\nparams: secret@example.com'), {
      params: ['secret@example.com'],
    });
    log.error({ err: error }, 'scheduled job failed');
    expect(out.lines[0]).toBe('13:10:46 ERROR scheduled job failed');
    expect(out.lines[1]).toBe('               Error: Failed query: insert …');
    expect(out.lines.some((l) => /^\s+at /.test(l))).toBe(true);
    expect(out.lines.join('\n')).not.toContain('secret@example.com');
  });

  test('colours only on a terminal', () => {
    const plain = terminal(false);
    const tty = terminal(true);
    for (const out of [plain, tty]) pino({}, prettyLogStream(out)).warn('careful');
    expect(plain.lines[0]).not.toContain('\u001b[');
    expect(tty.lines[0]).toContain('\u001b[33mWARN \u001b[0m');
  });

  test('a line that is not JSON is passed through as it is', () => {
    const out = terminal();
    prettyLogStream(out).write('plain text\n');
    expect(out.lines).toEqual(['plain text']);
  });
});

describe('LOG_FORMAT', () => {
  const base = { DATA_DIR: '/tmp/nuqat-log-format-test' };
  test('pretty by default outside production, JSON in production, either when asked', () => {
    expect(loadConfig({ ...base }).logFormat).toBe('pretty');
    expect(loadConfig({ ...base, LOG_FORMAT: 'json' }).logFormat).toBe('json');
    const production = {
      ...base,
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      ENCRYPTION_KEY: 'a'.repeat(64),
      SMTP_URL: 'smtp://mail.example.com',
      PUBLIC_URL: 'https://nuqat.example.com',
    };
    expect(loadConfig(production).logFormat).toBe('json');
    expect(loadConfig({ ...production, LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(() => loadConfig({ ...base, LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });
});
