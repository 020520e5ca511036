import { useMutation } from '@tanstack/react-query';
import { MessageResponseSchema, type ResetPasswordRequest } from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';

export function resetPassword(input: ResetPasswordRequest) {
  return apiRequest('/api/merchants/auth/reset-password', {
    method: 'POST',
    body: input,
    schema: MessageResponseSchema,
    onUnauthorized: 'ignore',
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
