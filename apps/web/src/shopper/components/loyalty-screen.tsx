import { useState } from 'react';
import type { CustomerLoyaltyData, ShopperReward } from '@nuqat/contracts';
import type { LoyaltyController, LoyaltyState } from '../lib/controller-state';
import { useI18n, type TextKey } from '../lib/i18n';
import { redeemBlock } from '../lib/redemption';
import { BalanceCard } from './balance-card';
import { CampaignBanner } from './campaign-banner';
import { CouponsSection, NewCoupon } from './coupons-section';
import { EarnPanel } from './earn-panel';
import { HeldOutView } from './held-out-view';
import { HistoryPanel } from './history-panel';
import { Icon } from './icons';
import { InviteCard } from './invite-card';
import { ProfileHeader } from './profile-header';
import { RewardDialog } from './reward-dialog';
import { RewardsPanel } from './rewards-panel';
import { Tabs } from './tabs';
import { TierCard } from './tier-card';
import { ICON_BUTTON_ON_ERROR } from './ui';

type TabId = 'rewards' | 'earn' | 'history';

const REDEEM_OFF: Record<NonNullable<CustomerLoyaltyData['programme']['reason']>, TextKey> = {
  PROGRAMME_PAUSED: 'redeemOff.PROGRAMME_PAUSED',
  SUBSCRIPTION_INACTIVE: 'redeemOff.SUBSCRIPTION_INACTIVE',
  STORE_NEEDS_REINSTALL: 'redeemOff.STORE_NEEDS_REINSTALL',
};

export interface LoyaltyScreenProps {
  data: CustomerLoyaltyData;
  state: LoyaltyState;
  controller: LoyaltyController;
}

/** The loaded page (spec §2): profile, balance, why redeeming is off, tabs, coupons. */
export function LoyaltyScreen(props: LoyaltyScreenProps) {
  // The store's control group sees only that the programme is not theirs yet (decision 049).
  return props.data.heldOut ? <HeldOutView {...props} /> : <ProgrammeScreen {...props} />;
}

function ProgrammeScreen({ data, state, controller }: LoyaltyScreenProps) {
  const { t } = useI18n();
  const [tab, setTab] = useState<TabId>('rewards');
  const [details, setDetails] = useState<{
    reward: ShopperReward;
    opener: HTMLElement;
    mode: 'details' | 'confirm';
  } | null>(null);
  const busy = state.redeemingId !== null;
  const cart = {
    canApply: state.store.cart,
    cart: state.cart,
    onApply: controller.applyCoupon,
  };
  const blockOf = (reward: ShopperReward) => redeemBlock(reward, data, busy);
  // The reward shown in the dialog, as it is now (stock and price may change on a refresh).
  const detailsReward = details
    ? (data.rewards.find((reward) => reward.id === details.reward.id) ?? details.reward)
    : null;

  const redeemFromDialog = async (reward: ShopperReward) => {
    await controller.redeem(reward);
    // Spec §4: the dialog closes after an attempt, whatever the outcome.
    setDetails(null);
  };

  const announcement = state.newCoupon
    ? [
        t('redeem.successTitle', { name: `\u2068${state.newCoupon.name}\u2069` }),
        state.newCoupon.code ? `${t('redeem.codeLabel')}: ${state.newCoupon.code}` : '',
        // A shopper Salla knows by mobile only gets no coupon e-mail: say nothing of one.
        data.customer.email ? t('redeem.emailNote') : '',
      ]
        .filter(Boolean)
        .join('. ')
    : '';

  return (
    <div className="space-y-5">
      <ProfileHeader
        customer={data.customer}
        refreshing={state.refreshing}
        onRefresh={controller.refresh}
        onLogout={controller.logout}
      />
      {data.campaigns?.length ? <CampaignBanner campaigns={data.campaigns} /> : null}
      <BalanceCard
        availablePoints={data.availablePoints}
        expiringPoints={data.expiringPoints}
        nextExpiryAt={data.nextExpiryAt}
        pendingPoints={data.pendingPoints}
        pendingFollows={data.pendingFollows ?? null}
        pointsRelease={data.pointsRelease}
        pointsOwed={data.pointsOwed ?? 0}
      />
      {data.tier ? <TierCard tier={data.tier} rewards={data.rewards} /> : null}

      {data.programme.redeemable ? null : (
        <section
          aria-labelledby="redeem-off-title"
          className="flex gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100"
        >
          <Icon name="pause" className="mt-0.5 size-5 shrink-0" />
          <div className="space-y-1">
            <h2 id="redeem-off-title" className="font-bold">
              {t('redeemOff.title')}
            </h2>
            <p className="text-sm">
              {t(data.programme.reason ? REDEEM_OFF[data.programme.reason] : 'redeemOff.unknown')}
            </p>
          </div>
        </section>
      )}

      {state.problem ? (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-2xl bg-red-50 p-3 text-red-900 dark:bg-red-950 dark:text-red-100"
        >
          <Icon name="alert" className="mt-2.5 size-5 shrink-0" />
          <p className="flex-1 py-2 text-sm font-medium">{state.problem}</p>
          <button
            type="button"
            className={ICON_BUTTON_ON_ERROR}
            aria-label={t('notice.dismiss')}
            onClick={controller.dismissProblem}
          >
            <Icon name="x" />
          </button>
        </div>
      ) : null}

      <p role="status" className="sr-only">
        {announcement}
      </p>
      {state.newCoupon ? (
        <NewCoupon
          coupon={state.newCoupon}
          mailed={Boolean(data.customer.email)}
          onDismiss={controller.dismissCoupon}
          {...cart}
        />
      ) : null}

      <Tabs<TabId>
        label={t('tabs.label')}
        selected={tab}
        onSelect={setTab}
        tabs={[
          {
            id: 'rewards',
            label: t('tabs.rewards'),
            icon: 'gift',
            panel: (
              <div className="space-y-5">
                <RewardsPanel
                  rewards={data.rewards}
                  availablePoints={data.availablePoints}
                  blockOf={blockOf}
                  redeemingId={state.redeemingId}
                  onDetails={(reward, opener) => setDetails({ reward, opener, mode: 'details' })}
                  // Points are spent after one question: what goes and what comes back.
                  onRedeem={(reward, opener) => setDetails({ reward, opener, mode: 'confirm' })}
                />
                {data.referral ? (
                  <InviteCard referral={data.referral} storeName={data.store.name} />
                ) : null}
              </div>
            ),
          },
          {
            id: 'earn',
            label: t('tabs.earn'),
            icon: 'sparkles',
            panel: (
              <EarnPanel
                methods={data.pointsMethods}
                rates={data.earnRates}
                onClaim={controller.claim}
              />
            ),
          },
          {
            id: 'history',
            label: t('tabs.history'),
            icon: 'history',
            panel: <HistoryPanel history={data.history} />,
          },
        ]}
      />

      <CouponsSection coupons={data.coupons} onCancel={controller.cancelCoupon} {...cart} />

      {details && detailsReward ? (
        <RewardDialog
          reward={detailsReward}
          mode={details.mode}
          availablePoints={data.availablePoints}
          block={blockOf(detailsReward)}
          running={state.redeemingId === detailsReward.id}
          opener={details.opener}
          onClose={() => setDetails(null)}
          onAskConfirm={() => setDetails({ ...details, mode: 'confirm' })}
          onRedeem={() => void redeemFromDialog(detailsReward)}
        />
      ) : null}
    </div>
  );
}
