import { queryOptions, useQuery } from '@tanstack/react-query';
import { ProgrammeStatusResponseSchema } from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';
import { getMerchantId } from '../../../lib/session';
import { loyaltyKeys } from './query-keys';

export async function getProgrammeStatus({ signal }: { signal?: AbortSignal } = {}) {
  const response = await apiRequest('/api/loyalty/programme', {
    schema: ProgrammeStatusResponseSchema,
    signal,
  });
  return response.data;
}

export function programmeStatusQueryOptions(merchantId: string | null) {
  return queryOptions({
    queryKey: loyaltyKeys.programme(merchantId),
    queryFn: ({ signal }) => getProgrammeStatus({ signal }),
  });
}

export function useProgrammeStatus() {
  return useQuery(programmeStatusQueryOptions(getMerchantId()));
}
