/**
 * The rewards module's front door: the only file other modules may import (docs/decisions/016).
 */
export { createRedemptionService, redemptionBlock, toShopperCoupon } from './redemption.service.ts';
export type { RedemptionService } from './redemption.service.ts';
export { findCouponsToReclaim, findWithdrawableCoupons } from './redemptions.repository.ts';
export {
  countRewardUsage,
  findRewardRows,
  findRewards,
  insertReward,
} from './rewards.repository.ts';
export type { RewardValues, RewardWithUsage } from './rewards.repository.ts';
export { rewardsRoutes } from './rewards.routes.ts';
export { createRewardsService } from './rewards.service.ts';
export { rewardDescription, rewardName } from './reward-text.ts';
export { clearDeletedRewardsReservation } from './tier-reservations.repository.ts';
