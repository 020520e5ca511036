import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RewardResponseSchema, type Reward } from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';
import { getMerchantId } from '../../../lib/session';
import { rewardsKeys } from './query-keys';

/** Flips a reward between active and inactive (PATCH /api/rewards/:id/toggle). */
export async function toggleReward(id: string): Promise<Reward> {
  const response = await apiRequest(`/api/rewards/${encodeURIComponent(id)}/toggle`, {
    method: 'PATCH',
    schema: RewardResponseSchema,
  });
  return response.data;
}

export function useToggleReward() {
  const queryClient = useQueryClient();
  const merchantId = getMerchantId();
  return useMutation({
    mutationFn: toggleReward,
    onSuccess: (saved) => {
      queryClient.setQueryData<Reward[]>(rewardsKeys.list(merchantId), (list) =>
        list?.map((reward) => (reward.id === saved.id ? saved : reward)),
      );
      void queryClient.invalidateQueries({ queryKey: rewardsKeys.all(merchantId) });
    },
  });
}
