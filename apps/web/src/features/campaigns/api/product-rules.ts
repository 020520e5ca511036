import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MessageResponseSchema,
  ProductRuleResponseSchema,
  ProductRulesResponseSchema,
  type ProductRuleBody,
} from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';
import { getMerchantId } from '../../../lib/session';

const URL = '/api/campaigns/product-rules';
const key = (merchantId: string | null) => ['campaigns', merchantId, 'product-rules'] as const;

/** The store's product rules and the products its orders named (decision 048). */
export function useProductRules() {
  return useQuery({
    queryKey: key(getMerchantId()),
    queryFn: async ({ signal }) =>
      (await apiRequest(URL, { schema: ProductRulesResponseSchema, signal })).data,
    retry: false,
  });
}

export function useSaveProductRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProductRuleBody) =>
      (await apiRequest(URL, { method: 'POST', body, schema: ProductRuleResponseSchema })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(getMerchantId()) }),
  });
}

export function useRemoveProductRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      apiRequest(`${URL}/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        schema: MessageResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(getMerchantId()) }),
  });
}
