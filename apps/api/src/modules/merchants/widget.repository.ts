import type { WidgetSettings } from '@nuqat/contracts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { merchants } from '../../db/schema/index.ts';

/** Saves the widget; it is to be published to the store page again. */
export async function saveWidgetRow(
  db: Executor,
  merchantId: number,
  settings: WidgetSettings,
  now: Date,
): Promise<void> {
  await db
    .update(merchants)
    .set({ widget: settings, widgetPublishedAt: null, updatedAt: now })
    .where(eq(merchants.id, merchantId));
}

/**
 * Marks the widget published, unless a newer save (a later `updated_at`) came in meanwhile: that
 * one publishes itself. True when marked.
 */
export async function markWidgetPublished(
  db: Executor,
  merchantId: number,
  savedAt: Date,
  now: Date,
): Promise<boolean> {
  const done = await db
    .update(merchants)
    .set({ widgetPublishedAt: now })
    .where(and(eq(merchants.id, merchantId), eq(merchants.updatedAt, savedAt)))
    .returning({ id: merchants.id });
  return done.length > 0;
}
