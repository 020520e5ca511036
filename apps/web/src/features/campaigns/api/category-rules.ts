import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CategoriesResponseSchema,
  CategoryRuleResponseSchema,
  MessageResponseSchema,
  type CategoryRuleBody,
} from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';
import { getMerchantId } from '../../../lib/session';

const URL = '/api/campaigns/category-rules';
const key = (merchantId: string | null) => ['campaigns', merchantId, 'categories'] as const;
/** Category rules are product rules (decision 057): saving one refreshes both lists. */
const rulesKey = (merchantId: string | null) => ['campaigns', merchantId, 'product-rules'] as const;

/** The store's categories as Salla lists them (read from Salla on each visit). */
export function useCategories() {
  return useQuery({
    queryKey: key(getMerchantId()),
    queryFn: async ({ signal }) =>
      (await apiRequest(URL, { schema: CategoriesResponseSchema, signal })).data,
    retry: false,
  });
}

export function useSaveCategoryRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CategoryRuleBody) =>
      (await apiRequest(URL, { method: 'POST', body, schema: CategoryRuleResponseSchema })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rulesKey(getMerchantId()) }),
  });
}

export function useRemoveCategoryRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (categoryId: number) =>
      apiRequest(`${URL}/${encodeURIComponent(String(categoryId))}`, {
        method: 'DELETE',
        schema: MessageResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rulesKey(getMerchantId()) }),
  });
}
