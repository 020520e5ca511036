import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RULE_EVENTS, type LoyaltyRule } from '@nuqat/contracts';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { ListSkeleton } from '../../../components/ui/skeleton';
import { ToastProvider } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { useLoyaltyRules } from '../../../features/loyalty/api/get-loyalty-rules';
import { useProgrammeStatus } from '../../../features/loyalty/api/get-programme-status';
import { CollectionMethods } from '../../../features/loyalty/components/collection-methods';
import { MethodDialog } from '../../../features/loyalty/components/method-dialog';
import { PointsPerRiyalCard } from '../../../features/loyalty/components/points-per-riyal-card';
import { ProgrammeStatusCard } from '../../../features/loyalty/components/programme-status-card';
import { SubscriptionBanner } from '../../../features/loyalty/components/subscription-banner';
import { useRewards } from '../../../features/rewards/api/get-rewards';
import type { RewardsDialogView } from '../../../features/rewards/components/rewards-dialog';
import { RewardsOverview } from '../../../features/rewards/components/rewards-overview';
import { useStoreInfo, type StoreInfoView } from '../../../features/store/api/get-store-info';
import { storeStateOf } from '../../../features/store/components/store-state-banner';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorMessage } from '../../../lib/messages';

/** Spec §3: the screen treats the subscription as active when it says so and has not expired. */
function bannerExpiry(info: StoreInfoView | undefined): string | null {
  if (info?.subscriptionStatus !== 'active' || !info.subscriptionExpiryDate) return null;
  return new Date(info.subscriptionExpiryDate).getTime() > Date.now()
    ? info.subscriptionExpiryDate
    : null;
}

/** The engine's view: active or trial, and not past its end date. */
function subscriptionLive(info: StoreInfoView | undefined): boolean | null {
  if (!info) return null;
  const live = info.subscriptionStatus === 'active' || info.subscriptionStatus === 'trial';
  return (
    live &&
    (!info.subscriptionExpiryDate || new Date(info.subscriptionExpiryDate).getTime() > Date.now())
  );
}

export function SetPointsRoute() {
  const { t } = useTranslation(['merchant', 'loyalty']);
  useDocumentTitle('merchant:screens.setpoints.title');
  const storeInfo = useStoreInfo();
  const rules = useLoyaltyRules();
  const rewards = useRewards();
  const programme = useProgrammeStatus();
  // One failure shared by several sections (the server or the network down) is one error box
  // with one retry, not one per section (issue 15).
  const failed = [programme, rules, rewards].filter((query) => query.isError);
  const shared = failed.length > 1;
  const [editing, setEditing] = useState<LoyaltyRule | null>(null);
  const navigate = useNavigate();
  // Rewards are changed on their own screen (issue 15): the overview opens it where it should.
  const openRewards = (view: RewardsDialogView) =>
    void navigate(`${paths.rewards}?reward=${view.mode === 'list' ? 'list' : 'new'}`);
  const expiry = bannerExpiry(storeInfo.data);
  // What the store banner says, on the badges too: nothing is earned or redeemed right now.
  const earning =
    storeStateOf(
      storeInfo.data,
      programme.data?.enabled ?? storeInfo.data?.programmeEnabled ?? true,
    ) === null;

  return (
    <ToastProvider>
      <div className="space-y-8">
        <PageHeader
          title={t('merchant:screens.setpoints.title')}
          description={t('merchant:screens.setpoints.description')}
        />

        {expiry ? (
          <SubscriptionBanner plan={storeInfo.data?.subscriptionPlan ?? null} expiryDate={expiry} />
        ) : null}

        {shared ? (
          <ErrorState
            message={errorMessage(failed[0]!.error, {
              unknownHttp: () => ({ key: 'loyalty:methods.loadError' }),
            })}
            onRetry={() => failed.forEach((query) => void query.refetch())}
            retrying={failed.some((query) => query.isFetching)}
          />
        ) : null}

        <ProgrammeStatusCard
          quietOnError={shared}
          activeMethods={rules.data?.filter((rule) => rule.enabled).length ?? 0}
          totalMethods={RULE_EVENTS.length}
          activeRewards={
            rewards.data ? rewards.data.filter((reward) => reward.isActive).length : null
          }
          subscriptionLive={subscriptionLive(storeInfo.data)}
        />

        <section aria-labelledby="methods-heading" className="space-y-4">
          <div className="space-y-1">
            <h2 id="methods-heading" className="text-lg font-bold text-slate-900 dark:text-white">
              {t('loyalty:methods.heading')}
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {t('loyalty:methods.description')}
            </p>
          </div>
          {rules.isPending ? (
            <ListSkeleton rows={3} />
          ) : rules.isError ? (
            shared ? null : (
              <ErrorState
                message={errorMessage(rules.error, {
                  unknownHttp: () => ({ key: 'loyalty:methods.loadError' }),
                })}
                onRetry={() => void rules.refetch()}
                retrying={rules.isFetching}
              />
            )
          ) : (
            <>
              {/* The purchase rule first (the main one), then points per riyal, then the rest. */}
              <CollectionMethods
                rules={rules.data.filter((rule) => rule.event !== 'purchase_amount')}
                onEdit={setEditing}
                earning={earning}
              />
              <PointsPerRiyalCard
                rule={rules.data.find((rule) => rule.event === 'purchase_amount')}
                orderRule={rules.data.find((rule) => rule.event === 'order.created')}
                earning={earning}
              />
            </>
          )}
        </section>

        <RewardsOverview onOpen={openRewards} quietOnError={shared} earning={earning} />

        <MethodDialog rule={editing} onClose={() => setEditing(null)} />
      </div>
    </ToastProvider>
  );
}
