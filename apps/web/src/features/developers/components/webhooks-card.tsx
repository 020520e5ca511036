import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Trash2, Webhook } from 'lucide-react';
import { WEBHOOK_EVENT_TYPES, type WebhookEndpoint, type WebhookEventType } from '@nuqat/contracts';
import { ActionError } from '../../../components/ui/action-error';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { errorMessage, failureDetail } from '../../../lib/messages';
import {
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useUpdateWebhookEndpoint,
  useWebhookEndpoints,
} from '../api/developers';
import { EVENT_KEYS, type Failure } from '../lib/developers-format';
import { CheckboxGroup } from './checkbox-group';
import { DeliveryLog } from './delivery-log';
import { OnceSecret } from './once-secret';

/** One endpoint: its address, events and status, a switch, and its deletion behind a confirmation. */
function EndpointRow({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation('developers');
  const update = useUpdateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const [confirming, setConfirming] = useState(false);
  const status = endpoint.enabled
    ? 'on'
    : endpoint.disabledReason === 'failing'
      ? 'failing'
      : 'off';
  return (
    <li className="space-y-2 py-4" data-testid="webhook-endpoint-row">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <p className="font-mono text-sm break-all text-slate-900 dark:text-white" dir="ltr">
            {endpoint.url}
          </p>
          {endpoint.description ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              <bdi>{endpoint.description}</bdi>
            </p>
          ) : null}
          <p className="flex flex-wrap gap-1">
            {endpoint.events.map((e) => (
              <Badge key={e} tone="grey">
                <span dir="ltr">{e}</span>
              </Badge>
            ))}
          </p>
          <Badge tone={status === 'on' ? 'green' : status === 'failing' ? 'red' : 'yellow'}>
            {t(`endpoints.status.${status}`)}
          </Badge>
        </div>
        <div className="flex items-center gap-3">
          <Switch
            checked={endpoint.enabled}
            disabled={update.isPending}
            onCheckedChange={(enabled) => update.mutate({ id: endpoint.id, body: { enabled } })}
            aria-label={t('endpoints.toggle', { url: endpoint.url })}
          />
          <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden="true" className="size-4" />
            {t('endpoints.delete')}
          </Button>
        </div>
      </div>
      {update.isError ? (
        <ActionError
          message={{ key: 'developers:endpoints.updateFailed' }}
          detail={failureDetail(update.error)}
        />
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('endpoints.deleteTitle')}
        description={t('endpoints.deleteText')}
        confirmLabel={t('endpoints.delete')}
        pending={remove.isPending}
        error={remove.isError ? { key: 'developers:endpoints.deleteFailed' } : null}
        errorDetail={remove.isError ? failureDetail(remove.error) : null}
        onConfirm={() => remove.mutate(endpoint.id, { onSuccess: () => setConfirming(false) })}
      />
    </li>
  );
}

/**
 * The webhooks: a form that registers an endpoint (its signing secret shown once), the store's
 * endpoints and the delivery log.
 */
export function WebhooksCard() {
  const { t } = useTranslation('developers');
  const endpoints = useWebhookEndpoints(true);
  const create = useCreateWebhookEndpoint();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['points.earned', 'points.spent']);
  const [secret, setSecret] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setSecret(null);
    if (!url.trim() || events.length === 0) {
      setFailure({ message: { key: 'developers:endpoints.incomplete' }, detail: null });
      return;
    }
    create.mutate(
      { url: url.trim(), description: description.trim(), events },
      {
        onSuccess: (data) => {
          setSecret(data.secret);
          setUrl('');
          setDescription('');
        },
        onError: (error) =>
          setFailure({
            message: { key: 'developers:endpoints.createFailed' },
            detail: failureDetail(error),
          }),
      },
    );
  }

  return (
    <Card className="space-y-5 p-5 sm:p-6" data-testid="webhooks-card">
      <div className="space-y-1">
        <h3 className="flex items-center gap-2 text-lg font-bold text-slate-900 dark:text-white">
          <Webhook aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-300" />
          {t('endpoints.title')}
        </h3>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('endpoints.text')}</p>
      </div>
      <form onSubmit={submit} className="space-y-4">
        <fieldset disabled={create.isPending} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="webhook-url" label={t('endpoints.url')} hint={t('endpoints.urlHint')}>
              {({ describedBy }) => (
                <Input
                  id="webhook-url"
                  dir="ltr"
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  value={url}
                  onChange={(e) => setUrl(e.target.value)}
                  aria-describedby={describedBy}
                />
              )}
            </Field>
            <Field id="webhook-description" label={t('endpoints.description')}>
              {({ describedBy }) => (
                <Input
                  id="webhook-description"
                  value={description}
                  maxLength={100}
                  onChange={(e) => setDescription(e.target.value)}
                  aria-describedby={describedBy}
                />
              )}
            </Field>
          </div>
          <CheckboxGroup
            legend={t('endpoints.events')}
            name="webhook-event"
            options={WEBHOOK_EVENT_TYPES}
            selected={events}
            onChange={setEvents}
            labelOf={(e) => t(EVENT_KEYS[e])}
            hintOf={(e) => e}
          />
          <Button type="submit" loading={create.isPending}>
            {t('endpoints.add')}
          </Button>
        </fieldset>
        <ActionError message={failure?.message ?? null} detail={failure?.detail} />
      </form>
      {secret ? (
        <OnceSecret label={t('endpoints.secretOnce')} secret={secret} testId="webhook-secret" />
      ) : null}
      {endpoints.isPending ? (
        <Spinner className="mx-auto size-5 text-brand-600" />
      ) : endpoints.isError ? (
        <ErrorState
          message={errorMessage(endpoints.error)}
          onRetry={() => void endpoints.refetch()}
          retrying={endpoints.isFetching}
        />
      ) : endpoints.data.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('endpoints.none')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {endpoints.data.map((e) => (
            <EndpointRow key={e.id} endpoint={e} />
          ))}
        </ul>
      )}
      <DeliveryLog />
    </Card>
  );
}
