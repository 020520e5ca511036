import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import {
  CancelCouponResponseSchema,
  type CouponsPageSchema,
  type MerchantCoupon,
} from '@nuqat/contracts';
import type { z } from 'zod';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { getMerchantId } from '../../../lib/session';
import { couponsKeys } from './query-keys';

type CouponsPage = z.infer<typeof CouponsPageSchema>;

/**
 * Cancels an unused coupon: Salla deletes it and the points go back to the shopper. Answers the
 * coupon as it is now (cancelled, with its cancellation date).
 */
export async function cancelCoupon(id: string): Promise<MerchantCoupon> {
  const response = await apiRequest(`/api/merchants/coupons/${encodeURIComponent(id)}/cancel`, {
    method: 'POST',
    schema: CancelCouponResponseSchema,
  });
  return response.data;
}

export function useCancelCoupon() {
  const queryClient = useQueryClient();
  const merchantId = getMerchantId();
  return useMutation({
    mutationFn: cancelCoupon,
    onSuccess: (coupon) => {
      // The row changes in place, in every list that shows it: no reload of the pages read so far.
      queryClient.setQueriesData<InfiniteData<CouponsPage>>(
        { queryKey: couponsKeys.lists(merchantId) },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((item) => (item.id === coupon.id ? coupon : item)),
            })),
          },
      );
    },
    onError: (error) => {
      // The coupon changed since the list was read (used, expired, used at Salla): read it again.
      if (
        isApiError(error) &&
        (error.code === 'COUPON_NOT_CANCELLABLE' ||
          error.code === 'COUPON_USED_AT_SALLA' ||
          error.status === 404)
      )
        void queryClient.invalidateQueries({ queryKey: couponsKeys.lists(merchantId) });
    },
  });
}
