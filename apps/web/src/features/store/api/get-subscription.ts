import { queryOptions, useQuery } from '@tanstack/react-query';
import { SubscriptionStatusResponseSchema } from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';
import { getMerchantId } from '../../../lib/session';
import { storeKeys } from './query-keys';

export async function getSubscription({ signal }: { signal?: AbortSignal } = {}) {
  const response = await apiRequest('/api/merchants/subscription/status', {
    schema: SubscriptionStatusResponseSchema,
    signal,
  });
  return response.data.subscription;
}

export function subscriptionQueryOptions(merchantId: string | null) {
  return queryOptions({
    queryKey: storeKeys.subscription(merchantId),
    queryFn: ({ signal }) => getSubscription({ signal }),
  });
}

export function useSubscription() {
  return useQuery(subscriptionQueryOptions(getMerchantId()));
}
