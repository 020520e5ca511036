import { z } from 'zod';
import type { NotificationKind } from '@nuqat/contracts';

/**
 * What each kind's template needs, stored as the outbox row's payload. Checked when a cause
 * writes the row (a wrong payload is a bug in the cause) and again when it is sent.
 */
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const points = z.number().int().nonnegative();

export const NOTIFICATION_PAYLOADS = {
  points_digest: z.object({ date, points: points.min(1), balance: points }),
  points_expiring: z.object({
    days: z.number().int().min(1),
    points: points.min(1),
    expiresOn: date,
  }),
  reward_ready: z.object({
    rewardName: z.string().min(1),
    pointsRequired: points,
    balance: points,
  }),
  coupon_issued: z.object({
    rewardName: z.string().min(1),
    points,
    code: z.string().min(1),
    expiresOn: date,
    minOrderAmount: z.number().nonnegative(),
    /** The language the customer redeemed in (the page's), ahead of the stored one. */
    lang: z.enum(['ar', 'en']).optional(),
  }),
  tier_up: z.object({
    tierName: z.object({ ar: z.string().min(1), en: z.string().min(1) }),
    /** The tier's earning multiplier, e.g. 1.25. */
    multiplier: z.number().positive(),
  }),
} satisfies Record<NotificationKind, z.ZodType>;

export type NotificationPayloads = {
  [K in NotificationKind]: z.infer<(typeof NOTIFICATION_PAYLOADS)[K]>;
};

/** A kind with its payload, as one value the templates can switch on. */
export type NotificationContent = {
  [K in NotificationKind]: { kind: K; payload: NotificationPayloads[K] };
}[NotificationKind];

export function parseNotificationContent(
  kind: NotificationKind,
  payload: unknown,
): NotificationContent {
  return { kind, payload: NOTIFICATION_PAYLOADS[kind].parse(payload) } as NotificationContent;
}

/** What the merchant's test mail shows for each kind. */
export const SAMPLE_CONTENT: { [K in NotificationKind]: NotificationPayloads[K] } = {
  points_digest: { date: '2026-11-20', points: 120, balance: 870 },
  points_expiring: { days: 3, points: 250, expiresOn: '2026-11-23' },
  reward_ready: { rewardName: 'خصم 20 ريال', pointsRequired: 500, balance: 540 },
  coupon_issued: {
    rewardName: 'خصم 20 ريال',
    points: 500,
    code: 'NQ-SAMPLE0000',
    expiresOn: '2026-12-20',
    minOrderAmount: 100,
  },
  tier_up: { tierName: { ar: 'الذهبي', en: 'Gold' }, multiplier: 1.5 },
};
