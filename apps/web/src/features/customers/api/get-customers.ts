import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { CustomersResponseSchema } from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';
import { getMerchantId } from '../../../lib/session';
import { customersKeys, searchOf, type CustomersListFilter } from './query-keys';

/** Shoppers per page: a screenful of rows, a few cards on a phone. */
export const CUSTOMERS_PAGE_SIZE = 25;

/** One page of the store's shoppers; `cursor` is the previous page's nextCursor. */
export async function getCustomers(
  filter: CustomersListFilter,
  cursor: string | undefined,
  { signal }: { signal?: AbortSignal } = {},
) {
  const response = await apiRequest(
    `/api/merchants/customers${searchOf({ ...filter, cursor, limit: CUSTOMERS_PAGE_SIZE })}`,
    { schema: CustomersResponseSchema, signal },
  );
  return response.data;
}

export function customersQueryOptions(merchantId: string | null, filter: CustomersListFilter) {
  return infiniteQueryOptions({
    queryKey: customersKeys.list(merchantId, filter),
    queryFn: ({ pageParam, signal }) => getCustomers(filter, pageParam, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    // A new search keeps the rows on screen (marked busy) until its answer lands.
    placeholderData: keepPreviousData,
  });
}

export function useCustomers(filter: CustomersListFilter) {
  return useInfiniteQuery(customersQueryOptions(getMerchantId(), filter));
}
