import type { AppContext } from '../../context.ts';
import type { SallaClient } from '../../lib/salla-client.ts';
import type { SallaTokenService } from '../salla/index.ts';
import { createRedemptionCancelService } from './redemption-cancel.service.ts';
import { createRedemptionIssueService } from './redemption-issue.service.ts';

export {
  RECONCILE_AFTER_MS,
  couponMailKey,
  couponOfferFor,
  redemptionBlock,
  redemptionStatusAt,
  shopperCancellableUntil,
  toShopperCoupon,
  type RedeemInput,
} from './redemption-rules.ts';

/** Redemptions: a reward redeemed for a Salla coupon (one file), and a coupon taken back (another). */
export function createRedemptionService(
  ctx: AppContext,
  deps: {
    salla: SallaClient;
    sallaTokens: SallaTokenService;
    /** Sends the coupon's mail from the outbox at once (the worker retries it if that fails). */
    notifications?: { deliverSoon(row: { merchantId: number; idempotencyKey: string }): void };
  },
) {
  const { redeemReward, reserveRedemption, issueRedemption, reconcileRedemptions } =
    createRedemptionIssueService(ctx, deps);
  const { cancelCoupon, cancelShopperCoupon, withdrawCoupon, reclaimCoupon } =
    createRedemptionCancelService(ctx, deps);

  return {
    redeemReward,
    reserveRedemption,
    issueRedemption,
    reconcileRedemptions,
    cancelCoupon,
    cancelShopperCoupon,
    withdrawCoupon,
    reclaimCoupon,
  };
}

export type RedemptionService = ReturnType<typeof createRedemptionService>;
