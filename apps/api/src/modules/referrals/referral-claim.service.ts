import {
  REFERRAL_COUPON_VALID_DAYS,
  emailKey,
  planHasFeature,
  type Language,
  type ReferralClaimCoupon,
  type ReferralClaimRequest,
  type ReferralOffer,
  type ReferralReason,
} from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { enforceRateLimits } from '../../lib/rate-limit.ts';
import { SallaApiError } from '../../lib/salla-client.ts';
import { findCustomer } from '../engine/index.ts';
import { findMerchantById } from '../merchants/index.ts';
import { redemptionBlock } from '../rewards/index.ts';
import { generateCouponCode } from '../salla/index.ts';
import {
  findClaimCounts,
  findCustomersByEmailKey,
  findReferralCodeOwner,
  findReferralSettings,
  insertReferral,
  lockReferralSettings,
  updateReferral,
  type ReferralRow,
  type ReferralSettingsRow,
} from './referrals.repository.ts';
import {
  DAY_MS,
  REFERRAL_CLAIM_LIMITS,
  REFERRAL_OFFER_LIMITS,
  maskEmail,
  hasValue,
  refusalOf,
} from './referral-rules.ts';
import { type ReferralCoupons } from './referral-coupons.ts';

/** A friend's side: the offer behind a code, and the claim of its gift. */
export function createReferralClaimService(
  ctx: AppContext,
  deps: { coupons: ReferralCoupons; pendingStores: Set<number> },
) {
  const { db, log } = ctx;
  const { makeCoupon, mailCoupon, abandonClaim } = deps.coupons;
  const { pendingStores } = deps;

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

  return { offer, claim };
}
