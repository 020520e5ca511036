import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ProgrammeStatusResponseSchema,
  type ProgrammeStatus,
  type UpdateProgrammeStatusRequest,
} from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';
import { getMerchantId } from '../../../lib/session';
import { loyaltyKeys } from './query-keys';

/** Pauses or resumes the whole programme (PUT /api/loyalty/programme). */
export async function updateProgrammeStatus(
  request: UpdateProgrammeStatusRequest,
): Promise<ProgrammeStatus> {
  const response = await apiRequest('/api/loyalty/programme', {
    method: 'PUT',
    body: request,
    schema: ProgrammeStatusResponseSchema,
  });
  return response.data;
}

export function useUpdateProgrammeStatus() {
  const queryClient = useQueryClient();
  const key = loyaltyKeys.programme(getMerchantId());
  return useMutation({
    mutationFn: updateProgrammeStatus,
    onSuccess: (status) => queryClient.setQueryData(key, status),
  });
}
