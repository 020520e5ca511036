import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { RewardsReportResponseSchema, type RewardsReportQueryInput } from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';
import { getMerchantId } from '../../../lib/session';
import { rewardsKeys } from './query-keys';
import { toSearchParams } from './search-params';

export async function getRewardsReport(
  query: RewardsReportQueryInput,
  { signal }: { signal?: AbortSignal } = {},
) {
  const response = await apiRequest(`/api/rewards/report${toSearchParams(query)}`, {
    schema: RewardsReportResponseSchema,
    signal,
  });
  return response.data;
}

export function rewardsReportQueryOptions(
  merchantId: string | null,
  query: RewardsReportQueryInput,
) {
  return queryOptions({
    queryKey: rewardsKeys.report(merchantId, query),
    queryFn: ({ signal }) => getRewardsReport(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRewardsReport(query: RewardsReportQueryInput) {
  return useQuery(rewardsReportQueryOptions(getMerchantId(), query));
}
