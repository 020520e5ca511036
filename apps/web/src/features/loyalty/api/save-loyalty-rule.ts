import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  LoyaltyRuleResponseSchema,
  type LoyaltyRule,
  type SaveLoyaltyRuleInput,
} from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';
import { getMerchantId } from '../../../lib/session';
import { loyaltyKeys } from './query-keys';

/** Saves one method (POST /api/loyalty); saving 0 points is how a method is turned off. */
export async function saveLoyaltyRule(rule: SaveLoyaltyRuleInput): Promise<LoyaltyRule> {
  const response = await apiRequest('/api/loyalty', {
    method: 'POST',
    body: rule,
    schema: LoyaltyRuleResponseSchema,
  });
  return response.data;
}

export function useSaveLoyaltyRule() {
  const queryClient = useQueryClient();
  const key = loyaltyKeys.rules(getMerchantId());
  return useMutation({
    mutationFn: saveLoyaltyRule,
    onSuccess: (saved) => {
      queryClient.setQueryData<LoyaltyRule[]>(key, (rules) =>
        rules?.map((rule) => (rule.event === saved.event ? saved : rule)),
      );
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
