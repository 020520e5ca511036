import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MerchantSettingsResponseSchema,
  type UpdateMerchantSettingsRequest,
} from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';
import { getMerchantId } from '../../../lib/session';
import { storeKeys } from './query-keys';

export async function getMerchantSettings({ signal }: { signal?: AbortSignal } = {}) {
  return (
    await apiRequest('/api/merchants/settings', { schema: MerchantSettingsResponseSchema, signal })
  ).data;
}

export function merchantSettingsQueryOptions(merchantId: string | null) {
  return queryOptions({
    queryKey: storeKeys.settings(merchantId),
    queryFn: ({ signal }) => getMerchantSettings({ signal }),
  });
}

export function useMerchantSettings() {
  return useQuery(merchantSettingsQueryOptions(getMerchantId()));
}

export function useUpdateMerchantSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: UpdateMerchantSettingsRequest) =>
      (
        await apiRequest('/api/merchants/settings', {
          method: 'PUT',
          body: settings,
          schema: MerchantSettingsResponseSchema,
        })
      ).data,
    onSuccess: (data) => queryClient.setQueryData(storeKeys.settings(getMerchantId()), data),
  });
}
