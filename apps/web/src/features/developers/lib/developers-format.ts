/** What the developers section's cards share (issue 31): translation keys, a failure, the language. */
import { useTranslation } from 'react-i18next';
import type { ApiKeyScope, Language, WebhookEventType } from '@nuqat/contracts';
import type { Message } from '../../../lib/messages';

/** The translation key of each outbound webhook event's name. */
export const EVENT_KEYS = {
  'points.earned': 'events.points_earned',
  'points.spent': 'events.points_spent',
  'points.expired': 'events.points_expired',
  'points.adjusted': 'events.points_adjusted',
  'reward.redeemed': 'events.reward_redeemed',
  'coupon.used': 'events.coupon_used',
  'tier.changed': 'events.tier_changed',
  'referral.completed': 'events.referral_completed',
  'customer.erased': 'events.customer_erased',
} as const satisfies Record<WebhookEventType, string>;

/** i18next reads `:` as a namespace separator: the scopes' keys use `_`. */
export const SCOPE_KEYS = {
  'customers:read': 'customers_read',
  'points:adjust': 'points_adjust',
  'rewards:read': 'rewards_read',
  'webhooks:manage': 'webhooks_manage',
} as const satisfies Record<ApiKeyScope, string>;

/** A form's failure: what went wrong, and the server's detail when there is one. */
export interface Failure {
  message: Message;
  detail: Message | null;
}

/** The screen's language for dates and numbers, following a switch. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'ar';
}
