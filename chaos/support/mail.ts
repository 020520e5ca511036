import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { sleep } from './net.ts';

/** An SMTP server on 127.0.0.1 that keeps every message (production requires SMTP_URL). */
export interface MailSink {
  url: string;
  /** The newest six-digit code mailed to `to` after `after` messages, waited for up to 15 s. */
  waitForCode(to: string, after: number): Promise<string>;
  count(): number;
  close(): Promise<void>;
}

export async function startMailSink(): Promise<MailSink> {
  const messages: { to: string; text: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address ?? '';
          messages.push({ to: to.toLowerCase(), text: mail.text ?? '' });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  // A killed API drops its SMTP connection mid-message: not the sink's failure.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    count: () => messages.length,
    async waitForCode(to, after) {
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline) {
        for (let i = messages.length - 1; i >= after; i--) {
          const m = messages[i]!;
          const code = /^\s*(\d{6})\s*$/m.exec(m.text)?.[1];
          if (m.to === to.toLowerCase() && code) return code;
        }
        await sleep(50);
      }
      throw new Error(`no code mailed to ${to}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
