import type { AppSubscriptionDataSchema } from '@nuqat/contracts';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import type { SubscriptionStatus } from '@nuqat/contracts';
import { updateMerchant, type MerchantRow } from '../merchants/merchants.repository.ts';
import { mapSallaPlan, parseSallaTime } from './salla-values.ts';

type SubscriptionData = z.infer<typeof AppSubscriptionDataSchema>;

const STATUS_BY_EVENT: Record<string, SubscriptionStatus> = {
  'app.trial.started': 'trial',
  'app.trial.expired': 'expired',
  'app.trial.canceled': 'inactive',
  'app.subscription.started': 'active',
  'app.subscription.renewed': 'active',
  'app.subscription.expired': 'expired',
  'app.subscription.canceled': 'inactive',
};

export function isSubscriptionEvent(event: string): boolean {
  return event in STATUS_BY_EVENT;
}

/**
 * Plan, status and expiry from `app.trial.*` / `app.subscription.*`. Events arrive in any order,
 * so one older than the newest applied is recorded but changes nothing. Add-ons are ignored.
 *
 * Trial events carry bare Riyadh dates (reference §1.8): a trial runs from the start of its
 * `start_date` to the end of its `end_date` in Riyadh, i.e. until the next day's midnight there.
 * `app.trial.canceled` ends a trial, also when the merchant converts to paid (then it carries
 * `subscription_at`): it never switches off a paid subscription that is active, and a conversion
 * changes nothing (the `app.subscription.started` that goes with it sets the plan, even when it
 * arrives after, so it does not move the newest-event mark either).
 */
export async function applySubscriptionEvent(
  tx: Executor,
  merchant: MerchantRow,
  input: { event: string; data: SubscriptionData; at: Date },
): Promise<'applied' | 'stale' | 'addon' | 'paid'> {
  const { event, data, at } = input;
  if (data.item_type === 'addon') return 'addon';
  if (event === 'app.trial.canceled') {
    const converted = Boolean(data.subscription_at);
    const paying =
      merchant.subscriptionStatus === 'active' &&
      (!merchant.subscriptionExpiresAt || merchant.subscriptionExpiresAt > at);
    if (converted || paying) return 'paid';
  }
  if (merchant.subscriptionEventAt && at < merchant.subscriptionEventAt) return 'stale';
  const status = STATUS_BY_EVENT[event]!;
  const start = parseSallaTime(data.start_date ?? null);
  const endDate = data.end_date ?? null;
  const endParsed = parseSallaTime(endDate);
  const end =
    endParsed && endDate && /^\d{4}-\d{2}-\d{2}$/.test(endDate.trim())
      ? new Date(endParsed.getTime() + 86_400_000)
      : endParsed;
  const values: Parameters<typeof updateMerchant>[2] = {
    subscriptionStatus: status,
    subscriptionEventAt: at,
  };
  if (status === 'active' || status === 'trial') {
    values.plan = mapSallaPlan(data.plan_name, data.total ?? data.price ?? null);
    values.sallaPlanName = data.plan_name ?? null;
    if (start) values.subscriptionStartedAt = start;
    if (end) values.subscriptionExpiresAt = end;
  } else if (end && status === 'expired') {
    values.subscriptionExpiresAt = end;
  }
  await updateMerchant(tx, merchant.id, values);
  return 'applied';
}

export async function applyInstalled(tx: Executor, merchant: MerchantRow, at: Date): Promise<void> {
  if (merchant.uninstalledAt && merchant.uninstalledAt > at) return;
  await updateMerchant(tx, merchant.id, { installStatus: 'installed', uninstalledAt: null });
}

/** Stops processing and drops the tokens; the store's data is kept for the grace period. */
export async function applyUninstalled(
  tx: Executor,
  merchant: MerchantRow,
  at: Date,
): Promise<void> {
  await updateMerchant(tx, merchant.id, {
    installStatus: 'uninstalled',
    uninstalledAt: at,
    sallaAccessToken: null,
    sallaRefreshToken: null,
    sallaTokenExpiresAt: null,
  });
}
