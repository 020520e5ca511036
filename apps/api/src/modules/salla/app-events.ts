import type { AppSubscriptionDataSchema } from '@nuqat/contracts';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import type { SubscriptionStatus } from '@nuqat/contracts';
import {
  markInstalled,
  markUninstalled,
  recordSubscription,
  type MerchantRow,
  type SubscriptionChange,
} from '../merchants/index.ts';
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
  const values: SubscriptionChange = {
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
  await recordSubscription(tx, merchant.id, values);
  return 'applied';
}

/** The install lifecycle: the events that say whether the app is on the store. */
export const LIFECYCLE_EVENTS = [
  'app.store.authorize',
  'app.installed',
  'app.uninstalled',
] as const;
export type LifecycleEvent = (typeof LIFECYCLE_EVENTS)[number];

/** The note of a lifecycle event older than the newest applied (recorded, changes nothing). */
export const STALE_LIFECYCLE = 'older than the newest install lifecycle event';

/**
 * Whether a lifecycle event may change the store: not when it is older than the newest one
 * applied (Salla's `created_at`; it does not promise order, and retries a failed delivery
 * minutes later). A tie applies: `created_at` has one-second resolution, and applying an event
 * twice is harmless. So a late `app.uninstalled` never removes a store installed again after it.
 */
export function lifecycleIsStale(merchant: MerchantRow, at: Date): boolean {
  return merchant.lifecycleEventAt !== null && at < merchant.lifecycleEventAt;
}

/**
 * What an `app.store.authorize` at `at` may do to the store:
 * - `stale`: the store was uninstalled after it (its tokens died with that install): nothing;
 * - `install`: the newest lifecycle event: keep its tokens and mark the store installed;
 * - `tokens`: the store is installed by a newer event (often `app.installed` of the same
 *   install, overtaking it): the state stays, but its tokens are kept unless the store holds
 *   tokens of a newer authorize;
 * - `older_tokens`: the store holds tokens of a newer authorize already: nothing.
 */
export function authorizeEffect(
  merchant: MerchantRow | undefined,
  at: Date,
): 'stale' | 'install' | 'tokens' | 'older_tokens' {
  if (!merchant) return 'install';
  if (merchant.sallaAuthorizedAt && at < merchant.sallaAuthorizedAt) return 'older_tokens';
  if (!lifecycleIsStale(merchant, at)) return 'install';
  return merchant.installStatus === 'installed' ? 'tokens' : 'stale';
}

/** `app.installed`: the store is back (unless a newer lifecycle event says otherwise). */
export async function applyInstalled(
  tx: Executor,
  merchant: MerchantRow,
  at: Date,
): Promise<'applied' | 'stale'> {
  if (lifecycleIsStale(merchant, at)) return 'stale';
  await markInstalled(tx, merchant.id, at);
  return 'applied';
}

/**
 * `app.uninstalled`: stops processing and drops the tokens; the store's data is kept for the
 * grace period (the uninstall purge, engine/jobs.service.ts). Older than the newest lifecycle
 * event (a retry or a late delivery after a reinstall), it changes nothing.
 */
export async function applyUninstalled(
  tx: Executor,
  merchant: MerchantRow,
  at: Date,
): Promise<'applied' | 'stale'> {
  if (lifecycleIsStale(merchant, at)) return 'stale';
  await markUninstalled(tx, merchant.id, at);
  return 'applied';
}
