import type { CustomerLoyaltyData } from '@nuqat/contracts';
import type { LoyaltyController, LoyaltyState } from '../lib/controller-state';
import { useI18n } from '../lib/i18n';
import { ProfileHeader } from './profile-header';

/**
 * A shopper of the store's control group (docs/decisions/049): their name, and a neutral line —
 * nothing of the programme (no balance, rewards, ways to earn or referral link).
 */
export function HeldOutView({
  data,
  state,
  controller,
}: {
  data: CustomerLoyaltyData;
  state: LoyaltyState;
  controller: LoyaltyController;
}) {
  const { t } = useI18n();
  return (
    <div className="space-y-5" data-testid="held-out">
      <ProfileHeader
        customer={data.customer}
        refreshing={state.refreshing}
        onRefresh={controller.refresh}
        onLogout={controller.logout}
      />
      <section
        aria-labelledby="held-out-title"
        className="rounded-2xl border border-slate-200 bg-white p-5 text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        <h2 id="held-out-title" className="font-bold">
          {t('heldOut.title')}
        </h2>
        <p className="mt-1 text-sm">{t('heldOut.body')}</p>
      </section>
    </div>
  );
}
