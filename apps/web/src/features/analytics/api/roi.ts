import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  HoldoutEndResponseSchema,
  HoldoutSettingsResponseSchema,
  RoiResponseSchema,
} from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';
import { getMerchantId } from '../../../lib/session';

/** The programme's return for a Riyadh month (docs/decisions/049). */
export function useRoi(month: string) {
  return useQuery({
    queryKey: ['roi', getMerchantId(), month],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`/api/merchants/roi?month=${encodeURIComponent(month)}`, {
          schema: RoiResponseSchema,
          signal,
        })
      ).data,
  });
}

/** Start (or change) and end the control group; the return is read again after either. */
export function useHoldoutActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['roi'] });
  const start = useMutation({
    mutationFn: (percent: number) =>
      apiRequest('/api/merchants/holdout', {
        method: 'PUT',
        body: { percent },
        schema: HoldoutSettingsResponseSchema,
      }),
    onSuccess: refresh,
  });
  const end = useMutation({
    mutationFn: (backPay: boolean) =>
      apiRequest('/api/merchants/holdout/end', {
        method: 'POST',
        body: { backPay },
        schema: HoldoutEndResponseSchema,
      }),
    onSuccess: refresh,
  });
  return { start, end };
}
