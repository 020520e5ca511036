/**
 * The referrals module's front door: the only file other modules may import (docs/decisions/016).
 */
export { createReferralEngine } from './referral-engine.service.ts';
export type { ReferralEngine } from './referral-engine.service.ts';
export { findReferralCoupons, referralCouponFromRow } from './referral-coupons.repository.ts';
export type { ReferralCouponRow } from './referral-coupons.repository.ts';
export { findFriendEmailsOf, forgetFriendEmails } from './referrals-privacy.repository.ts';
export { referralClaimRoutes, referralsRoutes } from './referrals.routes.ts';
export { createReferralsService } from './referrals.service.ts';
