import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { RedemptionsResponseSchema, type RedemptionsQueryInput } from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';
import { getMerchantId } from '../../../lib/session';
import { rewardsKeys } from './query-keys';
import { toSearchParams } from './search-params';

export async function getRedemptions(
  query: RedemptionsQueryInput,
  { signal }: { signal?: AbortSignal } = {},
) {
  const response = await apiRequest(`/api/rewards/redemptions${toSearchParams(query)}`, {
    schema: RedemptionsResponseSchema,
    signal,
  });
  return response.data;
}

export function redemptionsQueryOptions(merchantId: string | null, query: RedemptionsQueryInput) {
  return queryOptions({
    queryKey: rewardsKeys.redemptions(merchantId, query),
    queryFn: ({ signal }) => getRedemptions(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRedemptions(query: RedemptionsQueryInput) {
  return useQuery(redemptionsQueryOptions(getMerchantId(), query));
}
