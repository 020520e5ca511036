import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { TiersPreviewResponseSchema, type TiersRequest } from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';
import { getMerchantId } from '../../../lib/session';
import { tierKeys } from './query-keys';

/** How many of today's customers would land in each tier of `request`, before it is saved. */
export async function previewTiers(request: TiersRequest, { signal }: { signal?: AbortSignal }) {
  const response = await apiRequest('/api/tiers/preview', {
    method: 'POST',
    body: request,
    schema: TiersPreviewResponseSchema,
    signal,
  });
  return response.data;
}

/** `request` is null while the draft is invalid: the last counts stay, marked as stale. */
export function useTiersPreview(request: TiersRequest | null) {
  return useQuery(
    queryOptions({
      queryKey: tierKeys.preview(getMerchantId(), request),
      queryFn: ({ signal }) => previewTiers(request!, { signal }),
      enabled: request !== null,
      placeholderData: keepPreviousData,
      retry: false,
      staleTime: 60_000,
    }),
  );
}
