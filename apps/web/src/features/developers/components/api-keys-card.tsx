import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyRound, Trash2 } from 'lucide-react';
import { API_KEY_SCOPES, type ApiKey, type ApiKeyScope } from '@nuqat/contracts';
import { ActionError } from '../../../components/ui/action-error';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { formatDateTime } from '../../../lib/format';
import { failureDetail } from '../../../lib/messages';
import { useCreateApiKey, useRevokeApiKey } from '../api/developers';
import { SCOPE_KEYS, useLanguage, type Failure } from '../lib/developers-format';
import { CheckboxGroup } from './checkbox-group';
import { OnceSecret } from './once-secret';

/** One key: its name, prefix, scopes and use, and its revocation behind a confirmation. */
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

/** The API keys: a form that creates one (its secret shown once) and the store's keys. */
export function ApiKeysCard({ keys }: { keys: ApiKey[] }) {
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
