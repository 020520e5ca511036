import { SettingSwitchCard } from './setting-switch-card';

/**
 * What happens when an order is cancelled after its points were spent (decision 027): by default
 * the customer's unused coupons are withdrawn and the rest is owed; the merchant may forgive
 * instead.
 */
export function SpentClawbackCard() {
  return (
    <SettingSwitchCard
      id="clawback-forgive"
      setting="forgiveSpentClawbacks"
      texts="clawback"
      fallback={false}
    />
  );
}
