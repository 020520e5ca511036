import { queryOptions, useQuery } from '@tanstack/react-query';
import { RewardsResponseSchema } from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';
import { getMerchantId } from '../../../lib/session';
import { rewardsKeys } from './query-keys';

export async function getRewards({ signal }: { signal?: AbortSignal } = {}) {
  const response = await apiRequest('/api/rewards', { schema: RewardsResponseSchema, signal });
  return response.data;
}

export function rewardsQueryOptions(merchantId: string | null) {
  return queryOptions({
    queryKey: rewardsKeys.list(merchantId),
    queryFn: ({ signal }) => getRewards({ signal }),
  });
}

export function useRewards() {
  return useQuery(rewardsQueryOptions(getMerchantId()));
}
