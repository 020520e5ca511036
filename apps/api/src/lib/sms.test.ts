import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startUnifonicDouble, type UnifonicDouble } from '../test/unifonic-double.ts';
import { createSmsSender, SmsSendError } from './sms.ts';

const lines: string[] = [];
const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });

describe('SMS through Unifonic', () => {
  let double: UnifonicDouble;
  beforeAll(async () => {
    double = await startUnifonicDouble('sid-123');
  });
  afterAll(() => double.close());
  const sender = (overrides: { appSid?: string; timeoutMs?: number } = {}) =>
    createSmsSender({
      unifonic: { appSid: overrides.appSid ?? 'sid-123', senderId: 'Nuqat', apiBase: double.url },
      outboxDir: null,
      logger,
      timeoutMs: overrides.timeoutMs ?? 2_000,
    });

  test('sends the documented form: international number without +, Arabic body', async () => {
    await sender().send({ to: '+966501234567', body: 'رمز الدخول: 123456' });
    expect(double.messages.at(-1)).toEqual({
      recipient: '966501234567',
      body: 'رمز الدخول: 123456',
      senderId: 'Nuqat',
    });
    // The log names the country, never the number.
    expect(lines.join('')).not.toContain('501234567');
    expect(lines.join('')).toContain('sms sent');
  });

  test('success: false is a failure with Unifonic’s error code', async () => {
    double.failNext('refuse');
    const error = await sender()
      .send({ to: '+966501234567', body: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsSendError);
    expect((error as SmsSendError).code).toBe('ER-10');
  });

  test('a 5xx is a failure', async () => {
    double.failNext(503);
    await expect(sender().send({ to: '+966501234567', body: 'x' })).rejects.toMatchObject({
      code: 'ER-500',
    });
  });

  test('a wrong AppSid is a failure', async () => {
    await expect(
      sender({ appSid: 'other' }).send({ to: '+966501234567', body: 'x' }),
    ).rejects.toMatchObject({ code: 'ER-01' });
  });

  test('a slow Unifonic times out as a failure, never a silent success', async () => {
    double.delayMs = 400;
    try {
      await expect(
        sender({ timeoutMs: 100 }).send({ to: '+966501234567', body: 'x' }),
      ).rejects.toMatchObject({ code: 'TIMEOUT' });
    } finally {
      double.delayMs = 0;
    }
  });

  test('an unreachable Unifonic is a failure', async () => {
    const closed = await startUnifonicDouble();
    await closed.close();
    const unreachable = createSmsSender({
      unifonic: { appSid: 'x', senderId: 'Nuqat', apiBase: closed.url },
      outboxDir: null,
      logger,
    });
    await expect(unreachable.send({ to: '+966501234567', body: 'x' })).rejects.toMatchObject({
      code: 'NETWORK',
    });
  });
});

describe('without Unifonic', () => {
  test('the demo writes each message to a file', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'nuqat-sms-')), 'sms');
    const sms = createSmsSender({ unifonic: null, outboxDir: dir, logger });
    expect(sms.available).toBe(true);
    await sms.send({ to: '+966501234567', body: 'رمز الدخول: 654321' });
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(readFileSync(path.join(dir, files[0]!), 'utf8')).toBe(
      'To: +966501234567\n\nرمز الدخول: 654321\n',
    );
  });

  test('otherwise there is no SMS at all', async () => {
    const sms = createSmsSender({ unifonic: null, outboxDir: null, logger });
    expect(sms.available).toBe(false);
    await expect(sms.send({ to: '+966501234567', body: 'x' })).rejects.toBeInstanceOf(SmsSendError);
  });
});
