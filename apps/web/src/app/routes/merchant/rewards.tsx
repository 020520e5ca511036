import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Plus, Settings2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { ToastProvider } from '../../../components/ui/toast';
import { useRewards } from '../../../features/rewards/api/get-rewards';
import {
  RedemptionsTable,
  useRedemptionsView,
} from '../../../features/rewards/components/redemptions-table';
import {
  RewardsDialog,
  type RewardsDialogView,
} from '../../../features/rewards/components/rewards-dialog';
import {
  RewardsReport,
  useRewardsReportView,
} from '../../../features/rewards/components/rewards-report';
import { useStoreInfo } from '../../../features/store/api/get-store-info';
import { storeStateOf } from '../../../features/store/components/store-state-banner';
import { useStoreTiers } from '../../../features/tiers/api/get-tiers';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorMessage } from '../../../lib/messages';

/**
 * Rewards have one home (issue 15): their results, their redemptions, and where they are created,
 * edited, switched and deleted. Other screens link here with `?reward=new|list`.
 */
export function RewardsRoute() {
  const { t } = useTranslation(['merchant', 'rewards']);
  useDocumentTitle('merchant:screens.rewards.title');
  const rewards = useRewards();
  const storeInfo = useStoreInfo().data;
  const plan = storeInfo?.subscriptionPlan;
  // What the store banner says, on the reward badges too.
  const earning = storeStateOf(storeInfo, storeInfo?.programmeEnabled ?? true) === null;
  // The store's VIP tiers: a reward's "available to", and its badge (none on the Starter plan).
  const tiers = useStoreTiers();
  const tierOf = (rewardId: string) => {
    const minTierId = rewards.data?.find((r) => r.id === rewardId)?.minTierId;
    return tiers.find((tier) => tier.id === minTierId) ?? null;
  };
  const report = useRewardsReportView();
  const redemptions = useRedemptionsView();
  // The server or the network down fails the report and the redemptions together: one error box
  // whose retry reloads everything that failed (the rewards list too), not one per section
  // (issue 15). A section that fails alone still says so in its place.
  const failed = [report.report, redemptions.redemptions, rewards].filter((query) => query.isError);
  const shared = report.report.isError && redemptions.redemptions.isError;
  const [params, setParams] = useSearchParams();
  // Opened from another screen with ?reward=new (a new reward) or ?reward=list (the list).
  const [view, setView] = useState<RewardsDialogView | null>(() => {
    const asked = params.get('reward');
    if (asked === 'new') return { mode: 'form', reward: null };
    if (asked === 'list') return { mode: 'list' };
    return null;
  });
  // The address forgets it, so a reload shows the screen itself.
  useEffect(() => {
    if (params.has('reward')) setParams({}, { replace: true });
  }, [params, setParams]);

  function showRedemptions(id: string) {
    redemptions.setRewardId(id);
    const heading = document.getElementById('redemptions-heading');
    heading?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    heading?.focus({ preventScroll: true });
  }

  function edit(id: string) {
    const reward = rewards.data?.find((r) => r.id === id);
    if (reward) setView({ mode: 'form', reward });
  }

  return (
    <ToastProvider>
      <div className="space-y-8">
        <PageHeader
          title={t('merchant:screens.rewards.title')}
          description={t('merchant:screens.rewards.description')}
          actions={
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => setView({ mode: 'list' })}>
                <Settings2 aria-hidden="true" className="size-4" />
                {t('rewards:list.manage')}
              </Button>
              <Button onClick={() => setView({ mode: 'form', reward: null })}>
                <Plus aria-hidden="true" className="size-4" />
                {t('rewards:dialog.new')}
              </Button>
            </div>
          }
        />
        {shared ? (
          <ErrorState
            message={errorMessage(failed[0]!.error, {
              unknownHttp: () => ({ key: 'rewards:list.loadError' }),
            })}
            onRetry={() => failed.forEach((query) => void query.refetch())}
            retrying={failed.some((query) => query.isFetching)}
          />
        ) : null}
        <RewardsReport
          view={report}
          quietOnError={shared}
          earning={earning}
          tierOf={tierOf}
          onShowRedemptions={showRedemptions}
          onEdit={edit}
          onCreate={() => setView({ mode: 'form', reward: null })}
        />
        <RedemptionsTable
          view={redemptions}
          quietOnError={shared}
          rewardOptions={rewards.data ?? []}
        />
        <RewardsDialog view={view} onViewChange={setView} plan={plan} tiers={tiers} />
      </div>
    </ToastProvider>
  );
}
