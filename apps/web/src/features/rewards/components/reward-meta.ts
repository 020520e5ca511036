import { Banknote, Gift, Percent, Truck, Wallet, type LucideIcon } from 'lucide-react';
import {
  REWARD_TYPE_FEATURE,
  planHasFeature,
  type PlanId,
  type RewardType,
} from '@nuqat/contracts';

export const REWARD_ICONS: Record<RewardType, LucideIcon> = {
  fixed_discount: Banknote,
  percentage_discount: Percent,
  free_shipping: Truck,
  cashback: Wallet,
  free_product: Gift,
};

/** Locked when the store's plan (starter when it has none) lacks the type's feature. */
export function isTypeLocked(type: RewardType, plan: PlanId | null | undefined): boolean {
  const feature = REWARD_TYPE_FEATURE[type];
  if (!feature || plan === undefined) return false;
  return !planHasFeature(plan ?? 'starter', feature);
}
