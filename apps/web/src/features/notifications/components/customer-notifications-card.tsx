import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Mail } from 'lucide-react';
import {
  NOTIFICATION_CHANNEL_CHOICES,
  NOTIFICATION_KINDS,
  type Language,
  type NotificationChannelChoice,
  type NotificationKind,
  type NotificationKindCounts,
} from '@nuqat/contracts';
import { ActionError } from '../../../components/ui/action-error';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { useToast } from '../../../components/ui/toast';
import { formatNumber } from '../../../lib/format';
import { failureDetail, type Message } from '../../../lib/messages';
import { useNotificationSummary } from '../api/get-notification-summary';
import {
  useNotificationSettings,
  useUpdateNotificationSettings,
} from '../api/notification-settings';
import { TestMailForm } from './test-mail-form';

interface Failure {
  message: Message;
  detail: Message | null;
}

function Counts({ counts, language }: { counts?: NotificationKindCounts; language: Language }) {
  const { t } = useTranslation('notifications');
  if (!counts) return null;
  const items = [
    ['sent', counts.sent],
    ['pending', counts.pending],
    ['failed', counts.failed],
  ] as const;
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
      {items.map(([key, value]) => (
        <div key={key} className="flex gap-1" data-testid={`notification-${counts.kind}-${key}`}>
          <dt>{t(`counts.${key}`)}:</dt>
          <dd
            className={
              key === 'failed' && value > 0
                ? 'font-semibold text-red-700 tabular-nums dark:text-red-300'
                : 'font-semibold text-slate-900 tabular-nums dark:text-white'
            }
          >
            <bdi>{formatNumber(value, language)}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function ChannelChoice({
  channel,
  smsAvailable,
  disabled,
  onChange,
}: {
  channel: NotificationChannelChoice;
  smsAvailable: boolean;
  disabled: boolean;
  onChange: (channel: NotificationChannelChoice) => void;
}) {
  const { t } = useTranslation('notifications');
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">
        {t('channel.legend')}
      </legend>
      {NOTIFICATION_CHANNEL_CHOICES.map((choice) => {
        const unavailable = choice !== 'email' && !smsAvailable;
        return (
          <label
            key={choice}
            className={`flex items-start gap-3 rounded-xl border p-3 ${
              channel === choice
                ? 'border-brand-500 bg-brand-50/60 dark:border-brand-400 dark:bg-brand-500/10'
                : 'border-slate-200 dark:border-slate-800'
            } ${unavailable ? 'opacity-60' : 'cursor-pointer'}`}
          >
            <input
              type="radio"
              name="notification-channel"
              value={choice}
              checked={channel === choice}
              disabled={unavailable}
              onChange={() => onChange(choice)}
              aria-labelledby={`notification-channel-${choice}-name`}
              aria-describedby={`notification-channel-${choice}-hint`}
              className="mt-1 size-4 accent-brand-600"
            />
            <span className="min-w-0 space-y-0.5">
              <span
                id={`notification-channel-${choice}-name`}
                className="block font-medium text-slate-900 dark:text-white"
              >
                {t(`channel.${choice}.name`)}
              </span>
              <span
                id={`notification-channel-${choice}-hint`}
                className="block text-sm text-slate-600 dark:text-slate-400"
              >
                {t(`channel.${choice}.hint`)}
              </span>
            </span>
          </label>
        );
      })}
      {smsAvailable ? null : (
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="sms-unavailable">
          {t('channel.unavailable')}
        </p>
      )}
    </fieldset>
  );
}

/**
 * «رسائل العملاء»: how they are sent (e-mail, or texts where a provider is configured), a switch
 * per template, what each sent, failed and kept waiting over the
 * last 30 days, and a test mail to the merchant's own address (docs/decisions/023).
 */
export function CustomerNotificationsCard() {
  const { t, i18n } = useTranslation('notifications');
  const language: Language = i18n.language === 'en' ? 'en' : 'ar';
  const settings = useNotificationSettings();
  const summary = useNotificationSummary();
  const update = useUpdateNotificationSettings();
  const toast = useToast();
  const [failure, setFailure] = useState<Failure | null>(null);

  function handleSwitch(kind: NotificationKind, enabled: boolean) {
    setFailure(null);
    update.mutate(
      { templates: { [kind]: enabled } },
      {
        onSuccess: () =>
          toast({
            key: enabled ? 'notifications:onToast' : 'notifications:offToast',
            values: { name: t(`kinds.${kind}.name`) },
          }),
        onError: (error) =>
          setFailure({
            message: { key: 'notifications:saveFailed' },
            detail: failureDetail(error),
          }),
      },
    );
  }

  function handleChannel(channel: NotificationChannelChoice) {
    setFailure(null);
    update.mutate(
      { channel },
      {
        onSuccess: () =>
          toast({
            key: 'notifications:channel.savedToast',
            values: { name: t(`channel.${channel}.name`) },
          }),
        onError: (error) =>
          setFailure({
            message: { key: 'notifications:saveFailed' },
            detail: failureDetail(error),
          }),
      },
    );
  }

  return (
    <Card className="space-y-5 p-5 sm:p-6" data-testid="customer-notifications">
      <div className="flex items-start gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-300">
          <Mail aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 space-y-1">
          <h2
            id="customer-notifications-title"
            className="text-lg font-bold text-slate-900 dark:text-white"
          >
            {t('title')}
          </h2>
          <p className="text-sm leading-relaxed text-slate-600 dark:text-slate-400">
            {t('description')}
          </p>
        </div>
      </div>

      {settings.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      ) : settings.isError ? (
        <ErrorState
          message={{ key: 'notifications:loadFailed' }}
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      ) : (
        <>
          <ActionError message={failure?.message ?? null} detail={failure?.detail} />
          <ChannelChoice
            channel={settings.data.channel}
            smsAvailable={settings.data.smsAvailable}
            disabled={update.isPending}
            onChange={handleChannel}
          />
          <p className="text-xs font-medium text-slate-500 dark:text-slate-400">
            {t('last30Days')}
            {summary.isError ? ` — ${t('summaryFailed')}` : null}
          </p>
          <ul
            className="divide-y divide-slate-200 dark:divide-slate-800"
            aria-labelledby="customer-notifications-title"
          >
            {NOTIFICATION_KINDS.map((kind) => (
              <li key={kind} className="flex items-start justify-between gap-4 py-4 first:pt-0">
                <div className="min-w-0 space-y-1">
                  <p
                    id={`notification-${kind}-name`}
                    className="font-medium text-slate-900 dark:text-white"
                  >
                    {t(`kinds.${kind}.name`)}
                  </p>
                  <p
                    id={`notification-${kind}-hint`}
                    className="text-sm text-slate-600 dark:text-slate-400"
                  >
                    {t(`kinds.${kind}.hint`)}
                  </p>
                  <Counts
                    language={language}
                    {...(summary.data
                      ? { counts: summary.data.kinds.find((k) => k.kind === kind) }
                      : {})}
                  />
                </div>
                <Switch
                  checked={settings.data.templates[kind]}
                  onCheckedChange={(checked) => handleSwitch(kind, checked)}
                  disabled={update.isPending}
                  aria-label={t(`kinds.${kind}.name`)}
                  aria-describedby={`notification-${kind}-hint`}
                />
              </li>
            ))}
          </ul>
          <TestMailForm />
        </>
      )}
    </Card>
  );
}
