import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { CouponsResponseSchema, type CouponsQuery } from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';
import { getMerchantId } from '../../../lib/session';
import { couponsKeys, type CouponsFilter } from './query-keys';

/** Coupons per page: a screenful of rows, a few cards on a phone. */
export const COUPONS_PAGE_SIZE = 25;

/** `?status=…&source=…&q=…&cursor=…&limit=…`, with only what is set. */
export function couponsSearch(query: Partial<CouponsQuery>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** One page of the store's coupons, newest first; `cursor` is the previous page's nextCursor. */
export async function getCoupons(
  filter: CouponsFilter,
  cursor: string | undefined,
  { signal }: { signal?: AbortSignal } = {},
) {
  const response = await apiRequest(
    `/api/merchants/coupons${couponsSearch({ ...filter, cursor, limit: COUPONS_PAGE_SIZE })}`,
    { schema: CouponsResponseSchema, signal },
  );
  return response.data;
}

export function couponsQueryOptions(merchantId: string | null, filter: CouponsFilter) {
  return infiniteQueryOptions({
    queryKey: couponsKeys.list(merchantId, filter),
    queryFn: ({ pageParam, signal }) => getCoupons(filter, pageParam, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    // A new search keeps the rows on screen (marked busy) until its answer lands.
    placeholderData: keepPreviousData,
  });
}

export function useCoupons(filter: CouponsFilter) {
  return useInfiniteQuery(couponsQueryOptions(getMerchantId(), filter));
}
