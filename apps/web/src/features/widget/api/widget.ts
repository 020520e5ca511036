import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { WidgetStateResponseSchema, type WidgetSettings } from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';
import { getMerchantId } from '../../../lib/session';

const widgetKey = (merchantId: string | null) => ['merchant', merchantId, 'widget'] as const;

/** GET /api/merchants/widget: the saved look, the store's logo, and whether it reached the store. */
export function useWidget() {
  return useQuery({
    queryKey: widgetKey(getMerchantId()),
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/merchants/widget', { schema: WidgetStateResponseSchema, signal }))
        .data,
  });
}

export function useSaveWidget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: WidgetSettings) =>
      (
        await apiRequest('/api/merchants/widget', {
          method: 'PUT',
          body: settings,
          schema: WidgetStateResponseSchema,
        })
      ).data,
    onSuccess: (data) => queryClient.setQueryData(widgetKey(getMerchantId()), data),
  });
}
