import { ErrorState } from '../../../components/ui/error-state';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/messages';
import { useTiers } from '../api/get-tiers';
import { TiersSkeleton } from './tiers-skeleton';
import { TiersUpgrade } from './tiers-upgrade';
import { TiersEditor } from './tiers-editor';

/** The /tiers screen: loading, the plan's prompt, an error with retry, or the editor. */
export function TiersScreen() {
  const tiers = useTiers();
  if (tiers.isPending) return <TiersSkeleton />;
  if (tiers.isError) {
    if (isApiError(tiers.error) && tiers.error.code === 'PLAN_FEATURE_REQUIRED')
      return <TiersUpgrade />;
    return (
      <ErrorState
        message={errorMessage(tiers.error, { unknownHttp: () => ({ key: 'tiers:loadError' }) })}
        onRetry={() => void tiers.refetch()}
        retrying={tiers.isFetching}
      />
    );
  }
  return <TiersEditor config={tiers.data} />;
}
