import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SocialLinksResponseSchema, type SocialLinks } from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';
import { getMerchantId } from '../../../lib/session';

const key = (merchantId: string | null) => ['store', merchantId, 'social-links'] as const;

/** GET /api/merchants/social-links: the store's profiles shoppers are asked to follow. */
export function useSocialLinks() {
  return useQuery({
    queryKey: key(getMerchantId()),
    queryFn: async ({ signal }) =>
      (
        await apiRequest('/api/merchants/social-links', {
          schema: SocialLinksResponseSchema,
          signal,
        })
      ).data,
  });
}

export function useSaveSocialLinks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (links: SocialLinks) =>
      (
        await apiRequest('/api/merchants/social-links', {
          method: 'PUT',
          body: links,
          schema: SocialLinksResponseSchema,
        })
      ).data,
    onSuccess: (data) => queryClient.setQueryData(key(getMerchantId()), data),
  });
}
