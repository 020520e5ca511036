import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AdjustmentResponseSchema,
  CustomerDataResponseSchema,
  EraseResponseSchema,
  ForgiveDebtResponseSchema,
  ImportResponseSchema,
  type AdjustPointsBody,
  type ForgiveDebtBody,
} from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';
import { getMerchantId } from '../../../lib/session';
import { customersKeys } from './query-keys';

const base = (id: string) => `/api/merchants/customers/${encodeURIComponent(id)}`;

/** Everything that shows a shopper's balance or history is read again after a change. */
function useRefreshCustomers() {
  const queryClient = useQueryClient();
  const merchantId = getMerchantId();
  return () => queryClient.invalidateQueries({ queryKey: customersKeys.all(merchantId) });
}

/**
 * Adds or removes points by hand. The body carries the form's idempotency key: a retry of the
 * same submit (a lost answer) is answered once, never applied twice.
 */
export function useAdjustPoints(id: string) {
  const refresh = useRefreshCustomers();
  return useMutation({
    mutationFn: async (body: AdjustPointsBody) =>
      (
        await apiRequest(`${base(id)}/adjust`, {
          method: 'POST',
          body,
          schema: AdjustmentResponseSchema,
        })
      ).data,
    onSuccess: () => void refresh(),
  });
}

/**
 * Lets the shopper off the points they owe (decision 027). The key is made when the dialog opens:
 * a retried click forgives once.
 */
export function useForgiveDebt(id: string) {
  const refresh = useRefreshCustomers();
  return useMutation({
    mutationFn: async (body: ForgiveDebtBody) =>
      (
        await apiRequest(`${base(id)}/forgive-debt`, {
          method: 'POST',
          body,
          schema: ForgiveDebtResponseSchema,
        })
      ).data,
    onSuccess: () => void refresh(),
  });
}

/** Removes the shopper's personal fields for good (a privacy request). */
export function useEraseCustomer(id: string) {
  const refresh = useRefreshCustomers();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest(`${base(id)}/erase`, { method: 'POST', schema: EraseResponseSchema })).data,
    onSuccess: () => void refresh(),
  });
}

/** Everything Nuqat keeps about the shopper (a data-access request), as the API answers it. */
export async function getCustomerData(id: string) {
  return (await apiRequest(`${base(id)}/data`, { schema: CustomerDataResponseSchema })).data;
}

/** Opening balances from a CSV file: a dry run (nothing written) or the import itself. */
export function useImportBalances() {
  const refresh = useRefreshCustomers();
  return useMutation({
    mutationFn: async ({ csv, dryRun }: { csv: string; dryRun: boolean }) =>
      (
        await apiRequest(`/api/merchants/customers/import?dryRun=${dryRun ? '1' : '0'}`, {
          method: 'POST',
          rawBody: { contentType: 'text/csv', data: csv },
          schema: ImportResponseSchema,
          // A large file takes the server a while to check.
          timeoutMs: 120_000,
        })
      ).data,
    onSuccess: (result) => {
      if (!result.dryRun) void refresh();
    },
  });
}
