import type { Language, NotificationKind } from '@nuqat/contracts';
import type { Mailer } from '../../lib/mailer.ts';
import { notificationMail } from './notification-mails.ts';
import type { NotificationContent } from './notification-payloads.ts';

/** Who a notification is for, as the channel needs them; read at send time. */
export interface NotificationRecipient {
  email: string | null;
  mobile: string | null;
  language: Language;
}

/** One notification ready to go out, whatever the channel. */
export interface OutgoingNotification {
  content: NotificationContent;
  store: {
    name: string;
    url: string | null;
    logo?: string | null;
    accent?: string | null;
    replyTo?: string | null;
  };
  recipient: NotificationRecipient;
  /** The store's one-click unsubscribe for this customer; null in the merchant's test. */
  unsubscribe: { url: string; mailto?: string } | null;
  sample?: boolean;
}

/**
 * A way to reach a customer. Causes write outbox rows (kind + payload) and never know the
 * channel; the worker hands each row to the channel it names. An SMS or WhatsApp channel
 * implements this with its own texts and is registered beside e-mail (docs/decisions/023).
 */
export interface NotificationChannel {
  readonly name: string;
  /** Whether the recipient can be reached this way at all (no address: the row is skipped). */
  reaches(recipient: NotificationRecipient): boolean;
  /** Throws on failure; the worker retries with back-off. */
  send(notification: OutgoingNotification): Promise<void>;
}

export const EMAIL_CHANNEL = 'email';

export function createEmailChannel(mailer: Mailer): NotificationChannel {
  return {
    name: EMAIL_CHANNEL,
    reaches: (recipient) => Boolean(recipient.email),
    async send(notification) {
      await mailer.send(
        notificationMail({
          to: notification.recipient.email!,
          content: notification.content,
          store: notification.store,
          lang: notification.recipient.language,
          unsubscribe: notification.unsubscribe,
          ...(notification.sample ? { sample: true } : {}),
        }),
      );
    },
  };
}

/** Kinds a customer asked for this very moment: sent at once, also in quiet hours. */
export const IMMEDIATE_KINDS: readonly NotificationKind[] = ['coupon_issued'];
