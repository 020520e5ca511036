import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ReferralSettingsResponseSchema,
  type ReferralSettingsRequest,
  type ReferralToggleRequest,
} from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';
import { getMerchantId } from '../../../lib/session';
import { referralKeys } from './query-keys';

export async function getReferralSettings({ signal }: { signal?: AbortSignal } = {}) {
  const response = await apiRequest('/api/referrals/settings', {
    schema: ReferralSettingsResponseSchema,
    signal,
  });
  return response.data;
}

export type ReferralSettingsView = Awaited<ReturnType<typeof getReferralSettings>>;

export function useReferralSettings() {
  return useQuery(
    queryOptions({
      queryKey: referralKeys.settings(getMerchantId()),
      queryFn: ({ signal }) => getReferralSettings({ signal }),
      // A starter store's 403 will not change by asking again.
      retry: false,
    }),
  );
}

/** Spec §4: saving a card sends the whole programme, with the current on/off state. */
export function useSaveReferralSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: ReferralSettingsRequest) =>
      (
        await apiRequest('/api/referrals/settings', {
          method: 'POST',
          body: settings,
          schema: ReferralSettingsResponseSchema,
        })
      ).data,
    onSuccess: (data) => queryClient.setQueryData(referralKeys.settings(getMerchantId()), data),
  });
}

/**
 * Spec §4: the switch changes the screen at once and goes back if the call fails.
 */
export function useToggleReferrals() {
  const queryClient = useQueryClient();
  const key = referralKeys.settings(getMerchantId());
  return useMutation({
    mutationFn: async (request: ReferralToggleRequest) =>
      (
        await apiRequest('/api/referrals/toggle', {
          method: 'POST',
          body: request,
          schema: ReferralSettingsResponseSchema,
        })
      ).data,
    onMutate: async ({ isActive }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<ReferralSettingsView>(key);
      if (before) queryClient.setQueryData(key, { ...before, isActive });
      return { before };
    },
    onError: (_error, _request, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (data) => queryClient.setQueryData(key, data),
  });
}
