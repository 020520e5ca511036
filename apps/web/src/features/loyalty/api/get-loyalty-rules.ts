import { queryOptions, useQuery } from '@tanstack/react-query';
import { LoyaltyRulesResponseSchema } from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';
import { getMerchantId } from '../../../lib/session';
import { loyaltyKeys } from './query-keys';

export async function getLoyaltyRules({ signal }: { signal?: AbortSignal } = {}) {
  const response = await apiRequest('/api/loyalty', { schema: LoyaltyRulesResponseSchema, signal });
  return response.data;
}

export function loyaltyRulesQueryOptions(merchantId: string | null) {
  return queryOptions({
    queryKey: loyaltyKeys.rules(merchantId),
    queryFn: ({ signal }) => getLoyaltyRules({ signal }),
  });
}

export function useLoyaltyRules() {
  return useQuery(loyaltyRulesQueryOptions(getMerchantId()));
}
