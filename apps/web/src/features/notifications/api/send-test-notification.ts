import { useMutation } from '@tanstack/react-query';
import {
  SendTestNotificationResponseSchema,
  type SendTestNotificationRequest,
} from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';

/** A sample of one template to the merchant's own account e-mail. */
export function useSendTestNotification() {
  return useMutation({
    mutationFn: async (request: SendTestNotificationRequest) =>
      (
        await apiRequest('/api/notifications/test', {
          method: 'POST',
          body: request,
          schema: SendTestNotificationResponseSchema,
        })
      ).data,
  });
}
