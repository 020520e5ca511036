import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useAnalytics } from '../../../features/analytics/api/get-analytics';
import { AnalyticsReport } from '../../../features/analytics/components/analytics-report';
import { AnalyticsSkeleton } from '../../../features/analytics/components/analytics-skeleton';
import { RangePicker } from '../../../features/analytics/components/range-picker';
import { StoreBadge } from '../../../features/analytics/components/store-badge';
import { useAnalyticsRange } from '../../../features/analytics/hooks/use-analytics-range';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorMessage, useMessageText, type Message } from '../../../lib/messages';

export function AnalyticsRoute() {
  const { t } = useTranslation(['merchant', 'analytics']);
  useDocumentTitle('merchant:screens.analytics.title');
  const range = useAnalyticsRange();
  const analytics = useAnalytics({ from: range.from, to: range.to });
  const data = analytics.isError ? undefined : analytics.data;
  const text = useMessageText();

  function failure(error: unknown): Message {
    const title: Message = { key: 'analytics:error.title' };
    const reason = errorMessage(error, { unknownHttp: () => title });
    return reason.key === title.key
      ? title
      : { key: 'analytics:error.withReason', values: { reason: text(reason) } };
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('merchant:screens.analytics.title')}
        description={t('merchant:screens.analytics.description')}
        actions={data ? <StoreBadge storeName={data.storeName} userEmail={data.userEmail} /> : null}
      />
      <RangePicker
        // A new address (back button, a link) starts the picker over from what it asks for.
        key={range.search}
        selection={range.selection}
        from={data && !analytics.isPlaceholderData ? data.range.from : range.from}
        to={data && !analytics.isPlaceholderData ? data.range.to : range.to}
        linkProblem={range.problem}
        onChange={range.setSelection}
      />
      {analytics.isPending ? (
        <AnalyticsSkeleton />
      ) : analytics.isError ? (
        <ErrorState
          message={failure(analytics.error)}
          onRetry={() => void analytics.refetch()}
          retrying={analytics.isFetching}
        />
      ) : (
        <AnalyticsReport data={analytics.data} updating={analytics.isPlaceholderData} />
      )}
    </div>
  );
}
