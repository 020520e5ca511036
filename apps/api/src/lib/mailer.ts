import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
  /** The sender's display name (a store's name); the address stays MAIL_FROM's. */
  fromName?: string;
  /** Where replies go (a store's contact e-mail; the contact form's sender). */
  replyTo?: string;
}

/** MAIL_FROM's address (`Name <address>` or a bare address). */
export function fromAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
}

/** Nodemailer's fields for a message: MAIL_FROM's address under the message's display name. */
function envelope(from: string, message: MailMessage) {
  const { fromName, ...rest } = message;
  return { ...rest, from: fromName ? { name: fromName, address: fromAddress(from) } : from };
}

/** Logs name the recipient's domain only: an address is personal data (decision 023). */
const domainOf = (to: string) => to.slice(to.lastIndexOf('@') + 1).toLowerCase();

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * Real SMTP when SMTP_URL is set; otherwise each message is written to DATA_DIR/mail as an .eml
 * file (what an SMTP server would have received) and a log line says where.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  logger: FastifyBaseLogger;
}): Mailer {
  const { logger } = options;
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        const info = await transport.sendMail(envelope(options.from, message));
        logger.info({ toDomain: domainOf(message.to), messageId: info.messageId }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(message) {
      const info = await transport.sendMail(envelope(options.from, message));
      await mkdir(options.outboxDir, { recursive: true });
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      logger.info(
        { toDomain: domainOf(message.to), file },
        'mail written to the outbox (no SMTP_URL set)',
      );
    },
    close: () => transport.close(),
  };
}
