import { useMutation } from '@tanstack/react-query';
import { MessageResponseSchema, type ForgotPasswordRequest } from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';

/** The server answers the same whether or not the e-mail has an account. */
export function requestResetCode(input: ForgotPasswordRequest) {
  return apiRequest('/api/merchants/auth/forgot-password', {
    method: 'POST',
    body: input,
    schema: MessageResponseSchema,
    onUnauthorized: 'ignore',
  });
}

export function useRequestResetCode() {
  return useMutation({ mutationFn: requestResetCode });
}
