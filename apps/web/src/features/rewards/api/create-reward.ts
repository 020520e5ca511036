import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RewardResponseSchema, type Reward, type RewardRequestInput } from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';
import { getMerchantId } from '../../../lib/session';
import { rewardsKeys } from './query-keys';

export async function createReward(reward: RewardRequestInput): Promise<Reward> {
  const response = await apiRequest('/api/rewards', {
    method: 'POST',
    body: reward,
    schema: RewardResponseSchema,
  });
  return response.data;
}

export function useCreateReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReward,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rewardsKeys.all(getMerchantId()) }),
  });
}
