import type { CustomersFilter } from '@nuqat/contracts';

/** The list's filters as the screen sets them (the API's defaults fill the rest). */
export type CustomersListFilter = Partial<CustomersFilter>;

/** Query keys of the customers area; every key carries the merchant id so sessions never mix. */
export const customersKeys = {
  all: (merchantId: string | null) => ['customers', merchantId] as const,
  lists: (merchantId: string | null) => ['customers', merchantId, 'list'] as const,
  list: (merchantId: string | null, filter: CustomersListFilter) =>
    ['customers', merchantId, 'list', filter] as const,
  account: (merchantId: string | null, id: string) =>
    ['customers', merchantId, 'account', id] as const,
  ledger: (merchantId: string | null, id: string) =>
    ['customers', merchantId, 'ledger', id] as const,
};

/** `?a=…&b=…` with only what is set. */
export function searchOf(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
