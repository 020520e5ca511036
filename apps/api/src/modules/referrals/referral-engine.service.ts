import type { AppContext } from '../../context.ts';
import type { SallaClient } from '../../lib/salla-client.ts';
import type { SallaTokenService } from '../salla/index.ts';
import { createReferralClaimService } from './referral-claim.service.ts';
import { createReferralCoupons } from './referral-coupons.ts';
import { createReferralReportService } from './referral-report.service.ts';
import { HOUR_MS } from './referral-rules.ts';
import { createReferralSettlement } from './referral-settlement.service.ts';
import { createReferralShopperService } from './referral-shopper.service.ts';

export {
  REFERRAL_CLAIM_LIMITS,
  REFERRAL_LEASE_MS,
  REFERRAL_OFFER_LIMITS,
  generateReferralCode,
  maskEmail,
  referralCouponOffer,
} from './referral-rules.ts';
export { referralShopperCoupon, toMerchantReferral } from './referral-views.ts';

/**
 * The referral engine (docs/decisions/021). A shopper's code names them; a friend claims a gift
 * with it and an e-mail (the friend's coupon is made at Salla at once and mailed, never shown);
 * the friend's first order is found by that e-mail or by the coupon's use; when that order's
 * points become spendable the inviter's coupon is made, or the referral is reversed if the order
 * was cancelled or refunded first. Every coupon's code is stored before Salla is asked, so
 * redelivery, retries and two workers can only ever make that one coupon.
 *
 * One job per file: the shopper's side, the friend's claim, the settlement, the merchant's report,
 * and the coupons they make at Salla.
 */
export function createReferralEngine(
  ctx: AppContext,
  deps: { salla: SallaClient; sallaTokens: SallaTokenService },
) {
  const coupons = createReferralCoupons(ctx, deps);
  const { shopperReferral, programmeRewards, shopperCoupons } = createReferralShopperService(ctx);
  const { settle, settleAll, afterOrderEvent, idle, pendingStores } = createReferralSettlement(
    ctx,
    { coupons },
  );
  const { offer, claim } = createReferralClaimService(ctx, { coupons, pendingStores });
  const { list, summary } = createReferralReportService(ctx);

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
