import { queryOptions, useQuery } from '@tanstack/react-query';
import { DashboardResponseSchema } from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';
import { getMerchantId } from '../../../lib/session';

/** Spec §9: the dashboard waits 15 s for its figures. */
export const DASHBOARD_TIMEOUT_MS = 15_000;

export const dashboardKeys = {
  all: (merchantId: string | null) => ['dashboard', merchantId] as const,
};

export async function getDashboard({ signal }: { signal?: AbortSignal } = {}) {
  const response = await apiRequest('/api/merchants/dashboard', {
    schema: DashboardResponseSchema,
    signal,
    timeoutMs: DASHBOARD_TIMEOUT_MS,
  });
  return response.data;
}

export function dashboardQueryOptions(merchantId: string | null) {
  return queryOptions({
    queryKey: dashboardKeys.all(merchantId),
    queryFn: ({ signal }) => getDashboard({ signal }),
  });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions(getMerchantId()));
}
