import { queryOptions, useQuery } from '@tanstack/react-query';
import { TiersResponseSchema } from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';
import { getMerchantId } from '../../../lib/session';
import { tierKeys } from './query-keys';

/** The store's VIP tiers: basis, window, grace and each tier with its customers now. */
export async function getTiers({ signal }: { signal?: AbortSignal } = {}) {
  const response = await apiRequest('/api/tiers', { schema: TiersResponseSchema, signal });
  return response.data;
}

export function tiersQueryOptions(merchantId: string | null) {
  return queryOptions({
    queryKey: tierKeys.config(merchantId),
    queryFn: ({ signal }) => getTiers({ signal }),
    // A starter store's 403 PLAN_FEATURE_REQUIRED will not change by asking again.
    retry: false,
  });
}

export function useTiers() {
  return useQuery(tiersQueryOptions(getMerchantId()));
}

/**
 * The tiers other screens offer (the rewards' "available to", the customers' filter): the store's
 * tiers lowest first, or none when it has none or its plan has no tiers (a 403 is not an error
 * there: those screens simply show no tier choice).
 */
export function useStoreTiers() {
  const tiers = useTiers();
  return tiers.data?.tiers ?? [];
}
