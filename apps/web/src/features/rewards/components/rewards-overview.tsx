import { useTranslation } from 'react-i18next';
import { Gift, Plus, Settings2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/spinner';
import { formatNumber } from '../../../lib/format';
import { errorMessage } from '../../../lib/messages';
import { useRewards } from '../api/get-rewards';
import type { RewardsDialogView } from './rewards-dialog';
import { RewardStatusBadge } from './reward-status-badge';
import { REWARD_ICONS } from './reward-meta';
import { RewardValue } from './reward-value';

export interface RewardsOverviewProps {
  onOpen: (view: RewardsDialogView) => void;
  /** The screen already shows one error for a failure several sections share. */
  quietOnError?: boolean;
  /** false while the store earns nothing: its shoppers cannot redeem, so no reward is "active". */
  earning?: boolean;
}

/** The rewards list of the points screen; changes happen in the rewards modal. */
export function RewardsOverview({
  onOpen,
  quietOnError = false,
  earning = true,
}: RewardsOverviewProps) {
  const { t, i18n } = useTranslation('rewards');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const rewards = useRewards();

  return (
    <section aria-labelledby="rewards-heading" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1">
          <h2 id="rewards-heading" className="text-lg font-bold text-slate-900 dark:text-white">
            {t('list.heading')}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('list.description')}</p>
        </div>
        <Button variant="secondary" onClick={() => onOpen({ mode: 'list' })}>
          <Settings2 aria-hidden="true" className="size-4" />
          {t('list.manage')}
        </Button>
      </div>
      {rewards.isPending ? (
        <LoadingState />
      ) : rewards.isError ? (
        quietOnError ? null : (
          <ErrorState
            message={errorMessage(rewards.error, {
              unknownHttp: () => ({ key: 'rewards:list.loadError' }),
            })}
            onRetry={() => void rewards.refetch()}
            retrying={rewards.isFetching}
          />
        )
      ) : rewards.data.length === 0 ? (
        <EmptyState
          icon={<Gift aria-hidden="true" className="size-6" />}
          title={t('list.empty')}
          description={t('list.emptyHint')}
          action={
            <Button onClick={() => onOpen({ mode: 'form', reward: null })}>
              <Plus aria-hidden="true" className="size-4" />
              {t('dialog.new')}
            </Button>
          }
        />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="rewards-overview">
          {rewards.data.map((reward) => {
            const Icon = REWARD_ICONS[reward.type];
            return (
              <li key={reward.id}>
                <Card className="flex h-full items-start gap-3 p-4">
                  <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-300">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <div className="min-w-0 flex-1 space-y-1">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <p
                        dir="auto"
                        className="font-semibold break-words text-slate-900 dark:text-white"
                      >
                        {reward.name}
                      </p>
                      <RewardStatusBadge active={reward.isActive} earning={earning} />
                    </div>
                    <p className="text-sm text-slate-600 dark:text-slate-400">
                      <RewardValue
                        type={reward.type}
                        value={reward.value}
                        freeProducts={reward.freeProducts}
                      />
                    </p>
                    <p className="text-sm font-semibold text-brand-700 dark:text-brand-300">
                      <bdi>{formatNumber(reward.pointsRequired, language)}</bdi> {t('pointsUnit')}
                    </p>
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
