import type { CouponsQuery } from '@nuqat/contracts';

/** The list's filters; the page size and cursor belong to each page, not to the key. */
export type CouponsFilter = Pick<CouponsQuery, 'status' | 'source' | 'q'>;

/** Query keys of the coupons area; every key carries the merchant id so sessions never mix. */
export const couponsKeys = {
  all: (merchantId: string | null) => ['coupons', merchantId] as const,
  lists: (merchantId: string | null) => ['coupons', merchantId, 'list'] as const,
  list: (merchantId: string | null, filter: CouponsFilter) =>
    ['coupons', merchantId, 'list', filter] as const,
};
