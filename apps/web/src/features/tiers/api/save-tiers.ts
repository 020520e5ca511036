import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TiersResponseSchema, type TiersRequest } from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';
import { getMerchantId } from '../../../lib/session';
import { tierKeys } from './query-keys';

/** PUT /api/tiers replaces the whole programme; the answer is the programme as saved. */
export function useSaveTiers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: TiersRequest) =>
      (
        await apiRequest('/api/tiers', {
          method: 'PUT',
          body: request,
          schema: TiersResponseSchema,
        })
      ).data,
    onSuccess: (data) => {
      queryClient.setQueryData(tierKeys.config(getMerchantId()), data);
      // Customers' tiers and rewards' reservations read the new tiers.
      void queryClient.invalidateQueries({ queryKey: ['customers'] });
      void queryClient.invalidateQueries({ queryKey: ['rewards'] });
    },
  });
}
