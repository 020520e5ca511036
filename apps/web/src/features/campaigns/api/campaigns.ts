import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CampaignResponseSchema,
  CampaignResultsResponseSchema,
  CampaignsResponseSchema,
  LoyaltyRulesResponseSchema,
  type CampaignBody,
} from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';
import { getMerchantId } from '../../../lib/session';

/** Query keys of the campaigns area; every key carries the merchant id so sessions never mix. */
export const campaignKeys = {
  list: (merchantId: string | null) => ['campaigns', merchantId, 'list'] as const,
  results: (merchantId: string | null, id: string) =>
    ['campaigns', merchantId, 'results', id] as const,
  rules: (merchantId: string | null) => ['campaigns', merchantId, 'rules'] as const,
};

export function campaignsQueryOptions(merchantId: string | null) {
  return queryOptions({
    queryKey: campaignKeys.list(merchantId),
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/campaigns', { schema: CampaignsResponseSchema, signal })).data,
    // A starter store's 403 PLAN_FEATURE_REQUIRED will not change by asking again.
    retry: false,
  });
}

export function useCampaigns() {
  return useQuery(campaignsQueryOptions(getMerchantId()));
}

/** The store's earning rules, for the editor's preview of what a sample order earns. */
export function useEarningRules() {
  return useQuery({
    queryKey: campaignKeys.rules(getMerchantId()),
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/loyalty', { schema: LoyaltyRulesResponseSchema, signal })).data,
  });
}

export function useCampaignResults(id: string) {
  return useQuery({
    queryKey: campaignKeys.results(getMerchantId(), id),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`/api/campaigns/${encodeURIComponent(id)}/results`, {
          schema: CampaignResultsResponseSchema,
          signal,
        })
      ).data,
  });
}

/** POST a new campaign, or PUT an existing one; the list is read again after. */
export function useSaveCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: CampaignBody }) =>
      (
        await apiRequest(id ? `/api/campaigns/${encodeURIComponent(id)}` : '/api/campaigns', {
          method: id ? 'PUT' : 'POST',
          body,
          schema: CampaignResponseSchema,
        })
      ).data,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: campaignKeys.list(getMerchantId()) }),
  });
}

export function useEndCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (
        await apiRequest(`/api/campaigns/${encodeURIComponent(id)}/end`, {
          method: 'POST',
          body: {},
          schema: CampaignResponseSchema,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['campaigns'] }),
  });
}
