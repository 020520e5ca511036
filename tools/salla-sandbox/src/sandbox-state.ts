import { type IncomingMessage } from 'node:http';
import { token, ownerUserId, SCOPE } from './sandbox-http.ts';
import type { SandboxCatalogue } from './catalogue.ts';
import type {
  SandboxStore,
  IssuedTokens,
  RefreshExpiryField,
  Fault,
  SandboxCoupon,
  EmbeddedTokenRequest,
  SandboxOptions,
} from './sandbox-types.ts';

/** What the sandbox keeps: stores, tokens, coupons, orders, faults to inject, call counts. */
export function createSandboxState(options: SandboxOptions) {
  const appId = options.appId ?? 'sandbox-app';
  const stores = new Map<number, SandboxStore>();
  const accessTokens = new Map<string, { merchantId: number; expiresAt: number }>();
  const refreshTokens = new Map<string, { merchantId: number; used: boolean }>();
  const customerTokens = new Map<
    string,
    { merchantId: number; id: number; name: string; email: string }
  >();
  const coupons: SandboxCoupon[] = [];
  /** Each store's settings of the app (reference §1.9), as `POST /apps/{app_id}/settings` left them. */
  const appSettings = new Map<number, Record<string, unknown>>();
  const orders = new Map<string, Record<string, unknown>>();
  /** Each store's catalogue (docs/reference/salla-catalogue.md); none: empty lists. */
  const catalogues = new Map<number, SandboxCatalogue>();
  const faults: Fault[] = [];
  const stats = {
    refreshCalls: 0,
    userInfoCalls: 0,
    couponCalls: 0,
    couponDeletes: 0,
    introspectCalls: 0,
  };
  const embeddedTokens = new Map<
    string,
    { merchantId: number; userId: number; expiresAt: number; appId: string }
  >();

  function issueEmbeddedToken(request: EmbeddedTokenRequest): string {
    const value = token('sa_embedded');
    embeddedTokens.set(value, {
      merchantId: request.merchantId,
      userId: request.userId ?? ownerUserId(request.merchantId),
      expiresAt: Date.now() + (request.expiresInSeconds ?? 15 * 60) * 1000,
      appId: request.appId ?? appId,
    });
    return value;
  }
  let refreshExpiryField: RefreshExpiryField = 'expires_in';

  function issue(merchantId: number, expiresInSeconds = 14 * 86_400): IssuedTokens {
    const access = token('sa_access');
    const refresh = token('sa_refresh');
    const expires = Math.floor(Date.now() / 1000) + expiresInSeconds;
    accessTokens.set(access, { merchantId, expiresAt: expires * 1000 });
    refreshTokens.set(refresh, { merchantId, used: false });
    return {
      access_token: access,
      refresh_token: refresh,
      expires,
      scope: SCOPE,
      token_type: 'bearer',
    };
  }

  function revokeAll(merchantId: number) {
    for (const [k, v] of accessTokens) if (v.merchantId === merchantId) accessTokens.delete(k);
    for (const [k, v] of refreshTokens) if (v.merchantId === merchantId) refreshTokens.delete(k);
  }

  function takeFault(path: string, method: string): Fault | undefined {
    const index = faults.findIndex(
      (f) => (!f.path || path.startsWith(f.path)) && (!f.method || f.method === method),
    );
    if (index < 0) return undefined;
    const fault = faults[index]!;
    fault.count = (fault.count ?? 1) - 1;
    if (fault.count <= 0) faults.splice(index, 1);
    return fault;
  }

  function bearer(req: IncomingMessage): { merchantId: number } | null {
    const header = req.headers.authorization ?? '';
    const value = header.replace(/^Bearer\s+/i, '');
    const found = accessTokens.get(value);
    return found && found.expiresAt > Date.now() ? { merchantId: found.merchantId } : null;
  }

  const rateHeaders = {
    'x-ratelimit-limit': '120',
    'x-ratelimit-remaining': '119',
    'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 60),
  };

  let nuqatUrl = options.nuqatUrl ?? 'http://localhost:3000';

  /** A coupon as Salla answers it (reference §3.7: the response's own field names). */
  function couponModel(coupon: SandboxCoupon): Record<string, unknown> {
    const body = coupon.body;
    const money = (amount: unknown) =>
      typeof amount === 'number' ? { amount, currency: 'SAR' } : null;
    return {
      id: coupon.id,
      code: coupon.code,
      type: body.type,
      status: coupon.status,
      is_apply_with_offer: body.is_apply_with_offer ?? false,
      amount: money(body.amount),
      minimum_amount: money(body.minimum_amount),
      maximum_amount: money(body.maximum_amount ?? 0),
      show_maximum_amount: body.show_maximum_amount ?? false,
      expiry_date: body.expiry_date,
      start_date: body.start_date ?? null,
      free_shipping: body.free_shipping,
      usage_limit: body.usage_limit ?? null,
      usage_limit_per_user: body.usage_limit_per_user ?? null,
      include_product_ids: body.products_include ?? [],
      is_sale_products_exclude: body.exclude_sale_products,
      applied_in: body.applied_in ?? 'all',
      is_group: false,
      statistics: {
        num_of_usage: coupon.usage,
        num_of_customers: coupon.usage > 0 ? 1 : 0,
        coupon_sales: { amount: 0, currency: 'SAR' },
      },
    };
  }

  function useCoupon(merchantId: number, code: string): void {
    const coupon = coupons.find(
      (c) => c.merchantId === merchantId && c.code === code && c.status === 'active',
    );
    if (!coupon) throw new Error(`no live coupon ${code} in store ${merchantId}`);
    coupon.usage += 1;
  }

  function loginCustomer(
    merchantId: number,
    customer: { id: number; name?: string; email?: string },
  ): string {
    const value = token('sa_customer');
    customerTokens.set(value, {
      merchantId,
      id: customer.id,
      name: customer.name ?? 'Customer',
      email: customer.email ?? '',
    });
    return value;
  }

  function register(
    store: Partial<SandboxStore> & { merchantId: number },
    expiresInSeconds?: number,
  ): IssuedTokens {
    stores.set(store.merchantId, {
      name: `Store ${store.merchantId}`,
      domain: `https://store-${store.merchantId}.salla.sa`,
      ownerEmail: `owner-${store.merchantId}@example.com`,
      ownerName: 'Store Owner',
      plan: 'pro',
      ...store,
    });
    return issue(store.merchantId, expiresInSeconds);
  }

  return {
    options,
    appId,
    stores,
    accessTokens,
    refreshTokens,
    customerTokens,
    coupons,
    appSettings,
    orders,
    catalogues,
    faults,
    stats,
    embeddedTokens,
    issueEmbeddedToken,
    issue,
    revokeAll,
    takeFault,
    bearer,
    rateHeaders,
    couponModel,
    useCoupon,
    loginCustomer,
    register,
    get nuqatUrl() {
      return nuqatUrl;
    },
    get refreshExpiryField() {
      return refreshExpiryField;
    },
    setNuqatUrl: (url: string) => void (nuqatUrl = url),
    setRefreshExpiryField: (field: RefreshExpiryField) => void (refreshExpiryField = field),
  };
}

export type SandboxState = ReturnType<typeof createSandboxState>;
