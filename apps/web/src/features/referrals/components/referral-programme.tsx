import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Sparkles } from 'lucide-react';
import type { ReferralLimits, ReferralReward } from '@nuqat/contracts';
import { ActionError } from '../../../components/ui/action-error';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { useToast } from '../../../components/ui/toast';
import { UpgradePrompt } from '../../../components/ui/upgrade-prompt';
import { isApiError } from '../../../lib/api-client';
import { errorMessage, failureDetail, type Message } from '../../../lib/messages';
import {
  useReferralSettings,
  useSaveReferralSettings,
  useToggleReferrals,
} from '../api/referral-settings';
import { GiftLimitsCard } from './gift-limits-card';
import { RewardCard, useRewardWords } from './reward-card';

export interface ReferralProgrammeProps {
  storeName: string;
}

/**
 * Spec §2 /members: the header, the two reward cards, the gift limits (decision 028) and the
 * programme's switch.
 */
export function ReferralProgramme({ storeName }: ReferralProgrammeProps) {
  const { t } = useTranslation('referrals');
  const settings = useReferralSettings();
  const save = useSaveReferralSettings();
  const toggle = useToggleReferrals();
  const toast = useToast();
  const [failure, setFailure] = useState<{ message: Message; detail: Message | null } | null>(null);
  const [saving, setSaving] = useState<'participant' | 'referral' | 'limits' | null>(null);
  // Going live hits customers: it is confirmed with its effect in words (issue 27).
  const [confirmOn, setConfirmOn] = useState(false);
  const rewardWords = useRewardWords();

  if (settings.isPending) {
    return (
      <Card className="flex items-center justify-center p-10">
        <Spinner className="size-6 text-brand-600" />
      </Card>
    );
  }
  if (settings.isError) {
    if (isApiError(settings.error) && settings.error.code === 'PLAN_FEATURE_REQUIRED')
      return <ReferralUpgrade />;
    return (
      <ErrorState
        message={errorMessage(settings.error, {
          unknownHttp: () => ({ key: 'referrals:loadError' }),
        })}
        onRetry={() => void settings.refetch()}
        retrying={settings.isFetching}
      />
    );
  }

  const data = settings.data;
  const initial = storeName.trim().charAt(0) || '؟';

  /** Spec §4: every save sends the whole programme, with the current on/off state. */
  async function saveCard(
    card: 'participant' | 'referral' | 'limits',
    change: {
      participantReward?: ReferralReward;
      referralReward?: ReferralReward;
      limits?: ReferralLimits;
    },
  ) {
    setFailure(null);
    setSaving(card);
    try {
      await save.mutateAsync({
        isActive: data.isActive,
        participantReward: data.participantReward,
        referralReward: data.referralReward,
        limits: data.limits,
        ...change,
      });
      toast({ key: `referrals:${card}.savedToast` });
      return true;
    } catch (error) {
      setFailure({
        message: {
          key: card === 'limits' ? 'referrals:limits.saveFailed' : 'referrals:saveFailed',
        },
        detail: failureDetail(error),
      });
      return false;
    } finally {
      setSaving(null);
    }
  }

  function changeActive(isActive: boolean) {
    setFailure(null);
    toggle.mutate(
      { isActive },
      {
        onSuccess: () => toast({ key: isActive ? 'referrals:onToast' : 'referrals:offToast' }),
        onError: (error) =>
          setFailure({ message: { key: 'referrals:toggleFailed' }, detail: failureDetail(error) }),
      },
    );
  }

  return (
    <div className="space-y-6">
      <Card className="flex flex-wrap items-center gap-4 p-5 sm:p-6" data-testid="referral-header">
        <span
          aria-hidden="true"
          className="inline-flex size-12 items-center justify-center rounded-full bg-brand-600 text-xl font-bold text-white"
        >
          {initial}
        </span>
        <div className="min-w-0 flex-1">
          <p dir="auto" className="truncate text-lg font-bold text-slate-900 dark:text-white">
            {storeName}
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('headerText')}</p>
        </div>
        <Badge tone={data.isActive ? 'green' : 'grey'}>
          {data.isActive ? t('active') : t('inactive')}
        </Badge>
      </Card>

      <ActionError message={failure?.message ?? null} detail={failure?.detail} />

      <Card
        className="flex items-center justify-between gap-4 p-5 sm:p-6"
        data-testid="referral-switch-card"
      >
        <div>
          <h2 id="referral-switch-label" className="font-bold text-slate-900 dark:text-white">
            {t('switchTitle')}
          </h2>
          <p id="referral-switch-text" className="text-sm text-slate-600 dark:text-slate-400">
            {data.isActive ? t('switchOnText') : t('switchOffText')}
          </p>
        </div>
        <Switch
          checked={data.isActive}
          onCheckedChange={(on) => (on ? setConfirmOn(true) : changeActive(false))}
          disabled={toggle.isPending}
          aria-label={t('switchTitle')}
          aria-describedby="referral-switch-text"
        />
      </Card>
      <ConfirmDialog
        open={confirmOn}
        onOpenChange={setConfirmOn}
        tone="primary"
        title={t('confirmOn.title')}
        description={t('confirmOn.text', {
          friend: rewardWords(data.referralReward),
          inviter: rewardWords(data.participantReward),
        })}
        confirmLabel={t('confirmOn.confirm')}
        onConfirm={() => {
          setConfirmOn(false);
          changeActive(true);
        }}
      />

      <div className="grid gap-6 lg:grid-cols-2">
        {(['participant', 'referral'] as const).map((side) => (
          <RewardCard
            key={`${side}-${data.updatedAt ?? 'defaults'}`}
            side={side}
            reward={side === 'participant' ? data.participantReward : data.referralReward}
            saving={saving === side}
            onSave={(reward) => saveCard(side, { [`${side}Reward`]: reward })}
          />
        ))}
      </div>

      <GiftLimitsCard
        key={`limits-${data.updatedAt ?? 'defaults'}`}
        limits={data.limits}
        saving={saving === 'limits'}
        onSave={(limits) => saveCard('limits', { limits })}
      />
    </div>
  );
}

function ReferralUpgrade() {
  const { t } = useTranslation('referrals');
  return (
    <UpgradePrompt
      icon={Sparkles}
      title={t('upgrade.title')}
      text={t('upgrade.text')}
      action={t('upgrade.action')}
      testId="referral-upgrade"
    />
  );
}
