import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { json, sallaError, UNHANDLED } from './sandbox-http.ts';
import type { SallaSandbox, SandboxOptions } from './sandbox-types.ts';
import { createSandboxState } from './sandbox-state.ts';
import { createControlRoutes } from './control-routes.ts';
import { createAuthRoutes } from './auth-routes.ts';
import { createAdminApi } from './admin-api.ts';

/**
 * A local stand-in for the Salla endpoints Nuqat calls (shared/reference/salla.md): OAuth token
 * refresh and user info, store info, coupons, the storefront customer check, and the exchange
 * authority's token introspection with a stand-in merchant dashboard that frames the embedded
 * page. It follows the documented envelopes and can be told to fail (500, 429 with Retry-After,
 * slow answers, a refused refresh token or client). Development and tests only.
 */

export * from './sandbox-types.ts';

export async function startSallaSandbox(options: SandboxOptions = {}): Promise<SallaSandbox> {
  const state = createSandboxState(options);
  const {
    appId,
    orders,
    faults,
    coupons,
    stats,
    rateHeaders,
    takeFault,
    issueEmbeddedToken,
    register,
    loginCustomer,
    useCoupon,
  } = state;
  const control = createControlRoutes(state);
  const auth = createAuthRoutes(state);
  const admin = createAdminApi(state);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    if ((await control(req, res, url)) !== UNHANDLED) return;

    const fault = takeFault(path, method);
    if (fault?.mode === 'slow') await new Promise((r) => setTimeout(r, fault.delayMs ?? 15_000));
    if (fault?.mode === '500')
      return json(res, 500, sallaError(500, 'error', 'Internal Server Error'));
    if (fault?.mode === '429') {
      return json(res, 429, sallaError(429, 'too_many_requests', 'Too Many Attempts.'), {
        'retry-after': String(fault.retryAfter ?? 1),
        ...rateHeaders,
        'x-ratelimit-remaining': '0',
      });
    }

    if ((await auth(req, res, url, fault)) !== UNHANDLED) return;
    if ((await admin(req, res, url)) !== UNHANDLED) return;

    return json(res, 404, sallaError(404, 'not_found', 'Not found'));
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) =>
      json(res, 500, sallaError(500, 'error', String(error))),
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const dashboardOrigin = `http://localhost:${port}`;
  return {
    url,
    apiBase: `${url}/admin/v2`,
    authBase: url,
    storefrontApiBase: `${url}/store/v1`,
    exchangeBase: url,
    appId,
    dashboardOrigin,
    dashboardUrl: (route = 'nuqat') => `${dashboardOrigin}/embedded/app/${appId}/${route}`,
    issueEmbeddedToken,
    registerStore: (store, opts = {}) => register(store, opts.expiresInSeconds),
    loginCustomer,
    setNuqatUrl: state.setNuqatUrl,
    setOrder: (merchantId, order) => void orders.set(`${merchantId}:${order.id}`, order),
    setCatalogue: (merchantId, catalogue) => void state.catalogues.set(merchantId, catalogue),
    setRefreshExpiryField: state.setRefreshExpiryField,
    useCoupon,
    fail: (fault) => void faults.push({ ...fault }),
    clearFaults: () => void faults.splice(0),
    coupons,
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
