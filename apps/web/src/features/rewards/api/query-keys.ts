import type { RedemptionsQueryInput, RewardsReportQueryInput } from '@nuqat/contracts';

/** Query keys of the rewards area; every key carries the merchant id so sessions never mix. */
export const rewardsKeys = {
  all: (merchantId: string | null) => ['rewards', merchantId] as const,
  list: (merchantId: string | null) => ['rewards', merchantId, 'list'] as const,
  report: (merchantId: string | null, query: RewardsReportQueryInput) =>
    ['rewards', merchantId, 'report', query] as const,
  redemptions: (merchantId: string | null, query: RedemptionsQueryInput) =>
    ['rewards', merchantId, 'redemptions', query] as const,
};
