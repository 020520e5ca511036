import type { CustomerLoyaltyData } from '@nuqat/contracts';
import type { findCustomer } from '../engine/index.ts';
import type { MerchantRow } from '../merchants/index.ts';
import { panelLogo } from './programme-earning.ts';

/**
 * A shopper of the store's control group (docs/decisions/049): their name and the store, nothing
 * of the programme — no balance, ways to earn, rewards, referral link or tier.
 */
export function heldOutData(
  merchant: MerchantRow,
  customer: NonNullable<Awaited<ReturnType<typeof findCustomer>>>,
): CustomerLoyaltyData {
  return {
    customer: {
      id: String(customer.id),
      fullName: `${customer.firstName} ${customer.lastName}`.trim(),
      email: customer.email,
      mobile: customer.mobile,
      avatar: customer.avatar,
    },
    store: { name: merchant.storeName, url: merchant.storeUrl, logo: panelLogo(merchant) },
    availablePoints: 0,
    pointsOwed: 0,
    expiringPoints: 0,
    nextExpiryAt: null,
    pendingPoints: 0,
    pendingFollows: null,
    pointsRelease: { spendableOn: [], holdDays: 0 },
    earnRates: { perAmount: null, perOrder: null },
    pointsMethods: [],
    rewards: [],
    coupons: [],
    history: [],
    programme: { redeemable: false, reason: null },
    referral: null,
    tier: null,
    heldOut: true,
  };
}
