import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ArrowRight, Pencil, Plus, Trash2 } from 'lucide-react';
import type { PlanId, Reward } from '@nuqat/contracts';
import { ActionError } from '../../../components/ui/action-error';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Modal } from '../../../components/ui/modal';
import { LoadingState } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { useToast } from '../../../components/ui/toast';
import { formatNumber, isolate } from '../../../lib/format';
import { errorMessage, failureDetail, type Message } from '../../../lib/messages';
import type { TierLabel, TierOption } from '../../../components/ui/tier-badge';
import { useDeleteReward } from '../api/delete-reward';
import { useRewards } from '../api/get-rewards';
import { useToggleReward } from '../api/toggle-reward';
import { RewardForm } from './reward-form';
import { REWARD_ICONS } from './reward-meta';
import { RewardValue } from './reward-value';
import { TierReservation } from './tier-reservation';

export type RewardsDialogView = { mode: 'list' } | { mode: 'form'; reward: Reward | null };

interface Failure {
  message: Message;
  detail: Message | null;
}

interface RewardRowProps {
  reward: Reward;
  tier: TierLabel | null;
  onEdit: () => void;
  onDelete: () => void;
  onToggleFailed: (failure: Failure | null) => void;
}

function RewardRow({ reward, tier, onEdit, onDelete, onToggleFailed }: RewardRowProps) {
  const { t, i18n } = useTranslation('rewards');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const toast = useToast();
  const toggle = useToggleReward();
  const Icon = REWARD_ICONS[reward.type];

  async function flip() {
    onToggleFailed(null);
    try {
      const saved = await toggle.mutateAsync(reward.id);
      toast({
        key: saved.isActive ? 'rewards:messages.activated' : 'rewards:messages.deactivated',
        values: { name: isolate(saved.name) },
      });
    } catch (error) {
      onToggleFailed({
        message: { key: 'rewards:messages.toggleFailed' },
        detail: failureDetail(error),
      });
    }
  }

  return (
    <li
      className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 sm:flex-row sm:items-center dark:border-slate-800"
      data-testid="reward-row"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-300">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2">
            <span dir="auto" className="font-semibold break-words text-slate-900 dark:text-white">
              {reward.name}
            </span>
            <Badge tone={reward.isActive ? 'green' : 'grey'}>
              {reward.isActive ? t('status.active') : t('status.inactive')}
            </Badge>
            {tier ? <TierReservation tier={tier} /> : null}
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t(`types.${reward.type}`)} ·{' '}
            <RewardValue
              type={reward.type}
              value={reward.value}
              freeProducts={reward.freeProducts}
            />{' '}
            · <bdi className="font-semibold">{formatNumber(reward.pointsRequired, language)}</bdi>{' '}
            {t('pointsUnit')}
          </p>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {reward.maxUsage === null ? (
              <Trans
                t={t}
                i18nKey="list.usageUnlimited"
                count={reward.usageCount}
                values={{ used: formatNumber(reward.usageCount, language) }}
                components={{ n: <bdi /> }}
              />
            ) : (
              <Trans
                t={t}
                i18nKey="list.usage"
                values={{
                  used: formatNumber(reward.usageCount, language),
                  max: formatNumber(reward.maxUsage, language),
                }}
                components={{ n: <bdi /> }}
              />
            )}
          </p>
        </div>
      </div>
      <div className="flex items-center gap-1 self-end sm:self-center">
        <Switch
          checked={reward.isActive}
          onCheckedChange={() => void flip()}
          disabled={toggle.isPending}
          aria-label={t('dialog.toggleLabel', { name: reward.name })}
          className="me-2"
        />
        <Button
          variant="ghost"
          size="icon"
          onClick={onEdit}
          aria-label={t('dialog.editLabel', { name: reward.name })}
          title={t('dialog.edit')}
        >
          <Pencil aria-hidden="true" className="size-4" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          onClick={onDelete}
          aria-label={t('dialog.deleteLabel', { name: reward.name })}
          title={t('dialog.delete')}
          className="text-red-700 dark:text-red-300"
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </li>
  );
}

export interface RewardsDialogProps {
  view: RewardsDialogView | null;
  onViewChange: (view: RewardsDialogView | null) => void;
  plan: PlanId | null | undefined;
  /** The store's VIP tiers, lowest first (none on a plan without tiers). */
  tiers?: TierOption[];
}

/** Spec §2: the rewards modal — a create/edit form and a list with edit, toggle and delete. */
export function RewardsDialog({ view, onViewChange, plan, tiers = [] }: RewardsDialogProps) {
  const { t } = useTranslation('rewards');
  const rewards = useRewards();
  const remove = useDeleteReward();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [listFailure, setListFailure] = useState<Failure | null>(null);
  const [deleting, setDeleting] = useState<Reward | null>(null);
  const [deleteFailure, setDeleteFailure] = useState<Failure | null>(null);

  async function confirmDelete() {
    if (!deleting) return;
    setDeleteFailure(null);
    try {
      await remove.mutateAsync(deleting.id);
      setDeleting(null);
      toast({ key: 'rewards:messages.deleted', values: { name: isolate(deleting.name) } });
    } catch (error) {
      setDeleteFailure({
        message: { key: 'rewards:messages.deleteFailed' },
        detail: failureDetail(error),
      });
    }
  }

  const formView = view?.mode === 'form' ? view : null;
  const title = formView
    ? formView.reward
      ? t('form.editTitle')
      : t('form.createTitle')
    : t('dialog.title');

  return (
    <Modal
      open={view !== null}
      onOpenChange={(open) => {
        if (!open) {
          setListFailure(null);
          onViewChange(null);
        }
      }}
      title={title}
      description={formView ? undefined : t('dialog.description')}
      size="lg"
      busy={busy}
      testId="rewards-dialog"
    >
      {formView ? (
        <div className="space-y-4">
          <Button variant="link" className="text-sm" onClick={() => onViewChange({ mode: 'list' })}>
            <ArrowRight aria-hidden="true" className="size-4 ltr:rotate-180" />
            {t('dialog.backToList')}
          </Button>
          <RewardForm
            key={formView.reward?.id ?? 'new'}
            reward={formView.reward}
            plan={plan}
            tiers={tiers}
            onDone={() => onViewChange({ mode: 'list' })}
            onBusyChange={setBusy}
          />
        </div>
      ) : (
        <div className="space-y-4">
          <div className="flex justify-end">
            <Button onClick={() => onViewChange({ mode: 'form', reward: null })}>
              <Plus aria-hidden="true" className="size-4" />
              {t('dialog.new')}
            </Button>
          </div>
          <ActionError message={listFailure?.message ?? null} detail={listFailure?.detail} />
          {rewards.isPending ? (
            <LoadingState />
          ) : rewards.isError ? (
            <ErrorState
              message={errorMessage(rewards.error, {
                unknownHttp: () => ({ key: 'rewards:list.loadError' }),
              })}
              onRetry={() => void rewards.refetch()}
              retrying={rewards.isFetching}
            />
          ) : rewards.data.length === 0 ? (
            <EmptyState title={t('list.empty')} description={t('list.emptyHint')} />
          ) : (
            <ul className="space-y-3">
              {rewards.data.map((reward) => (
                <RewardRow
                  key={reward.id}
                  reward={reward}
                  tier={tiers.find((tier) => tier.id === reward.minTierId) ?? null}
                  onEdit={() => onViewChange({ mode: 'form', reward })}
                  onDelete={() => {
                    setDeleteFailure(null);
                    setDeleting(reward);
                  }}
                  onToggleFailed={setListFailure}
                />
              ))}
            </ul>
          )}
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('dialog.confirmTitle', { name: deleting?.name ?? '' })}
        description={t('dialog.confirmBody')}
        confirmLabel={t('dialog.confirm')}
        onConfirm={() => void confirmDelete()}
        pending={remove.isPending}
        error={deleteFailure?.message ?? null}
        errorDetail={deleteFailure?.detail}
      />
    </Modal>
  );
}
