import type { AnalyticsQuery } from '@nuqat/contracts';

/** Query keys of the analytics area; every key carries the merchant id so sessions never mix. */
export const analyticsKeys = {
  all: (merchantId: string | null) => ['analytics', merchantId] as const,
  report: (merchantId: string | null, query: AnalyticsQuery) =>
    ['analytics', merchantId, 'report', query] as const,
};
