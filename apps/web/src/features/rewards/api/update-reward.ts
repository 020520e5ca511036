import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RewardResponseSchema, type Reward, type RewardRequestInput } from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';
import { getMerchantId } from '../../../lib/session';
import { rewardsKeys } from './query-keys';

export async function updateReward({
  id,
  reward,
}: {
  id: string;
  reward: RewardRequestInput;
}): Promise<Reward> {
  const response = await apiRequest(`/api/rewards/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: reward,
    schema: RewardResponseSchema,
  });
  return response.data;
}

export function useUpdateReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReward,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rewardsKeys.all(getMerchantId()) }),
  });
}
