import { queryOptions, useQuery } from '@tanstack/react-query';
import { StoreInfoSchema, successEnvelope } from '@nuqat/contracts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { getMerchantId } from '../../../lib/session';
import { storeKeys } from './query-keys';

// Subscription statuses the contract does not list yet are still shown (grey, raw text) rather
// than failing the whole screen.
const StoreInfoReadSchema = StoreInfoSchema.extend({ subscriptionStatus: z.string() });
const StoreInfoReadResponseSchema = successEnvelope(StoreInfoReadSchema);

export type StoreInfoView = z.infer<typeof StoreInfoReadSchema>;

export async function getStoreInfo({ signal }: { signal?: AbortSignal } = {}) {
  const response = await apiRequest('/api/merchants/store-info', {
    schema: StoreInfoReadResponseSchema,
    signal,
  });
  return response.data;
}

export function storeInfoQueryOptions(merchantId: string | null) {
  return queryOptions({
    queryKey: storeKeys.info(merchantId),
    queryFn: ({ signal }) => getStoreInfo({ signal }),
  });
}

export function useStoreInfo() {
  return useQuery(storeInfoQueryOptions(getMerchantId()));
}
