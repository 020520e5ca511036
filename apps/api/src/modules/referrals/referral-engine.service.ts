import { randomBytes } from 'node:crypto';
import {
  REFERRAL_COUPON_VALID_DAYS,
  REFERRAL_DEFAULT_MAX_AMOUNT_SAR,
  REFERRAL_WEEKLY_CAP,
  emailKey,
  planHasFeature,
  type Language,
  type MerchantReferral,
  type ReferralClaimCoupon,
  type ReferralClaimRequest,
  type ReferralOffer,
  type ReferralReason,
  type ReferralReward,
  type ReferralsQuery,
  type ReferralSummary,
  type RewardType,
  type ShopperCoupon,
  type ShopperReferral,
} from '@nuqat/contracts';
import { createPerStoreRuns } from '../../lib/per-store-runs.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { referralGiftMail, referralRewardMail } from '../../lib/mail-templates.ts';
import { enforceRateLimits } from '../../lib/rate-limit.ts';
import { SallaApiError, type CouponRequest, type SallaClient } from '../../lib/salla-client.ts';
import { findCustomer, lockCustomer } from '../engine/index.ts';
import { findMerchantById, type MerchantRow } from '../merchants/index.ts';
import { redemptionBlock } from '../rewards/index.ts';
import {
  createOrConfirmCoupon,
  generateCouponCode,
  isOurCodeTaken,
  riyadhDate,
  singleUseCoupon,
} from '../rewards/index.ts';
import type { SallaTokenService } from '../salla/index.ts';
import {
  countInviterPayoutsSince,
  countInviterReferrals,
  deleteUnissuedReferral,
  findClaimCounts,
  findCustomersByEmailKey,
  findFirstOrder,
  findReferralCoupons,
  findOrderById,
  findPendingReferrals,
  findReferral,
  findReferralCodeOf,
  findReferralCodeOwner,
  findReferralSettings,
  insertReferral,
  insertReferralCode,
  listReferrals,
  lockReferralSettings,
  referralFigures,
  updateReferral,
  type OrderRow,
  type ReferralListRow,
  type ReferralRow,
  type ReferralCouponRow,
  type ReferralSettingsRow,
} from './referrals.repository.ts';

/**
 * The referral engine (docs/decisions/021). A shopper's code names them; a friend claims a gift
 * with it and an e-mail (the friend's coupon is made at Salla at once and mailed, never shown);
 * the friend's first order is found by that e-mail or by the coupon's use; when that order's
 * points become spendable the inviter's coupon is made, or the referral is reversed if the order
 * was cancelled or refunded first. Every coupon's code is stored before Salla is asked, so
 * redelivery, retries and two workers can only ever make that one coupon.
 */

/** A coupon ask this old with no outcome was cut off by a crash: another worker may take it. */
export const REFERRAL_LEASE_MS = 2 * 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

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

/** Salla's Create Coupon body for one side's reward (reference §3.7). */
export function referralCouponRequest(
  reward: { type: ReferralReward['type']; value: number; maxAmount: number | null },
  code: string,
  issuedAt: Date,
  expiresAt: Date,
): CouponRequest {
  const base = singleUseCoupon(code, issuedAt, expiresAt);
  switch (reward.type) {
    case 'fixed':
      return { ...base, type: 'fixed', amount: reward.value };
    case 'percentage':
      return {
        ...base,
        type: 'percentage',
        amount: reward.value,
        maximum_amount: reward.maxAmount ?? REFERRAL_DEFAULT_MAX_AMOUNT_SAR,
        show_maximum_amount: true,
      };
    case 'shipping':
      return { ...base, type: 'fixed', amount: 0, free_shipping: true };
  }
}

type Side = 'friend' | 'inviter';
const sideReward = (row: ReferralRow, side: Side) =>
  side === 'friend'
    ? { type: row.friendType, value: row.friendValue, maxAmount: row.friendMaxAmount }
    : { type: row.inviterType, value: row.inviterValue, maxAmount: row.inviterMaxAmount };

/** A reward worth nothing (0 SAR, 0 %) makes no coupon; free shipping always does. */
const hasValue = (reward: { type: string; value: number }) =>
  reward.type === 'shipping' || reward.value > 0;

const isReversed = (order: OrderRow) =>
  order.cancelled || order.deleted || order.restored || order.fullyRefunded;

const halalasToSar = (halalas: number) => Math.round(halalas) / 100;

export function toMerchantReferral(row: ReferralListRow): MerchantReferral {
  const side = (s: Side) => {
    const reward = sideReward(row, s);
    const status = s === 'friend' ? row.friendCouponStatus : row.inviterCouponStatus;
    const code = s === 'friend' ? row.friendCouponCode : row.inviterCouponCode;
    const expires = s === 'friend' ? row.friendCouponExpiresAt : row.inviterCouponExpiresAt;
    const usedOrder = s === 'friend' ? row.friendUsedOrderId : row.inviterUsedOrderId;
    const discount = s === 'friend' ? row.friendDiscountHalalas : row.inviterDiscountHalalas;
    const made = status === 'issued' || status === 'used';
    return {
      ...reward,
      status,
      code: made ? code : null,
      expiresAt: made ? (expires?.toISOString() ?? null) : null,
      usedOrderId: usedOrder === null ? null : String(usedOrder),
      discount: discount === null ? null : halalasToSar(Number(discount)),
    };
  };
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    code: row.code,
    inviter:
      row.inviterCustomerId === null
        ? null
        : {
            id: String(row.inviterCustomerId),
            name: row.inviterName ?? '',
            email: row.inviterEmail,
          },
    friend: {
      email: row.friendEmail,
      customerId: row.friendCustomerId === null ? null : String(row.friendCustomerId),
      name: row.friendName,
    },
    friendReward: side('friend'),
    inviterReward: side('inviter'),
    orderId: row.orderId === null ? null : String(row.orderId),
    orderTotal: row.orderTotalHalalas === null ? null : halalasToSar(row.orderTotalHalalas),
    claimedAt: row.claimedAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    reversedAt: row.reversedAt?.toISOString() ?? null,
  };
}

const encodeCursor = (row: ReferralRow) =>
  Buffer.from(`${row.claimedAt.toISOString()}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(date.getTime()))
    throw new AppError('VALIDATION_FAILED', {
      issues: [{ path: 'cursor', code: 'invalid_cursor', message: 'Unknown cursor' }],
    });
  return { at: date, id };
}

/**
 * Why a claim whose code names an inviter is refused, if it is; one reason, the first that
 * holds. Every one of them is decided from the same facts (decision 028).
 */
function refusalOf(facts: {
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

const REFERRAL_COUPON_NAMES: Record<ReferralCouponRow['side'], Record<Language, string>> = {
  friend: { ar: 'هدية دعوة صديق', en: 'Gift from a friend’s invitation' },
  inviter: { ar: 'مكافأة دعوة صديق', en: 'Reward for inviting a friend' },
};

const REFERRAL_TO_REWARD_TYPE: Record<ReferralCouponRow['type'], RewardType> = {
  fixed: 'fixed_discount',
  percentage: 'percentage_discount',
  shipping: 'free_shipping',
};

/** A referral coupon in the shopper's coupons: no reward behind it, no points spent. */
export function referralShopperCoupon(
  row: ReferralCouponRow,
  lang: Language,
  now: Date,
): ShopperCoupon {
  const expired = row.status === 'issued' && row.expiresAt !== null && row.expiresAt <= now;
  return {
    id: row.id,
    source: 'referral',
    rewardId: null,
    name: REFERRAL_COUPON_NAMES[row.side][lang],
    pointsRequired: 0,
    type: REFERRAL_TO_REWARD_TYPE[row.type],
    value: row.value,
    minOrderAmount: 0,
    status: expired ? 'expired' : row.status,
    code: row.status === 'pending' ? null : row.code,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    cancelReason: null,
    // Referral coupons were never bought with points: nothing to give back.
    cancellableUntil: null,
  };
}

export function createReferralEngine(
  ctx: AppContext,
  deps: { salla: SallaClient; sallaTokens: SallaTokenService },
) {
  const { db, log } = ctx;

  function programmeOn(
    merchant: MerchantRow | undefined,
    settings: ReferralSettingsRow | undefined,
  ) {
    return Boolean(
      merchant && merchant.plan && planHasFeature(merchant.plan, 'referrals') && settings?.isActive,
    );
  }

  /** The shopper's code (made the first time), or null when the programme is off. */
  async function codeFor(merchantId: number, customerId: number): Promise<string> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const existing = await findReferralCodeOf(db, merchantId, customerId);
      if (existing) return existing;
      try {
        if (await insertReferralCode(db, merchantId, customerId, generateReferralCode())) continue;
      } catch (error) {
        // Two first reads at once: the other one's code stands.
        if (!isUniqueViolation(error, 'referral_codes')) throw error;
      }
    }
    const code = await findReferralCodeOf(db, merchantId, customerId);
    if (!code) throw new Error(`no referral code for ${merchantId}/${customerId}`);
    return code;
  }

  /** The loyalty data's `referral` for a signed-in shopper. */
  async function shopperReferral(
    merchant: MerchantRow,
    customerId: number,
  ): Promise<ShopperReferral | null> {
    const settings = await findReferralSettings(db, merchant.id);
    if (!programmeOn(merchant, settings) || !settings) return null;
    const code = await codeFor(merchant.id, customerId);
    const counts = await countInviterReferrals(db, merchant.id, customerId);
    let link: string;
    try {
      const url = new URL(merchant.storeUrl ?? ctx.config.publicUrl);
      url.searchParams.set('ref', code);
      link = url.toString();
    } catch {
      link = `${ctx.config.publicUrl}/?ref=${code}`;
    }
    return {
      code,
      link,
      ...counts,
      participantReward: {
        type: settings.participantType,
        value: settings.participantValue,
        maxAmount: settings.participantMaxAmount,
      },
      referralReward: {
        type: settings.referralType,
        value: settings.referralValue,
        maxAmount: settings.referralMaxAmount,
      },
    };
  }

  /** What the programme gives an inviter and a friend, for the store's visitors; null when off. */
  async function programmeRewards(merchant: MerchantRow): Promise<{
    participantReward: ReferralReward;
    referralReward: ReferralReward;
  } | null> {
    const settings = await findReferralSettings(db, merchant.id);
    if (!programmeOn(merchant, settings) || !settings) return null;
    return {
      participantReward: {
        type: settings.participantType,
        value: settings.participantValue,
        maxAmount: settings.participantMaxAmount,
      },
      referralReward: {
        type: settings.referralType,
        value: settings.referralValue,
        maxAmount: settings.referralMaxAmount,
      },
    };
  }

  /**
   * The shopper's referral coupons as the loyalty page lists coupons, newest first: the gift they
   * claimed as a friend (found by their id or the e-mail they claimed with) and the rewards their
   * friends earned them. Shown whether or not the programme is still on: they were given.
   */
  async function shopperCoupons(input: {
    merchantId: number;
    customerId: number;
    email: string | null;
    lang: Language;
    limit: number;
  }): Promise<ShopperCoupon[]> {
    const now = ctx.now();
    const rows = await findReferralCoupons(db, input.merchantId, {
      holder: { customerId: input.customerId, email: input.email },
      now,
      limit: input.limit,
    });
    return rows.map((row) => referralShopperCoupon(row, input.lang, now));
  }

  /** The store, its programme and the inviter behind a code, or the error a friend reads. */
  async function resolveCode(merchantId: number, rawCode: string) {
    const merchant = await findMerchantById(db, merchantId);
    if (!merchant) throw new AppError('REFERRAL_CODE_INVALID');
    if (!merchant.plan || !planHasFeature(merchant.plan, 'referrals'))
      throw new AppError('PLAN_FEATURE_REQUIRED', {
        issues: [{ path: 'plan', code: 'plan_feature_required', message: 'referrals' }],
      });
    const settings = await findReferralSettings(db, merchantId);
    if (!settings?.isActive) throw new AppError('REFERRAL_INACTIVE');
    const code = rawCode.toUpperCase();
    const inviterId = await findReferralCodeOwner(db, merchantId, code);
    const inviter = inviterId === null ? undefined : await findCustomer(db, merchantId, inviterId);
    return {
      merchant,
      settings,
      code,
      inviter: inviter?.erasedAt ? undefined : inviter,
      inviterId,
    };
  }

  async function offer(input: {
    merchantId: number;
    code: string;
    ip: string;
  }): Promise<ReferralOffer> {
    await enforceRateLimits(db, [
      { key: `referral-offer:ip:${input.ip}`, ...REFERRAL_OFFER_LIMITS.perIp },
    ]);
    const { merchant, settings, inviter } = await resolveCode(input.merchantId, input.code);
    if (!inviter) throw new AppError('REFERRAL_CODE_INVALID');
    return {
      storeName: merchant.storeName,
      reward: {
        type: settings.referralType,
        value: settings.referralValue,
        maxAmount: settings.referralMaxAmount,
      },
    };
  }

  /** A refused attempt, kept for the merchant to see (blocked, with its reason). */
  async function recordBlocked(
    executor: Executor,
    values: {
      merchantId: number;
      code: string;
      inviterId: number | null;
      email: string;
      reason: ReferralReason;
      settings: ReferralSettingsRow;
      at: Date;
    },
  ): Promise<void> {
    await insertReferral(executor, {
      merchantId: values.merchantId,
      code: values.code,
      inviterCustomerId: values.inviterId,
      friendEmail: values.email,
      friendEmailKey: emailKey(values.email),
      status: 'blocked',
      reason: values.reason,
      ...rewardsOf(values.settings),
      claimedAt: values.at,
    });
    log.info(
      { merchantId: values.merchantId, reason: values.reason, inviterId: values.inviterId },
      'referral refused',
    );
  }

  const rewardsOf = (settings: ReferralSettingsRow) => ({
    friendType: settings.referralType,
    friendValue: settings.referralValue,
    friendMaxAmount: settings.referralType === 'percentage' ? settings.referralMaxAmount : null,
    inviterType: settings.participantType,
    inviterValue: settings.participantValue,
    inviterMaxAmount:
      settings.participantType === 'percentage' ? settings.participantMaxAmount : null,
  });

  /**
   * Asks Salla for one side's coupon with its stored code. `retry`: an earlier ask may have made
   * it (a crash, a lost answer), so Salla refusing the code as taken means it exists.
   */
  async function makeCoupon(
    row: ReferralRow,
    side: Side,
    options: { retry: boolean },
  ): Promise<{ sallaCouponId: string | null }> {
    const code = side === 'friend' ? row.friendCouponCode : row.inviterCouponCode;
    const expires = side === 'friend' ? row.friendCouponExpiresAt : row.inviterCouponExpiresAt;
    if (!code || !expires) throw new Error(`referral ${row.id}: ${side} coupon has no code`);
    const accessToken = await deps.sallaTokens.getAccessToken({ merchantId: row.merchantId });
    const request = referralCouponRequest(sideReward(row, side), code, ctx.now(), expires);
    try {
      return {
        sallaCouponId: await createOrConfirmCoupon(
          { salla: deps.salla, log },
          accessToken,
          request,
          {
            referralId: row.id,
            side,
          },
        ),
      };
    } catch (error) {
      if (options.retry && isOurCodeTaken(error)) {
        log.warn({ referralId: row.id, side }, 'referral coupon found made by an earlier ask');
        return { sallaCouponId: null };
      }
      throw error;
    }
  }

  function mailCoupon(
    row: ReferralRow,
    side: Side,
    to: string | null,
    merchant: MerchantRow,
    lang: Language,
  ) {
    const code = side === 'friend' ? row.friendCouponCode : row.inviterCouponCode;
    const expires = side === 'friend' ? row.friendCouponExpiresAt : row.inviterCouponExpiresAt;
    if (!to || !code || !expires) return;
    const template = side === 'friend' ? referralGiftMail : referralRewardMail;
    void ctx.mailer
      .send(
        template({
          to,
          storeName: merchant.storeName,
          storeUrl: merchant.storeUrl,
          reward: sideReward(row, side),
          code,
          expiresOn: riyadhDate(expires),
          lang,
        }),
      )
      .catch((err: unknown) =>
        log.error({ err, referralId: row.id, side }, 'referral mail failed'),
      );
  }

  /** Gives up on a friend's coupon Salla did not make: the claim never happened. */
  async function abandonClaim(row: ReferralRow, error: unknown): Promise<void> {
    await deleteUnissuedReferral(db, row.merchantId, row.id);
    log.warn(
      { err: error, merchantId: row.merchantId, referralId: row.id },
      'referral gift not created at Salla; the claim was undone',
    );
  }

  /**
   * POST /api/customers/referrals/claim: the friend's gift, made at Salla and mailed. Every check
   * that is about the address (the inviter's own, a shopper who ordered, a gift already given)
   * compares its mailbox (`emailKey`), and every refusal for the address or for the caps answers
   * `409 REFERRAL_NOT_ELIGIBLE` after the same work and mails nobody (decision 028).
   */
  async function claim(
    input: ReferralClaimRequest & { ip: string; lang: Language },
  ): Promise<ReferralClaimCoupon> {
    const { merchantId, email } = input;
    const key = emailKey(email);
    await enforceRateLimits(db, [
      { key: `referral-claim:ip:${input.ip}`, ...REFERRAL_CLAIM_LIMITS.perIp },
      { key: `referral-claim:ip-day:${input.ip}`, ...REFERRAL_CLAIM_LIMITS.perIpDaily },
      { key: `referral-claim:email:${merchantId}:${key}`, ...REFERRAL_CLAIM_LIMITS.perEmail },
    ]);
    const { merchant, settings, code, inviter, inviterId } = await resolveCode(
      merchantId,
      input.code,
    );
    const block = redemptionBlock(merchant, ctx.now());
    if (block) throw new AppError(block);
    if (!inviter) {
      // Whether a code names a shopper is no secret (the offer tells it): its own answer.
      await recordBlocked(db, {
        merchantId,
        code,
        inviterId,
        email,
        reason: inviterId === null ? 'unknown_code' : 'inactive_code',
        settings,
        at: ctx.now(),
      });
      throw new AppError('REFERRAL_CODE_INVALID');
    }

    const now = ctx.now();
    let decided: { row: ReferralRow; rewards: ReturnType<typeof rewardsOf> } | 'refused';
    try {
      // One transaction under the store's programme row: the checks and the caps see every claim
      // of the store decided before, and the row (gift or refusal) is written before the next.
      decided = await db.transaction(async (tx) => {
        const locked = await lockReferralSettings(tx, merchantId);
        if (!locked?.isActive) throw new AppError('REFERRAL_INACTIVE');
        const known = await findCustomersByEmailKey(tx, merchantId, key);
        const counts = await findClaimCounts(tx, merchantId, {
          emailKey: key,
          code,
          since: new Date(now.getTime() - DAY_MS),
        });
        const reason = refusalOf({ key, inviter, known, counts, settings: locked });
        if (reason) {
          await recordBlocked(tx, {
            merchantId,
            code,
            inviterId: inviter.id,
            email,
            reason,
            settings: locked,
            at: now,
          });
          return 'refused' as const;
        }
        const rewards = rewardsOf(locked);
        const friendGetsCoupon = hasValue({ type: rewards.friendType, value: rewards.friendValue });
        const row = await insertReferral(tx, {
          merchantId,
          code,
          inviterCustomerId: inviter.id,
          friendEmail: email,
          friendEmailKey: key,
          status: 'pending',
          ...rewards,
          friendCouponCode: friendGetsCoupon ? generateCouponCode('NQF') : null,
          friendCouponStatus: friendGetsCoupon ? 'pending' : 'none',
          friendCouponExpiresAt: friendGetsCoupon
            ? new Date(now.getTime() + REFERRAL_COUPON_VALID_DAYS * DAY_MS)
            : null,
          friendAttemptAt: friendGetsCoupon ? now : null,
          claimedAt: now,
        });
        return { row, rewards };
      });
    } catch (error) {
      // The unique index on the mailbox backs the lock up: the same answer as any refusal.
      if (isUniqueViolation(error, 'referrals')) throw new AppError('REFERRAL_NOT_ELIGIBLE');
      throw error;
    }
    if (decided === 'refused') throw new AppError('REFERRAL_NOT_ELIGIBLE');
    const { row, rewards } = decided;
    const friendGetsCoupon = row.friendCouponStatus === 'pending';
    pendingStores.add(merchantId);
    if (friendGetsCoupon) {
      try {
        const { sallaCouponId } = await makeCoupon(row, 'friend', { retry: false });
        await updateReferral(db, merchantId, row.id, {
          friendCouponStatus: 'issued',
          friendSallaCouponId: sallaCouponId,
        });
      } catch (error) {
        await abandonClaim(row, error);
        if (error instanceof AppError && error.code === 'STORE_NEEDS_REINSTALL') throw error;
        if (error instanceof SallaApiError || error instanceof AppError)
          throw new AppError('REFERRAL_CLAIM_FAILED', { cause: error });
        throw error;
      }
      mailCoupon(row, 'friend', email, merchant, input.lang);
    }
    log.info({ merchantId, referralId: row.id, inviterId: inviter.id }, 'referral claimed');
    return {
      type: rewards.friendType,
      value: rewards.friendValue,
      maxAmount: rewards.friendMaxAmount,
      expiresAt: (row.friendCouponExpiresAt ?? now).toISOString(),
      sentTo: maskEmail(email),
    };
  }

  /** Blocks or reverses a pending referral, once (the row lock decides). */
  async function close(
    row: ReferralRow,
    status: 'blocked' | 'reversed',
    reason: ReferralReason,
    extra: Partial<ReferralRow> = {},
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      const locked = await findReferral(tx, row.merchantId, row.id, { forUpdate: true });
      if (!locked || locked.status !== 'pending' || locked.inviterCouponStatus !== 'none')
        return false;
      await updateReferral(tx, row.merchantId, row.id, {
        ...extra,
        status,
        reason,
        ...(status === 'reversed' ? { reversedAt: ctx.now() } : {}),
      });
      log.info(
        { merchantId: row.merchantId, referralId: row.id, status, reason },
        'referral closed',
      );
      return true;
    });
  }

  /**
   * The inviter's payout: claims the right to ask Salla (a new code, or a retry whose lease ran
   * out) under the inviter's row lock, so the weekly cap holds under concurrency; then Salla;
   * then the referral is completed. Returns what happened.
   */
  async function payInviter(row: ReferralRow, merchant: MerchantRow): Promise<string> {
    const now = ctx.now();
    const claimed = await db.transaction(async (tx) => {
      await lockCustomer(tx, row.merchantId, row.inviterCustomerId!);
      const locked = await findReferral(tx, row.merchantId, row.id, { forUpdate: true });
      if (!locked || locked.status !== 'pending') return null;
      if (locked.inviterCouponStatus === 'pending') {
        const lease = Math.min(
          HOUR_MS,
          REFERRAL_LEASE_MS * 2 ** Math.max(0, locked.inviterAttempts - 1),
        );
        if (locked.inviterAttemptAt && now.getTime() - locked.inviterAttemptAt.getTime() < lease)
          return null;
        await updateReferral(tx, row.merchantId, row.id, {
          inviterAttemptAt: now,
          inviterAttempts: locked.inviterAttempts + 1,
        });
        return { row: locked, retry: true };
      }
      if (locked.inviterCouponStatus !== 'none') return null;
      const since = new Date(now.getTime() - 7 * DAY_MS);
      if (
        (await countInviterPayoutsSince(tx, row.merchantId, row.inviterCustomerId!, since)) >=
        REFERRAL_WEEKLY_CAP
      ) {
        await updateReferral(tx, row.merchantId, row.id, {
          status: 'blocked',
          reason: 'weekly_cap',
        });
        return 'capped' as const;
      }
      if (!hasValue(sideReward(locked, 'inviter'))) {
        await updateReferral(tx, row.merchantId, row.id, { status: 'completed', completedAt: now });
        return 'completed' as const;
      }
      const values = {
        inviterCouponCode: generateCouponCode('NQR'),
        inviterCouponStatus: 'pending' as const,
        inviterCouponExpiresAt: new Date(now.getTime() + REFERRAL_COUPON_VALID_DAYS * DAY_MS),
        inviterAttemptAt: now,
        inviterAttempts: 1,
      };
      await updateReferral(tx, row.merchantId, row.id, values);
      return { row: { ...locked, ...values }, retry: false };
    });
    if (claimed === null) return 'busy';
    if (typeof claimed === 'string') return claimed;
    try {
      const { sallaCouponId } = await makeCoupon(claimed.row, 'inviter', { retry: claimed.retry });
      await updateReferral(db, row.merchantId, row.id, {
        status: 'completed',
        completedAt: ctx.now(),
        inviterCouponStatus: 'issued',
        inviterSallaCouponId: sallaCouponId,
      });
    } catch (error) {
      // Stays pending with its code: the next run asks Salla again after the lease.
      log.warn(
        { err: error, merchantId: row.merchantId, referralId: row.id },
        "inviter's referral coupon not created yet; will retry",
      );
      return 'retry';
    }
    const inviter = await findCustomer(db, row.merchantId, row.inviterCustomerId!);
    mailCoupon(claimed.row, 'inviter', inviter?.email ?? null, merchant, 'ar');
    log.info({ merchantId: row.merchantId, referralId: row.id }, 'referral paid');
    return 'paid';
  }

  /** One pending referral brought forward as far as its facts allow. */
  async function settleOne(row: ReferralRow, merchant: MerchantRow): Promise<string> {
    const now = ctx.now();
    // A friend's coupon whose ask a crash cut off: ask once more with its code, or undo the claim.
    if (row.friendCouponStatus === 'pending') {
      if (row.friendAttemptAt && now.getTime() - row.friendAttemptAt.getTime() < REFERRAL_LEASE_MS)
        return 'claiming';
      try {
        const { sallaCouponId } = await makeCoupon(row, 'friend', { retry: true });
        await updateReferral(db, row.merchantId, row.id, {
          friendCouponStatus: 'issued',
          friendSallaCouponId: sallaCouponId,
        });
        mailCoupon(row, 'friend', row.friendEmail, merchant, 'ar');
        return 'gift made';
      } catch (error) {
        await abandonClaim(row, error);
        return 'claim undone';
      }
    }
    if (row.inviterCouponStatus === 'pending') return payInviter(row, merchant);

    const inviter =
      row.inviterCustomerId === null
        ? undefined
        : await findCustomer(db, row.merchantId, row.inviterCustomerId);
    let order: OrderRow | undefined;
    let friendId = row.friendCustomerId;
    if (row.orderId !== null) order = await findOrderById(db, row.merchantId, row.orderId);
    if (!order) {
      // An erased friend's address is gone (decision 029): their order is found by the gift's code.
      const known =
        row.friendEmail === null
          ? []
          : await findCustomersByEmailKey(
              db,
              row.merchantId,
              row.friendEmailKey ?? emailKey(row.friendEmail),
            );
      order = await findFirstOrder(
        db,
        row.merchantId,
        known.map((c) => c.id),
      );
      if (!order) return 'waiting';
      friendId = order.customerId;
      await updateReferral(db, row.merchantId, row.id, {
        orderId: order.id,
        friendCustomerId: friendId,
      });
    }
    const friend = friendId === null ? undefined : await findCustomer(db, row.merchantId, friendId);
    const digits = (mobile: string | null | undefined) =>
      (mobile ?? '').replace(/\D/g, '').slice(-9);
    if (
      !inviter ||
      friendId === inviter.id ||
      (digits(friend?.mobile).length === 9 && digits(friend?.mobile) === digits(inviter.mobile))
    )
      return (await close(row, 'blocked', 'self_referral')) ? 'blocked' : 'busy';
    // Known to us before the claim: the friend was already a customer (at the claim their e-mail
    // had no orders, so it was another address then). Salla's order time has whole seconds and
    // may be the checkout's start, so our own record of the order decides.
    if (order.createdAt < row.claimedAt)
      return (await close(row, 'blocked', 'existing_customer')) ? 'blocked' : 'busy';
    if (isReversed(order)) {
      const reason = order.fullyRefunded || order.restored ? 'order_refunded' : 'order_cancelled';
      return (await close(row, 'reversed', reason)) ? 'reversed' : 'busy';
    }
    if (!order.releaseAt || order.releaseAt > now) return 'waiting';
    return payInviter(row, merchant);
  }

  /**
   * Brings every pending referral (of one store, or of all) forward: run after order events and
   * by a timer. Safe to run anywhere at once: each step is decided under a row lock.
   */
  async function settle(options: { merchantId?: number; limit?: number } = {}) {
    const outcomes: Record<string, number> = {};
    const rows = await findPendingReferrals(db, options.limit ?? 500, options.merchantId);
    const merchants = new Map<number, MerchantRow | undefined>();
    for (const row of rows) {
      if (!merchants.has(row.merchantId))
        merchants.set(row.merchantId, await findMerchantById(db, row.merchantId));
      const merchant = merchants.get(row.merchantId);
      if (!merchant) continue;
      try {
        const outcome = await settleOne(row, merchant);
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      } catch (error) {
        log.error(
          { err: error, merchantId: row.merchantId, referralId: row.id },
          'referral settle failed',
        );
      }
    }
    if (options.merchantId !== undefined && rows.length === 0)
      pendingStores.delete(options.merchantId);
    return { pending: rows.length, outcomes };
  }

  /**
   * Stores this instance knows to have pending referrals, so an order of a store without any
   * costs nothing after its webhook (the timer catches what another instance claimed).
   */
  const pendingStores = new Set<number>();
  let pendingStoresLoaded = false;
  const runs = createPerStoreRuns(
    (merchantId) => settle({ merchantId }),
    (err, merchantId) => log.error({ err, merchantId }, 'referral settle failed'),
  );

  /** After an order event was committed: settle the store's referrals, one run at a time. */
  function afterOrderEvent(merchantId: number): void {
    if (pendingStoresLoaded && !pendingStores.has(merchantId)) return;
    runs.start(merchantId);
  }

  /** The timer's run: every store, and the list of stores with pending referrals renewed. */
  async function settleAll() {
    const result = await settle();
    const stores = new Set((await findPendingReferrals(db, 10_000)).map((r) => r.merchantId));
    pendingStores.clear();
    for (const id of stores) pendingStores.add(id);
    pendingStoresLoaded = true;
    return result;
  }

  /** Waits for the settle runs started after order events (tests). */
  async function idle(): Promise<void> {
    await runs.idle();
  }

  async function list(merchantId: number, query: ReferralsQuery) {
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    const rows = await listReferrals(db, merchantId, {
      ...(query.status ? { status: query.status } : {}),
      ...(after ? { after } : {}),
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map(toMerchantReferral),
      nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
    };
  }

  async function summary(merchantId: number): Promise<ReferralSummary> {
    const f = await referralFigures(db, merchantId);
    return {
      sent: f.sent,
      pending: f.pending,
      converted: f.converted,
      reversed: f.reversed,
      blocked: f.blocked,
      revenue: halalasToSar(f.revenueHalalas),
      referredOrders: f.referredOrders,
      cost: halalasToSar(f.costHalalas),
      couponsIssued: f.couponsIssued,
      couponsUsed: f.couponsUsed,
    };
  }

  return {
    shopperReferral,
    programmeRewards,
    shopperCoupons,
    offer,
    claim,
    settle,
    settleAll,
    afterOrderEvent,
    idle,
    list,
    summary,
    /** For tests: the hour a lease lasts grows with each failed attempt up to this. */
    maxLeaseMs: HOUR_MS,
  };
}

export type ReferralEngine = ReturnType<typeof createReferralEngine>;
