/** Query keys of the points programme; every key carries the merchant id so sessions never mix. */
export const loyaltyKeys = {
  all: (merchantId: string | null) => ['loyalty', merchantId] as const,
  rules: (merchantId: string | null) => ['loyalty', merchantId, 'rules'] as const,
  programme: (merchantId: string | null) => ['loyalty', merchantId, 'programme'] as const,
};
