/** Query keys of the store area; every key carries the merchant id so sessions never mix. */
export const storeKeys = {
  all: ['store'] as const,
  info: (merchantId: string | null) => ['store', merchantId, 'info'] as const,
  subscription: (merchantId: string | null) => ['store', merchantId, 'subscription'] as const,
  settings: (merchantId: string | null) => ['store', merchantId, 'settings'] as const,
};
