import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AnalyticsResponseSchema, type AnalyticsQuery } from '@nuqat/contracts';
import { NetworkError, apiRequest, isApiError } from '../../../lib/api-client';
import { getMerchantId } from '../../../lib/session';
import { analyticsKeys } from './query-keys';

/** Spec §9: the analytics request gives up after 15 s. */
export const ANALYTICS_TIMEOUT_MS = 15_000;

export async function getAnalytics(
  query: AnalyticsQuery,
  { signal }: { signal?: AbortSignal } = {},
) {
  const params = new URLSearchParams();
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  const search = params.toString();
  const response = await apiRequest(`/api/merchants/analytics${search ? `?${search}` : ''}`, {
    schema: AnalyticsResponseSchema,
    signal,
    timeoutMs: ANALYTICS_TIMEOUT_MS,
  });
  return response.data;
}

export function analyticsQueryOptions(merchantId: string | null, query: AnalyticsQuery) {
  return queryOptions({
    queryKey: analyticsKeys.report(merchantId, query),
    queryFn: ({ signal }) => getAnalytics(query, { signal }),
    placeholderData: keepPreviousData,
    // As the app's default (a flaky network or a 5xx may pass), except a request that already
    // waited its 15 s: asking again would keep the merchant waiting three times as long.
    retry: (failureCount, error) =>
      failureCount < 2 &&
      !(isApiError(error) && error.status < 500) &&
      !(error instanceof NetworkError && error.reason === 'timeout'),
  });
}

export function useAnalytics(query: AnalyticsQuery) {
  return useQuery(analyticsQueryOptions(getMerchantId(), query));
}
