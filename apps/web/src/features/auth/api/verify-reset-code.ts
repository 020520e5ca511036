import { useMutation } from '@tanstack/react-query';
import { MessageResponseSchema, type VerifyResetCodeRequest } from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';

export function verifyResetCode(input: VerifyResetCodeRequest) {
  return apiRequest('/api/merchants/auth/verify-reset-code', {
    method: 'POST',
    body: input,
    schema: MessageResponseSchema,
    onUnauthorized: 'ignore',
  });
}

export function useVerifyResetCode() {
  return useMutation({ mutationFn: verifyResetCode });
}
