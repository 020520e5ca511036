import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/messages';
import { useApiKeys } from '../api/developers';
import { ApiKeysCard } from './api-keys-card';
import { DevelopersUpgrade } from './developers-upgrade';
import { WebhooksCard } from './webhooks-card';

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
        <DevelopersUpgrade />
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
