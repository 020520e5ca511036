import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink.ts';
import { createMailer } from './mailer.ts';

// Both ways the mailer sends, checked end to end with the nodemailer in the lockfile (issue 22
// moved it to 10.x past its advisories): real SMTP to a sink, and the .eml outbox.
const logger = pino({ level: 'silent' });
const message = {
  to: 'sara@example.com',
  subject: 'رمز الدخول · Sign-in code',
  text: 'رمزك 123456\nYour code 123456',
  html: '<p>رمزك <b>123456</b></p>',
  headers: {
    'List-Unsubscribe': '<https://app.example/api/notifications/unsubscribe?token=1.2.ab>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
};

let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
});
afterAll(async () => {
  await smtp?.close();
});

describe('mailer', () => {
  test('sends over SMTP with UTF-8 subject, both parts and the extra headers', async () => {
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'Nuqat نقاط <no-reply@nuqat.sa>',
      outboxDir: mkdtempSync(path.join(tmpdir(), 'nuqat-mail-')),
      logger,
    });
    try {
      const before = smtp.messages.length;
      await mailer.send(message);
      const mail = await smtp.waitForMail('sara@example.com', { after: before });
      expect(mail.subject).toBe(message.subject);
      expect(mail.text).toContain('رمزك 123456');
      expect(mail.html).toContain('<b>123456</b>');
      expect(mail.headers['list-unsubscribe']).toBe(message.headers['List-Unsubscribe']);
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    } finally {
      mailer.close();
    }
  });

  test('an SMTP refusal is an error the caller sees', async () => {
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'no-reply@nuqat.sa',
      outboxDir: mkdtempSync(path.join(tmpdir(), 'nuqat-mail-')),
      logger,
    });
    smtp.fail(1);
    try {
      await expect(mailer.send(message)).rejects.toMatchObject({ responseCode: 451 });
    } finally {
      mailer.close();
    }
  });

  test('without SMTP_URL the message is written to the outbox as an .eml file', async () => {
    const outboxDir = mkdtempSync(path.join(tmpdir(), 'nuqat-mail-'));
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'no-reply@nuqat.sa',
      outboxDir,
      logger,
    });
    await mailer.send(message);
    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(outboxDir, files[0]!), 'utf8');
    expect(eml).toMatch(/^To: sara@example\.com$/m);
    expect(eml).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(eml).toContain('Subject: =?UTF-8?');
    mailer.close();
  });
});
