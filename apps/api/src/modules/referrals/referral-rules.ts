import { randomBytes } from 'node:crypto';
import {
  REFERRAL_DEFAULT_MAX_AMOUNT_SAR,
  emailKey,
  type ReferralReason,
  type ReferralReward,
} from '@nuqat/contracts';
import type { CouponOffer } from '../salla/index.ts';
import {
  type OrderRow,
  type ReferralRow,
  type ReferralSettingsRow,
} from './referrals.repository.ts';

/** A coupon ask this old with no outcome was cut off by a crash: another worker may take it. */
export const REFERRAL_LEASE_MS = 2 * 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/**
 * Claims per client address (an hour, a day) and per mailbox (every spelling of it): enough for a
 * family behind one router, too few to farm gifts (decisions 021, 028).
 */
export const REFERRAL_CLAIM_LIMITS = {
  perIp: { limit: 10, windowSeconds: 3600 },
  perIpDaily: { limit: 30, windowSeconds: 86_400 },
  perEmail: { limit: 5, windowSeconds: 3600 },
} as const;

/**
 * Offers read per client address: the loyalty page reads one each time a friend opens it with a
 * kept code; loose, as shoppers share their mobile carrier's addresses (decision 028).
 */
export const REFERRAL_OFFER_LIMITS = {
  perIp: { limit: 120, windowSeconds: 3600 },
} as const;

/** Readable code letters (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function generateReferralCode(): string {
  const bytes = randomBytes(8);
  let code = '';
  for (const byte of bytes) code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
  return code;
}

/** `s***@example.com`: enough for the friend to recognise, nothing for anyone else. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/** What one side's coupon gives, in Nuqat's words (salla/ makes Salla's body of it). */
export function referralCouponOffer(reward: {
  type: ReferralReward['type'];
  value: number;
  maxAmount: number | null;
}): CouponOffer {
  switch (reward.type) {
    case 'fixed':
      return { kind: 'fixed', amount: reward.value };
    case 'percentage':
      return {
        kind: 'percentage',
        percent: reward.value,
        cap: reward.maxAmount ?? REFERRAL_DEFAULT_MAX_AMOUNT_SAR,
      };
    case 'shipping':
      return { kind: 'free_shipping' };
  }
}

export type Side = 'friend' | 'inviter';
export const sideReward = (row: ReferralRow, side: Side) =>
  side === 'friend'
    ? { type: row.friendType, value: row.friendValue, maxAmount: row.friendMaxAmount }
    : { type: row.inviterType, value: row.inviterValue, maxAmount: row.inviterMaxAmount };

/** A reward worth nothing (0 SAR, 0 %) makes no coupon; free shipping always does. */
export const hasValue = (reward: { type: string; value: number }) =>
  reward.type === 'shipping' || reward.value > 0;

export const isReversed = (order: OrderRow) =>
  order.cancelled || order.deleted || order.restored || order.fullyRefunded;

export const halalasToSar = (halalas: number) => Math.round(halalas) / 100;

/**
 * Why a claim whose code names an inviter is refused, if it is; one reason, the first that
 * holds. Every one of them is decided from the same facts (decision 028).
 */
export function refusalOf(facts: {
  key: string;
  inviter: { id: number; email: string | null };
  known: { id: number; ordered: boolean }[];
  counts: { mailboxClaimed: boolean; codeGifts: number; storeGifts: number };
  settings: ReferralSettingsRow;
}): ReferralReason | null {
  const { key, inviter, known, counts, settings } = facts;
  if (
    (inviter.email !== null && emailKey(inviter.email) === key) ||
    known.some((c) => c.id === inviter.id)
  )
    return 'self_referral';
  if (known.some((c) => c.ordered)) return 'existing_customer';
  if (counts.mailboxClaimed) return 'already_claimed';
  if (counts.codeGifts >= settings.giftsPerCode) return 'code_cap';
  if (counts.storeGifts >= settings.giftsPerDay) return 'daily_cap';
  return null;
}
