import { eq, sql } from 'drizzle-orm';
import type { NotificationChannelChoice, NotificationKind } from '@nuqat/contracts';
import type { Executor } from '../../db/client.ts';
import { notificationChannels, notificationSettings } from '../../db/schema/index.ts';

export interface NotificationSettingRow {
  kind: NotificationKind;
  enabled: boolean;
  updatedAt: Date;
}

export async function findNotificationSettings(
  db: Executor,
  merchantId: number,
): Promise<NotificationSettingRow[]> {
  return db
    .select({
      kind: notificationSettings.kind,
      enabled: notificationSettings.enabled,
      updatedAt: notificationSettings.updatedAt,
    })
    .from(notificationSettings)
    .where(eq(notificationSettings.merchantId, merchantId));
}

export async function upsertNotificationSettings(
  db: Executor,
  merchantId: number,
  changes: { kind: NotificationKind; enabled: boolean }[],
  at: Date,
): Promise<void> {
  if (changes.length === 0) return;
  await db
    .insert(notificationSettings)
    .values(changes.map((c) => ({ merchantId, kind: c.kind, enabled: c.enabled, updatedAt: at })))
    .onConflictDoUpdate({
      target: [notificationSettings.merchantId, notificationSettings.kind],
      set: { enabled: sql`excluded.enabled`, updatedAt: sql`excluded.updated_at` },
    });
}

/** The store's channel choice, with when it was saved; null: never chosen (e-mail). */
export async function findNotificationChannel(
  db: Executor,
  merchantId: number,
): Promise<{ channel: NotificationChannelChoice; updatedAt: Date } | null> {
  const [row] = await db
    .select({ channel: notificationChannels.channel, updatedAt: notificationChannels.updatedAt })
    .from(notificationChannels)
    .where(eq(notificationChannels.merchantId, merchantId));
  return row ?? null;
}

export async function upsertNotificationChannel(
  db: Executor,
  merchantId: number,
  channel: NotificationChannelChoice,
  at: Date,
): Promise<void> {
  await db
    .insert(notificationChannels)
    .values({ merchantId, channel, updatedAt: at })
    .onConflictDoUpdate({
      target: notificationChannels.merchantId,
      set: { channel, updatedAt: at },
    });
}
