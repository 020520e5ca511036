import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { ReferralsResponseSchema, type ReferralsQuery } from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';
import { getMerchantId } from '../../../lib/session';
import { referralKeys, type ReferralsFilter } from './query-keys';

/** Referrals per page: a screenful of rows, a few cards on a phone. */
export const REFERRALS_PAGE_SIZE = 25;

/** `?status=…&cursor=…&limit=…`, with only what is set. */
export function referralsSearch(query: Partial<ReferralsQuery>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** One page of the store's referrals, newest first; `cursor` is the previous page's nextCursor. */
export async function getReferrals(
  filter: ReferralsFilter,
  cursor: string | undefined,
  { signal }: { signal?: AbortSignal } = {},
) {
  const response = await apiRequest(
    `/api/referrals${referralsSearch({ ...filter, cursor, limit: REFERRALS_PAGE_SIZE })}`,
    { schema: ReferralsResponseSchema, signal },
  );
  return response.data;
}

export function referralsQueryOptions(merchantId: string | null, filter: ReferralsFilter) {
  return infiniteQueryOptions({
    queryKey: referralKeys.list(merchantId, filter),
    queryFn: ({ pageParam, signal }) => getReferrals(filter, pageParam, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    // A new filter keeps the rows on screen (marked busy) until its answer lands.
    placeholderData: keepPreviousData,
  });
}

export function useReferrals(filter: ReferralsFilter) {
  return useInfiniteQuery(referralsQueryOptions(getMerchantId(), filter));
}
