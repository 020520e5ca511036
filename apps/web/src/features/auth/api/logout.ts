import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { endSession } from '../../../lib/session';

/**
 * Revokes the session on the server, then forgets it here whatever the answer: a merchant who
 * asked to log out must end up logged out even when offline.
 */
export async function logout(): Promise<void> {
  try {
    await apiRequest('/api/merchants/auth/logout', { method: 'POST', onUnauthorized: 'ignore' });
  } catch {
    // Unreachable server or an already-dead session: the local session ends all the same.
  }
  endSession('logout');
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
