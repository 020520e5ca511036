import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Pencil } from 'lucide-react';
import { type RewardStats } from '@nuqat/contracts';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatCompactNumber, formatDate, formatNumber } from '../../../lib/format';
import type { TierLabel } from '../../../components/ui/tier-badge';
import { REWARD_ICONS } from './reward-meta';
import { RewardStatusBadge } from './reward-status-badge';
import { RewardValue } from './reward-value';
import { TierReservation } from './tier-reservation';

/** One figure at the top of the rewards report. */
interface SummaryTileProps {
  icon: ReactNode;
  label: string;
  value: number;
  testId: string;
}

export function SummaryTile({ icon, label, value, testId }: SummaryTileProps) {
  const { i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'ar';
  return (
    <Card className="flex items-center gap-4 p-4 sm:p-5" data-testid={testId}>
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-300">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-xs font-medium text-slate-500 dark:text-slate-400">{label}</p>
        <p
          className="text-2xl font-bold text-slate-900 dark:text-white"
          title={formatNumber(value, language)}
        >
          <bdi>{formatCompactNumber(value, language)}</bdi>
        </p>
      </div>
    </Card>
  );
}

interface RewardStatsCardProps {
  reward: RewardStats;
  onShowRedemptions: (rewardId: string) => void;
  onEdit?: ((rewardId: string) => void) | undefined;
  earning: boolean;
  tier: TierLabel | null;
}

export function RewardStatsCard({
  reward,
  onShowRedemptions,
  onEdit,
  earning,
  tier,
}: RewardStatsCardProps) {
  const { t, i18n } = useTranslation('rewards');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const Icon = REWARD_ICONS[reward.type];
  const stat = (label: string, value: ReactNode) => (
    <div className="rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="font-semibold text-slate-900 dark:text-white">{value}</dd>
    </div>
  );
  return (
    <Card className="flex h-full flex-col gap-4 p-5" data-testid="reward-stats">
      <div className="flex items-start gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-300">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 dir="auto" className="font-semibold break-words text-slate-900 dark:text-white">
              {reward.name}
            </h3>
            <RewardStatusBadge active={reward.isActive} earning={earning} />
          </div>
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
            {t(`types.${reward.type}`)}
            {tier ? <TierReservation tier={tier} /> : null}
          </p>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        {stat(
          t('report.cost'),
          <>
            <bdi>{formatNumber(reward.pointsRequired, language)}</bdi> {t('pointsUnit')}
          </>,
        )}
        {stat(t('report.value'), <RewardValue type={reward.type} value={reward.value} />)}
        {stat(t('report.redeemed'), <bdi>{formatNumber(reward.redeemedCount, language)}</bdi>)}
        {stat(t('report.pointsSpent'), <bdi>{formatNumber(reward.pointsSpent, language)}</bdi>)}
        {stat(t('report.unused'), <bdi>{formatNumber(reward.unusedCoupons, language)}</bdi>)}
        {stat(
          t('report.limit'),
          reward.maxUsage === null ? (
            t('report.unlimited')
          ) : (
            <bdi>{formatNumber(reward.maxUsage, language)}</bdi>
          ),
        )}
      </dl>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
        <span>
          {t('report.lastRedeemed')}:{' '}
          {reward.lastRedeemedAt ? (
            <bdi>{formatDate(reward.lastRedeemedAt, language)}</bdi>
          ) : (
            t('report.never')
          )}
        </span>
        <span className="flex flex-wrap items-center gap-3">
          {reward.redeemedCount > 0 ? (
            <Button variant="link" className="text-xs" onClick={() => onShowRedemptions(reward.id)}>
              {t('report.showRedemptions')}
            </Button>
          ) : null}
          {onEdit ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => onEdit(reward.id)}
              aria-label={t('dialog.editLabel', { name: reward.name })}
            >
              <Pencil aria-hidden="true" className="size-4" />
              {t('report.edit')}
            </Button>
          ) : null}
        </span>
      </div>
    </Card>
  );
}
