// The answers' shapes, checked by hand: zod stays out of the shopper page's bundle.
import { isRecord } from './http';

const isArray = Array.isArray;

export function isLoyaltyData(data: Record<string, unknown>): boolean {
  return (
    isRecord(data.customer) &&
    typeof data.customer.id === 'string' &&
    typeof data.availablePoints === 'number' &&
    typeof data.expiringPoints === 'number' &&
    typeof data.pendingPoints === 'number' &&
    isRecord(data.pointsRelease) &&
    isArray(data.pointsRelease.spendableOn) &&
    isRecord(data.earnRates) &&
    isArray(data.pointsMethods) &&
    isArray(data.rewards) &&
    isArray(data.coupons) &&
    isArray(data.history) &&
    isRecord(data.programme) &&
    typeof data.programme.redeemable === 'boolean'
  );
}

export function isCoupon(data: Record<string, unknown>): boolean {
  return (
    typeof data.id === 'string' &&
    (data.source === 'reward' || data.source === 'referral') &&
    typeof data.name === 'string' &&
    typeof data.pointsRequired === 'number' &&
    typeof data.status === 'string' &&
    (data.code === null || typeof data.code === 'string') &&
    typeof data.createdAt === 'string'
  );
}

const REWARD_TYPES: readonly string[] = ['fixed', 'percentage', 'shipping'];

export function isReferralReward(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof value.type === 'string' &&
    REWARD_TYPES.includes(value.type) &&
    typeof value.value === 'number' &&
    (value.maxAmount === undefined ||
      value.maxAmount === null ||
      typeof value.maxAmount === 'number')
  );
}

export function isSession(data: Record<string, unknown>): boolean {
  return (
    typeof data.token === 'string' &&
    typeof data.customerId === 'string' &&
    typeof data.expiresAt === 'string'
  );
}

export function isProgramme(data: Record<string, unknown>): boolean {
  return (
    isRecord(data.store) &&
    typeof data.store.name === 'string' &&
    isRecord(data.programme) &&
    typeof data.programme.redeemable === 'boolean' &&
    isArray(data.pointsMethods) &&
    isArray(data.rewards) &&
    (data.tiers === null || (isRecord(data.tiers) && isArray(data.tiers.levels))) &&
    (data.referral === null ||
      (isRecord(data.referral) &&
        isReferralReward(data.referral.participantReward) &&
        isReferralReward(data.referral.referralReward)))
  );
}
