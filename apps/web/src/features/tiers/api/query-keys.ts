import type { TiersRequest } from '@nuqat/contracts';

/** Query keys of the tiers area; every key carries the merchant id so sessions never mix. */
export const tierKeys = {
  config: (merchantId: string | null) => ['tiers', merchantId, 'config'] as const,
  preview: (merchantId: string | null, request: TiersRequest | null) =>
    ['tiers', merchantId, 'preview', request] as const,
};
