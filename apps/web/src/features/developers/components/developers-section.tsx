import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Copy, KeyRound, RotateCcw, Trash2, Webhook } from 'lucide-react';
import {
  API_KEY_SCOPES,
  WEBHOOK_EVENT_TYPES,
  type ApiKey,
  type ApiKeyScope,
  type Language,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@nuqat/contracts';
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
import { useToast } from '../../../components/ui/toast';
import { UpgradePrompt } from '../../../components/ui/upgrade-prompt';
import { isApiError } from '../../../lib/api-client';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { errorMessage, failureDetail, type Message } from '../../../lib/messages';
import {
  useApiKeys,
  useCreateApiKey,
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useReplayDelivery,
  useRevokeApiKey,
  useUpdateWebhookEndpoint,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from '../api/developers';

const EVENT_KEYS = {
  'points.earned': 'events.points_earned',
  'points.spent': 'events.points_spent',
  'points.expired': 'events.points_expired',
  'points.adjusted': 'events.points_adjusted',
  'reward.redeemed': 'events.reward_redeemed',
  'coupon.used': 'events.coupon_used',
  'tier.changed': 'events.tier_changed',
  'referral.completed': 'events.referral_completed',
  'customer.erased': 'events.customer_erased',
} as const satisfies Record<WebhookEventType, string>;

/** i18next reads `:` as a namespace separator: the scopes' keys use `_`. */
const SCOPE_KEYS = {
  'customers:read': 'customers_read',
  'points:adjust': 'points_adjust',
  'rewards:read': 'rewards_read',
  'webhooks:manage': 'webhooks_manage',
} as const satisfies Record<ApiKeyScope, string>;

interface Failure {
  message: Message;
  detail: Message | null;
}

function useLanguage(): Language {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'ar';
}

/** A secret shown once, with a copy button (it is never shown again). */
function OnceSecret({ label, secret, testId }: { label: string; secret: string; testId: string }) {
  const { t } = useTranslation('developers');
  const [copied, setCopied] = useState(false);
  return (
    <div
      className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-500/50 dark:bg-amber-500/10"
      data-testid={testId}
      role="status"
    >
      <p className="text-sm font-semibold text-amber-900 dark:text-amber-200">{label}</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          dir="ltr"
          className="min-w-0 flex-1 rounded-lg bg-white px-3 py-2 font-mono text-sm break-all text-slate-900 dark:bg-slate-950 dark:text-slate-100"
        >
          {secret}
        </code>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => {
            void navigator.clipboard?.writeText(secret).then(() => setCopied(true));
          }}
        >
          {copied ? (
            <Check aria-hidden="true" className="size-4" />
          ) : (
            <Copy aria-hidden="true" className="size-4" />
          )}
          {copied ? t('copied') : t('copy')}
        </Button>
      </div>
    </div>
  );
}

function CheckboxGroup<T extends string>({
  legend,
  name,
  options,
  selected,
  onChange,
  labelOf,
  hintOf,
}: {
  legend: string;
  name: string;
  options: readonly T[];
  selected: T[];
  onChange: (next: T[]) => void;
  labelOf: (option: T) => string;
  hintOf?: (option: T) => string;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-200">
        {legend}
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option}
            className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3 has-checked:border-brand-500 has-checked:bg-brand-50/60 dark:border-slate-800 dark:has-checked:border-brand-400 dark:has-checked:bg-brand-500/10"
          >
            <input
              type="checkbox"
              name={name}
              value={option}
              checked={selected.includes(option)}
              onChange={(e) =>
                onChange(
                  e.target.checked ? [...selected, option] : selected.filter((s) => s !== option),
                )
              }
              className="mt-1 size-4 accent-brand-600"
            />
            <span className="min-w-0">
              <span className="block text-sm font-medium text-slate-900 dark:text-white">
                {labelOf(option)}
              </span>
              {hintOf ? (
                <span className="block text-xs text-slate-500 dark:text-slate-400">
                  {hintOf(option)}
                </span>
              ) : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

// ---- API keys -----------------------------------------------------------------------------------

function ApiKeyRow({ apiKey }: { apiKey: ApiKey }) {
  const { t } = useTranslation('developers');
  const language = useLanguage();
  const revoke = useRevokeApiKey();
  const [confirming, setConfirming] = useState(false);
  const toast = useToast();
  return (
    <li
      className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between"
      data-testid="api-key-row"
    >
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900 dark:text-white">
          <bdi>{apiKey.name}</bdi>
          <code dir="ltr" className="text-xs font-normal text-slate-500 dark:text-slate-400">
            {apiKey.prefix}…
          </code>
          {apiKey.revokedAt ? <Badge tone="grey">{t('keys.revoked')}</Badge> : null}
        </p>
        <p className="flex flex-wrap gap-1">
          {apiKey.scopes.map((scope) => (
            <Badge key={scope} tone="blue">
              {t(`scopes.${SCOPE_KEYS[scope]}.name`)}
            </Badge>
          ))}
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {t('keys.created', { at: formatDateTime(apiKey.createdAt, language) })} ·{' '}
          {apiKey.lastUsedAt
            ? t('keys.lastUsed', { at: formatDateTime(apiKey.lastUsedAt, language) })
            : t('keys.neverUsed')}
        </p>
      </div>
      {apiKey.revokedAt ? null : (
        <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" className="size-4" />
          {t('keys.revoke')}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('keys.revokeTitle', { name: apiKey.name })}
        description={t('keys.revokeText')}
        confirmLabel={t('keys.revoke')}
        pending={revoke.isPending}
        error={revoke.isError ? { key: 'developers:keys.revokeFailed' } : null}
        errorDetail={revoke.isError ? failureDetail(revoke.error) : null}
        onConfirm={() =>
          revoke.mutate(apiKey.id, {
            onSuccess: () => {
              setConfirming(false);
              toast({ key: 'developers:keys.revokedToast' });
            },
          })
        }
      />
    </li>
  );
}

function ApiKeysCard({ keys }: { keys: ApiKey[] }) {
  const { t } = useTranslation('developers');
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['customers:read']);
  const [secret, setSecret] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setSecret(null);
    if (!name.trim() || scopes.length === 0) {
      setFailure({ message: { key: 'developers:keys.incomplete' }, detail: null });
      return;
    }
    create.mutate(
      { name: name.trim(), scopes },
      {
        onSuccess: (data) => {
          setSecret(data.secret);
          setName('');
        },
        onError: (error) =>
          setFailure({
            message: { key: 'developers:keys.createFailed' },
            detail: failureDetail(error),
          }),
      },
    );
  }

  return (
    <Card className="space-y-5 p-5 sm:p-6" data-testid="api-keys-card">
      <div className="space-y-1">
        <h3 className="flex items-center gap-2 text-lg font-bold text-slate-900 dark:text-white">
          <KeyRound aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-300" />
          {t('keys.title')}
        </h3>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('keys.text')}</p>
        <a
          href="/api/docs"
          target="_blank"
          rel="noreferrer"
          className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
        >
          {t('keys.docs')}
        </a>
      </div>
      <form onSubmit={submit} className="space-y-4">
        <fieldset disabled={create.isPending} className="space-y-4">
          <Field id="api-key-name" label={t('keys.name')} hint={t('keys.nameHint')}>
            {({ describedBy }) => (
              <Input
                id="api-key-name"
                value={name}
                maxLength={60}
                onChange={(e) => setName(e.target.value)}
                aria-describedby={describedBy}
              />
            )}
          </Field>
          <CheckboxGroup
            legend={t('keys.scopes')}
            name="api-key-scope"
            options={API_KEY_SCOPES}
            selected={scopes}
            onChange={setScopes}
            labelOf={(s) => t(`scopes.${SCOPE_KEYS[s]}.name`)}
            hintOf={(s) => t(`scopes.${SCOPE_KEYS[s]}.hint`)}
          />
          <Button type="submit" loading={create.isPending}>
            {t('keys.create')}
          </Button>
        </fieldset>
        <ActionError message={failure?.message ?? null} detail={failure?.detail} />
      </form>
      {secret ? (
        <OnceSecret label={t('keys.secretOnce')} secret={secret} testId="api-key-secret" />
      ) : null}
      {keys.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('keys.none')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {keys.map((k) => (
            <ApiKeyRow key={k.id} apiKey={k} />
          ))}
        </ul>
      )}
    </Card>
  );
}

// ---- Webhooks -----------------------------------------------------------------------------------

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

function DeliveryRow({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation('developers');
  const language = useLanguage();
  const replay = useReplayDelivery();
  const tone =
    delivery.status === 'delivered' ? 'green' : delivery.status === 'failed' ? 'red' : 'yellow';
  return (
    <li
      className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid="webhook-delivery-row"
    >
      <div className="min-w-0 space-y-1 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <Badge tone={tone}>{t(`deliveries.status.${delivery.status}`)}</Badge>
          <span dir="ltr" className="font-mono font-semibold text-slate-900 dark:text-white">
            {delivery.eventType}
          </span>
          <code dir="ltr" className="text-xs text-slate-500 dark:text-slate-400">
            {delivery.eventId}
          </code>
        </p>
        <p dir="ltr" className="text-start text-xs break-all text-slate-600 dark:text-slate-300">
          {delivery.endpointUrl}
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {formatDateTime(delivery.createdAt, language)} ·{' '}
          {t('deliveries.attempts', {
            count: delivery.attempts,
            n: formatNumber(delivery.attempts, language),
          })}
          {delivery.lastStatusCode !== null ? (
            <>
              {' '}
              · <bdi dir="ltr">HTTP {delivery.lastStatusCode}</bdi>
            </>
          ) : null}
          {delivery.lastError && delivery.status !== 'delivered' ? (
            <>
              {' '}
              · <bdi dir="ltr">{delivery.lastError}</bdi>
            </>
          ) : null}
        </p>
      </div>
      {delivery.status === 'pending' ? null : (
        <Button
          variant="secondary"
          size="sm"
          loading={replay.isPending}
          onClick={() => replay.mutate(delivery.id)}
        >
          {replay.isPending ? null : <RotateCcw aria-hidden="true" className="size-4" />}
          {t('deliveries.replay')}
        </Button>
      )}
    </li>
  );
}

function DeliveryPage({
  cursor,
  last,
  onMore,
}: {
  cursor: string | null;
  last: boolean;
  onMore: (cursor: string) => void;
}) {
  const { t } = useTranslation('developers');
  const page = useWebhookDeliveries(true, cursor);
  if (page.isPending) return <Spinner className="mx-auto my-4 size-5 text-brand-600" />;
  if (page.isError)
    return (
      <ErrorState
        message={errorMessage(page.error)}
        onRetry={() => void page.refetch()}
        retrying={page.isFetching}
      />
    );
  return (
    <>
      {page.data.items.map((d) => (
        <DeliveryRow key={d.id} delivery={d} />
      ))}
      {last && page.data.nextCursor ? (
        <li className="pt-3">
          <Button variant="ghost" size="sm" onClick={() => onMore(page.data.nextCursor!)}>
            {t('deliveries.more')}
          </Button>
        </li>
      ) : null}
    </>
  );
}

function DeliveryLog() {
  const { t } = useTranslation('developers');
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const first = useWebhookDeliveries(true, null);
  return (
    <section className="space-y-2 border-t border-slate-200 pt-5 dark:border-slate-800">
      <h4 className="font-semibold text-slate-900 dark:text-white">{t('deliveries.title')}</h4>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('deliveries.text')}</p>
      {first.data && first.data.items.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('deliveries.none')}</p>
      ) : (
        <ul
          className="divide-y divide-slate-200 dark:divide-slate-800"
          data-testid="webhook-deliveries"
        >
          {cursors.map((cursor, i) => (
            <DeliveryPage
              key={cursor ?? 'first'}
              cursor={cursor}
              last={i === cursors.length - 1}
              onMore={(next) => setCursors((c) => [...c, next])}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function WebhooksCard() {
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

/**
 * «المطوّرون»: API keys for the open API and signed outbound webhooks with their delivery log
 * (issue 31, docs/decisions/038 and 039). A Starter store sees the Growth plan's offer instead.
 */
export function DevelopersSection() {
  const { t } = useTranslation('developers');
  const keys = useApiKeys();
  let body;
  if (keys.isPending) {
    body = (
      <Card className="flex items-center justify-center p-10">
        <Spinner className="size-6 text-brand-600" />
      </Card>
    );
  } else if (keys.isError) {
    body =
      isApiError(keys.error) && keys.error.code === 'PLAN_FEATURE_REQUIRED' ? (
        <UpgradePrompt
          icon={KeyRound}
          title={t('upgrade.title')}
          text={t('upgrade.text')}
          action={t('upgrade.action')}
          testId="developers-upgrade"
        />
      ) : (
        <ErrorState
          message={errorMessage(keys.error)}
          onRetry={() => void keys.refetch()}
          retrying={keys.isFetching}
        />
      );
  } else {
    body = (
      <div className="grid gap-6">
        <ApiKeysCard keys={keys.data} />
        <WebhooksCard />
      </div>
    );
  }
  return (
    <section
      aria-labelledby="developers-title"
      className="space-y-4"
      data-testid="developers-section"
    >
      <div>
        <h2 id="developers-title" className="text-xl font-bold text-slate-900 dark:text-white">
          {t('title')}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('text')}</p>
      </div>
      {body}
    </section>
  );
}
