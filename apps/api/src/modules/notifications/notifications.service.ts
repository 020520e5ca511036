import { setCustomerUnsubscribed } from '../engine/index.ts';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_SUMMARY_DAYS,
  NOTIFICATION_TEST_LIMIT_PER_HOUR,
  type Language,
  type NotificationKind,
  type NotificationSettings,
  type NotificationSummary,
  type NotificationTemplates,
  type UpdateNotificationSettingsRequest,
} from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { enforceRateLimits } from '../../lib/rate-limit.ts';
import { findMerchantById } from '../merchants/index.ts';
import { createEmailChannel, EMAIL_CHANNEL, type NotificationChannel } from './channels.ts';
import { createNotificationCauses } from './causes.ts';
import { createSmsChannel } from './notification-sms.ts';
import { SAMPLE_CONTENT, type NotificationContent } from './notification-payloads.ts';
import {
  findNotificationChannel,
  findNotificationSettings,
  upsertNotificationChannel,
  upsertNotificationSettings,
} from './notification-settings.repository.ts';
import { countOutboxByKind, skipPendingForCustomer } from './notifications.repository.ts';
import { enqueueNotification } from './outbox.ts';
import { createOutboxWorker, OUTBOX_BATCH, type OutboxKey } from './outbox-worker.ts';
import { readUnsubscribeToken, unsubscribePage, type UnsubscribePageState } from './unsubscribe.ts';
import { storeMailBrand } from '../../lib/mail-brand.ts';

/** Immediate deliveries (coupon mails) running side by side at most. */
const DELIVERIES_AT_ONCE = 4;

/**
 * Notifications to a store's customers (docs/decisions/023): the merchant's switches and figures,
 * the test mail, the one-click unsubscribe, and the outbox worker and daily causes that server.ts
 * runs on timers.
 */
export function createNotificationsService(
  ctx: AppContext,
  deps: { channels?: NotificationChannel[] } = {},
) {
  const { db, log, config } = ctx;
  const channels = deps.channels ?? [createEmailChannel(ctx.mailer), createSmsChannel(ctx.sms)];
  const worker = createOutboxWorker(ctx, channels);
  const causes = createNotificationCauses(ctx);

  async function getSettings({
    merchantId,
  }: {
    merchantId: number;
  }): Promise<NotificationSettings> {
    const [rows, channel] = await Promise.all([
      findNotificationSettings(db, merchantId),
      findNotificationChannel(db, merchantId),
    ]);
    const templates = Object.fromEntries(
      NOTIFICATION_KINDS.map((kind) => [kind, rows.find((r) => r.kind === kind)?.enabled ?? true]),
    ) as NotificationTemplates;
    const updatedAt = [...rows, ...(channel ? [channel] : [])].reduce<Date | null>(
      (latest, r) => (latest && latest > r.updatedAt ? latest : r.updatedAt),
      null,
    );
    return {
      templates,
      channel: channel?.channel ?? 'email',
      smsAvailable: ctx.sms.available,
      updatedAt: updatedAt?.toISOString() ?? null,
    };
  }

  async function updateSettings({
    merchantId,
    templates,
    channel,
  }: {
    merchantId: number;
    templates?: UpdateNotificationSettingsRequest['templates'];
    channel?: UpdateNotificationSettingsRequest['channel'];
  }): Promise<NotificationSettings> {
    // Texts need a provider: a store cannot choose a channel that would reach nobody.
    if (channel && channel !== 'email' && !ctx.sms.available) throw new AppError('SMS_UNAVAILABLE');
    const changes = NOTIFICATION_KINDS.flatMap((kind) => {
      const enabled = templates?.[kind];
      return enabled === undefined ? [] : [{ kind, enabled }];
    });
    await db.transaction(async (tx) => {
      await upsertNotificationSettings(tx, merchantId, changes, ctx.now());
      if (channel) await upsertNotificationChannel(tx, merchantId, channel, ctx.now());
    });
    log.info({ merchantId, changes, channel }, 'notification settings saved');
    return getSettings({ merchantId });
  }

  async function getSummary({ merchantId }: { merchantId: number }): Promise<NotificationSummary> {
    const since = new Date(ctx.now().getTime() - NOTIFICATION_SUMMARY_DAYS * 86_400_000);
    const counts = await countOutboxByKind(db, merchantId, since);
    return {
      days: NOTIFICATION_SUMMARY_DAYS,
      kinds: NOTIFICATION_KINDS.map((kind) => {
        const of = (status: string) =>
          counts.find((c) => c.kind === kind && c.status === status)?.count ?? 0;
        return {
          kind,
          sent: of('sent'),
          failed: of('failed'),
          pending: of('pending'),
          skipped: of('skipped'),
        };
      }),
    };
  }

  /** A sample of one template to the merchant's own account e-mail, at once (not through the outbox). */
  async function sendTest({
    merchantId,
    kind,
    lang,
  }: {
    merchantId: number;
    kind: NotificationKind;
    lang: Language;
  }): Promise<{ kind: NotificationKind; sentTo: string }> {
    await enforceRateLimits(db, [
      {
        key: `notify-test:${merchantId}`,
        limit: NOTIFICATION_TEST_LIMIT_PER_HOUR,
        windowSeconds: 3600,
      },
    ]);
    const merchant = await findMerchantById(db, merchantId);
    if (!merchant) throw new AppError('NOT_FOUND');
    if (!merchant.email) throw new AppError('NOTIFICATION_NO_EMAIL');
    const channel = channels.find((c) => c.name === EMAIL_CHANNEL)!;
    try {
      await channel.send({
        content: { kind, payload: SAMPLE_CONTENT[kind] } as NotificationContent,
        store: storeMailBrand(merchant),
        recipient: { email: merchant.email, mobile: null, language: lang },
        unsubscribe: null,
        sample: true,
      });
    } catch (error) {
      const code =
        error && typeof error === 'object' && 'responseCode' in error
          ? `smtp ${String(error.responseCode)}`
          : 'error';
      log.warn({ merchantId, kind, error: code }, 'test notification not sent');
      throw new AppError('NOTIFICATION_TEST_FAILED');
    }
    log.info({ merchantId, kind }, 'test notification sent');
    return { kind, sentTo: merchant.email };
  }

  /** The page behind the link: what it says, and the HTTP status to answer with. */
  async function getUnsubscribePage({
    token,
    lang,
  }: {
    token: string;
    lang: Language;
  }): Promise<{ status: number; html: string; valid: boolean }> {
    const target = readUnsubscribeToken(config.keys.unsubscribeLinks, token);
    const merchant = target ? await findMerchantById(db, target.merchantId) : undefined;
    const state: UnsubscribePageState = merchant ? 'confirm' : 'invalid';
    return {
      status: merchant ? 200 : 400,
      valid: Boolean(merchant),
      html: unsubscribePage({
        state,
        lang,
        storeName: merchant?.storeName ?? '',
        action: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
      }),
    };
  }

  /**
   * One click (RFC 8058): the customer stops receiving the store's e-mails at once; what was
   * still waiting in the outbox is skipped in the same transaction. Repeating it changes nothing.
   */
  async function unsubscribe({
    token,
    lang,
  }: {
    token: string;
    lang: Language;
  }): Promise<{ html: string; skipped: number }> {
    const target = readUnsubscribeToken(config.keys.unsubscribeLinks, token);
    if (!target) throw new AppError('UNSUBSCRIBE_LINK_INVALID');
    const merchant = await findMerchantById(db, target.merchantId);
    if (!merchant) throw new AppError('UNSUBSCRIBE_LINK_INVALID');
    const at = ctx.now();
    const skipped = await db.transaction(async (tx) => {
      await setCustomerUnsubscribed(tx, target.merchantId, target.customerId, at);
      return skipPendingForCustomer(tx, target.merchantId, target.customerId, at);
    });
    log.info({ merchantId: target.merchantId, skipped }, 'customer unsubscribed from e-mails');
    return {
      skipped,
      html: unsubscribePage({ state: 'done', lang, storeName: merchant.storeName }),
    };
  }

  /**
   * Sends a row right away, without waiting for the worker's next tick (a coupon the customer
   * just redeemed); not awaited by the caller. A delivery starts on the next turn of the event
   * loop (the answers in hand are written first) with every key handed over by then, up to a
   * batch: one claim and one read of each store's facts per batch, not per mail. Up to
   * DELIVERIES_AT_ONCE run side by side; keys handed over meanwhile wait for the next to start.
   * A failure leaves the rows to the worker's ticks and retries (the outbox claim still sends
   * each row once).
   */
  const soon = new Map<string, OutboxKey>();
  let deliveries = 0;
  let starting = false;
  function startSoon(): void {
    if (starting || soon.size === 0 || deliveries >= DELIVERIES_AT_ONCE) return;
    starting = true;
    setImmediate(() => {
      starting = false;
      if (deliveries >= DELIVERIES_AT_ONCE) return;
      const keys = [...soon.values()].slice(0, OUTBOX_BATCH);
      for (const k of keys) soon.delete(`${k.merchantId}:${k.idempotencyKey}`);
      deliveries += 1;
      void worker
        .deliverDue({ only: keys })
        .catch((err: unknown) =>
          log.error({ err, rows: keys.length }, 'immediate notifications failed'),
        )
        .finally(() => {
          deliveries -= 1;
          startSoon();
        });
      startSoon();
    });
  }
  function deliverSoon(only: OutboxKey): void {
    soon.set(`${only.merchantId}:${only.idempotencyKey}`, only);
    startSoon();
  }

  return {
    getSettings,
    updateSettings,
    getSummary,
    sendTest,
    getUnsubscribePage,
    unsubscribe,
    enqueue: enqueueNotification,
    deliverSoon,
    deliverDue: worker.deliverDue,
    runDailyCauses: causes.runDailyCauses,
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
