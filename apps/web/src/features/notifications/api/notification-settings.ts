import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  NotificationSettingsResponseSchema,
  type UpdateNotificationSettingsRequest,
} from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';
import { getMerchantId } from '../../../lib/session';
import { notificationKeys } from './query-keys';

/** Each e-mail template to customers, on or off (GET /api/notifications/settings). */
export async function getNotificationSettings({ signal }: { signal?: AbortSignal } = {}) {
  return (
    await apiRequest('/api/notifications/settings', {
      schema: NotificationSettingsResponseSchema,
      signal,
    })
  ).data;
}

export function useNotificationSettings() {
  return useQuery(
    queryOptions({
      queryKey: notificationKeys.settings(getMerchantId()),
      queryFn: ({ signal }) => getNotificationSettings({ signal }),
    }),
  );
}

/** Switches the templates named in the request; the answer is the whole set. */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: UpdateNotificationSettingsRequest) =>
      (
        await apiRequest('/api/notifications/settings', {
          method: 'POST',
          body: request,
          schema: NotificationSettingsResponseSchema,
        })
      ).data,
    onSuccess: (data) => queryClient.setQueryData(notificationKeys.settings(getMerchantId()), data),
  });
}
