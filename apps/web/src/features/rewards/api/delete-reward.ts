import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeleteRewardResponseSchema, type DeletedReward, type Reward } from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';
import { getMerchantId } from '../../../lib/session';
import { rewardsKeys } from './query-keys';

/** Deletes a reward; one with issued coupons is archived by the server to keep their history. */
export async function deleteReward(id: string): Promise<DeletedReward> {
  const response = await apiRequest(`/api/rewards/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: DeleteRewardResponseSchema,
  });
  return response.data;
}

export function useDeleteReward() {
  const queryClient = useQueryClient();
  const merchantId = getMerchantId();
  return useMutation({
    mutationFn: deleteReward,
    onSuccess: (deleted) => {
      queryClient.setQueryData<Reward[]>(rewardsKeys.list(merchantId), (list) =>
        list?.filter((reward) => reward.id !== deleted.id),
      );
      void queryClient.invalidateQueries({ queryKey: rewardsKeys.all(merchantId) });
    },
  });
}
