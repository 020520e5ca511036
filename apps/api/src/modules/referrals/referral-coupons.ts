import { type Language } from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import { referralGiftMail, referralRewardMail } from '../../lib/mail-templates.ts';
import { type SallaClient } from '../../lib/salla-client.ts';
import { type MerchantRow } from '../merchants/index.ts';
import {
  couponRequest,
  createOrConfirmCoupon,
  isOurCodeTaken,
  riyadhDate,
  type SallaTokenService,
} from '../salla/index.ts';
import { deleteUnissuedReferral, type ReferralRow } from './referrals.repository.ts';
import { referralCouponOffer, type Side, sideReward } from './referral-rules.ts';

/** One side's coupon at Salla with its stored code, its mail, and giving up on a friend's. */
export function createReferralCoupons(
  ctx: AppContext,
  deps: { salla: SallaClient; sallaTokens: SallaTokenService },
) {
  const { db, log } = ctx;

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
    const request = couponRequest(
      referralCouponOffer(sideReward(row, side)),
      code,
      ctx.now(),
      expires,
    );
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

  return { makeCoupon, mailCoupon, abandonClaim };
}

export type ReferralCoupons = ReturnType<typeof createReferralCoupons>;
