import type { ReferralsQuery } from '@nuqat/contracts';

/** The list's filter; the page size and cursor belong to each page, not to the key. */
export type ReferralsFilter = Pick<ReferralsQuery, 'status'>;

/** Query keys of the referrals area; every key carries the merchant id so sessions never mix. */
export const referralKeys = {
  settings: (merchantId: string | null) => ['referrals', merchantId, 'settings'] as const,
  summary: (merchantId: string | null) => ['referrals', merchantId, 'summary'] as const,
  list: (merchantId: string | null, filter: ReferralsFilter) =>
    ['referrals', merchantId, 'list', filter] as const,
};
