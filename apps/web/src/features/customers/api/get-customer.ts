import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { CustomerAccountResponseSchema, CustomerLedgerResponseSchema } from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';
import { getMerchantId } from '../../../lib/session';
import { customersKeys, searchOf } from './query-keys';

const base = (id: string) => `/api/merchants/customers/${encodeURIComponent(id)}`;

/** One shopper's account: their figures, expiring lots, coupons and orders. */
export async function getCustomer(id: string, { signal }: { signal?: AbortSignal } = {}) {
  const response = await apiRequest(base(id), { schema: CustomerAccountResponseSchema, signal });
  return response.data;
}

export function customerQueryOptions(merchantId: string | null, id: string) {
  return queryOptions({
    queryKey: customersKeys.account(merchantId, id),
    queryFn: ({ signal }) => getCustomer(id, { signal }),
  });
}

export function useCustomer(id: string) {
  return useQuery(customerQueryOptions(getMerchantId(), id));
}

/** Rows of the shopper's points history per page. */
export const LEDGER_PAGE_SIZE = 50;

export function customerLedgerQueryOptions(merchantId: string | null, id: string) {
  return infiniteQueryOptions({
    queryKey: customersKeys.ledger(merchantId, id),
    queryFn: async ({ pageParam, signal }) =>
      (
        await apiRequest(
          `${base(id)}/ledger${searchOf({ cursor: pageParam, limit: LEDGER_PAGE_SIZE })}`,
          {
            schema: CustomerLedgerResponseSchema,
            signal,
          },
        )
      ).data,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

export function useCustomerLedger(id: string) {
  return useInfiniteQuery(customerLedgerQueryOptions(getMerchantId(), id));
}
