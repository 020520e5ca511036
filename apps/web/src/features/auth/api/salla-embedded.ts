import { EmbeddedExchangeResponseSchema, type EmbeddedSession } from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';

/**
 * Sends the token the Salla dashboard appended to the embedded page's address to the API, once
 * (docs/decisions/031). The answer's bearer token is for this page's memory only; the caller
 * keeps it (lib/session's startBearerSession). A 401 is the caller's to explain, not a session
 * that ended.
 */
export async function exchangeSallaToken(token: string): Promise<EmbeddedSession> {
  const body = await apiRequest('/api/merchants/auth/salla-embedded', {
    method: 'POST',
    body: { token },
    schema: EmbeddedExchangeResponseSchema,
    onUnauthorized: 'ignore',
    timeoutMs: 15_000,
  });
  return body.data;
}
