/** Query keys of the customer notifications area; every key carries the merchant id. */
export const notificationKeys = {
  settings: (merchantId: string | null) => ['notifications', merchantId, 'settings'] as const,
  summary: (merchantId: string | null) => ['notifications', merchantId, 'summary'] as const,
};
