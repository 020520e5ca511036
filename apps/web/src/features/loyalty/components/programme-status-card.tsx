import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleAlert, CirclePause, CirclePlay, Pause, Play } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ActionError } from '../../../components/ui/action-error';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { formatNumber } from '../../../lib/format';
import { errorMessage, failureDetail, type Message } from '../../../lib/messages';
import { useProgrammeStatus } from '../api/get-programme-status';
import { useUpdateProgrammeStatus } from '../api/update-programme-status';

export interface ProgrammeStatusCardProps {
  activeMethods: number;
  totalMethods: number;
  /** null while the rewards are loading. */
  activeRewards: number | null;
  /** The engine awards nothing without a live subscription; false says so here. */
  subscriptionLive: boolean | null;
  /** The screen already shows one error for a failure several sections share. */
  quietOnError?: boolean;
}

/**
 * The whole programme's switch. The spec's button had no action; ours pauses earning and
 * redeeming (after a confirmation) and resumes them in one click.
 */
export function ProgrammeStatusCard({
  activeMethods,
  totalMethods,
  activeRewards,
  subscriptionLive,
  quietOnError = false,
}: ProgrammeStatusCardProps) {
  const { t, i18n } = useTranslation('loyalty');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const status = useProgrammeStatus();
  const update = useUpdateProgrammeStatus();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<{ message: Message; detail: Message | null } | null>(null);

  async function change(enabled: boolean) {
    setFailure(null);
    try {
      await update.mutateAsync({ enabled });
      setConfirming(false);
      toast({ key: enabled ? 'loyalty:programme.resumedToast' : 'loyalty:programme.pausedToast' });
    } catch (error) {
      setFailure({ message: { key: 'loyalty:programme.failed' }, detail: failureDetail(error) });
    }
  }

  if (status.isPending) {
    return (
      <Card className="flex items-center justify-center p-6">
        <Spinner className="size-6 text-brand-600" />
      </Card>
    );
  }
  if (status.isError) {
    if (quietOnError) return null;
    return (
      <ErrorState
        message={errorMessage(status.error, {
          unknownHttp: () => ({ key: 'loyalty:programme.loadError' }),
        })}
        onRetry={() => void status.refetch()}
        retrying={status.isFetching}
      />
    );
  }

  const enabled = status.data.enabled;
  return (
    <Card
      className={cn(
        'space-y-4 p-5 sm:p-6',
        !enabled && 'border-amber-300 dark:border-amber-700/70',
      )}
      data-testid="programme-status"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <span
            className={cn(
              'inline-flex size-11 items-center justify-center rounded-xl',
              enabled
                ? 'bg-emerald-50 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300'
                : 'bg-amber-50 text-amber-700 dark:bg-amber-500/15 dark:text-amber-300',
            )}
          >
            {enabled ? (
              <CirclePlay aria-hidden="true" className="size-6" />
            ) : (
              <CirclePause aria-hidden="true" className="size-6" />
            )}
          </span>
          <div>
            <h2 className="text-lg font-bold text-slate-900 dark:text-white">
              {t('programme.heading')}
            </h2>
            <Badge tone={enabled ? 'green' : 'yellow'}>
              {enabled ? t('programme.running') : t('programme.paused')}
            </Badge>
          </div>
        </div>
        {enabled ? (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            <Pause aria-hidden="true" className="size-4" />
            {t('programme.pause')}
          </Button>
        ) : (
          <Button onClick={() => void change(true)} loading={update.isPending}>
            {update.isPending ? null : <Play aria-hidden="true" className="size-4" />}
            {t('programme.resume')}
          </Button>
        )}
      </div>
      <p className="text-sm leading-relaxed text-slate-600 dark:text-slate-400">
        {enabled ? t('programme.runningText') : t('programme.pausedText')}
      </p>
      {subscriptionLive === false ? (
        <p className="flex items-start gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('programme.subscriptionInactive')}
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-xl bg-slate-50 p-3 dark:bg-slate-800/60">
          <dt className="text-xs text-slate-500 dark:text-slate-400">
            {t('programme.activeMethods')}
          </dt>
          <dd className="text-xl font-bold text-slate-900 dark:text-white">
            <bdi dir="ltr">
              {formatNumber(activeMethods, language)} / {formatNumber(totalMethods, language)}
            </bdi>
          </dd>
        </div>
        <div className="rounded-xl bg-slate-50 p-3 dark:bg-slate-800/60">
          <dt className="text-xs text-slate-500 dark:text-slate-400">
            {t('programme.activeRewards')}
          </dt>
          <dd className="text-xl font-bold text-slate-900 dark:text-white">
            <bdi>{activeRewards === null ? '—' : formatNumber(activeRewards, language)}</bdi>
          </dd>
        </div>
      </dl>
      {!confirming ? (
        <ActionError message={failure?.message ?? null} detail={failure?.detail} />
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) setFailure(null);
        }}
        title={t('programme.confirmTitle')}
        description={t('programme.confirmBody')}
        confirmLabel={t('programme.confirm')}
        onConfirm={() => void change(false)}
        pending={update.isPending}
        error={confirming ? (failure?.message ?? null) : null}
        errorDetail={failure?.detail}
        tone="primary"
      />
    </Card>
  );
}
