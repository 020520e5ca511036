import { queryOptions, useQuery } from '@tanstack/react-query';
import { NotificationSummaryResponseSchema } from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';
import { getMerchantId } from '../../../lib/session';
import { notificationKeys } from './query-keys';

/** What was sent, failed and is waiting, per template, over the last 30 days. */
export async function getNotificationSummary({ signal }: { signal?: AbortSignal } = {}) {
  return (
    await apiRequest('/api/notifications/summary', {
      schema: NotificationSummaryResponseSchema,
      signal,
    })
  ).data;
}

export function useNotificationSummary() {
  return useQuery(
    queryOptions({
      queryKey: notificationKeys.summary(getMerchantId()),
      queryFn: ({ signal }) => getNotificationSummary({ signal }),
    }),
  );
}
