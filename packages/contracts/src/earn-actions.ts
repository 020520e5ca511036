import { z } from 'zod';
import { successEnvelope } from './common.ts';
import { EarnActionEventSchema, type EarnActionEvent } from './loyalty.ts';

/**
 * Ways to earn beyond buying (issue 29, docs/decisions/052): following the store on a social
 * network (on the shopper's word, the points after a delay), completing the profile (a birthday
 * known), subscribing to the store's newsletter — each once per shopper.
 */

export const SOCIAL_NETWORKS = ['instagram', 'x', 'tiktok', 'snapchat'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** The hosts a network's profile link may live on. */
export const SOCIAL_HOSTS: Record<SocialNetwork, readonly string[]> = {
  instagram: ['instagram.com', 'www.instagram.com'],
  x: ['x.com', 'www.x.com', 'twitter.com', 'www.twitter.com'],
  tiktok: ['tiktok.com', 'www.tiktok.com'],
  snapchat: ['snapchat.com', 'www.snapchat.com'],
};

export const FOLLOW_ACTIONS: Record<SocialNetwork, EarnActionEvent> = {
  instagram: 'follow_instagram',
  x: 'follow_x',
  tiktok: 'follow_tiktok',
  snapchat: 'follow_snapchat',
};

/** A follow's points become spendable this long after the shopper says they followed. */
export const FOLLOW_DELAY_HOURS = 24;

const link = (network: SocialNetwork) =>
  z
    .url({ protocol: /^https$/, hostname: /.*/ })
    .max(300)
    .refine(
      (url) =>
        URL.canParse(url) && SOCIAL_HOSTS[network].includes(new URL(url).hostname.toLowerCase()),
      {
        message: `An https link on ${SOCIAL_HOSTS[network][0]}`,
      },
    )
    .nullable();

/** The store's profile on each network (/settings); null = none. */
export const SocialLinksSchema = z.strictObject({
  instagram: link('instagram'),
  x: link('x'),
  tiktok: link('tiktok'),
  snapchat: link('snapchat'),
});
export type SocialLinks = z.infer<typeof SocialLinksSchema>;
export const NO_SOCIAL_LINKS: SocialLinks = {
  instagram: null,
  x: null,
  tiktok: null,
  snapchat: null,
};

/** POST /api/customers/loyalty/{merchantId}/{customerId}/earn */
export const ClaimEarnActionRequestSchema = z.strictObject({ action: EarnActionEventSchema });
export type ClaimEarnActionRequest = z.infer<typeof ClaimEarnActionRequestSchema>;

/** A way to earn the shopper claims: where it stands for them. */
export const EarnActionStateSchema = z.object({
  /** open: not claimed yet; pending: claimed, points on their way; done: points given. */
  state: z.enum(['open', 'pending', 'done']),
  /** A follow: the store's profile to open. */
  url: z.string().nullable(),
  /** Pending: when the points become spendable (ISO). */
  availableAt: z.string().nullable(),
  /** The button and the line under it, in the shopper's language. */
  label: z.string(),
  note: z.string(),
});
export type EarnActionState = z.infer<typeof EarnActionStateSchema>;

export const ClaimEarnActionResponseSchema = successEnvelope(
  EarnActionStateSchema.extend({ action: EarnActionEventSchema, points: z.number().int() }),
);
export type ClaimEarnActionResponse = z.infer<typeof ClaimEarnActionResponseSchema>['data'];

/** GET and PUT /api/merchants/social-links */
export const SocialLinksResponseSchema = successEnvelope(SocialLinksSchema);
