import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Send } from 'lucide-react';
import { NOTIFICATION_KINDS, type NotificationKind } from '@nuqat/contracts';
import { ActionError } from '../../../components/ui/action-error';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { useToast } from '../../../components/ui/toast';
import { failureDetail, type Message } from '../../../lib/messages';
import { useSendTestNotification } from '../api/send-test-notification';

interface Failure {
  message: Message;
  detail: Message | null;
}

/** Sends the merchant a test email of the kind they choose. */
export function TestMailForm() {
  const { t } = useTranslation('notifications');
  const toast = useToast();
  const send = useSendTestNotification();
  const [kind, setKind] = useState<NotificationKind>('points_digest');
  const [failure, setFailure] = useState<Failure | null>(null);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    send.mutate(
      { kind },
      {
        onSuccess: (data) =>
          toast({ key: 'notifications:test.sent', values: { email: data.sentTo } }),
        onError: (error) =>
          setFailure({
            message: { key: 'notifications:test.failed' },
            detail: failureDetail(error),
          }),
      },
    );
  }

  return (
    <form
      onSubmit={handleSubmit}
      className="space-y-3 border-t border-slate-200 pt-5 dark:border-slate-800"
    >
      <h3 className="font-semibold text-slate-900 dark:text-white">{t('test.title')}</h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('test.text')}</p>
      <fieldset disabled={send.isPending} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1 space-y-1">
          <label
            htmlFor="notification-test-kind"
            className="block text-sm font-medium text-slate-700 dark:text-slate-200"
          >
            {t('test.kind')}
          </label>
          <Select
            id="notification-test-kind"
            value={kind}
            onChange={(e) => setKind(e.target.value as NotificationKind)}
          >
            {NOTIFICATION_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}.name`)}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" variant="secondary" loading={send.isPending}>
          {send.isPending ? null : <Send aria-hidden="true" className="size-4 rtl:-scale-x-100" />}
          {t('test.send')}
        </Button>
      </fieldset>
      <ActionError message={failure?.message ?? null} detail={failure?.detail} />
    </form>
  );
}
