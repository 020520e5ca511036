import { type IncomingMessage, type ServerResponse } from 'node:http';
import {
  json,
  sallaError,
  readBody,
  ownerUserId,
  decryptionFailed,
  SCOPE,
  UNHANDLED,
} from './sandbox-http.ts';
import type { SandboxState } from './sandbox-state.ts';
import type { Fault } from './sandbox-types.ts';

/** Who is calling: the exchange authority's introspection, OAuth tokens and user info, the storefront's customer. */
export function createAuthRoutes(state: SandboxState) {
  const {
    stores,
    accessTokens,
    refreshTokens,
    customerTokens,
    stats,
    embeddedTokens,
    issue,
    revokeAll,
    bearer,
    options,
  } = state;
  return async function (
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    /** The fault the request drew, if any (a refused refresh token or client is answered here). */
    fault: Fault | undefined,
  ): Promise<unknown> {
    const { refreshExpiryField } = state;
    const path = url.pathname;
    const method = req.method ?? 'GET';

    if (path === '/exchange-authority/v1/introspect' && method === 'POST') {
      stats.introspectCalls += 1;
      let presented: unknown;
      try {
        presented = (JSON.parse(await readBody(req)) as { token?: unknown }).token;
      } catch {
        presented = undefined;
      }
      const issued = typeof presented === 'string' ? embeddedTokens.get(presented) : undefined;
      // A token issued for another app (or none at all) cannot be decrypted with this app's key.
      if (!issued || req.headers['s-source'] !== issued.appId)
        return json(res, 401, decryptionFailed);
      return json(res, 200, {
        status: 200,
        success: true,
        data: {
          merchant_id: issued.merchantId,
          user_id: issued.userId,
          exp: new Date(issued.expiresAt).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        },
      });
    }

    if (path === '/oauth2/token' && method === 'POST') {
      stats.refreshCalls += 1;
      const form = new URLSearchParams(await readBody(req));
      if (
        fault?.mode === 'invalid_client' ||
        (options.clientId &&
          (form.get('client_id') !== options.clientId ||
            form.get('client_secret') !== options.clientSecret))
      ) {
        return json(res, 401, {
          error: 'invalid_client',
          error_description: 'Client authentication failed.',
        });
      }
      if (form.get('grant_type') !== 'refresh_token') {
        return json(res, 400, {
          error: 'unsupported_grant_type',
          error_description: 'Only refresh_token is supported here.',
        });
      }
      const presented = refreshTokens.get(form.get('refresh_token') ?? '');
      if (fault?.mode === 'invalid_grant' || !presented || presented.used) {
        // Reusing a spent refresh token revokes both tokens (reference §1.5).
        if (presented) revokeAll(presented.merchantId);
        return json(res, 400, {
          error: 'invalid_grant',
          error_description: 'The refresh token is invalid.',
        });
      }
      presented.used = true;
      for (const [k, v] of accessTokens)
        if (v.merchantId === presented.merchantId) accessTokens.delete(k);
      const { expires, ...issued } = issue(presented.merchantId);
      return json(
        res,
        200,
        refreshExpiryField === 'expires'
          ? { ...issued, expires }
          : { ...issued, expires_in: expires - Math.floor(Date.now() / 1000) },
      );
    }

    if (path === '/oauth2/user/info' && method === 'GET') {
      stats.userInfoCalls += 1;
      const auth = bearer(req);
      if (!auth)
        return json(res, 401, sallaError(401, 'Unauthorized', 'The access token is invalid'));
      const store = stores.get(auth.merchantId)!;
      return json(res, 200, {
        status: 200,
        success: true,
        data: {
          id: ownerUserId(store.merchantId),
          name: store.ownerName,
          email: store.ownerEmail,
          mobile: '+966500000000',
          role: 'user',
          created_at: '2024-01-01 10:00:00',
          merchant: {
            id: store.merchantId,
            username: `store${store.merchantId}`,
            name: store.name,
            plan: store.plan,
            status: 'active',
            domain: store.domain,
          },
          context: { app: '1', scope: SCOPE, exp: Math.floor(Date.now() / 1000) + 3600 },
        },
      });
    }

    // Storefront API: who is the shopper behind this customer token?
    if (path === '/store/v1/auth/user' && method === 'GET') {
      const customer = customerTokens.get(
        (req.headers.authorization ?? '').replace(/^Bearer\s+/i, ''),
      );
      const storeId = Number(req.headers['store-identifier'] ?? url.searchParams.get('store') ?? 0);
      if (!customer || (storeId && customer.merchantId !== storeId))
        return json(res, 401, sallaError(401, 'Unauthorized', 'Unauthenticated.'));
      return json(res, 200, {
        status: 200,
        success: true,
        data: {
          id: customer.id,
          first_name: customer.name,
          email: customer.email,
          store_id: customer.merchantId,
        },
      });
    }
    return UNHANDLED;
  };
}
