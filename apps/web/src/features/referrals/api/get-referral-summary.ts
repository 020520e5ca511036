import { queryOptions, useQuery } from '@tanstack/react-query';
import { ReferralSummaryResponseSchema } from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';
import { getMerchantId } from '../../../lib/session';
import { referralKeys } from './query-keys';

/** The programme's figures, counted by the server from the referrals and the orders. */
export async function getReferralSummary({ signal }: { signal?: AbortSignal } = {}) {
  const response = await apiRequest('/api/referrals/summary', {
    schema: ReferralSummaryResponseSchema,
    signal,
  });
  return response.data;
}

export function useReferralSummary() {
  return useQuery(
    queryOptions({
      queryKey: referralKeys.summary(getMerchantId()),
      queryFn: ({ signal }) => getReferralSummary({ signal }),
    }),
  );
}
