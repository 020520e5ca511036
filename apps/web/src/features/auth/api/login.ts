import { useMutation } from '@tanstack/react-query';
import { StoreInfoResponseSchema, type LoginRequest } from '@nuqat/contracts';
import { InvalidResponseError, apiRequest, isApiError } from '../../../lib/api-client';
import { startSession } from '../../../lib/session';
import { readLoginResponse } from './login-response';

/** The login answer had no token and the session cookie did not open a session either. */
export class CookieSessionUnavailableError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('The login answer carried no token and the session cookie was not accepted', options);
    this.name = 'CookieSessionUnavailableError';
  }
}

export interface LoginOutcome {
  merchantId: string | null;
  merchantName: string | null;
}

/**
 * Logs in and remembers who is signed in (merchantId, merchantName, sessionTimestamp); the
 * session itself is the httpOnly cookie. The answer carries no token (cookie mode), so the
 * cookie is checked with GET store-info (spec §7).
 */
export async function login(credentials: LoginRequest): Promise<LoginOutcome> {
  const body = await apiRequest('/api/merchants/auth/login', {
    method: 'POST',
    body: credentials,
    // The session stays in the httpOnly cookie; no token comes back for a script to keep.
    headers: { 'X-Session-Mode': 'cookie' },
    onUnauthorized: 'ignore',
  });
  const reading = readLoginResponse(body);

  if (reading.kind === 'invalid') throw new InvalidResponseError();

  if (reading.kind === 'token') {
    // A server that sends a token anyway has set the cookie too; the token is not kept.
    startSession({ merchantId: reading.merchantId, merchantName: reading.merchantName });
    return { merchantId: reading.merchantId, merchantName: reading.merchantName };
  }

  const storeInfo = await apiRequest('/api/merchants/store-info', {
    schema: StoreInfoResponseSchema,
    onUnauthorized: 'ignore',
  }).catch((error: unknown) => {
    // A 401 here is not "wrong password": the server said yes but no session reached us.
    throw isApiError(error) && error.status === 401
      ? new CookieSessionUnavailableError({ cause: error })
      : error;
  });
  const session = {
    merchantId: storeInfo.data.merchantId,
    merchantName: reading.merchantName ?? storeInfo.data.storeName,
  };
  startSession(session);
  return { merchantId: session.merchantId, merchantName: session.merchantName };
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
